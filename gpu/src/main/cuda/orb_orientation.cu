// ORB stage 4: the orientation of every kept corner by the intensity centroid, and its place in the output.
// Same as IntensityCentroid of the CPU reference (OpenCV's ICAngles + fastAtan2): the moments m10 and m01 over the
// disc of radius 15 on the unsmoothed level are exact integer sums (any order), and fastAtan2 is reproduced
// operation for operation in float (no FMA: -fmad=false).
//
// One warp per kept corner. Lane u + 15 (u = -15..15) sums column u of the disc; shuffles add the lanes up.
// The corner's output index is the level's first index + its row's first index + its rank by x among the
// corners of its row (orb_select grouped them by row, unordered within the row): the output is ordered by
// level, then y, then x, as the reference's.
//
// Output record per feature (ORB_RECORD_WORDS 32-bit words, what the host downloads): x, y (level-0 pixels,
// float: level pixel * scale), level (int), angle (degrees, float), response (Harris, float). The same position
// and level also go to the DeviceFeatures arrays the on-device matcher reads.
#include "orb_common.cuh"
#include "orb_constants.cuh"
#include "orb_tables.cuh"

#define ORIENT_THREADS 256
#define ORB_RECORD_WORDS 5

// IntensityCentroid.fastAtan2
__device__ __forceinline__ float fast_atan2(float y, float x)
{
    const float ax = fabsf(x), ay = fabsf(y);
    float a, c, c2;
    if (ax >= ay) {
        c = ay / (ax + ORB_ATAN_EPS);
        c2 = c * c;
        a = (((ORB_ATAN_P7 * c2 + ORB_ATAN_P5) * c2 + ORB_ATAN_P3) * c2 + ORB_ATAN_P1) * c;
    } else {
        c = ax / (ay + ORB_ATAN_EPS);
        c2 = c * c;
        a = 90.f - (((ORB_ATAN_P7 * c2 + ORB_ATAN_P5) * c2 + ORB_ATAN_P3) * c2 + ORB_ATAN_P1) * c;
    }
    if (x < 0)
        a = 180.f - a;
    if (y < 0)
        a = 360.f - a;
    return a;
}

__device__ __forceinline__ int warp_sum(int v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(ORB_FULL_MASK, v, o);
    return v;
}

// Launch: 1-D grid of any number of blocks of ORIENT_THREADS (8 warps); the warps stride over the kept corners
// (their total is on the device: the host sizes the grid for its capacity, e.g. min(ceil(capacity / 8),
// 16 * multiprocessors)). Features at output index >= capacity are not written (the host grows and reruns).
extern "C" __global__ void __launch_bounds__(ORIENT_THREADS)
orb_orient(const uint8_t* __restrict__ pyr, const OrbLevel* __restrict__ levels, int levelCount,
           const int* __restrict__ z, const int2* __restrict__ slots, int capacity, float* __restrict__ records,
           float2* __restrict__ positions, int* __restrict__ outLevels)
{
    __shared__ int levelStart[ORB_MAX_LEVELS + 1];
    const int tid = threadIdx.x, lane = tid & 31;
    if (tid < 32) {
        const int count = tid < levelCount ? z[Z_KEPT_COUNT + tid] : 0;
        int inclusive = count;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const int v = __shfl_up_sync(ORB_FULL_MASK, inclusive, o);
            if (lane >= o)
                inclusive += v;
        }
        levelStart[tid + 1] = inclusive;
        if (tid == 0)
            levelStart[0] = 0;
    }
    __syncthreads();
    const int total = levelStart[levelCount];
    const int warps = gridDim.x * (ORIENT_THREADS / 32);
    for (int g = blockIdx.x * (ORIENT_THREADS / 32) + tid / 32; g < total; g += warps) {
        int l = 0;
        while (l + 1 < levelCount && levelStart[l + 1] <= g)
            ++l;
        const OrbLevel& L = levels[l];
        const int2* levelSlots = slots + L.candOffset;
        const int2 item = levelSlots[g - levelStart[l]];
        const int x = orb_pos_x(item.x), y = orb_pos_y(item.x);
        const int* rowStart = z + L.rowOffset;
        const int r0 = rowStart[y], r1 = rowStart[y + 1];
        int before = 0;
        for (int j = r0 + lane; j < r1; j += 32)
            before += orb_pos_x(levelSlots[j].x) < x;
        const int o = levelStart[l] + r0 + warp_sum(before);

        const int stride = L.stride;
        const uint8_t* center = pyr + L.origin + (ptrdiff_t)y * stride + x;
        int m10 = 0, m01 = 0;
        if (lane < 2 * ORB_HALF_PATCH + 1) {
            const int u = lane - ORB_HALF_PATCH;
            m10 = u * center[u];
            const int au = abs(u);
#pragma unroll
            for (int v = 1; v <= ORB_HALF_PATCH; ++v) {
                if (au <= ORB_UMAX[v]) {
                    const int plus = center[u + v * stride], minus = center[u - v * stride];
                    m10 += u * (plus + minus);
                    m01 += v * (plus - minus);
                }
            }
        }
        m10 = warp_sum(m10);
        m01 = warp_sum(m01);
        if (o < capacity) {
            const float angle = fast_atan2((float)m01, (float)m10);
            const float fx = (float)x * L.scale, fy = (float)y * L.scale;
            float word = 0.f;
            word = lane == 0 ? fx : word;
            word = lane == 1 ? fy : word;
            word = lane == 2 ? __int_as_float(l) : word;
            word = lane == 3 ? angle : word;
            word = lane == 4 ? __int_as_float(item.y) : word;
            if (lane < ORB_RECORD_WORDS)
                records[(size_t)o * ORB_RECORD_WORDS + lane] = word;
            if (lane == 0) {
                positions[o] = make_float2(fx, fy);
                outLevels[o] = l;
            }
        }
    }
}
