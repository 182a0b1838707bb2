// The binary tensor-core search of one warp, shared by hamming_b1.cu (large sets, two launches) and
// match_fused.cu (small sets, one launch). See hamming_b1.cu for the method and the fragment layouts.
//
// b1_warp_best2<MT>: the warp takes MT 16-row tiles of `rows` (rows rbase .. rbase + 16*MT - 1; rows past
// nrows read as zero) and walks the 8-column tiles [tbegin, tend) of `cols` (ncols descriptors). Each
// descriptor is 4 uint2 (element 4*row + t holds words 2t, 2t+1). On return every lane of group g = lane >> 2
// holds, in k1[m][h], k2[m][h], the best two REAL keys (match_common.cuh) of row rbase + 16m + 8h + g over
// those columns (KEY_NONE where none): the four lanes of a group hold the same values. MT = 4 (64 rows per
// warp) reuses each loaded train tile four times (large sets: bandwidth); MT = 1 (16 rows per warp) gives four
// times as many warps for the same queries (small sets: latency, fill the GPU).
#pragma once
#include <cstdint>
#include "match_common.cuh"

__device__ __forceinline__ void mma_b1_and(const uint32_t (&a)[4], uint2 b, int (&c)[4])
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %10, %10, %10};\n"
                 : "=r"(c[0]), "=r"(c[1]), "=r"(c[2]), "=r"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b.x), "r"(b.y), "r"(0));
#endif
}

template <int MT>
__device__ __forceinline__ void b1_warp_best2(const uint2* __restrict__ rows, int nrows, int rbase,
                                              const uint2* __restrict__ cols, int ncols, int tbegin, int tend,
                                              uint32_t (&k1)[MT][2], uint32_t (&k2)[MT][2])
{
    const int lane = threadIdx.x & 31;
    const int g = lane >> 2, t = lane & 3;

    uint32_t a[MT][4];
#pragma unroll
    for (int m = 0; m < MT; m++) {
        const int r0 = rbase + 16 * m + g, r1 = r0 + 8;
        const uint2 w0 = r0 < nrows ? rows[(size_t)r0 * 4 + t] : make_uint2(0, 0);
        const uint2 w1 = r1 < nrows ? rows[(size_t)r1 * 4 + t] : make_uint2(0, 0);
        a[m][0] = w0.x;
        a[m][1] = w1.x;
        a[m][2] = w0.y;
        a[m][3] = w1.y;
    }
#pragma unroll
    for (int m = 0; m < MT; m++)
        k1[m][0] = k1[m][1] = k2[m][0] = k2[m][1] = KEY_NONE;

    if (tbegin < tend) {
        int j = tbegin * 8 + g;
        uint2 b = j < ncols ? __ldg(&cols[(size_t)j * 4 + t]) : make_uint2(0, 0);
#pragma unroll 2
        for (int tile = tbegin; tile < tend; tile++) {
            const int jn = j + 8;
            uint2 bn = make_uint2(0, 0);
            if (tile + 1 < tend && jn < ncols)
                bn = __ldg(&cols[(size_t)jn * 4 + t]);
            int p = __popc(b.x) + __popc(b.y);
            p += __shfl_xor_sync(0xFFFFFFFFu, p, 1);
            p += __shfl_xor_sync(0xFFFFFFFFu, p, 2);
            const uint32_t term = j < ncols ? (((uint32_t)(p + 256)) << KEY_INDEX_BITS) | (uint32_t)j : KEY_NONE;
            const uint32_t ct0 = __shfl_sync(0xFFFFFFFFu, term, 8 * t);      // column 2t: group 2t
            const uint32_t ct1 = __shfl_sync(0xFFFFFFFFu, term, 8 * t + 4);  // column 2t+1: group 2t+1
#pragma unroll
            for (int m = 0; m < MT; m++) {
                int c[4];
                mma_b1_and(a[m], b, c);
                best2_push(ct0 - ((uint32_t)c[0] << 23), k1[m][0], k2[m][0]);
                best2_push(ct1 - ((uint32_t)c[1] << 23), k1[m][0], k2[m][0]);
                best2_push(ct0 - ((uint32_t)c[2] << 23), k1[m][1], k2[m][1]);
                best2_push(ct1 - ((uint32_t)c[3] << 23), k1[m][1], k2[m][1]);
            }
            b = bn;
            j = jn;
        }
    }

#pragma unroll
    for (int m = 0; m < MT; m++) {
#pragma unroll
        for (int h = 0; h < 2; h++) {
            uint32_t o1 = __shfl_xor_sync(0xFFFFFFFFu, k1[m][h], 1);
            uint32_t o2 = __shfl_xor_sync(0xFFFFFFFFu, k2[m][h], 1);
            best2_merge(o1, o2, k1[m][h], k2[m][h]);
            o1 = __shfl_xor_sync(0xFFFFFFFFu, k1[m][h], 2);
            o2 = __shfl_xor_sync(0xFFFFFFFFu, k2[m][h], 2);
            best2_merge(o1, o2, k1[m][h], k2[m][h]);
            // popcount of the row: this lane holds words 2t and 2t+1 of it
            int p = __popc(a[m][h]) + __popc(a[m][h + 2]);
            p += __shfl_xor_sync(0xFFFFFFFFu, p, 1);
            p += __shfl_xor_sync(0xFFFFFFFFu, p, 2);
            // key' + ((popc(a) - 256) << 22) = (distance << 22) | j, modulo 2^32
            const uint32_t offset = ((uint32_t)p << KEY_INDEX_BITS) - (256u << KEY_INDEX_BITS);
            k1[m][h] = k1[m][h] == KEY_NONE ? KEY_NONE : k1[m][h] + offset;
            k2[m][h] = k2[m][h] == KEY_NONE ? KEY_NONE : k2[m][h] + offset;
        }
    }
}
