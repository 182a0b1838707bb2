// ORB stage 6: the steered BRIEF descriptor, 256 tests on the smoothed level, bit-identical to SteeredBrief of
// the CPU reference (OpenCV's computeOrbDescriptors): the keypoint's level pixel is rint(x * (1 / scale)) in
// float; the angle goes to radians in float (angle * (float)(PI / 180)); cos and sin are computed in double and
// rounded to float, as Java's (float) Math.cos((double) rad); each test point is rotated in float without FMA
// (-fmad=false: px*a - py*b rounds as in Java) and rounded half to even (rintf); the bit is set when the first
// point is darker. The test pairs are OpenCV's bit_pattern_31_ (orb_tables.cuh, generated from OrbPattern).
//
// One warp per keypoint. At step k (0..7) lane j evaluates test 32k + j; the warp's ballot is then exactly the
// descriptor's 32-bit word k (byte 4k + q, bit b = test 32k + 8q + b, little endian), which lane k keeps;
// lanes 0..7 store the 8 words: one coalesced 32-byte row. The pattern is copied to shared memory so that the
// 32 lanes' different tests are read without serialisation (constant memory serialises divergent addresses).
#include "orb_common.cuh"
#include "orb_constants.cuh"
#include "orb_tables.cuh"

#define BRIEF_THREADS 256
#define ORB_RECORD_WORDS 5

// Launch: 1-D grid of any number of blocks of BRIEF_THREADS (8 warps) threads; warps stride over the keypoints.
// records: ORB_RECORD_WORDS words per keypoint (x, y, level, angle, response), as orb_orient writes them or as
// the host uploads them for describe(). The count is `count`, or, when z is not null (detection), the sum of the
// levels' kept counts in z, at most capacity. descriptors: 8 words per keypoint.
extern "C" __global__ void __launch_bounds__(BRIEF_THREADS)
orb_brief(const uint8_t* __restrict__ smooth, const OrbLevel* __restrict__ levels, const float* __restrict__ records,
          int count, const int* __restrict__ z, int levelCount, int capacity, uint32_t* __restrict__ descriptors)
{
    __shared__ char4 pattern[256];
    __shared__ int n;
    const int tid = threadIdx.x, lane = tid & 31;
    pattern[tid] = ORB_PATTERN[tid];
    if (tid == 0) {
        int total = count;
        if (z != nullptr) {
            total = 0;
            for (int l = 0; l < levelCount; ++l)
                total += z[Z_KEPT_COUNT + l];
            total = min(total, capacity);
        }
        n = total;
    }
    __syncthreads();
    const int warps = gridDim.x * (BRIEF_THREADS / 32);
    for (int o = blockIdx.x * (BRIEF_THREADS / 32) + tid / 32; o < n; o += warps) {
        const float* record = records + (size_t)o * ORB_RECORD_WORDS;
        const float x = record[0], y = record[1], angle = record[3];
        const OrbLevel& L = levels[__float_as_int(record[2])];
        const float inverse = 1.f / L.scale;
        const int ix = __float2int_rn(x * inverse), iy = __float2int_rn(y * inverse);
        const float rad = angle * ORB_DEG_TO_RAD;
        const float a = (float)cos((double)rad), b = (float)sin((double)rad);
        const int stride = L.stride;
        const uint8_t* center = smooth + L.origin + (ptrdiff_t)iy * stride + ix;
        uint32_t mine = 0;
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            const char4 p = pattern[32 * k + lane];
            const int x1 = __float2int_rn((float)p.x * a - (float)p.y * b);
            const int y1 = __float2int_rn((float)p.x * b + (float)p.y * a);
            const int x2 = __float2int_rn((float)p.z * a - (float)p.w * b);
            const int y2 = __float2int_rn((float)p.z * b + (float)p.w * a);
            const int t0 = center[(ptrdiff_t)y1 * stride + x1];
            const int t1 = center[(ptrdiff_t)y2 * stride + x2];
            const uint32_t word = __ballot_sync(ORB_FULL_MASK, t0 < t1);
            if (lane == k)
                mine = word;
        }
        if (lane < 8)
            descriptors[(size_t)o * 8 + lane] = mine;
    }
}
