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
#include "match_common.cuh"

// queries per block: 32 (128 threads), so that even 4096 queries make 128 blocks, about one per multiprocessor of
// an H100 (each thread's exact distance is a chain of dependent loads and adds: latency, not throughput, bound)
#define RESCORE_QUERIES 32
// queries per kept count: the block size of match_compact (SELECT_BLOCK), which reads one count per its block
#define RESCORE_COUNT_QUERIES 256
static_assert(RESCORE_COUNT_QUERIES % RESCORE_QUERIES == 0, "a rescore block adds to exactly one kept count");
// threads per block: FLOAT_CANDIDATES lanes per query, one candidate each
#define RESCORE_THREADS (RESCORE_QUERIES * FLOAT_CANDIDATES)

// The FLOAT_CANDIDATES best of row `row`'s lists over `splits` splits (partial[(s * nrows + row) * C + c]). A list
// is two 16-byte loads; no early exit at its first empty entry, so that the loads of several splits are in flight
// together (an empty entry, (+inf, FLOAT_NONE), is never inserted).
static_assert(FLOAT_CANDIDATES == 4, "a list is read as two int4");
__device__ __forceinline__ void merge_splits(const int2* __restrict__ partial, int splits, int nrows, int row,
                                             float (&keys)[FLOAT_CANDIDATES], int (&index)[FLOAT_CANDIDATES])
{
    candidate_clear(keys, index);
#pragma unroll 4
    for (int s = 0; s < splits; s++) {
        const int4* list = reinterpret_cast<const int4*>(partial + ((size_t)s * nrows + row) * FLOAT_CANDIDATES);
        const int4 u = list[0], v = list[1];
        candidate_insert(keys, index, __int_as_float(u.x), u.y);
        candidate_insert(keys, index, __int_as_float(u.z), u.w);
        candidate_insert(keys, index, __int_as_float(v.x), v.y);
        candidate_insert(keys, index, __int_as_float(v.z), v.w);
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

// Launch: blocks of RESCORE_THREADS (128) threads, grid = ceil(nq / RESCORE_QUERIES). Lanes 4q .. 4q+3 of a
// block take query blockIdx.x * RESCORE_QUERIES + q, lane c its candidate c: 4 exact distances per query run in
// parallel (each a chain of `length` dependent additions, 128 FP32 multiply-adds), then a 2-step shuffle
// reduction. q32 / t32: the float32 descriptors (rows of `length` floats); partial0: splits0 lists per query
// (pass 0), partial1: splits1 lists per train (pass 1; splits1 = 0 without the mutual check). Writes result[i] =
// (train, d1, d2 or NO_SECOND_DISTANCE, keep) (zeros when query i has no candidate) and adds the block's kept
// queries to block_counts[i / RESCORE_COUNT_QUERIES] (match_compact's blocks; float_convert.cu zeroed them).
// Block 0 also moves the invalid-descriptor count of float_convert.cu from status[0] to out[1] (header of the
// compact output, which the host reads) and clears status[0] for the next call.
extern "C" __global__ void __launch_bounds__(RESCORE_THREADS)
float_rescore(const float* __restrict__ q32, const float* __restrict__ t32, int length, int nq, int nt,
              const int2* __restrict__ partial0, int splits0, const int2* __restrict__ partial1, int splits1,
              double ratio, int max_distance, uint4* __restrict__ result, int* __restrict__ block_counts,
              int* __restrict__ status, int* __restrict__ out)
{
    const int c = threadIdx.x % FLOAT_CANDIDATES;
    const int i = blockIdx.x * RESCORE_QUERIES + threadIdx.x / FLOAT_CANDIDATES;
    const bool active = i < nq;

    float keys[FLOAT_CANDIDATES];
    int index[FLOAT_CANDIDATES];
    float d = INFINITY;
    int j = FLOAT_NONE;
    if (active) {
        merge_splits(partial0, splits0, nq, i, keys, index);
        j = candidate_at(index, c);
        if (j != FLOAT_NONE)
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
        int m = FLOAT_NONE;
        if (active && j1 != FLOAT_NONE) {
            merge_splits(partial1, splits1, nt, j1, keys, index);
            m = candidate_at(index, c);
            if (m != FLOAT_NONE)
                dm = exact_squared_distance(q32 + (size_t)m * length, t32 + (size_t)j1 * length, length);
        }
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
