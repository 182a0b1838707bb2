// Float-descriptor matching, stage 1: the float32 descriptors of both sets to the half-precision rows that
// float_tiles.cu multiplies on the tensor cores, with the bias -|row|^2 / 2 of each half-precision row.
//
// Why FP16 and not BF16: SIFT components lie in [0, 0.2] after clipping (at most 1 without clipping); FP16 keeps
// 11 significant bits there (relative error 2^-12, so a squared distance is off by about 1e-4), BF16 only 8. The
// norms are those of the rounded rows, so that |r|^2 + |c|^2 - 2 r.c is the squared distance of the rounded
// vectors: its error then shrinks with the distance itself, which matters most for near-duplicates. The tile
// kernel starts its accumulators at the column's bias, so that they end as r.c - |c|^2 / 2 = -(key) / 2.
//
// Layout written: row i of a set is FLOAT_K halves (256 bytes; components past `length` are zero), rows padded to
// a multiple of FLOAT_TILE with zero rows whose bias is FLOAT_NO_PAIR (never a candidate),
// so the tile kernel loads whole tiles without bounds checks. A row with a component that is not finite or larger
// than FLOAT_MAX_COMPONENT in magnitude adds 1 to status[0], which float_rescore.cu hands to the host.
#include <cstdint>
#include "float_match_common.cuh"
#include "float_mma.cuh"

// Threads per block: 8 warps, one row per warp.
#define CONVERT_BLOCK 256

__device__ __forceinline__ float half_rounded(float v, uint16_t& bits)
{
    const __half h = __float2half_rn(v);
    bits = __half_as_ushort(h);
    return __half2float(h);
}

// Launch: blocks of CONVERT_BLOCK threads, grid = ceil((nq_pad + nt_pad) / 8): warp w of block b converts row
// 8b + w of the concatenation [query rows 0 .. nq_pad-1, train rows 0 .. nt_pad-1]. Lane l converts components
// 4l .. 4l+3 (one float4 load when length is 128, else four bounded scalar loads) and writes them as one uint2
// (4 halves): a warp reads 512 and writes 256 contiguous bytes. The squared norm is a warp sum of the lanes'.
// Also zeroes kept_counts[0 .. count_blocks-1], to which float_rescore.cu adds (count_blocks = ceil(nq / 256) is
// far below the grid's 32 (nq_pad + nt_pad) threads): no memset launch of its own.
extern "C" __global__ void __launch_bounds__(CONVERT_BLOCK)
float_convert(const float* __restrict__ q32, int nq, int nq_pad, const float* __restrict__ t32, int nt, int nt_pad,
              int length, uint2* __restrict__ q16, float* __restrict__ q_bias, uint2* __restrict__ t16,
              float* __restrict__ t_bias, int* __restrict__ status, int* __restrict__ kept_counts, int count_blocks)
{
    const int thread = blockIdx.x * CONVERT_BLOCK + threadIdx.x;
    if (thread < count_blocks)
        kept_counts[thread] = 0;
    const int lane = threadIdx.x & 31;
    int row = blockIdx.x * (CONVERT_BLOCK / 32) + (threadIdx.x >> 5);
    const float* src = q32;
    uint2* dst = q16;
    float* bias = q_bias;
    int n = nq;
    if (row >= nq_pad) {
        row -= nq_pad;
        if (row >= nt_pad)
            return;  // whole warp: no shuffle below is left waiting
        src = t32;
        dst = t16;
        bias = t_bias;
        n = nt;
    }
    float v[4] = {0.f, 0.f, 0.f, 0.f};
    if (row < n) {
        if (length == FLOAT_K) {
            const float4 x = reinterpret_cast<const float4*>(src + (size_t)row * FLOAT_K)[lane];
            v[0] = x.x;
            v[1] = x.y;
            v[2] = x.z;
            v[3] = x.w;
        } else {
#pragma unroll
            for (int u = 0; u < 4; u++) {
                const int k = 4 * lane + u;
                if (k < length)
                    v[u] = src[(size_t)row * length + k];
            }
        }
    }
    bool bad = false;
    float square = 0.f;
    uint16_t h[4];
#pragma unroll
    for (int u = 0; u < 4; u++) {
        bad |= !(fabsf(v[u]) <= FLOAT_MAX_COMPONENT);  // also NaN
        const float r = half_rounded(v[u], h[u]);
        square = fmaf(r, r, square);
    }
    dst[(size_t)row * (FLOAT_K / 4) + lane] = make_uint2((uint32_t)h[0] | ((uint32_t)h[1] << 16),
                                                         (uint32_t)h[2] | ((uint32_t)h[3] << 16));
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        square += __shfl_xor_sync(0xFFFFFFFFu, square, offset);
    const bool any_bad = __any_sync(0xFFFFFFFFu, bad);
    if (lane == 0) {
        bias[row] = row < n ? -0.5f * square : FLOAT_NO_PAIR;
        if (any_bad)
            atomicAdd(status, 1);
    }
}
