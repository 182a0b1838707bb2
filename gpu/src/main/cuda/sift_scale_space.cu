// SIFT stage 1, the Gaussian scale space (gpu/SIFT.md sections 1 and 2): every level of every octave, as floats,
// in one buffer placed by the octave table. Level 0 of the first octave is the input (8-bit, converted to [0, 1],
// upsampled twice for firstOctave = -1) blurred to sigma0; level s > 0 is level s - 1 blurred incrementally; level
// 0 of a later octave is level S of the previous one decimated, G(o + 1, 0)(u, v) = G(o, S)(2u, 2v).
//
// One launch per level, in order on its branch (level s reads level s - 1, written by the previous launch). The
// decimation is fused into the launch that blurs level 1 of the next octave: it reads the previous octave's level S
// at even coordinates as its source and also writes the decimated level 0, so no launch only copies. The frame's
// launch plan (SiftLaunchPlan) has two branches: the large octaves, whose launches fill the GPU, and the small ones
// (their per-level launches, then sift_blur_tail), which in the frame's CUDA graph run on a second branch that
// starts as soon as the large branch has written level S of its last octave (what the first small octave decimates)
// and overlaps the rest of the large branch (its last two levels, its extrema and orientations). The branches write
// different octaves; a level too large to fuse uses its own part of the temporary buffer on each branch.
//
// The blur is separable: horizontal pass first, then vertical, each output sample summed tap after tap in the
// reference's order, every tap one fused multiply-add (SeparableGaussianBlur's Math.fma; fmaf stays fused under
// -fmad=false, and it is one instruction per tap where a product and a sum were two), borders by clamping the
// coordinate: the levels are the reference's bit for bit. sift_blur fuses both passes in one launch: a block
// loads its tile with a halo of r pixels on every side into shared memory once, runs the horizontal pass over the
// tile's rows (halo rows included) into a second shared array, and the vertical pass from there to global memory;
// the only global traffic is one read of the (L2-resident) source tile and one write of the output. Radii
// above SIFT_FUSED_RADIUS (only for unusual sigmas; the default configuration's largest radius is 13) would not fit
// shared memory: those levels run sift_blur_rows then sift_blur_columns through a temporary buffer, with the same
// arithmetic.
#include "sift_common.cuh"

#define BLUR_TILE_W 32
#define BLUR_TILE_H 32
#define BLUR_THREADS_X 32
#define BLUR_THREADS_Y 8
#define SIFT_FUSED_RADIUS 24
// a lane of sift_blur loads the tile's columns lane, lane + 32, ...: at most this many (32 + 2 SIFT_FUSED_RADIUS
// columns)
#define BLUR_COLUMN_SLOTS ((BLUR_TILE_W + 2 * SIFT_FUSED_RADIUS + 31) / 32)

// where a level's source pixels come from
#define SIFT_SRC_INPUT 0      // the 8-bit input as intensities (first octave 0)
#define SIFT_SRC_UPSAMPLED 1  // the 8-bit input upsampled twice (first octave -1)
#define SIFT_SRC_LEVEL 2      // level s - 1 of the same octave
#define SIFT_SRC_DECIMATED 3  // level S of the previous octave at even coordinates (and level 0 is written too)

struct SiftSource {
    const uint8_t* input;
    int inputWidth, inputHeight;
    const float* level;  // SIFT_SRC_LEVEL: level s - 1; SIFT_SRC_DECIMATED: level S of the previous octave
    int pitch;           // of that level
    int mode;
};

// Source pixel (x, y) of the octave being built, 0 <= x < width, 0 <= y < height, for source mode MODE.
template <int MODE>
__device__ __forceinline__ float sift_fetch_from(const SiftSource& src, int x, int y)
{
    switch (MODE) {
    case SIFT_SRC_INPUT:
        return sift_intensity(src.input[(size_t)y * src.inputWidth + x]);
    case SIFT_SRC_UPSAMPLED:
        return sift_upsampled(src.input, src.inputWidth, src.inputHeight, x, y);
    case SIFT_SRC_LEVEL:
        return src.level[(long long)y * src.pitch + x];
    default:
        return src.level[(long long)(2 * y) * src.pitch + 2 * x];
    }
}

// the same for the source's own mode
__device__ __forceinline__ float sift_fetch(const SiftSource& src, int x, int y)
{
    switch (src.mode) {
    case SIFT_SRC_INPUT:
        return sift_fetch_from<SIFT_SRC_INPUT>(src, x, y);
    case SIFT_SRC_UPSAMPLED:
        return sift_fetch_from<SIFT_SRC_UPSAMPLED>(src, x, y);
    case SIFT_SRC_LEVEL:
        return sift_fetch_from<SIFT_SRC_LEVEL>(src, x, y);
    default:
        return sift_fetch_from<SIFT_SRC_DECIMATED>(src, x, y);
    }
}

// sift_blur's tile: LH rows of LW source pixels around the output tile at (x0, y0), borders clamped, P floats apart
// in shared memory. Lane l of warp w loads columns l, l + 32, ... of rows w, w + 8, ...: a column's clamped source x
// is computed once, a row's y once per row, so that a pixel costs its address, its load and its store (the former
// row-major walk over the tile, which found each pixel's row and column and clamped both, ran some 37 instructions a
// pixel: a third of a blur's instructions, whose tiles load 2.5 source pixels per output at r = 13). Four rows at a
// time keep 8 to 12 loads in flight.
template <int MODE>
__device__ __forceinline__ void sift_load_tile(float* tile, const SiftSource& src, int x0, int y0, int radius,
                                               int LW, int LH, int P, int w, int h)
{
    const int lane = threadIdx.x, warp = threadIdx.y;
    int sx[BLUR_COLUMN_SLOTS];
#pragma unroll
    for (int j = 0; j < BLUR_COLUMN_SLOTS; j++) {
        const int lx = lane + 32 * j;
        sx[j] = lx < LW ? sift_clamp(x0 + lx - radius, w) : -1;
    }
#pragma unroll 4
    for (int ly = warp; ly < LH; ly += BLUR_THREADS_Y) {
        const int sy = sift_clamp(y0 + ly - radius, h);
#pragma unroll
        for (int j = 0; j < BLUR_COLUMN_SLOTS; j++)
            if (sx[j] >= 0)
                tile[ly * P + lane + 32 * j] = sift_fetch_from<MODE>(src, sx[j], sy);
    }
}

__device__ __forceinline__ SiftSource sift_source(const uint8_t* input, int inputWidth, int inputHeight,
                                                  const float* space, const SiftOctave* octaves, int oi, int s,
                                                  int levels, int mode)
{
    SiftSource src;
    src.input = input;
    src.inputWidth = inputWidth;
    src.inputHeight = inputHeight;
    src.mode = mode;
    src.level = nullptr;
    src.pitch = 0;
    if (mode == SIFT_SRC_LEVEL) {
        const SiftOctave& O = octaves[oi];
        src.level = space + O.base + (long long)(s - 1) * O.levelStride;
        src.pitch = O.pitch;
    } else if (mode == SIFT_SRC_DECIMATED) {
        const SiftOctave& P = octaves[oi - 1];
        src.level = space + P.base + (long long)levels * P.levelStride;
        src.pitch = P.pitch;
    }
    return src;
}

// zero weights stored past a level's taps in shared memory (see sift_blur)
#define BLUR_TAP_PAD 3

// Four outputs of a blur pass summed side by side over a sliding window of source samples (sift_tap_sums4,
// sift_tail_sums4): each tap is one fused multiply-add into each sum, with the window's sample for that output, then
// the window moves one sample on. Output i is thus summed tap after tap, as the reference sums one output.
struct SiftSums4 {
    float a0 = 0.f, a1 = 0.f, a2 = 0.f, a3 = 0.f;
    float v0, v1, v2;  // the samples of outputs 0, 1, 2 at the next tap (output 3's comes with the tap)

    __host__ __device__ __forceinline__ SiftSums4(float s0, float s1, float s2) : v0(s0), v1(s1), v2(s2) {}

    __host__ __device__ __forceinline__ void tap(float wk, float v3)
    {
        a0 = fmaf(wk, v0, a0);
        a1 = fmaf(wk, v1, a1);
        a2 = fmaf(wk, v2, a2);
        a3 = fmaf(wk, v3, a3);
        v0 = v1;
        v1 = v2;
        v2 = v3;
    }

    __host__ __device__ __forceinline__ float4 result() const { return make_float4(a0, a1, a2, a3); }
};

// Four outputs of one pass from consecutive source samples src[0], src[step], ...: output i is the sum over the taps
// k = 0 .. taps - 1 of w[k] * src[(i + k) * step], accumulated from the first tap to the last, one fused
// multiply-add a tap, as the reference computes one output (the first, fmaf(w, v, 0), is the rounded product w * v:
// samples and weights are finite and non-negative, so there is no -0 to lose). The four share a sliding window of
// source samples: two shared-memory loads per tap (the sample entering the window and the tap) for four outputs.
__device__ __forceinline__ float4 sift_tap_sums4(const float* src, int step, const float* w, int taps)
{
    SiftSums4 sums(src[0], src[step], src[2 * step]);
    // unrolled so that the loads of the next taps are issued while the sums of this one wait on the previous tap's
    // FMA: a block's latency, not its arithmetic, bounds most of the launches
#pragma unroll 4
    for (int k = 0; k < taps; k++) {
        const float v3 = src[(k + 3) * step];
        sums.tap(w[k], v3);
    }
    return sums.result();
}

// Level s of octave oi (oi = octave index in the table), both passes fused.
//
// Launch: blocks of BLUR_THREADS_X x BLUR_THREADS_Y (32 x 8) threads, grid = (ceil(width / 32), ceil(height / TH))
// of the octave, one block per 32 x TH output tile, TH = 32 * parts (parts = 1 or 2); dynamic shared memory
// 4 * (align4(LH * P) + LH * 32 + 2r + 1 + 3) bytes (the taps and BLUR_TAP_PAD zeros) with LW = 32 + 2r,
// LH = TH + 2r and the tile's row pitch P = LW + 1 (37 KB at r = SIFT_FUSED_RADIUS and parts = 1; SiftBlurPlan
// computes the same). Why two parts: the horizontal pass also blurs the 2r halo rows, 81 % more rows than the
// tile's 32 at r = 13, 41 % more than 64; an octave of many blocks per multiprocessor takes the taller tile
// (SiftLaunchPlan.blurParts), a smaller one keeps more blocks to fill the GPU. The threads load the tile a column
// per lane and a row per warp (sift_load_tile). In the horizontal pass lane (q = lane / 8, g = lane % 8) of warp w
// computes columns 4g .. 4g + 3 of tile rows 32i + 4w + q (i = 0, 1, ... while rows remain): with an odd pitch the
// 32 lanes read 32 different banks. In the vertical pass lane x of warp w computes rows 32p + 4w .. 32p + 4w + 3 of
// column x for each part p (a warp reads one row: no conflicts). Each thread accumulates four outputs at once
// (sift_tap_sums4).
// weights: the 2r + 1 taps of this level's kernel; parts: the tile's output rows in parts of 32 (1 or 2).
extern "C" __global__ void __launch_bounds__(BLUR_THREADS_X * BLUR_THREADS_Y)
sift_blur(const uint8_t* __restrict__ input, int inputWidth, int inputHeight, float* __restrict__ space,
          const SiftOctave* __restrict__ octaves, int oi, int s, int levels, int mode,
          const float* __restrict__ weights, int radius, int parts)
{
    SIFT_DYNAMIC_SHARED(float, shared);
    const SiftOctave& O = octaves[oi];
    const int w = O.width, h = O.height, pitch = O.pitch;
    const int taps = 2 * radius + 1;
    const int TH = BLUR_TILE_H * parts;
    const int LW = BLUR_TILE_W + 2 * radius, LH = TH + 2 * radius, P = LW + 1;
    float* tile = shared;                             // LH rows of LW source pixels, P floats apart
    float* rows = tile + ((LH * P + 3) & ~3);         // LH x BLUR_TILE_W after the horizontal pass (16-byte aligned)
    float* wk = rows + LH * BLUR_TILE_W;              // the taps
    const int lane = threadIdx.x, warp = threadIdx.y, tid = warp * BLUR_THREADS_X + lane;
    const int x0 = blockIdx.x * BLUR_TILE_W, y0 = blockIdx.y * TH;
    const SiftSource src = sift_source(input, inputWidth, inputHeight, space, octaves, oi, s, levels, mode);

    // three zero taps past the last: sift_tap_sums4's unrolled loop may read the weights of up to three taps ahead
    // as one wide load (compute-sanitizer saw 12-byte reads past the end without them)
    for (int k = tid; k < taps + BLUR_TAP_PAD; k += BLUR_THREADS_X * BLUR_THREADS_Y)
        wk[k] = k < taps ? weights[k] : 0.f;
    switch (mode) {  // the same for the whole launch
    case SIFT_SRC_INPUT:
        sift_load_tile<SIFT_SRC_INPUT>(tile, src, x0, y0, radius, LW, LH, P, w, h);
        break;
    case SIFT_SRC_UPSAMPLED:
        sift_load_tile<SIFT_SRC_UPSAMPLED>(tile, src, x0, y0, radius, LW, LH, P, w, h);
        break;
    case SIFT_SRC_LEVEL:
        sift_load_tile<SIFT_SRC_LEVEL>(tile, src, x0, y0, radius, LW, LH, P, w, h);
        break;
    default:
        sift_load_tile<SIFT_SRC_DECIMATED>(tile, src, x0, y0, radius, LW, LH, P, w, h);
    }
    __syncthreads();

    if (mode == SIFT_SRC_DECIMATED) {
        // the decimated level 0 of this octave, from the tile's interior
        float* g0 = space + O.base;
        for (int r = warp; r < TH; r += BLUR_THREADS_Y) {
            const int x = x0 + lane, y = y0 + r;
            if (x < w && y < h)
                g0[(long long)y * pitch + x] = tile[(r + radius) * P + lane + radius];
        }
    }
    const int q = lane >> 3, g = lane & 7;
    for (int row = 4 * warp + q; row < LH; row += 32) {
        const float4 sums = sift_tap_sums4(tile + row * P + 4 * g, 1, wk, taps);
        *reinterpret_cast<float4*>(rows + row * BLUR_TILE_W + 4 * g) = sums;
    }
    __syncthreads();

    float* out = space + O.base + (long long)s * O.levelStride;
    const int x = x0 + lane;
    for (int part = 0; part < parts; part++) {
        const int row0 = part * BLUR_TILE_H + 4 * warp;
        const float4 out4 = sift_tap_sums4(rows + row0 * BLUR_TILE_W + lane, BLUR_TILE_W, wk, taps);
        const float outs[4] = {out4.x, out4.y, out4.z, out4.w};
        for (int i = 0; i < 4; i++) {
            const int y = y0 + row0 + i;
            if (x < w && y < h)
                out[(long long)y * pitch + x] = outs[i];
        }
    }
}

// The horizontal pass alone, for radii above SIFT_FUSED_RADIUS: into temp (the octave's layout), reading the
// source from global memory (and, for SIFT_SRC_DECIMATED, writing the decimated level 0 as sift_blur does).
//
// Launch: blocks of 32 x 8 threads, grid = (ceil(width / 32), ceil(height / 8)) of the octave, one thread per pixel.
extern "C" __global__ void __launch_bounds__(BLUR_THREADS_X * BLUR_THREADS_Y)
sift_blur_rows(const uint8_t* __restrict__ input, int inputWidth, int inputHeight, float* __restrict__ space,
               float* __restrict__ temp, const SiftOctave* __restrict__ octaves, int oi, int s, int levels,
               int mode, const float* __restrict__ weights, int radius)
{
    const SiftOctave& O = octaves[oi];
    const int x = blockIdx.x * BLUR_THREADS_X + threadIdx.x, y = blockIdx.y * BLUR_THREADS_Y + threadIdx.y;
    if (x >= O.width || y >= O.height)
        return;
    const SiftSource src = sift_source(input, inputWidth, inputHeight, space, octaves, oi, s, levels, mode);
    if (mode == SIFT_SRC_DECIMATED)
        space[O.base + (long long)y * O.pitch + x] = sift_fetch(src, x, y);
    float sum = 0.f;
    for (int k = 0; k <= 2 * radius; k++)
        sum = fmaf(weights[k], sift_fetch(src, sift_clamp(x + k - radius, O.width), y), sum);
    temp[(long long)y * O.pitch + x] = sum;
}

// The vertical pass alone: level s of octave oi from temp.
//
// Launch: as sift_blur_rows.
extern "C" __global__ void __launch_bounds__(BLUR_THREADS_X * BLUR_THREADS_Y)
sift_blur_columns(float* __restrict__ space, const float* __restrict__ temp, const SiftOctave* __restrict__ octaves,
                  int oi, int s, const float* __restrict__ weights, int radius)
{
    const SiftOctave& O = octaves[oi];
    const int x = blockIdx.x * BLUR_THREADS_X + threadIdx.x, y = blockIdx.y * BLUR_THREADS_Y + threadIdx.y;
    if (x >= O.width || y >= O.height)
        return;
    float sum = 0.f;
    for (int k = 0; k <= 2 * radius; k++)
        sum = fmaf(weights[k], temp[(long long)sift_clamp(y + k - radius, O.height) * O.pitch + x], sum);
    space[O.base + (long long)s * O.levelStride + (long long)y * O.pitch + x] = sum;
}

// The kernels of every level, for sift_blur_tail (passed by value; SiftLaunchPlan.tailTaps lays it out): level s
// blurs with taps weights[offset[s] .. offset[s] + 2 radius[s]].
struct SiftLevelTaps {
    int radius[SIFT_MAX_LEVELS + 3];
    int offset[SIFT_MAX_LEVELS + 3];
};

#define TAIL_THREADS 1024

// Four outputs of one pass of a tail octave, from samples at clamped positions: output i is the sum over the taps
// k = 0 .. 2r of w[k] * src[clamp(c0 + i + k - r, n) * step], accumulated from the first tap to the last, one fused
// multiply-add a tap, as the reference computes one output. Like sift_tap_sums4 the four share a sliding window (one
// shared-memory load and one clamp per tap for four outputs), but every position is clamped into [0, n): the whole
// octave is the tile, its borders clamp inside it.
__device__ __forceinline__ float4 sift_tail_sums4(const float* src, int step, int n, int c0, const float* w, int r)
{
    SiftSums4 sums(src[sift_clamp(c0 - r, n) * step], src[sift_clamp(c0 + 1 - r, n) * step],
                   src[sift_clamp(c0 + 2 - r, n) * step]);
    for (int k = 0; k <= 2 * r; k++) {
        const float v3 = src[sift_clamp(c0 + 3 + k - r, n) * step];
        sums.tap(w[k], v3);
    }
    return sums.result();
}

// Level s of a tail octave (w x h, packed) from level s - 1 in shared memory: the horizontal pass into rows, then
// the vertical pass into level and out. A thread sums four neighbouring outputs at once (sift_tail_sums4): in the
// horizontal pass quad q is columns 4 (q % qw) .. + 3 of row q / qw (qw = ceil(w / 4)), in the vertical pass rows
// 4 (q / w) .. + 3 of column q % w; outputs past the octave's edge are summed (from clamped samples) but not
// written. The threads loop over the quads, so a small octave leaves most of them idle instead of repeating work.
__device__ __forceinline__ void sift_tail_level(float* level, float* rows, float* out, int w, int h, int pitch,
                                                const float* wk, int r)
{
    const int qw = (w + 3) >> 2, qh = (h + 3) >> 2;
    for (int q = threadIdx.x; q < qw * h; q += TAIL_THREADS) {
        const int y = q / qw, x0 = 4 * (q - y * qw);
        const float4 s4 = sift_tail_sums4(level + y * w, 1, w, x0, wk, r);
        const float sums[4] = {s4.x, s4.y, s4.z, s4.w};
        for (int i = 0; i < 4 && x0 + i < w; i++)
            rows[y * w + x0 + i] = sums[i];
    }
    __syncthreads();
    for (int q = threadIdx.x; q < w * qh; q += TAIL_THREADS) {
        const int qy = q / w, x = q - qy * w, y0 = 4 * qy;
        const float4 s4 = sift_tail_sums4(rows + x, w, h, y0, wk, r);
        const float sums[4] = {s4.x, s4.y, s4.z, s4.w};
        for (int i = 0; i < 4 && y0 + i < h; i++) {
            level[(y0 + i) * w + x] = sums[i];
            out[(long long)(y0 + i) * pitch + x] = sums[i];
        }
    }
    __syncthreads();
}

// Every level of the octaves first .. count - 1, all small (SiftLaunchPlan.TAIL_PIXELS at most), in one block: each
// octave's level 0 decimated from the previous octave's level S, then its levels 1 .. S + 2 blurred one after the
// other in shared memory (the whole octave is one tile: the borders clamp inside it) and written out. The small
// octaves would otherwise take a launch per level each, every one as long as a block's latency; here a block of
// 1024 threads does them all, with the same arithmetic as sift_blur (each output summed tap after tap, one fused
// multiply-add a tap; sift_tail_level). A level costs in proportion to its octave's size: four outputs a
// thread per pass share their loads, and threads with no quad of a small octave only take part in the barriers.
//
// Launch: exactly one block of TAIL_THREADS (1024) threads; dynamic shared memory 2 * 4 * width * height bytes of
// the largest (first) of these octaves: the level being built and the horizontal pass. It is the last scale-space
// launch of the small octaves' branch (SiftLaunchPlan): in the frame's graph it runs beside the large octaves'
// extrema and orientations, on the fork's high-priority stream, so that its one block is not queued behind theirs.
extern "C" __global__ void __launch_bounds__(TAIL_THREADS)
sift_blur_tail(float* __restrict__ space, const SiftOctave* __restrict__ octaves, int first, int count, int levels,
               const float* __restrict__ weights, SiftLevelTaps taps)
{
    SIFT_DYNAMIC_SHARED(float, shared);
    const int tid = threadIdx.x;
    for (int oi = first; oi < count; oi++) {
        const SiftOctave& O = octaves[oi];
        const SiftOctave& P = octaves[oi - 1];
        const int w = O.width, h = O.height, n = w * h;
        float* level = shared;      // w x h, packed
        float* rows = shared + n;   // the horizontal pass
        // level 0: the previous octave's level S at even coordinates (written by an earlier launch, or by this
        // block in the previous iteration: the __syncthreads below orders those writes before these reads)
        const float* from = space + P.base + (long long)levels * P.levelStride;
        float* g = space + O.base;
        for (int i = tid; i < n; i += TAIL_THREADS) {
            const int y = i / w, x = i - y * w;
            const float v = from[(long long)(2 * y) * P.pitch + 2 * x];
            level[i] = v;
            g[(long long)y * O.pitch + x] = v;
        }
        __syncthreads();
        for (int s = 1; s < levels + 3; s++)
            sift_tail_level(level, rows, space + O.base + (long long)s * O.levelStride, w, h, O.pitch,
                            weights + taps.offset[s], taps.radius[s]);
    }
}
