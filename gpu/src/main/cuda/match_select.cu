// Matching stage, selection: merges the per-split best-two keys of every query (hamming_knn.cu or
// hamming_b1.cu), applies the filters of the CPU matcher (distance limit, Lowe's ratio test, mutual check) and
// compacts the kept matches in increasing query order, deterministically, into one buffer that the host
// downloads with a single copy.
//
// Rules and output layout (a count, then 32-byte records): match_decide.cuh. Small sets on the tensor-core
// path skip this file: match_fused.cu does search, merge and selection in one launch.
#include <cstdint>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include "match_decide.cuh"

// Threads per block of both kernels; the host launches them with this block size and the same grid.
#define SELECT_BLOCK 256

// Large sets, first of two kernels. Launch: blocks of SELECT_BLOCK threads, one query per thread;
// grid = ceil(nq / SELECT_BLOCK). Writes result[i] = decide_query(i) and the block's number of kept matches to
// block_counts[blockIdx.x] (__syncthreads_count).
extern "C" __global__ void __launch_bounds__(SELECT_BLOCK)
match_decide(const uint2* __restrict__ partial, int splits, int nq, const uint2* __restrict__ mutual_partial,
             int mutual_splits, int nt, double ratio, int max_distance, uint4* __restrict__ result,
             int* __restrict__ block_counts)
{
    const int i = blockIdx.x * SELECT_BLOCK + threadIdx.x;
    int keep = 0;
    if (i < nq) {
        const uint4 r = decide_query(i, partial, splits, nq, mutual_partial, mutual_splits, nt, ratio, max_distance);
        keep = (int)r.w;
        result[i] = r;
    }
    const int count = __syncthreads_count(keep);
    if (threadIdx.x == 0)
        block_counts[blockIdx.x] = count;
}

// Large sets, second kernel. Launch: the grid of match_decide (blocks of SELECT_BLOCK threads, grid = ceil(nq / SELECT_BLOCK)), after it
// on the same stream. Block b starts writing at the sum of block_counts[0 .. b-1] (a block reduction: at most
// a few hundred counts), ranks its own kept queries with a block exclusive scan and writes their records, so
// that the list is in query order whatever the scheduling. The last block writes the total to out[0].
// with_xy = 0: query_xy / train_xy are not read (coordinates written as zero).
extern "C" __global__ void __launch_bounds__(SELECT_BLOCK)
match_compact(const uint4* __restrict__ result, const int* __restrict__ block_counts, int nq,
              const float2* __restrict__ query_xy, const float2* __restrict__ train_xy, int with_xy,
              int* __restrict__ out)
{
    using BlockReduce = cub::BlockReduce<int, SELECT_BLOCK>;
    using BlockScan = cub::BlockScan<int, SELECT_BLOCK>;
    __shared__ union {
        typename BlockReduce::TempStorage reduce;
        typename BlockScan::TempStorage scan;
    } temp;
    __shared__ int s_offset;

    int before = 0;
    for (int b = threadIdx.x; b < (int)blockIdx.x; b += SELECT_BLOCK)
        before += block_counts[b];
    before = BlockReduce(temp.reduce).Sum(before);  // valid in thread 0
    if (threadIdx.x == 0)
        s_offset = before;
    __syncthreads();  // s_offset visible; temp free for the scan
    const int offset = s_offset;

    const int i = blockIdx.x * SELECT_BLOCK + threadIdx.x;
    const uint4 r = i < nq ? result[i] : make_uint4(0, 0, 0, 0);
    const int flag = (int)r.w;
    int rank, total;
    BlockScan(temp.scan).ExclusiveSum(flag, rank, total);
    if (flag)
        write_record(out, offset + rank, i, r, query_xy, train_xy, with_xy);
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0)
        out[0] = offset + total;
}

// Threads of match_select_small's single block.
#define SMALL_BLOCK 1024

// Small sets (the host uses it up to a few thousand queries): decide and compact in one launch. Launch: ONE
// block of SMALL_BLOCK threads; it walks the queries SMALL_BLOCK at a time (thread x takes query base + x),
// ranks the kept ones of each chunk with a block exclusive scan and appends their records after those of the
// previous chunks, so the list is in query order. Parameters as match_decide and match_compact.
extern "C" __global__ void __launch_bounds__(SMALL_BLOCK)
match_select_small(const uint2* __restrict__ partial, int splits, int nq, const uint2* __restrict__ mutual_partial,
                   int mutual_splits, int nt, double ratio, int max_distance, const float2* __restrict__ query_xy,
                   const float2* __restrict__ train_xy, int with_xy, int* __restrict__ out)
{
    using BlockScan = cub::BlockScan<int, SMALL_BLOCK>;
    __shared__ typename BlockScan::TempStorage temp;
    int offset = 0;
    for (int base = 0; base < nq; base += SMALL_BLOCK) {
        const int i = base + threadIdx.x;
        uint4 r = make_uint4(0, 0, 0, 0);
        if (i < nq)
            r = decide_query(i, partial, splits, nq, mutual_partial, mutual_splits, nt, ratio, max_distance);
        int rank, total;
        BlockScan(temp).ExclusiveSum((int)r.w, rank, total);
        if (r.w)
            write_record(out, offset + rank, i, r, query_xy, train_xy, with_xy);
        offset += total;
        __syncthreads();  // temp is reused by the next chunk's scan
    }
    if (threadIdx.x == 0)
        out[0] = offset;
}
