// Matching stage, straightforward path: two nearest train descriptors of every query by Hamming distance with
// XOR + __popc, on any GPU (sm_75+). It also runs the search-window mode and, with the roles of the two sets
// swapped, the mutual check's pass (each train descriptor's nearest query: the best key of the swapped pass,
// lower query index on ties). Descriptors are 32 bytes (8 little-endian uint32 words) per row, read as two
// uint4 each.
//
// Output: per (split, query) the running best two as keys (match_common.cuh), partial[split * nq + query],
// merged and filtered by match_decide (match_select.cu).
#include <cstdint>
#include "match_common.cuh"

// Threads per block: one query per thread.
#define POPC_BLOCK 128
// Train descriptors staged in shared memory per step (32 bytes each: 4 KB, plus 1 KB of positions).
#define POPC_TILE 128

// Launch: blocks of POPC_BLOCK threads; grid = (ceil(nq / POPC_BLOCK), splits). Block (x, y) handles queries
// x*POPC_BLOCK .. +POPC_BLOCK-1 against train descriptors [y*train_per_split, min(nt, (y+1)*train_per_split)).
// Each thread keeps its query's 8 words in registers; the block stages POPC_TILE train descriptors at a time
// in shared memory (coalesced: consecutive threads load consecutive 32-byte rows) and every thread then reads
// the same row (a shared-memory broadcast, no bank conflict), so each candidate costs 2 LDS.128, 8 XOR,
// 8 POPC, the adds and 3 min/max.
//
// window: 0 = every train descriptor is a candidate; 1 = query_xy are the queries' predicted positions and
// train_xy the train keypoints (candidates: in_window(train_xy[j], query_xy[i])); 2 = the swapped mutual pass
// of window mode: query_xy are the train keypoints and train_xy the predicted positions of the real queries
// (in_window(query_xy[i], train_xy[j])), the same test on the same pair. Position pointers may be null when
// window == 0.
extern "C" __global__ void __launch_bounds__(POPC_BLOCK)
hamming_knn_popc(const uint4* __restrict__ query, int nq, const uint4* __restrict__ train, int nt,
                 int train_per_split, const float2* __restrict__ query_xy, const float2* __restrict__ train_xy,
                 int window, double radius2, uint2* __restrict__ partial)
{
    __shared__ uint4 s_desc[2 * POPC_TILE];
    __shared__ float2 s_xy[POPC_TILE];

    const int i = blockIdx.x * POPC_BLOCK + threadIdx.x;
    const bool active = i < nq;
    uint4 a0 = make_uint4(0, 0, 0, 0), a1 = a0;
    float2 qxy = make_float2(0.f, 0.f);
    if (active) {
        a0 = query[2 * (size_t)i];
        a1 = query[2 * (size_t)i + 1];
        if (window != 0)
            qxy = query_xy[i];
    }
    const int begin = blockIdx.y * train_per_split;
    const int end = min(nt, begin + train_per_split);
    uint32_t k1 = KEY_NONE, k2 = KEY_NONE;

    for (int base = begin; base < end; base += POPC_TILE) {
        const int n = min(POPC_TILE, end - base);
        __syncthreads();  // the previous tile has been read by every thread
        for (int k = threadIdx.x; k < n; k += POPC_BLOCK) {
            s_desc[2 * k] = train[2 * (size_t)(base + k)];
            s_desc[2 * k + 1] = train[2 * (size_t)(base + k) + 1];
            if (window != 0)
                s_xy[k] = train_xy[base + k];
        }
        __syncthreads();
        if (window == 0) {
#pragma unroll 4
            for (int k = 0; k < n; k++) {
                const uint4 b0 = s_desc[2 * k], b1 = s_desc[2 * k + 1];
                const int d = __popc(a0.x ^ b0.x) + __popc(a0.y ^ b0.y) + __popc(a0.z ^ b0.z) + __popc(a0.w ^ b0.w)
                            + __popc(a1.x ^ b1.x) + __popc(a1.y ^ b1.y) + __popc(a1.z ^ b1.z) + __popc(a1.w ^ b1.w);
                best2_push(make_key(d, base + k), k1, k2);
            }
        } else {
            for (int k = 0; k < n; k++) {
                const bool inside = window == 1 ? in_window(s_xy[k], qxy, radius2) : in_window(qxy, s_xy[k], radius2);
                if (!inside)
                    continue;
                const uint4 b0 = s_desc[2 * k], b1 = s_desc[2 * k + 1];
                const int d = __popc(a0.x ^ b0.x) + __popc(a0.y ^ b0.y) + __popc(a0.z ^ b0.z) + __popc(a0.w ^ b0.w)
                            + __popc(a1.x ^ b1.x) + __popc(a1.y ^ b1.y) + __popc(a1.z ^ b1.z) + __popc(a1.w ^ b1.w);
                best2_push(make_key(d, base + k), k1, k2);
            }
        }
    }
    if (active)
        partial[(size_t)blockIdx.y * nq + i] = make_uint2(k1, k2);
}
