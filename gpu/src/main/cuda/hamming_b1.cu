// Matching stage, fast path for large sets: Hamming distances on the binary tensor cores (sm_80+).
//
// mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc multiplies a 16 x 256-bit tile of queries (one
// 256-bit ORB descriptor per row) by a 256 x 8-bit tile of train descriptors (one per column) into 16 x 8
// counts popc(a AND b): 128 descriptor pairs per instruction. Hopper has no XOR variant in hardware, so
//     hamming(a, b) = popc(a) + popc(b) - 2 popc(a AND b).
// The running best two of every query stay in registers as keys (match_common.cuh) offset by the query's
// popcount: a column's precomputed term colterm = ((popc(b) + 256) << 22) | j gives
//     key' = colterm - (popc(a AND b) << 23) = ((popc(b) - 2 popc(a AND b) + 256) << 22) | j,
// which orders a query's candidates as their real keys do (the row's popc(a) - 256 is a constant offset, added
// back before writing), so each of the 128 results costs one IMAD and three min/max. The result is the same
// key the popc path computes: both paths give identical matches.
//
// Fragment layouts (PTX ISA, "mma.m16n8k256" for .b1; groupID g = lane >> 2, t = lane & 3):
//   A (4 x b32): a0 = bits [32t, 32t+32) of row g, a1 = same bits of row g+8, a2/a3 = bits [128+32t, ...) of rows
//                g / g+8; for descriptors of 8 words: a0 = word t of query g, a2 = word t+4, a1/a3 for query g+8.
//   B (2 x b32): b0 = word t of train column g, b1 = word t+4 of column g.
//   C/D (4 x s32): c0, c1 = row g, columns 2t, 2t+1; c2, c3 = row g+8, columns 2t, 2t+1.
// hamming_pack_b1 rewrites the train set in B-fragment order once per match, so the main loop reads each
// 8-column tile as one coalesced 8-byte load per lane (256 bytes per warp), plus one 8-byte load of its two
// column terms.
#include <cstdint>
#include "match_common.cuh"

#define B1_WARPS 4                          // warps per block
#define B1_MTILES 4                         // 16-row query tiles per warp
#define B1_QUERIES_PER_WARP (16 * B1_MTILES)
#define B1_QUERIES_PER_BLOCK (B1_WARPS * B1_QUERIES_PER_WARP)  // 256

// Packs n descriptors (8 words each) into B fragments: frag[tile * 32 + lane] = (word t, word t+4) of
// descriptor tile*8 + g, and colterm[tile * 8 + c] = ((popc + 256) << 22) | index, or KEY_NONE (with zero
// fragment words, so that popc(a AND b) = 0 and the key stays KEY_NONE) for padding past n.
//
// Launch: 1-D blocks of 256 threads (a multiple of 32: each warp packs one whole 8-column tile),
// grid = ceil(ceil(n / 8) * 32 / 256). One thread per (tile, lane).
extern "C" __global__ void __launch_bounds__(256)
hamming_pack_b1(const uint32_t* __restrict__ desc, int n, uint2* __restrict__ frag, uint32_t* __restrict__ colterm)
{
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    const int tile = idx >> 5, lane = idx & 31;
    const int tiles = (n + 7) >> 3;
    if (tile >= tiles)  // uniform per warp
        return;
    const int g = lane >> 2, t = lane & 3;
    const int j = tile * 8 + g;
    uint2 f = make_uint2(0, 0);
    if (j < n)
        f = make_uint2(desc[(size_t)j * 8 + t], desc[(size_t)j * 8 + t + 4]);
    frag[idx] = f;
    int p = __popc(f.x) + __popc(f.y);
    p += __shfl_xor_sync(0xFFFFFFFFu, p, 1);
    p += __shfl_xor_sync(0xFFFFFFFFu, p, 2);
    if (t == 0)
        colterm[tile * 8 + g] = j < n ? (((uint32_t)(p + 256)) << KEY_INDEX_BITS) | (uint32_t)j : KEY_NONE;
}

__device__ __forceinline__ void mma_b1_and(const uint32_t (&a)[4], uint2 b, int (&c)[4])
{
#if __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %10, %10, %10};\n"
                 : "=r"(c[0]), "=r"(c[1]), "=r"(c[2]), "=r"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b.x), "r"(b.y), "r"(0));
#endif
}

// Launch: blocks of B1_WARPS * 32 = 128 threads; grid = (ceil(nq / B1_QUERIES_PER_BLOCK), splits). Warp w of
// block (x, y) holds the A fragments of queries x*256 + w*64 .. +63 (four 16-row tiles) in registers for the
// whole kernel and walks the 8-column train tiles [y*tiles_per_split, min(ceil(nt/8), (y+1)*tiles_per_split)),
// 4 mma per tile. Fragments are read straight from global memory (the four warps of a block read the same
// tile at about the same time: L1 hits; the whole packed train set of 16384 descriptors is 576 KB and stays in
// L2), with the next tile's loads issued before the current tile's math. At the end the four lanes of a
// group, which saw columns 2t and 2t+1 of every tile, merge their best two with two shuffles, and lane t = 0
// writes partial[y * nq + query] = (k1, k2) as real keys. No shared memory, no block barrier.
//
// On GPUs below sm_80 (no .and.popc) the kernel traps; the host uses hamming_knn_popc there.
extern "C" __global__ void __launch_bounds__(B1_WARPS * 32)
hamming_knn_b1(const uint32_t* __restrict__ query, int nq, const uint2* __restrict__ frag,
               const uint2* __restrict__ colterm2, int nt, int tiles_per_split, uint2* __restrict__ partial)
{
#if __CUDA_ARCH__ >= 800
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int g = lane >> 2, t = lane & 3;
    const int qbase = blockIdx.x * B1_QUERIES_PER_BLOCK + warp * B1_QUERIES_PER_WARP;
    if (qbase >= nq)  // uniform per warp; there is no block barrier
        return;

    uint32_t a[B1_MTILES][4];
#pragma unroll
    for (int m = 0; m < B1_MTILES; m++) {
        const int r0 = qbase + 16 * m + g, r1 = r0 + 8;
        a[m][0] = r0 < nq ? query[(size_t)r0 * 8 + t] : 0u;
        a[m][1] = r1 < nq ? query[(size_t)r1 * 8 + t] : 0u;
        a[m][2] = r0 < nq ? query[(size_t)r0 * 8 + t + 4] : 0u;
        a[m][3] = r1 < nq ? query[(size_t)r1 * 8 + t + 4] : 0u;
    }
    uint32_t k1[B1_MTILES][2], k2[B1_MTILES][2];
#pragma unroll
    for (int m = 0; m < B1_MTILES; m++)
        k1[m][0] = k1[m][1] = k2[m][0] = k2[m][1] = KEY_NONE;

    const int tiles = (nt + 7) >> 3;
    const int tbegin = blockIdx.y * tiles_per_split;
    const int tend = min(tiles, tbegin + tiles_per_split);
    if (tbegin < tend) {
        uint2 b = __ldg(&frag[(size_t)tbegin * 32 + lane]);
        uint2 ct = __ldg(&colterm2[(size_t)tbegin * 4 + t]);
#pragma unroll 2
        for (int tile = tbegin; tile < tend; tile++) {
            uint2 bn = make_uint2(0, 0), ctn = make_uint2(KEY_NONE, KEY_NONE);
            if (tile + 1 < tend) {
                bn = __ldg(&frag[(size_t)(tile + 1) * 32 + lane]);
                ctn = __ldg(&colterm2[(size_t)(tile + 1) * 4 + t]);
            }
#pragma unroll
            for (int m = 0; m < B1_MTILES; m++) {
                int c[4];
                mma_b1_and(a[m], b, c);
                best2_push(ct.x - ((uint32_t)c[0] << 23), k1[m][0], k2[m][0]);
                best2_push(ct.y - ((uint32_t)c[1] << 23), k1[m][0], k2[m][0]);
                best2_push(ct.x - ((uint32_t)c[2] << 23), k1[m][1], k2[m][1]);
                best2_push(ct.y - ((uint32_t)c[3] << 23), k1[m][1], k2[m][1]);
            }
            b = bn;
            ct = ctn;
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
            // popcount of the row: this lane holds words t and t+4 of it
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
