// Shared by the matching kernels (hamming_knn.cu, hamming_b1.cu, match_select.cu, match_predict.cu).
//
// A candidate is one 32-bit key: (Hamming distance << 22) | train index. Ordering keys orders candidates by
// distance and, on equal distances, by lower train index, which is exactly the CPU matcher's (and OpenCV's)
// tie rule. Keys of distinct candidates are distinct, so the running best two of a query are two
// min/max operations per candidate with no branch, and partial results of any split of the train set merge
// exactly (best2_merge). Limits: distance <= 256 (9 bits, ORB is 256 bits) and index < 2^22 (4,194,304
// descriptors per set, checked on the host).
#pragma once
#include <cstdint>

#define KEY_INDEX_BITS 22
#define KEY_INDEX_MASK ((1u << KEY_INDEX_BITS) - 1u)
// "no candidate": larger than any real key (max real key is (256 << 22) | (2^22 - 1) < 2^31)
#define KEY_NONE 0xFFFFFFFFu
// d2 written for a query with a single candidate: Java's Matches.NO_SECOND (Integer.MAX_VALUE)
#define NO_SECOND_DISTANCE 0x7FFFFFFF

__device__ __forceinline__ uint32_t make_key(int distance, int index)
{
    return ((uint32_t)distance << KEY_INDEX_BITS) | (uint32_t)index;
}

// Adds one candidate to a running best-two (k1 <= k2).
__device__ __forceinline__ void best2_push(uint32_t key, uint32_t& k1, uint32_t& k2)
{
    k2 = min(k2, max(k1, key));
    k1 = min(k1, key);
}

// Merges another best-two (o1 <= o2) into (k1 <= k2): the two smallest of the union.
__device__ __forceinline__ void best2_merge(uint32_t o1, uint32_t o2, uint32_t& k1, uint32_t& k2)
{
    k2 = min(max(k1, o1), min(k2, o2));
    k1 = min(k1, o1);
}

// The search-window test of the CPU matcher, bit for bit: a train keypoint is a candidate of a query when
// both the keypoint and the query's predicted position are finite and dx^2 + dy^2 <= radius^2, computed in
// double with dx = train.x - predicted.x. The explicit _rn intrinsics keep nvcc from contracting the sum
// of products into an FMA, which Java does not do.
__device__ __forceinline__ bool in_window(float2 train_xy, float2 predicted, double radius2)
{
    if (!isfinite(predicted.x) || !isfinite(predicted.y) || !isfinite(train_xy.x) || !isfinite(train_xy.y))
        return false;
    const double dx = __dsub_rn((double)train_xy.x, (double)predicted.x);
    const double dy = __dsub_rn((double)train_xy.y, (double)predicted.y);
    return __dadd_rn(__dmul_rn(dx, dx), __dmul_rn(dy, dy)) <= radius2;
}
