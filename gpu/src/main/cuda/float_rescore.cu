// Float-descriptor matching, stage 3: the exact FP32 decision on the candidates of float_tiles.cu. For every
// query: merge its per-split candidate lists into its FLOAT_CANDIDATES best by approximate key, compute their
// exact squared distances (float_match_common.cuh: FloatDescriptors.squaredDistance bit for bit), take the best
// (lower train index on equal distances) and the second best; with the mutual check, likewise the exact nearest
// query of that best train among the train's own candidates; then the CPU matcher's filters (distance limit in
// scaled units, Lowe's ratio on the Euclidean distances in double, mutual). The output is match_select.cu's
// per-query decision (train, d1, d2, keep) and per-256-query kept counts, which its match_compact kernel turns
// into the ordered list the host downloads.
//
// When does this differ from an FP32 brute force? Only when a query's true nearest or second-nearest train (or a
// train's true nearest query) is not among the FLOAT_CANDIDATES best by the FP16 key: the FP16 error of a
// squared distance is about 1e-4 for unit SIFT vectors, so that takes three or more other trains within about
// that of the true second-nearest. The GPU test measures how often it happens on SIFT-like sets.
#include <cstdint>
#include "float_match_common.cuh"
#include "float_mma.cuh"
#include "match_common.cuh"

// Queries per block: 16 (64 threads, FLOAT_CANDIDATES lanes per query), so that 4096 queries make 256 blocks, two per
// multiprocessor of an H100, and a block's rows fit the 48 KB of static shared memory.
//
// Why rows go through shared memory: the kernel is latency bound (about 4 warps per multiprocessor), and what its
// warps waited for was the rows: a lane reading its own train row makes a warp's 16-byte load touch 32 rows, 32 L1
// misses served one by one (docs/measurements.md has the profile). So every row (the block's queries, contiguous,
// and each candidate's train) is copied whole by a warp, 32 lanes x 16 bytes, one line per 128 bytes, with cp.async
// into shared memory; the lanes then sum in order from there. The split lists are then merged by the group's lanes
// together (merge_splits), not each lane inserting all 16 entries.
#define RESCORE_QUERIES 16
// queries per kept count: the block size of match_compact (SELECT_BLOCK), which reads one count per its block
#define RESCORE_COUNT_QUERIES 256
static_assert(RESCORE_COUNT_QUERIES % RESCORE_QUERIES == 0, "a rescore block adds to exactly one kept count");
// threads per block: FLOAT_CANDIDATES lanes per query, one candidate each
#define RESCORE_THREADS (RESCORE_QUERIES * FLOAT_CANDIDATES)
static_assert(RESCORE_THREADS % 32 == 0, "whole warps copy the rows");
// floats per staged row: FLOAT_K and 16 bytes of padding, so that the 8 lanes of each phase of a 16-byte shared load,
// on 8 consecutive rows, start 16 bytes apart, in distinct banks
#define RESCORE_ROW (FLOAT_K + 4)
static_assert(FLOAT_K == 4 * 32, "a warp copies a row in one 16-byte copy per lane");

// The FLOAT_CANDIDATES best of row `row`'s lists over `splits` splits (partial[(s * nrows + row) * C + c]), in
// every lane of a group of FLOAT_CANDIDATES (aligned, consecutive lanes; `lane_in_group` = c): lane c merges splits
// c, c + 4, ... (a list is two 16-byte loads), then the group's lists are merged by two shuffle rounds. Lists of
// different splits hold different columns, so the merges give what inserting every entry would (candidate_merge).
// Every lane of the warp must call it (the shuffles); `valid` false gives the lanes empty lists.
static_assert(FLOAT_CANDIDATES == 4, "a list is read as two int4");
__device__ __forceinline__ void merge_splits(const int2* __restrict__ partial, int splits, int nrows, int row,
                                             bool valid, int lane_in_group, float (&keys)[FLOAT_CANDIDATES],
                                             int (&index)[FLOAT_CANDIDATES])
{
    candidate_clear(keys, index);
    for (int s = lane_in_group; valid && s < splits; s += FLOAT_CANDIDATES) {
        const int4* list = reinterpret_cast<const int4*>(partial + ((size_t)s * nrows + row) * FLOAT_CANDIDATES);
        const int4 u = list[0], v = list[1];
        const float ok[FLOAT_CANDIDATES] = {__int_as_float(u.x), __int_as_float(u.z), __int_as_float(v.x),
                                            __int_as_float(v.z)};
        const int oi[FLOAT_CANDIDATES] = {u.y, u.w, v.y, v.w};
        candidate_merge(keys, index, ok, oi);
    }
#pragma unroll
    for (int offset = 1; offset < FLOAT_CANDIDATES; offset <<= 1) {
        float ok[FLOAT_CANDIDATES];
        int oi[FLOAT_CANDIDATES];
#pragma unroll
        for (int k = 0; k < FLOAT_CANDIDATES; k++) {
            ok[k] = __shfl_xor_sync(0xFFFFFFFFu, keys[k], offset);
            oi[k] = __shfl_xor_sync(0xFFFFFFFFu, index[k], offset);
        }
        candidate_merge(keys, index, ok, oi);
    }
}

// index[c] without dynamic register indexing
__device__ __forceinline__ int candidate_at(const int (&index)[FLOAT_CANDIDATES], int c)
{
    int v = FLOAT_NONE;
#pragma unroll
    for (int s = 0; s < FLOAT_CANDIDATES; s++)
        if (s == c)
            v = index[s];
    return v;
}

// (d, i) lexicographic minimum over the FLOAT_CANDIDATES lanes of a group (aligned, consecutive lanes); absent
// candidates enter as (+inf, FLOAT_NONE), which loses to any real one.
__device__ __forceinline__ void group_min(float& d, int& i)
{
#pragma unroll
    for (int offset = 1; offset < FLOAT_CANDIDATES; offset <<= 1) {
        const float od = __shfl_xor_sync(0xFFFFFFFFu, d, offset);
        const int oi = __shfl_xor_sync(0xFFFFFFFFu, i, offset);
        if (candidate_less(od, oi, d, i)) {
            d = od;
            i = oi;
        }
    }
}

// Launch: blocks of RESCORE_THREADS (64) threads, grid = ceil(nq / RESCORE_QUERIES). Lanes 4q .. 4q+3 of a
// block take query blockIdx.x * RESCORE_QUERIES + q, lane c its candidate c: 4 exact distances per query run in
// parallel (each a chain of `length` dependent additions, 128 FP32 multiply-adds), then a 2-step shuffle
// reduction. q32 / t32: the float32 descriptors (rows of `length` floats, 16-byte aligned); partial0: splits0 lists
// per query (pass 0), partial1: splits1 lists per train (pass 1; splits1 = 0 without the mutual check). Writes
// result[i] = (train, d1, d2 or NO_SECOND_DISTANCE, keep) (zeros when query i has no candidate) and adds the block's
// kept queries to block_counts[i / RESCORE_COUNT_QUERIES] (match_compact's blocks; float_convert.cu zeroed them).
// Block 0 also moves the invalid-descriptor count of float_convert.cu from status[0] to out[1] (header of the
// compact output, which the host reads) and clears status[0] for the next call. Rows of FLOAT_K floats (SIFT) go
// through shared memory; other lengths are read from global memory as they are summed.
extern "C" __global__ void __launch_bounds__(RESCORE_THREADS)
float_rescore(const float* __restrict__ q32, const float* __restrict__ t32, int length, int nq, int nt,
              const int2* __restrict__ partial0, int splits0, const int2* __restrict__ partial1, int splits1,
              double ratio, int max_distance, uint4* __restrict__ result, int* __restrict__ block_counts,
              int* __restrict__ status, int* __restrict__ out)
{
    // the block's query rows, then its candidates' train rows (row 4q + c: query q's candidate c)
    __shared__ float4 staged[(RESCORE_QUERIES + RESCORE_THREADS) * RESCORE_ROW / 4];
    float* const query_rows = reinterpret_cast<float*>(staged);
    float* const train_rows = query_rows + RESCORE_QUERIES * RESCORE_ROW;

    const int c = threadIdx.x % FLOAT_CANDIDATES;
    const int q = threadIdx.x / FLOAT_CANDIDATES;
    const int first = blockIdx.x * RESCORE_QUERIES;
    const int i = first + q;
    const bool active = i < nq;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    // uniform: rows of FLOAT_K floats from 16-byte aligned bases (as the matcher's buffers always are)
    const bool staging = length == FLOAT_K && ((uintptr_t)q32 & 15) == 0 && ((uintptr_t)t32 & 15) == 0;
    if (staging) {  // in flight while the lists are merged
        for (int r = warp; r < RESCORE_QUERIES && first + r < nq; r += RESCORE_THREADS / 32)
            copy16_async(query_rows + r * RESCORE_ROW + 4 * lane, q32 + (size_t)(first + r) * FLOAT_K + 4 * lane);
    }

    float keys[FLOAT_CANDIDATES];
    int index[FLOAT_CANDIDATES];
    merge_splits(partial0, splits0, nq, i, active, c, keys, index);
    const int j = candidate_at(index, c);
    float d = INFINITY;
    if (staging) {
        // the warp's 32 candidates (its own lanes'), a row at a time
        for (int r = 0; r < 32; r++) {
            const int train = __shfl_sync(0xFFFFFFFFu, j, r);
            if (train != FLOAT_NONE)
                copy16_async(train_rows + (warp * 32 + r) * RESCORE_ROW + 4 * lane,
                             t32 + (size_t)train * FLOAT_K + 4 * lane);
        }
        copy_commit();
        copy_wait<0>();
        __syncthreads();  // every row is in shared memory
        if (j != FLOAT_NONE)
            d = exact_squared_distance(query_rows + q * RESCORE_ROW, train_rows + threadIdx.x * RESCORE_ROW, FLOAT_K);
    } else if (j != FLOAT_NONE) {
        d = exact_squared_distance(q32 + (size_t)i * length, t32 + (size_t)j * length, length);
    }
    float d1 = d;
    int j1 = j;
    group_min(d1, j1);
    float d2 = j == j1 ? INFINITY : d;  // the second best: the least distance of the other candidates
    int unused = FLOAT_NONE;
    group_min(d2, unused);

    // mutual check: the exact nearest query of train j1 among its candidates (lower query index on ties)
    int nearest = FLOAT_NONE;
    if (splits1 > 0) {
        float dm = INFINITY;
        merge_splits(partial1, splits1, nt, j1, active && j1 != FLOAT_NONE, c, keys, index);
        int m = candidate_at(index, c);
        if (m != FLOAT_NONE)
            dm = exact_squared_distance(q32 + (size_t)m * length, t32 + (size_t)j1 * length, length);
        group_min(dm, m);
        nearest = m;
    }

    bool keep = false;
    if (active && c == 0) {
        uint4 r = make_uint4(0, 0, 0, 0);
        if (j1 != FLOAT_NONE) {
            const int s1 = scaled_distance(d1);
            const bool second = d2 != INFINITY;
            keep = s1 <= max_distance;
            if (keep && ratio < 1.0 && second)
                keep = sqrt((double)d1) < ratio * sqrt((double)d2);
            if (keep && splits1 > 0)
                keep = nearest == i;
            r = make_uint4((uint32_t)j1, (uint32_t)s1, (uint32_t)(second ? scaled_distance(d2) : NO_SECOND_DISTANCE),
                           keep ? 1u : 0u);
        }
        result[i] = r;
    }
    const int kept = __syncthreads_count(keep);
    if (threadIdx.x == 0) {
        if (kept > 0)
            atomicAdd(block_counts + blockIdx.x / (RESCORE_COUNT_QUERIES / RESCORE_QUERIES), kept);
        if (blockIdx.x == 0) {
            out[1] = *status;
            *status = 0;
        }
    }
}
