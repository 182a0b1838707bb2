// SIFT stage 4 (gpu/SIFT.md section 7): keep the maxFeatures strongest features by response and give each its
// place in the output, response descending, ties by lower y, then lower x, then lower angle.
//
// sift_select_threshold (one block) histograms the responses by the top bits of their float patterns (the order of
// non-negative floats), finds the bin that holds the maxFeatures-th strongest feature, and lists the candidates:
// every feature in that bin or above (all features when there are at most maxFeatures). Everything below is out.
// sift_select_rank then ranks the candidates exactly: a candidate's rank is the number of candidates before it in the
// output order (its full key), counted in parallel over tiles of candidate pairs and added up with integer atomics;
// equal keys (which sift_extrema's claims leave only to distinct extrema that happen to share a response and a
// position) are ordered by their place in the candidate list. sift_descriptor describes the candidates of rank <
// maxFeatures into output slot = rank. Nothing here needs the host: the counts stay on the device. The feature list is
// in the order the atomics of the frame's orientation launches gave (two of them, on the two branches of the frame's
// graph, may interleave): the threshold, the candidate set and each rank depend only on the keys, so the output order
// does not depend on it (equal keys would take two distinct extrema of the same response and position: not seen in
// practice).
#include "sift_common.cuh"

#define SELECT_THREADS 1024
#define RANK_THREADS 128
// candidates compared with per unit of work: small, so that a frame's ~2000 candidates make several hundred short
// units (16 x 63 for 2000) for the grid's blocks instead of a few long ones, whose latency bounds the ranking
#define RANK_CHUNK 32

// Launch: exactly one block of SELECT_THREADS (1024) threads; static shared memory 32 KB (the histogram) + 4 KB.
extern "C" __global__ void __launch_bounds__(SELECT_THREADS)
sift_select_threshold(SiftParams params, const float4* __restrict__ keys, int* __restrict__ candidates,
                      int* __restrict__ counters)
{
    __shared__ int histogram[SIFT_SELECT_BINS];
    __shared__ int above[SELECT_THREADS];
    __shared__ int thresholdBin, candidateCount;
    const int t = threadIdx.x;
    const int n = min(counters[Z_FEATURES], params.featureCapacity), k = params.maxFeatures;
    for (int b = t; b < SIFT_SELECT_BINS; b += SELECT_THREADS)
        histogram[b] = 0;
    if (t == 0) {
        thresholdBin = 0;
        candidateCount = 0;
    }
    __syncthreads();
    if (n > k) {
        for (int i = t; i < n; i += SELECT_THREADS)
            atomicAdd(&histogram[sift_response_bin(keys[i].x)], 1);
        __syncthreads();
        // thread t owns the bins [8t, 8t + 8); above[t] becomes the count of all bins above them
        constexpr int per = SIFT_SELECT_BINS / SELECT_THREADS;
        int own = 0;
        for (int b = 0; b < per; b++)
            own += histogram[per * t + b];
        above[t] = own;
        __syncthreads();
        // inclusive scan from the top (Hillis-Steele over the 1024 partial counts)
        for (int d = 1; d < SELECT_THREADS; d <<= 1) {
            const int add = t + d < SELECT_THREADS ? above[t + d] : 0;
            __syncthreads();
            above[t] += add;
            __syncthreads();
        }
        const int inclusive = above[t], exclusive = inclusive - own;
        if (exclusive < k && inclusive >= k) {
            int cumulative = exclusive;
            for (int b = per * t + per - 1; b >= per * t; b--) {
                cumulative += histogram[b];
                if (cumulative >= k) {
                    thresholdBin = b;
                    break;
                }
            }
        }
        __syncthreads();
    }
    const int threshold = thresholdBin;
    for (int i = t; i < n; i += SELECT_THREADS)
        if (sift_response_bin(keys[i].x) >= threshold)
            candidates[atomicAdd(&candidateCount, 1)] = i;
    __syncthreads();
    if (t == 0) {
        counters[Z_CANDIDATES] = candidateCount;
        counters[Z_SELECTED] = min(n, k);
        counters[Z_THRESHOLD_BIN] = threshold;
    }
}

// Launch: 1-D grid of any number of blocks of RANK_THREADS (128) threads (a few per multiprocessor); the blocks
// stride over the tiles (RANK_THREADS candidates ranked) x (RANK_CHUNK candidates compared with, staged in shared
// memory), so the grid is fixed while the candidate count stays on the device. ranks (zeroed by the frame's memset)
// receive each tile's count with one atomic add per candidate.
extern "C" __global__ void __launch_bounds__(RANK_THREADS)
sift_select_rank(const float4* __restrict__ keys, const int* __restrict__ candidates, int* __restrict__ counters)
{
    __shared__ float4 chunk[RANK_CHUNK];
    int* ranks = counters + Z_RANKS;
    const int m = counters[Z_CANDIDATES];
    const int rowTiles = (m + RANK_THREADS - 1) / RANK_THREADS, chunks = (m + RANK_CHUNK - 1) / RANK_CHUNK;
    for (int unit = blockIdx.x; unit < rowTiles * chunks; unit += gridDim.x) {
        const int rowTile = unit / chunks, c0 = (unit - rowTile * chunks) * RANK_CHUNK;
        const int cn = min(RANK_CHUNK, m - c0);
        __syncthreads();  // the previous unit is done with the chunk
        if ((int)threadIdx.x < cn)
            chunk[threadIdx.x] = keys[candidates[c0 + threadIdx.x]];
        __syncthreads();
        const int i = rowTile * RANK_THREADS + threadIdx.x;
        if (i >= m)
            continue;
        const float4 me = keys[candidates[i]];
        int before = 0;
        for (int j = 0; j < cn; j++) {
            const float4 o = chunk[j];
            const bool first = sift_before(o.x, o.y, o.z, o.w, me.x, me.y, me.z, me.w);
            const bool equal = o.x == me.x && o.y == me.y && o.z == me.z && o.w == me.w;
            before += first || (equal && c0 + j < i);
        }
        if (before)
            atomicAdd(&ranks[i], before);
    }
}
