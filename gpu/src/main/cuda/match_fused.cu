// Matching, small sets in ONE launch (tensor-core path, no search window): the k = 2 search (and the mutual
// check's swapped search), the merge of the train splits, the filters and the ordered compaction.
//
// Why: below a few thousand queries the match is latency-bound. 2000 x 2000 is 4M pairs, about 10 us of
// binary tensor-core work spread over the GPU, while the two-launch path (hamming_b1.cu + match_select.cu)
// pays two kernel launches, a grid of only 8 query blocks (64 queries per warp) times the splits, and a
// single-block selection that merges every query's per-split partial results from memory, split after split.
// Here:
//   - 16 queries per warp (one m16 tile, b1_warp_best2<1>) and 8 warps per block: 128 queries per block, so
//     2000 queries are 16 row blocks, and the train set is split so that the grid is about FUSED_BLOCKS_PER_SM
//     blocks per multiprocessor (host: CudaHammingMatcher.planFused), one wave;
//   - the splits merge in place through atomics on one 8-byte slot per query (below), not through a
//     partial[split][query] array that a later kernel would have to read back;
//   - the last block to finish (a ticket from a global atomic counter after __threadfence, the "last block
//     done" pattern) merges nothing more: it reads each query's final best two, decides, and compacts in query
//     order with one block scan (deterministic whatever the order the blocks ran in); then it clears the slots
//     and the counter for the next call, so no memset launch is needed between calls.
// The host then downloads the result with one async copy on the same stream.
//
// Merging best twos with atomics. slots[q] = (s1, s2), both KEY_NONE before the launch. A block's warp
// holds the best two (k1 <= k2) of query q over its split; it does
//     old = atomicMin(&s1, k1);   atomicMin(&s2, min(max(old, k1), k2)).
// Every atomicMin on s1 turns {old, k1} into {new s1, max(old, k1)}, so the values sent to s2 by all of them,
// with the final s1, are exactly {KEY_NONE} and every k1: all k1 but the smallest reach s2, and so does every
// k2. The final s2 is then the smallest of the union minus its minimum: the second best, whatever the order
// of the atomics. Keys are distinct (match_common.cuh), so the result equals the sequential merge bit for bit.
// The mutual pass (rows = train, columns = queries) needs only each train's best query key: one atomicMin
// on mslots[j].
//
// Limits: nq <= FUSED_MAX_QUERIES (each of the FUSED_BLOCK threads of the last block decides a run of at most
// 32 consecutive queries, kept as a bit mask); any nt < 2^22.
#include <cstdint>
#include <cub/block/block_scan.cuh>
#include "hamming_b1_core.cuh"
#include "match_decide.cuh"

#define FUSED_WARPS 8
#define FUSED_BLOCK (FUSED_WARPS * 32)              // 256 threads
#define FUSED_ROWS_PER_BLOCK (FUSED_WARPS * 16)     // 128 rows: one m16 tile per warp
#define FUSED_MAX_QUERIES (32 * FUSED_BLOCK)        // 8192

// The last block: decide every query and write the kept ones in query order (see the file comment). Thread x
// takes the run of queries [x * per, x * per + per), per = ceil(nq / FUSED_BLOCK) <= 32: all its loads are
// independent and in flight together (one L2 round trip for the slots, one for the mutual lookups) where a
// strided walk over 256-query chunks would pay a scan and a round trip per chunk. Slots are read with ld.cg
// (L2): they were written by other blocks' atomics, and L1 is not coherent.
__device__ __forceinline__ void fused_select(int nq, int nt, int mutual, double ratio, int max_distance,
                                             const float2* __restrict__ query_xy, const float2* __restrict__ train_xy,
                                             int with_xy, uint2* slots, uint32_t* mslots, int* __restrict__ out)
{
    using BlockScan = cub::BlockScan<int, FUSED_BLOCK>;
    __shared__ typename BlockScan::TempStorage temp;

    const int per = (nq + FUSED_BLOCK - 1) / FUSED_BLOCK;
    const int begin = min(nq, (int)threadIdx.x * per);
    const int end = min(nq, begin + per);
    uint32_t kept = 0;  // bit k: query begin + k is kept
#pragma unroll 8
    for (int i = begin; i < end; i++) {
        const uint2 s = __ldcg(&slots[i]);
        bool keep = s.x != KEY_NONE && keep_keys(s.x, s.y, ratio, max_distance);
        if (keep && mutual)
            keep = mutual_ok(__ldcg(&mslots[s.x & KEY_INDEX_MASK]), i);
        kept |= (keep ? 1u : 0u) << (i - begin);
    }
    int rank, total;
    BlockScan(temp).ExclusiveSum(__popc(kept), rank, total);
    for (uint32_t m = kept; m != 0; m &= m - 1) {
        const int i = begin + __ffs(m) - 1;
        const uint2 s = __ldcg(&slots[i]);
        const uint32_t d2 = s.y == KEY_NONE ? (uint32_t)NO_SECOND_DISTANCE : s.y >> KEY_INDEX_BITS;
        write_record(out, rank++, i, make_uint4(s.x & KEY_INDEX_MASK, s.x >> KEY_INDEX_BITS, d2, 1u),
                     query_xy, train_xy, with_xy);
    }
    __syncthreads();  // every slot has been read: clear them for the next call (coalesced)
    for (int i = threadIdx.x; i < nq; i += FUSED_BLOCK)
        slots[i] = make_uint2(KEY_NONE, KEY_NONE);
    if (mutual)
        for (int j = threadIdx.x; j < nt; j += FUSED_BLOCK)
            mslots[j] = KEY_NONE;
    if (threadIdx.x == 0)
        out[0] = total;
}

// Launch: 1-D grid of q_row_blocks * q_splits + m_row_blocks * m_splits blocks of FUSED_BLOCK threads, where
// q_row_blocks = ceil(nq / FUSED_ROWS_PER_BLOCK), m_row_blocks = ceil(nt / FUSED_ROWS_PER_BLOCK) and
// m_splits = 0 without the mutual check. Block b < q_row_blocks * q_splits searches query rows
// (b / q_splits) * 128 .. +127 against train tiles [(b % q_splits) * q_tiles_per_split, +q_tiles_per_split);
// the others do the same for the swapped pass (train rows against query tiles, m_*). Warp w takes rows
// +16w .. +16w+15. slots (nq uint2), mslots (nt uint32) must hold KEY_NONE and *counter 0 before the launch;
// the kernel leaves them so. Output: match_decide.cuh. with_xy = 0: positions are not read.
extern "C" __global__ void __launch_bounds__(FUSED_BLOCK)
match_fused_b1(const uint2* __restrict__ query, int nq, const uint2* __restrict__ train, int nt,
               int q_splits, int q_tiles_per_split, int m_splits, int m_tiles_per_split,
               double ratio, int max_distance, const float2* __restrict__ query_xy,
               const float2* __restrict__ train_xy, int with_xy, uint2* slots, uint32_t* mslots,
               unsigned int* counter, int* __restrict__ out)
{
#if __CUDA_ARCH__ >= 800
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int g = lane >> 2, t = lane & 3;
    const int q_blocks = ((nq + FUSED_ROWS_PER_BLOCK - 1) / FUSED_ROWS_PER_BLOCK) * q_splits;
    const bool swapped = (int)blockIdx.x >= q_blocks;
    const int b = swapped ? (int)blockIdx.x - q_blocks : (int)blockIdx.x;
    const int splits = swapped ? m_splits : q_splits;
    const int tiles_per_split = swapped ? m_tiles_per_split : q_tiles_per_split;
    const uint2* rows = swapped ? train : query;
    const uint2* cols = swapped ? query : train;
    const int nrows = swapped ? nt : nq, ncols = swapped ? nq : nt;
    const int rbase = (b / splits) * FUSED_ROWS_PER_BLOCK + warp * 16;
    if (rbase < nrows) {  // uniform per warp; no early return: every thread reaches the barriers below
        const int tbegin = (b % splits) * tiles_per_split;
        const int tend = min((ncols + 7) >> 3, tbegin + tiles_per_split);
        uint32_t k1[1][2], k2[1][2];
        b1_warp_best2<1>(rows, nrows, rbase, cols, ncols, tbegin, tend, k1, k2);
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const int r = rbase + 8 * h + g;
            if (t == 0 && r < nrows && k1[0][h] != KEY_NONE) {
                if (swapped) {
                    atomicMin(&mslots[r], k1[0][h]);
                } else {
                    unsigned int* s = reinterpret_cast<unsigned int*>(&slots[r]);
                    const uint32_t old = atomicMin(&s[0], k1[0][h]);
                    atomicMin(&s[1], min(max(old, k1[0][h]), k2[0][h]));
                }
            }
        }
    }

    // Last block done. Each thread's atomics are made visible device-wide (fence) before the barrier, and
    // thread 0 fences again before taking the ticket (the cooperative-groups grid-sync order), so the block
    // that draws the last ticket sees every other block's atomics.
    __shared__ bool s_last;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        s_last = atomicAdd(counter, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (!s_last)
        return;
    __threadfence();  // the other blocks' results are seen by the loads that follow
    if (threadIdx.x == 0)
        *counter = 0;
    fused_select(nq, nt, m_splits > 0, ratio, max_distance, query_xy, train_xy, with_xy, slots, mslots, out);
#else
    __trap();
#endif
}
