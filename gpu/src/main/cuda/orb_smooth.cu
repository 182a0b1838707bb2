// ORB stage 5: the 7x7 Gaussian (sigma 2) that the descriptor's tests read, exactly as OrbSmoothing of the CPU
// reference (and OpenCV's GaussianBlur on ORB's sub-matrix levels): row pass s = k3*p[-3], then
// s = fmaf(k_i, p_i, s) for the other six taps left to right; column pass s = k0*r0, then
// s = fmaf(k_i, r[-i] + r[i], s) for i = 1..3; round half to even, saturate. Rows -3..-1 and h..h+2 of the row
// pass read the reflected border, as OpenCV's sub-matrix filtering does. The border of the smoothed level is a
// copy of the unsmoothed border (the reference copies the whole buffer, then smooths the interior).
//
// One launch for all levels that are needed. Each block owns a 32 x 8 tile of a padded level (border included),
// loads it with a 3-pixel halo into shared memory, runs the row pass for the tile's columns on the 14 rows the
// column pass needs, then the column pass. Tiles are numbered across levels by the level table
// (smoothTileStart, smoothTilesX).
#include "orb_common.cuh"
#include "orb_constants.cuh"

#define SMOOTH_TW 32
#define SMOOTH_TH 8
#define SMOOTH_R 3
#define SMOOTH_PW (SMOOTH_TW + 2 * SMOOTH_R)
#define SMOOTH_PH (SMOOTH_TH + 2 * SMOOTH_R)

// Launch: 1-D grid of (smoothTileStart of level levelCount, i.e. the tiles of levels 0..levelCount-1) blocks of
// SMOOTH_TW * SMOOTH_TH (256) threads.
extern "C" __global__ void __launch_bounds__(SMOOTH_TW * SMOOTH_TH)
orb_smooth(const uint8_t* __restrict__ pyr, uint8_t* __restrict__ smooth, const OrbLevel* __restrict__ levels,
           int levelCount)
{
    __shared__ uint8_t pix[SMOOTH_PH][SMOOTH_PW];
    __shared__ float rows[SMOOTH_PH][SMOOTH_TW];
    const int tid = threadIdx.x;
    const int l = orb_level_of_smooth_tile(levels, levelCount, blockIdx.x);
    const OrbLevel& L = levels[l];
    const int w = L.width, h = L.height, stride = L.stride, border = L.border;
    const int local = blockIdx.x - L.smoothTileStart;
    const int x0 = -border + (local % L.smoothTilesX) * SMOOTH_TW;
    const int y0 = -border + (local / L.smoothTilesX) * SMOOTH_TH;
    const uint8_t* src = pyr + L.origin;

    // clamped to the padded level: only border pixels, which are copied, could reach past it
    for (int i = tid; i < SMOOTH_PH * SMOOTH_PW; i += SMOOTH_TW * SMOOTH_TH) {
        const int r = i / SMOOTH_PW, c = i % SMOOTH_PW;
        const int gx = min(max(x0 - SMOOTH_R + c, -border), w + border - 1);
        const int gy = min(max(y0 - SMOOTH_R + r, -border), h + border - 1);
        pix[r][c] = src[(ptrdiff_t)gy * stride + gx];
    }
    __syncthreads();
    for (int i = tid; i < SMOOTH_PH * SMOOTH_TW; i += SMOOTH_TW * SMOOTH_TH) {
        const int r = i / SMOOTH_TW, c = i % SMOOTH_TW;
        const int gx = x0 + c, gy = y0 - SMOOTH_R + r;
        float s = 0.f;
        if (gx >= 0 && gx < w && gy >= -SMOOTH_R && gy < h + SMOOTH_R) {
            const uint8_t* p = &pix[r][c + SMOOTH_R];
            s = ORB_GAUSS_K3 * (float)p[-3];
            s = fmaf(ORB_GAUSS_K2, (float)p[-2], s);
            s = fmaf(ORB_GAUSS_K1, (float)p[-1], s);
            s = fmaf(ORB_GAUSS_K0, (float)p[0], s);
            s = fmaf(ORB_GAUSS_K1, (float)p[1], s);
            s = fmaf(ORB_GAUSS_K2, (float)p[2], s);
            s = fmaf(ORB_GAUSS_K3, (float)p[3], s);
        }
        rows[r][c] = s;
    }
    __syncthreads();
    const int tx = tid % SMOOTH_TW, ty = tid / SMOOTH_TW;
    const int gx = x0 + tx, gy = y0 + ty;
    if (gx >= w + border || gy >= h + border)
        return;
    int value;
    if (gx >= 0 && gx < w && gy >= 0 && gy < h) {
        const int r = ty + SMOOTH_R;
        float s = ORB_GAUSS_K0 * rows[r][tx];
        s = fmaf(ORB_GAUSS_K1, rows[r - 1][tx] + rows[r + 1][tx], s);
        s = fmaf(ORB_GAUSS_K2, rows[r - 2][tx] + rows[r + 2][tx], s);
        s = fmaf(ORB_GAUSS_K3, rows[r - 3][tx] + rows[r + 3][tx], s);
        value = min(max(__float2int_rn(s), 0), 255);
    } else {
        value = pix[ty + SMOOTH_R][tx + SMOOTH_R];
    }
    smooth[L.origin + (ptrdiff_t)gy * stride + gx] = (uint8_t)value;
}
