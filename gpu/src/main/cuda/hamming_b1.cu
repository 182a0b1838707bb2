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
#include "hamming_b1_core.cuh"

#define B1_WARPS 4                          // warps per block
#define B1_MTILES 4                         // 16-row query tiles per warp
#define B1_QUERIES_PER_WARP (16 * B1_MTILES)
#define B1_QUERIES_PER_BLOCK (B1_WARPS * B1_QUERIES_PER_WARP)  // 256

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
    const int tiles = (nt + 7) >> 3;
    const int tbegin = blockIdx.y * tiles_per_split;
    const int tend = min(tiles, tbegin + tiles_per_split);
    uint32_t k1[B1_MTILES][2], k2[B1_MTILES][2];
    b1_warp_best2<B1_MTILES>(query, nq, qbase, train, nt, tbegin, tend, k1, k2);
#pragma unroll
    for (int m = 0; m < B1_MTILES; m++) {
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const int r = qbase + 16 * m + 8 * h + g;
            if (t == 0 && r < nq)
                partial[(size_t)blockIdx.y * nq + r] = make_uint2(k1[m][h], k2[m][h]);
        }
    }
#else
    __trap();
#endif
}
