// Search of the local map by projection: for each map point the host projected into the current frame, the
// nearest free current feature (descriptor distance) within its window, as odometry's host search decides it
// (LocalMapSearch, after ORB-SLAM2's SearchByProjection). The current frame's features never leave the device;
// only the winners come back.
//
// The rules, each as the host evaluates it so that both give the same winners:
// - a candidate is a feature marked free by the host, inside the host's 16-pixel grid ((int)(x / 16) in
//   [0, columns), the same for y), within the point's radius r (double: du*du + dv*dv <= r*r, du = x - u),
//   and of a scale alike the point's (max(a, b) <= limit * min(a, b), the feature's scale from a table by level);
// - the nearest and second-nearest Hamming distances decide (best <= max_distance, and best < ratio * second
//   unless there is no second); equal nearest distances mean no match, whatever the order they were seen in;
// - a feature wanted by several points goes to the nearest, of equals to the lowest slot: an atomicMin on
//   (distance << 32 | slot).
// -fmad=false (build-fatbin.sh) keeps du*du + dv*dv from being fused, as Java does not fuse it.
#include <cstdint>

// Threads per block of map_search_slots: one warp per slot.
#define SEARCH_BLOCK 128
#define SEARCH_WARPS (SEARCH_BLOCK / 32)
// Threads per block of map_search_compact.
#define COMPACT_BLOCK 256
#define NO_WINNER 0xFFFFFFFFFFFFFFFFull

// Launch: blocks of SEARCH_BLOCK threads, grid = ceil(slots / SEARCH_WARPS). slots: (u, v, r, scale) per slot,
// r < 0 for a slot not searched. map_words: 8 uint32 per slot (the point's ORB descriptor). positions, levels,
// words: the current frame's features (feature_count of them). winner: by feature, NO_WINNER or the best key so
// far (the host fills it with NO_WINNER once; map_search_compact restores it).
extern "C" __global__ void __launch_bounds__(SEARCH_BLOCK)
map_search_slots(const double4* __restrict__ slots, int slot_count, const uint32_t* __restrict__ map_words,
                 const float2* __restrict__ positions, const int* __restrict__ levels,
                 const uint32_t* __restrict__ words, const uint8_t* __restrict__ free_feature, int feature_count,
                 const double* __restrict__ level_scales, int level_count, double scale_limit, int columns,
                 int rows, int cell, int max_distance, double ratio, unsigned long long* __restrict__ winner)
{
    const int lane = threadIdx.x & 31;
    const int s = blockIdx.x * SEARCH_WARPS + (threadIdx.x >> 5);
    if (s >= slot_count)
        return;
    const double4 p = slots[s];
    if (!(p.z >= 0.0))
        return;
    uint32_t d[8];
    for (int w = 0; w < 8; w++)
        d[w] = map_words[8 * s + w];
    const double r2 = p.z * p.z;
    const float fcell = (float)cell;
    int best = INT32_MAX, second = INT32_MAX, best_index = -1;
    for (int i = lane; i < feature_count; i += 32) {
        if (!free_feature[i])
            continue;
        const float2 q = positions[i];
        const int cx = (int)(q.x / fcell), cy = (int)(q.y / fcell);
        if (cx < 0 || cx >= columns || cy < 0 || cy >= rows)
            continue;
        const double du = (double)q.x - p.x, dv = (double)q.y - p.y;
        if (du * du + dv * dv > r2)
            continue;
        const int level = levels[i];
        if (level < 0 || level >= level_count)
            continue;
        const double a = p.w, b = level_scales[level];
        if (fmax(a, b) > scale_limit * fmin(a, b))
            continue;
        int distance = 0;
        for (int w = 0; w < 8; w++)
            distance += __popc(d[w] ^ words[8 * i + w]);
        if (distance < best) {
            second = best;
            best = distance;
            best_index = i;
        } else if (distance < second) {
            second = distance;
        }
    }
    // the warp's nearest two: a tie for the nearest makes the second equal to it, as one sequential pass would
    for (int offset = 16; offset > 0; offset >>= 1) {
        const int ob = __shfl_down_sync(0xFFFFFFFFu, best, offset);
        const int os = __shfl_down_sync(0xFFFFFFFFu, second, offset);
        const int oi = __shfl_down_sync(0xFFFFFFFFu, best_index, offset);
        if (ob < best) {
            second = min(best, os);
            best = ob;
            best_index = oi;
        } else {
            second = min(second, ob);
        }
    }
    if (lane != 0 || best_index < 0 || best > max_distance)
        return;
    if (second != INT32_MAX && !((double)best < ratio * (double)second))
        return;
    atomicMin(&winner[best_index], ((unsigned long long)(unsigned)best << 32) | (unsigned)s);
}

// Launch: blocks of COMPACT_BLOCK threads, one feature per thread, after map_search_slots on the same stream;
// out[0] zeroed before. Appends (feature, slot, x bits, y bits) for each feature with a winner (in no particular
// order: the host sorts them by feature) and restores winner[] to NO_WINNER for the next frame.
extern "C" __global__ void __launch_bounds__(COMPACT_BLOCK)
map_search_compact(unsigned long long* __restrict__ winner, const float2* __restrict__ positions,
                   int feature_count, int* __restrict__ out)
{
    const int i = blockIdx.x * COMPACT_BLOCK + threadIdx.x;
    if (i >= feature_count)
        return;
    const unsigned long long key = winner[i];
    if (key == NO_WINNER)
        return;
    winner[i] = NO_WINNER;
    const int k = atomicAdd(out, 1);
    const float2 q = positions[i];
    reinterpret_cast<int4*>(out + 4)[k] = make_int4(i, (int)(unsigned)(key & 0xFFFFFFFFull), __float_as_int(q.x),
                                                    __float_as_int(q.y));
}
