// Selection rules shared by match_select.cu (two-launch path) and match_fused.cu (one-launch path): the
// filters of the CPU matcher on a query's best two keys, and the output record of a kept match.
//
// Output buffer (int32): out[0] = number of kept matches, out[1..3] unused, then one 32-byte record per kept
// match from out + 4: query index, train index, distance, second distance (NO_SECOND_DISTANCE when the query
// had one candidate), query x, query y, train x, train y (float bits; zero when the caller gave no positions).
#pragma once
#include <cstdint>
#include "match_common.cuh"

// The mutual check: query i matched to train j is kept only if j's nearest query (the best key of the
// swapped pass over j) is i.
__device__ __forceinline__ bool mutual_ok(uint32_t nearest_query_key, int i)
{
    return nearest_query_key != KEY_NONE && (int)(nearest_query_key & KEY_INDEX_MASK) == i;
}

// Distance limit and Lowe's ratio test (when ratio < 1, in double as the CPU does: keep when there is no
// second candidate or d1 < ratio * d2), on a query's best two keys k1 <= k2, k1 != KEY_NONE.
__device__ __forceinline__ bool keep_keys(uint32_t k1, uint32_t k2, double ratio, int max_distance)
{
    const int d1 = (int)(k1 >> KEY_INDEX_BITS);
    bool keep = d1 <= max_distance;
    if (keep && ratio < 1.0 && k2 != KEY_NONE)
        keep = (double)d1 < ratio * (double)(int)(k2 >> KEY_INDEX_BITS);
    return keep;
}

// The decision for query i from its merged best two keys (k1 <= k2): (train, d1, d2, keep), all zero when
// i had no candidate. With the mutual check (mutual_splits > 0) it merges the best key of train j = best train
// of i over mutual_partial[s * nt + j].x, s < mutual_splits (the swapped pass), and keeps i only if that
// train's nearest query is i.
__device__ __forceinline__ uint4 decide_keys(int i, uint32_t k1, uint32_t k2, const uint2* __restrict__ mutual_partial,
                                             int mutual_splits, int nt, double ratio, int max_distance)
{
    if (k1 == KEY_NONE)
        return make_uint4(0, 0, 0, 0);
    const int j = (int)(k1 & KEY_INDEX_MASK);
    const int d1 = (int)(k1 >> KEY_INDEX_BITS);
    const int d2 = k2 == KEY_NONE ? NO_SECOND_DISTANCE : (int)(k2 >> KEY_INDEX_BITS);
    bool keep = keep_keys(k1, k2, ratio, max_distance);
    if (keep && mutual_splits > 0) {
        uint32_t m = KEY_NONE;
        for (int s = 0; s < mutual_splits; s++)
            m = min(m, mutual_partial[(size_t)s * nt + j].x);
        keep = mutual_ok(m, i);
    }
    return make_uint4((uint32_t)j, (uint32_t)d1, (uint32_t)d2, keep ? 1u : 0u);
}

// The decision for query i: merges partial[s * nq + i] over s < splits (the per-split best twos of the
// search), then decide_keys.
__device__ __forceinline__ uint4 decide_query(int i, const uint2* __restrict__ partial, int splits, int nq,
                                              const uint2* __restrict__ mutual_partial, int mutual_splits, int nt,
                                              double ratio, int max_distance)
{
    uint32_t k1 = KEY_NONE, k2 = KEY_NONE;
    for (int s = 0; s < splits; s++) {
        const uint2 p = partial[(size_t)s * nq + i];
        best2_merge(p.x, p.y, k1, k2);
    }
    return decide_keys(i, k1, k2, mutual_partial, mutual_splits, nt, ratio, max_distance);
}

// Writes kept match number `slot` (query i, decision r) as one 32-byte record.
__device__ __forceinline__ void write_record(int* __restrict__ out, int slot, int i, uint4 r,
                                             const float2* __restrict__ query_xy,
                                             const float2* __restrict__ train_xy, int with_xy)
{
    float2 qxy = make_float2(0.f, 0.f), txy = qxy;
    if (with_xy) {
        qxy = query_xy[i];
        txy = train_xy[r.x];
    }
    int4* record = reinterpret_cast<int4*>(out + 4 + 8 * (size_t)slot);
    record[0] = make_int4(i, (int)r.x, (int)r.y, (int)r.z);
    record[1] = make_int4(__float_as_int(qxy.x), __float_as_int(qxy.y), __float_as_int(txy.x), __float_as_int(txy.y));
}

