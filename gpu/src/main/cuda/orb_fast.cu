// ORB stage 2: FAST-9 corners with OpenCV's corner score, 3x3 non-maximum suppression and the Harris response of
// every surviving corner, over all detection levels in one launch. Same results as FastCorners + HarrisResponse
// of the CPU reference (and so cv::FAST(..., true, TYPE_9_16) and ORB's HarrisResponses).
//
// Each block owns a tile of FAST_TW x FAST_TH candidate positions of one level, inside the band
// [edge, w - edge) x [edge, h - edge) where features may lie. It loads the tile's pixels with a 4-pixel halo into
// shared memory once (FAST reads radius 3 around the ring of positions that suppression compares with, Harris
// reads a 9x9 window), scores the tile plus a 1-position ring (positions outside [edge-1, w-edge+1) score 0, as
// in the reference, which scores only that band), keeps the strict local maxima, computes their Harris responses
// from the same shared tile, and appends them, unordered, to its level's candidate list. Later stages never
// depend on the order of this list: selection works on sets (ties kept) and the output is ordered by position.
// The block also adds the corners' FAST scores to its level's score histogram, for the preselection.
#include "orb_common.cuh"
#include "orb_constants.cuh"

#define FAST_TW 32
#define FAST_TH 8
#define FAST_THREADS (FAST_TW * FAST_TH)
#define FAST_HALO 4
#define FAST_PW (FAST_TW + 2 * FAST_HALO)  // 40 pixels a row in shared memory
#define FAST_PH (FAST_TH + 2 * FAST_HALO)  // 16 rows
#define FAST_SW (FAST_TW + 2)              // scores with the 1-position ring
#define FAST_SH (FAST_TH + 2)

// 9 contiguous set bits in the 16-bit circular mask m
__device__ __forceinline__ bool has_arc9(uint32_t m)
{
    const uint32_t d = m | (m << 16);
    uint32_t r = d;
#pragma unroll
    for (int i = 1; i < 9; ++i)
        r &= d >> i;
    return (r & 0xffffu) != 0;
}

// FastCorners: corner test and cornerScore<16> of the pixel at p (shared tile, rows FAST_PW apart); 0 if none.
__device__ __forceinline__ int fast_score(const uint8_t* p, int threshold)
{
    // the circle, clockwise from the top, in OpenCV's order (offsets16 of fast_score.cpp)
    int c[16];
    c[0] = p[3 * FAST_PW + 0];
    c[1] = p[3 * FAST_PW + 1];
    c[2] = p[2 * FAST_PW + 2];
    c[3] = p[1 * FAST_PW + 3];
    c[4] = p[0 * FAST_PW + 3];
    c[5] = p[-1 * FAST_PW + 3];
    c[6] = p[-2 * FAST_PW + 2];
    c[7] = p[-3 * FAST_PW + 1];
    c[8] = p[-3 * FAST_PW + 0];
    c[9] = p[-3 * FAST_PW - 1];
    c[10] = p[-2 * FAST_PW - 2];
    c[11] = p[-1 * FAST_PW - 3];
    c[12] = p[0 * FAST_PW - 3];
    c[13] = p[1 * FAST_PW - 3];
    c[14] = p[2 * FAST_PW - 2];
    c[15] = p[3 * FAST_PW - 1];
    const int v = p[0];
    const int lo = v - threshold, hi = v + threshold;
    uint32_t dark = 0, bright = 0;
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        dark |= (uint32_t)(c[k] < lo) << k;
        bright |= (uint32_t)(c[k] > hi) << k;
    }
    const bool darker = has_arc9(dark);
    if (!darker && !has_arc9(bright))
        return 0;
    // cornerScore<16>, by the route of the CPU reference (FastCorners.darkerScore / brighterScore): a pixel cannot
    // hold a darker and a brighter 9-arc at once, so the score is max(threshold, best arc minimum of d) - 1 for a
    // darker corner and -min(-threshold, best arc maximum of d) - 1 for a brighter one (d = centre - circle pixel).
    // Written with plain comparisons: OpenCV's interleaved min/max chains came out wrong from nvcc 13 on sm_90
    // (a corner scored -23 instead of 21 on an H100, while the same source on the host gave 21).
    int d[25];
#pragma unroll
    for (int k = 0; k < 25; ++k)
        d[k] = v - c[k & 15];
    if (darker) {
        int best = threshold;
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            int m = d[k];
#pragma unroll
            for (int j = 1; j < 9; ++j)
                m = d[k + j] < m ? d[k + j] : m;
            best = m > best ? m : best;
        }
        return best - 1;
    }
    int best = -threshold;
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        int m = d[k];
#pragma unroll
        for (int j = 1; j < 9; ++j)
            m = d[k + j] > m ? d[k + j] : m;
        best = m < best ? m : best;
    }
    return -best - 1;
}

// HarrisResponse.compute on the shared tile: Sobel gradients summed over the 7x7 block around p, then
// (a*b - c*c - k*(a+b)*(a+b)) * scale in float, evaluated in the reference's order (no FMA: -fmad=false).
__device__ __forceinline__ float harris_response(const uint8_t* p)
{
    int a = 0, b = 0, c = 0;
#pragma unroll
    for (int i = -3; i <= 3; ++i) {
#pragma unroll
        for (int j = -3; j <= 3; ++j) {
            const uint8_t* q = p + i * FAST_PW + j;
            const int ix = (q[1] - q[-1]) * 2 + (q[-FAST_PW + 1] - q[-FAST_PW - 1]) + (q[FAST_PW + 1] - q[FAST_PW - 1]);
            const int iy = (q[FAST_PW] - q[-FAST_PW]) * 2 + (q[FAST_PW - 1] - q[-FAST_PW - 1])
                    + (q[FAST_PW + 1] - q[-FAST_PW + 1]);
            a += ix * ix;
            b += iy * iy;
            c += ix * iy;
        }
    }
    const float fa = (float)a, fb = (float)b, fc = (float)c;
    return (fa * fb - fc * fc - ORB_HARRIS_K * (fa + fb) * (fa + fb)) * ORB_HARRIS_SCALE;
}

// Launch: 1-D grid of (total FAST tiles of the detection levels) blocks of FAST_THREADS (32 x 8) threads, tile t
// of level l being t - levels[l].fastTileStart, row-major over fastTilesX tiles a row. Candidates are int4
// {y << 16 | x, FAST score, Harris response bits, 0} at cand[candOffset + slot]; slots past candCap are counted
// but not written (the host sees the count, grows the buffers and runs the frame again). The scratch buffer z
// (zeroed per frame) receives the per-level counts and score histograms.
extern "C" __global__ void __launch_bounds__(FAST_THREADS)
orb_fast(const uint8_t* __restrict__ pyr, const OrbLevel* __restrict__ levels, int levelCount, int threshold,
         int edge, int4* __restrict__ cand, int* __restrict__ z)
{
    __shared__ uint8_t tile[FAST_PH * FAST_PW];
    __shared__ uint8_t score[FAST_SH * FAST_SW];
    __shared__ int4 found[FAST_THREADS];
    __shared__ int foundCount, base;

    const int tid = threadIdx.x;
    const int l = orb_level_of_fast_tile(levels, levelCount, blockIdx.x);
    const OrbLevel& L = levels[l];
    const int w = L.width, h = L.height, stride = L.stride, border = L.border;
    const int local = blockIdx.x - L.fastTileStart;
    const int x0 = edge + (local % L.fastTilesX) * FAST_TW;
    const int y0 = edge + (local / L.fastTilesX) * FAST_TH;
    const uint8_t* img = pyr + L.origin;

    // pixels [x0-4, x0+36) x [y0-4, y0+12); reads past the padded level (last tiles) are clamped: such pixels
    // only feed scores outside the band, which are forced to 0
    for (int i = tid; i < FAST_PH * FAST_PW; i += FAST_THREADS) {
        const int gx = min(x0 - FAST_HALO + i % FAST_PW, w + border - 1);
        const int gy = min(y0 - FAST_HALO + i / FAST_PW, h + border - 1);
        tile[i] = img[(ptrdiff_t)gy * stride + gx];
    }
    if (tid == 0)
        foundCount = 0;
    __syncthreads();

    for (int i = tid; i < FAST_SH * FAST_SW; i += FAST_THREADS) {
        const int sx = i % FAST_SW, sy = i / FAST_SW;
        const int gx = x0 - 1 + sx, gy = y0 - 1 + sy;
        int s = 0;
        if (gx >= edge - 1 && gx < w - edge + 1 && gy >= edge - 1 && gy < h - edge + 1)
            s = fast_score(tile + (sy + 3) * FAST_PW + sx + 3, threshold);
        score[i] = (uint8_t)s;
    }
    __syncthreads();

    {
        const int tx = tid % FAST_TW, ty = tid / FAST_TW;
        const int gx = x0 + tx, gy = y0 + ty;
        if (gx < w - edge && gy < h - edge) {
            const uint8_t* s = score + (ty + 1) * FAST_SW + tx + 1;
            const int c = s[0];
            if (c > 0 && c > s[-1] && c > s[1] && c > s[-FAST_SW - 1] && c > s[-FAST_SW] && c > s[-FAST_SW + 1]
                    && c > s[FAST_SW - 1] && c > s[FAST_SW] && c > s[FAST_SW + 1]) {
                const int k = atomicAdd(&foundCount, 1);
                found[k] = make_int4(gx, gy, c, 0);
            }
        }
    }
    __syncthreads();
    const int n = foundCount;
    if (n == 0)
        return;
    if (tid == 0)
        base = atomicAdd(&z[Z_CAND_COUNT + l], n);
    __syncthreads();
    if (tid < n) {
        const int4 f = found[tid];
        const float response = harris_response(tile + (f.y - y0 + FAST_HALO) * FAST_PW + f.x - x0 + FAST_HALO);
        const int slot = base + tid;
        if (slot < L.candCap)
            cand[L.candOffset + slot] = make_int4((f.y << 16) | f.x, f.z, __float_as_int(response), 0);
        atomicAdd(&z[L.fastHistOffset + (blockIdx.x % ORB_HIST_COPIES) * 256 + f.z], 1);
    }
}
