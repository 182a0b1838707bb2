// ORB stage 1, the image pyramid, bit-identical to the CPU reference (OrbPyramid, LinearResizeExact,
// PyramidLevel) and so to OpenCV's ORB: level 0 is the frame; level l is resampled from level l-1 (not from the
// frame) with INTER_LINEAR_EXACT fixed-point bilinear weights; every level carries a border of `border` pixels
// on each side filled by BORDER_REFLECT_101. All levels live in one buffer, placed by the level table.
//
// One launch per level (level l reads level l-1, written by the previous launch on the same stream). Each
// thread produces one pixel of the padded level, border included: a border pixel computes the interior pixel
// it reflects (the resampling is a pure function of the previous level), so no second pass fills the border.
#include "orb_common.cuh"

#define PYR_BLOCK_X 32
#define PYR_BLOCK_Y 8

// One output coordinate of LinearResizeExact.Axis: mode 0 copies source sample 0 (before the interpolable
// range, or a 1-sample source), mode 2 copies the last sample, mode 1 blends samples off and off + 1 with 8-bit
// weights w0 + w1 = 256. The arithmetic is the reference's, in double: OpenCV's interpolationLinear::getCoeffs.
struct ResizeTap {
    int mode, off, w0, w1;
};

__device__ __forceinline__ ResizeTap resize_tap(int src, int dst, int d)
{
    const double scale = 1.0 / ((double)dst / src);
    const double f = scale * (d + 0.5) - 0.5;  // -fmad=false: a multiply then a subtraction, as in Java
    const int i = (int)floor(f);
    ResizeTap t;
    if (i >= 0 && src > 1) {
        if (i < src - 1) {
            t.mode = 1;
            t.off = i;
            t.w1 = (int)rint((f - i) * 256);  // rint: half to even, as Math.rint
            t.w0 = 256 - t.w1;
        } else {
            t.mode = 2;
            t.off = src - 1;
            t.w0 = 256;
            t.w1 = 0;
        }
    } else {
        t.mode = 0;
        t.off = 0;
        t.w0 = 256;
        t.w1 = 0;
    }
    return t;
}

// LinearResizeExact.horizontal: one source row interpolated at the tap, 8 fractional bits.
__device__ __forceinline__ int resize_row(const uint8_t* row, int sw, ResizeTap tx)
{
    if (tx.mode == 0)
        return row[0] << 8;
    if (tx.mode == 2)
        return row[sw - 1] << 8;
    return row[tx.off] * tx.w0 + row[tx.off + 1] * tx.w1;
}

// Builds padded level l. Level 0 copies the frame (input, rows inputStride bytes apart); a later level resamples
// level l-1 of pyr.
//
// Launch: blocks of PYR_BLOCK_X x PYR_BLOCK_Y threads, grid = (ceil((w + 2*border) / 32), ceil((h + 2*border) / 8))
// for level l's size, one thread per pixel of the padded level; a warp writes 32 consecutive bytes of a row.
extern "C" __global__ void __launch_bounds__(PYR_BLOCK_X * PYR_BLOCK_Y)
orb_pyramid_level(const uint8_t* __restrict__ input, int inputStride, uint8_t* __restrict__ pyr,
                  const OrbLevel* __restrict__ levels, int l)
{
    const OrbLevel& L = levels[l];
    const int w = L.width, h = L.height, border = L.border;
    const int px = blockIdx.x * PYR_BLOCK_X + threadIdx.x - border;
    const int py = blockIdx.y * PYR_BLOCK_Y + threadIdx.y - border;
    if (px >= w + border || py >= h + border)
        return;
    const int sx = orb_reflect101(px, w), sy = orb_reflect101(py, h);
    int value;
    if (l == 0) {
        value = input[(size_t)sy * inputStride + sx];
    } else {
        const OrbLevel& P = levels[l - 1];
        const uint8_t* src = pyr + P.origin;
        const ResizeTap tx = resize_tap(P.width, w, sx);
        const ResizeTap ty = resize_tap(P.height, h, sy);
        if (ty.mode != 1) {
            // replicated edge row: the horizontal intermediate rounded back to 8 bits
            const int row = ty.mode == 0 ? 0 : P.height - 1;
            value = (resize_row(src + (ptrdiff_t)row * P.stride, P.width, tx) + 128) >> 8;
        } else {
            const int h0 = resize_row(src + (ptrdiff_t)ty.off * P.stride, P.width, tx);
            const int h1 = resize_row(src + (ptrdiff_t)(ty.off + 1) * P.stride, P.width, tx);
            value = min((h0 * ty.w0 + h1 * ty.w1 + (1 << 15)) >> 16, 255);
        }
    }
    pyr[L.origin + (ptrdiff_t)py * L.stride + px] = (uint8_t)value;
}
