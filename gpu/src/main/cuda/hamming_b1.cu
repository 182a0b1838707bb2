// Matching stage, fast path for large sets: Hamming distances on the binary tensor cores (sm_80+).
//
// mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc multiplies a 16 x 256-bit tile of queries (one
// 256-bit ORB descriptor per row) by a 256 x 8-bit tile of train descriptors (one per column) into 16 x 8
// counts popc(a AND b): 128 descriptor pairs per instruction. Hopper has no XOR variant in hardware, so
//     hamming(a, b) = popc(a) + popc(b) - 2 popc(a AND b).
// The running best two of every query stay in registers as keys (match_common.cuh) offset by the query's
// popcount: a column's term colterm = ((popc(b) + 256) << 22) | j (computed in registers per tile) gives
//     key' = colterm - (popc(a AND b) << 23) = ((popc(b) - 2 popc(a AND b) + 256) << 22) | j,
// which orders a query's candidates as their real keys do (the row's popc(a) - 256 is a constant offset, added
// back before writing), so each of the 128 results costs one IMAD and three min/max. The result is the same
// key the popc path computes: both paths give identical matches.
//
// Fragment layouts (PTX ISA, "mma.m16n8k256" for .b1; groupID g = lane >> 2, t = lane & 3):
//   A (4 x b32): a0 = bits k in [32t, 32t+32) of row g, a1 = the same bits of row g+8, a2/a3 = bits
//                [128+32t, 128+32t+32) of rows g / g+8.
//   B (2 x b32): b0 = bits [32t, 32t+32) of column g, b1 = bits [128+32t, ...) of column g.
//   C/D (4 x s32): c0, c1 = row g, columns 2t, 2t+1; c2, c3 = row g+8, columns 2t, 2t+1.
// popc(a AND b) sums over all 256 k, so any assignment of descriptor words to k ranges works as long as A and
// B use the same one. We put word 2t in the first range and word 2t+1 in the second: every lane then reads
// one 8-byte pair (words 2t, 2t+1) of its descriptor, and a warp reads 8 whole descriptors (256 contiguous
// bytes) per tile with one coalesced load, straight from the descriptor array: no packing pass.
#include <cstdint>
#include "match_common.cuh"

#define B1_WARPS 4                          // warps per block
#define B1_MTILES 4                         // 16-row query tiles per warp
#define B1_QUERIES_PER_WARP (16 * B1_MTILES)
#define B1_QUERIES_PER_BLOCK (B1_WARPS * B1_QUERIES_PER_WARP)  // 256

__device__ __forceinline__ void mma_b1_and(const uint32_t (&a)[4], uint2 b, int (&c)[4])
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %10, %10, %10};\n"
                 : "=r"(c[0]), "=r"(c[1]), "=r"(c[2]), "=r"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b.x), "r"(b.y), "r"(0));
#endif
}

// Launch: blocks of B1_WARPS * 32 = 128 threads; grid = (ceil(nq / B1_QUERIES_PER_BLOCK), splits). Warp w of
// block (x, y) holds the A fragments of queries x*256 + w*64 .. +63 (four 16-row tiles) in registers for the
// whole kernel and walks the 8-column train tiles [y*tiles_per_split, min(ceil(nt/8), (y+1)*tiles_per_split)),
// 4 mma per tile. Per tile each lane loads words (2t, 2t+1) of column g (the four warps of a block read the same
// tile at about the same time: L1 hits; 16384 descriptors are 512 KB and stay in L2, so only the first block
// to touch a tile reads DRAM), issued one tile ahead of the math. The column terms are computed in registers:
// popc(b) of column g is the sum over its group's four lanes (two shuffles), and a lane fetches the terms of
// its columns 2t and 2t+1 from groups 2t and 2t+1 (two more). Columns past nt read as zero words with term
// KEY_NONE, so their keys stay KEY_NONE. At the end the four lanes of a group, which saw columns 2t and 2t+1
// of every tile, merge their best two with two shuffles, and lane t = 0 writes partial[y * nq + query] =
// (k1, k2) as real keys. No shared memory, no block barrier.
//
// On GPUs below sm_80 (no .and.popc) the kernel traps; the host uses hamming_knn_popc there.
extern "C" __global__ void __launch_bounds__(B1_WARPS * 32)
hamming_knn_b1(const uint2* __restrict__ query, int nq, const uint2* __restrict__ train, int nt,
               int tiles_per_split, uint2* __restrict__ partial)
{
#if __CUDA_ARCH__ >= 800
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int g = lane >> 2, t = lane & 3;
    const int qbase = blockIdx.x * B1_QUERIES_PER_BLOCK + warp * B1_QUERIES_PER_WARP;
    if (qbase >= nq)  // uniform per warp; there is no block barrier
        return;

    // descriptors as 4 uint2 per row: element 4*row + t holds words 2t, 2t+1
    uint32_t a[B1_MTILES][4];
#pragma unroll
    for (int m = 0; m < B1_MTILES; m++) {
        const int r0 = qbase + 16 * m + g, r1 = r0 + 8;
        const uint2 w0 = r0 < nq ? query[(size_t)r0 * 4 + t] : make_uint2(0, 0);
        const uint2 w1 = r1 < nq ? query[(size_t)r1 * 4 + t] : make_uint2(0, 0);
        a[m][0] = w0.x;
        a[m][1] = w1.x;
        a[m][2] = w0.y;
        a[m][3] = w1.y;
    }
    uint32_t k1[B1_MTILES][2], k2[B1_MTILES][2];
#pragma unroll
    for (int m = 0; m < B1_MTILES; m++)
        k1[m][0] = k1[m][1] = k2[m][0] = k2[m][1] = KEY_NONE;

    const int tiles = (nt + 7) >> 3;
    const int tbegin = blockIdx.y * tiles_per_split;
    const int tend = min(tiles, tbegin + tiles_per_split);
    if (tbegin < tend) {
        int j = tbegin * 8 + g;
        uint2 b = j < nt ? __ldg(&train[(size_t)j * 4 + t]) : make_uint2(0, 0);
#pragma unroll 2
        for (int tile = tbegin; tile < tend; tile++) {
            const int jn = j + 8;
            uint2 bn = make_uint2(0, 0);
            if (tile + 1 < tend && jn < nt)
                bn = __ldg(&train[(size_t)jn * 4 + t]);
            int p = __popc(b.x) + __popc(b.y);
            p += __shfl_xor_sync(0xFFFFFFFFu, p, 1);
            p += __shfl_xor_sync(0xFFFFFFFFu, p, 2);
            const uint32_t term = j < nt ? (((uint32_t)(p + 256)) << KEY_INDEX_BITS) | (uint32_t)j : KEY_NONE;
            const uint32_t ct0 = __shfl_sync(0xFFFFFFFFu, term, 8 * t);      // column 2t: group 2t
            const uint32_t ct1 = __shfl_sync(0xFFFFFFFFu, term, 8 * t + 4);  // column 2t+1: group 2t+1
#pragma unroll
            for (int m = 0; m < B1_MTILES; m++) {
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
    for (int m = 0; m < B1_MTILES; m++) {
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
            const int r = qbase + 16 * m + 8 * h + g;
            if (t == 0 && r < nq) {
                // key' + ((popc(a) - 256) << 22) = (distance << 22) | j, modulo 2^32
                const uint32_t offset = ((uint32_t)p << KEY_INDEX_BITS) - (256u << KEY_INDEX_BITS);
                const uint32_t r1 = k1[m][h] == KEY_NONE ? KEY_NONE : k1[m][h] + offset;
                const uint32_t r2 = k2[m][h] == KEY_NONE ? KEY_NONE : k2[m][h] + offset;
                partial[(size_t)blockIdx.y * nq + r] = make_uint2(r1, r2);
            }
        }
    }
#else
    __trap();
#endif
}
