// Runs the float-descriptor matching kernels of src/main/cuda (float_convert, float_tiles, float_rescore, then
// match_select's match_compact) on host threads (emu.h + float_mma_emulation.h: ldmatrix and mma.sync emulated
// per warp from the PTX fragment layouts) in the order CudaFloatMatcher launches them, and compares the matches
// with a naive FP32 matcher written here as NaiveFloatMatcher is in the Java tests: same sums, same tie rules,
// same filters. Checks the fragment and swizzle arithmetic, the candidate lists and their merges, the window and
// mutual passes, padding and odd sizes, the exact re-score and the compaction, without a GPU. The FP16 products
// are rounded as the device rounds them; only the FP32 accumulation order inside an mma differs (it only moves
// the approximate keys). Slow (one std::thread per CUDA thread): small sets. See run.sh.
#include "emu.h"
#define GPUVO_HOST_EMULATION
#include "float_mma_emulation.h"
#include <random>
#include <string>
#include <vector>
#include "float_convert.cu"
#include "float_tiles.cu"
#include "float_rescore.cu"
#include "match_select.cu"

struct Match { int q, t, d1, d2; float qx, qy, tx, ty; };

static int scaled(float d) { return (int)std::min(2147483646.0, std::floor(std::sqrt((double)d) * 512.0 + 0.5)); }

static float sq(const std::vector<float>& a, int i, const std::vector<float>& b, int j, int L) {
    float d = 0;
    for (int k = 0; k < L; k++) { float e = a[(size_t)i * L + k] - b[(size_t)j * L + k]; d += e * e; }
    return d;
}

static bool inside(float2 train, float2 pred, double r2) {
    if (!std::isfinite(pred.x) || !std::isfinite(pred.y) || !std::isfinite(train.x) || !std::isfinite(train.y)) return false;
    double dx = (double)train.x - pred.x, dy = (double)train.y - pred.y;
    return dx * dx + dy * dy <= r2;
}

// NaiveFloatMatcher in C++
static std::vector<Match> naive(const std::vector<float>& q, int nq, const std::vector<float>& t, int nt, int L,
                                double ratio, bool mutual, int maxd, bool window, const std::vector<float2>& pred,
                                const std::vector<float2>& txy, double r2) {
    auto cand = [&](int i, int j) { return !window || inside(txy[j], pred[i], r2); };
    std::vector<Match> out;
    for (int i = 0; i < nq; i++) {
        int best = -1; float d1 = INFINITY, d2 = INFINITY; bool second = false;
        for (int j = 0; j < nt; j++) {
            if (!cand(i, j)) continue;
            float d = sq(q, i, t, j, L);
            if (best < 0 || d < d1) { if (best >= 0) { d2 = d1; second = true; } best = j; d1 = d; }
            else { d2 = std::min(d2, d); second = true; }
        }
        if (best < 0 || scaled(d1) > maxd) continue;
        if (ratio < 1 && second && !(std::sqrt((double)d1) < ratio * std::sqrt((double)d2))) continue;
        if (mutual) {
            int m = -1; float dm = INFINITY;
            for (int k = 0; k < nq; k++) {
                if (!cand(k, best)) continue;
                float d = sq(q, k, t, best, L);
                if (m < 0 || d < dm) { dm = d; m = k; }
            }
            if (m != i) continue;
        }
        out.push_back({i, best, scaled(d1), second ? scaled(d2) : 0x7FFFFFFF, 0, 0, 0, 0});
    }
    return out;
}

// SIFT-like rows: 16 cells x 8 bins of squared Gaussians with a per-cell contrast, 40 % zeros, normalised,
// clipped at 0.2, renormalised; `patterns` > 0 mixes in shared patterns (close but distinct neighbours)
static void normalise_clip(float* r, int L) {
    double s = 0; for (int k = 0; k < L; k++) s += (double)r[k] * r[k];
    if (s == 0) { r[0] = 1; s = 1; }
    double n = std::sqrt(s); for (int k = 0; k < L; k++) r[k] = std::min((float)(r[k] / n), 0.2f);
    s = 0; for (int k = 0; k < L; k++) s += (double)r[k] * r[k];
    n = std::sqrt(s); for (int k = 0; k < L; k++) r[k] = (float)(r[k] / n);
}
static std::vector<float> sift_like(std::mt19937& rng, int n, int L, int patterns) {
    std::normal_distribution<double> N;
    std::uniform_real_distribution<double> U;
    std::vector<float> base((size_t)std::max(1, patterns) * L), out((size_t)n * L);
    auto hist = [&](float* r) {
        double c = 1;
        for (int k = 0; k < L; k++) {
            if (k % 8 == 0) c = std::exp(N(rng));  // one contrast per cell of 8 bins
            double g = N(rng);
            r[k] = U(rng) < 0.4 ? 0.f : (float)(c * g * g);
        }
    };
    for (int p = 0; p < patterns; p++) { hist(&base[(size_t)p * L]); normalise_clip(&base[(size_t)p * L], L); }
    for (int i = 0; i < n; i++) {
        float* r = &out[(size_t)i * L];
        hist(r);
        if (patterns > 0 && U(rng) < 0.6) {
            int p = (int)(U(rng) * patterns); float w = 0.3f + 0.7f * (float)U(rng);
            for (int k = 0; k < L; k++) r[k] = base[(size_t)p * L + k] + w * r[k];
        }
        normalise_clip(r, L);
    }
    return out;
}
static std::vector<float> noisy_copies(std::mt19937& rng, const std::vector<float>& t, int nt, int n, int L,
                                       double noise, double share) {
    std::normal_distribution<double> N;
    std::uniform_real_distribution<double> U;
    std::vector<float> out = sift_like(rng, n, L, 0);
    for (int i = 0; i < n; i++) {
        if (nt == 0 || U(rng) >= share) continue;
        int s = (int)(U(rng) * nt);
        float* r = &out[(size_t)i * L];
        for (int k = 0; k < L; k++) r[k] = (float)std::max(0.0, t[(size_t)s * L + k] * (1 + noise * N(rng)));
        normalise_clip(r, L);
    }
    return out;
}

struct Case {
    std::string name; int nq, nt, L, splits0, splits1; double ratio; bool mutual; int maxd; bool window;
    bool quantised; int bad_row; bool single_stage = false;
};

static int pad(int n) { return (n + FLOAT_TILE - 1) / FLOAT_TILE * FLOAT_TILE; }

static bool run(const Case& c, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> U;
    int L = c.L, nq = c.nq, nt = c.nt;
    std::vector<float> t = sift_like(rng, nt, L, 12);
    std::vector<float> q = noisy_copies(rng, t, nt, nq, L, 0.15, 0.6);
    if (c.quantised) {
        for (auto& v : t) v = std::round(v * 512.f) / 512.f;
        for (auto& v : q) v = std::round(v * 512.f) / 512.f;
        for (int k = 0; k < nt / 4; k++) {  // duplicate rows
            int a = (int)(U(rng) * nt), b = (int)(U(rng) * nt);
            std::copy(t.begin() + (size_t)a * L, t.begin() + (size_t)(a + 1) * L, t.begin() + (size_t)b * L);
        }
        for (int k = 0; k < nq / 5; k++) {
            int a = (int)(U(rng) * nt), b = (int)(U(rng) * nq);
            std::copy(t.begin() + (size_t)a * L, t.begin() + (size_t)(a + 1) * L, q.begin() + (size_t)b * L);
        }
    }
    if (c.bad_row >= 0) q[(size_t)c.bad_row * L + 3] = NAN;
    std::vector<float2> pred(nq), txy(nt), qxy(nq);
    for (int j = 0; j < nt; j++) txy[j] = make_float2((float)(U(rng) * 640), (float)(U(rng) * 480));
    for (int i = 0; i < nq; i++) {
        qxy[i] = make_float2((float)(U(rng) * 640), (float)(U(rng) * 480));
        pred[i] = make_float2((float)(U(rng) * 700 - 30), (float)(U(rng) * 540 - 30));
    }
    if (nq > 2) pred[1].x = NAN;
    if (nt > 2) txy[nt - 1].y = INFINITY;
    double r2 = 150.0 * 150.0;

    int nqp = pad(nq), ntp = pad(nt);
    std::vector<uint2> q16((size_t)nqp * 32), t16((size_t)ntp * 32);
    std::vector<float> qn(nqp), tn(ntp);  // biases -|row|^2 / 2
    int status = 0;
    // match_compact's per-256-query kept counts: garbage before float_convert zeroes them for float_rescore's adds
    int selectBlocks = (nq + SELECT_BLOCK - 1) / SELECT_BLOCK;
    std::vector<int> counts(selectBlocks, 0x5A5A);
    launch({(unsigned)((nqp + ntp) / 8)}, {256}, float_convert, (const float*)q.data(), nq, nqp, (const float*)t.data(),
           nt, ntp, L, q16.data(), qn.data(), t16.data(), tn.data(), &status, counts.data(), selectBlocks);
    int colTiles0 = ntp / FLOAT_TILE, colTiles1 = nqp / FLOAT_TILE;
    int tps0 = (colTiles0 + c.splits0 - 1) / c.splits0, s0 = (colTiles0 + tps0 - 1) / tps0;
    int tps1 = 0, s1 = 0;
    if (c.mutual) { tps1 = (colTiles1 + c.splits1 - 1) / c.splits1; s1 = (colTiles1 + tps1 - 1) / tps1; }
    std::vector<int2> p0((size_t)s0 * nq * FLOAT_CANDIDATES, make_int2(0x7777, 0x7777)),
            p1((size_t)std::max(1, s1 * nt * FLOAT_CANDIDATES), make_int2(0x7777, 0x7777));
    unsigned blocks = (unsigned)((nq + TILE_ROWS - 1) / TILE_ROWS * s0
                                 + (c.mutual ? (nt + TILE_ROWS - 1) / TILE_ROWS * s1 : 0));
    launch({blocks}, {TILE_THREADS}, c.single_stage ? float_tiles_single : float_tiles, (const uint4*)q16.data(), (const float*)qn.data(), nq,
           (const uint4*)t16.data(), (const float*)tn.data(), nt, s0, tps0, tps1,
           (const float2*)(c.window ? pred.data() : nullptr), (const float2*)(c.window ? txy.data() : nullptr),
           c.window ? 1 : 0, r2, p0.data(), p1.data());
    int qBlocks = (nq + RESCORE_QUERIES - 1) / RESCORE_QUERIES;
    std::vector<uint4> result(nq);
    std::vector<int> out(4 + 8 * (size_t)nq, -7);
    launch({(unsigned)qBlocks}, {RESCORE_THREADS}, float_rescore, (const float*)q.data(), (const float*)t.data(), L, nq,
           nt, (const int2*)p0.data(), s0, (const int2*)p1.data(), s1, c.ratio, c.maxd, result.data(),
           counts.data(), &status, out.data());
    launch({(unsigned)selectBlocks}, {SELECT_BLOCK}, match_compact, (const uint4*)result.data(), (const int*)counts.data(),
           nq, (const float2*)qxy.data(), (const float2*)txy.data(), 1, out.data());

    bool ok = true;
    if (c.bad_row >= 0) {
        printf("%-28s invalid rows reported %d (expected 1), status after %d\n", c.name.c_str(), out[1], status);
        return out[1] == 1 && status == 0;
    }
    if (out[1] != 0 || status != 0) { printf("%s: invalid count %d status %d\n", c.name.c_str(), out[1], status); ok = false; }
    auto ref = naive(q, nq, t, nt, L, c.ratio, c.mutual, c.maxd, c.window, pred, txy, r2);
    int kept = out[0];
    std::vector<Match> got;
    for (int k = 0; k < kept; k++) {
        const int* r = &out[4 + 8 * (size_t)k];
        float f[4]; memcpy(f, r + 4, 16);
        got.push_back({r[0], r[1], r[2], r[3], f[0], f[1], f[2], f[3]});
    }
    // per query outcome
    std::vector<int> byQueryRef(nq, -1), byQueryGot(nq, -1);
    for (size_t k = 0; k < ref.size(); k++) byQueryRef[ref[k].q] = (int)k;
    int orderErrors = 0, coordErrors = 0;
    for (size_t k = 0; k < got.size(); k++) {
        if (got[k].q < 0 || got[k].q >= nq) { printf("bad query index %d\n", got[k].q); return false; }
        byQueryGot[got[k].q] = (int)k;
        if (k > 0 && got[k].q <= got[k - 1].q) orderErrors++;
        if (got[k].qx != qxy[got[k].q].x || got[k].ty != txy[got[k].t].y) coordErrors++;
    }
    int same = 0, shown = 0;
    for (int i = 0; i < nq; i++) {
        int a = byQueryRef[i], b = byQueryGot[i];
        bool eq = (a < 0 && b < 0) || (a >= 0 && b >= 0 && ref[a].t == got[b].t && ref[a].d1 == got[b].d1 && ref[a].d2 == got[b].d2);
        same += eq;
        if (!eq && shown++ < 5)
            printf("  query %d: expected %s%d d1 %d d2 %d, got %s%d d1 %d d2 %d\n", i, a < 0 ? "none " : "train ",
                   a < 0 ? -1 : ref[a].t, a < 0 ? 0 : ref[a].d1, a < 0 ? 0 : ref[a].d2, b < 0 ? "none " : "train ",
                   b < 0 ? -1 : got[b].t, b < 0 ? 0 : got[b].d1, b < 0 ? 0 : got[b].d2);
    }
    // nearest neighbour of every query from the per-query decisions (before the filters)
    int nnSame = 0, nnTotal = 0;
    for (int i = 0; i < nq; i++) {
        int best = -1; float d1 = INFINITY;
        for (int j = 0; j < nt; j++) {
            if (c.window && !inside(txy[j], pred[i], r2)) continue;
            float d = sq(q, i, t, j, L);
            if (best < 0 || d < d1) { best = j; d1 = d; }
        }
        if (best < 0) continue;
        nnTotal++;
        nnSame += (int)result[i].x == best;
    }
    ok &= same == nq && orderErrors == 0 && coordErrors == 0 && kept == (int)ref.size();
    printf("%-28s %s: %d x %d, splits %d/%d, kept %d (reference %zu), same outcome %d/%d, nearest %d/%d, order errors %d, coordinate errors %d\n",
           c.name.c_str(), ok ? "OK  " : "FAIL", nq, nt, s0, s1, kept, ref.size(), same, nq, nnSame, nnTotal,
           orderErrors, coordErrors);
    return ok;
}

int main() {
    std::vector<Case> cases = {
        {"1 x 1", 1, 1, 128, 1, 1, 0.8, false, 1024, false, false, -1},
        {"1 x 1 mutual", 1, 1, 128, 1, 1, 0.8, true, 1024, false, false, -1},
        {"129 x 3 (fewer trains than C)", 129, 3, 128, 1, 1, 1.0, true, 1024, false, false, -1},
        {"300 x 257 ratio", 300, 257, 128, 1, 1, 0.8, false, 1024, false, false, -1},
        {"300 x 257 mutual, splits", 300, 257, 128, 2, 3, 0.9, true, 400, false, false, -1},
        {"7 x 400 splits 4", 7, 400, 128, 4, 1, 1.0, true, 1024, false, false, -1},
        {"700 x 1100 splits 9 / 6", 700, 1100, 128, 9, 6, 0.9, true, 1024, false, false, -1},
        {"260 x 140 length 100", 260, 140, 100, 1, 1, 0.8, true, 1024, false, false, -1},
        {"200 x 300 window mutual", 200, 300, 128, 2, 2, 0.9, true, 1024, true, false, -1},
        {"250 x 250 quantised ties", 250, 250, 128, 2, 2, 1.0, true, 1024, false, true, -1},
        {"250 x 250 quantised ratio", 250, 250, 128, 1, 1, 0.85, false, 300, false, true, -1},
        {"40 x 50 invalid descriptor", 40, 50, 128, 1, 1, 0.8, false, 1024, false, false, 17},
        {"300 x 400 single stage", 300, 400, 128, 2, 1, 0.8, true, 1024, true, false, -1, true},
    };
    int failed = 0;
    unsigned seed = 1;
    for (auto& c : cases)
        failed += !run(c, seed++);
    printf(failed ? "%d case(s) FAILED\n" : "all cases passed\n", failed);
    return failed ? 1 : 0;
}
