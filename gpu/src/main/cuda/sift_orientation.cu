// SIFT stage 3 (gpu/SIFT.md section 5): the orientations of every refined extremum, each one a feature.
//
// One warp per extremum. The lanes share the window's pixels (row-major, a lane per pixel: neighbouring lanes
// read neighbouring floats of G(o, s)) and vote their weighted gradient magnitudes into the warp's 36-bin
// histogram in shared memory as 64-bit fixed-point integers (atomic adds: the sum does not depend on the order, so
// reruns give the same bits). Lane 0 then converts the bins to float, smooths them (6 circular box passes) and
// picks the peaks, and appends one feature per orientation to the feature list (atomic counter; past the capacity
// the count goes on and nothing is written, so that the host grows the list). It also writes the feature's
// selection key (response, y, x, angle in degrees) to a compact array that sift_select reads.
#include "sift_common.cuh"

#define ORI_THREADS 256
#define ORI_WARPS (ORI_THREADS / 32)

// Launch: 1-D grid of any number of blocks of ORI_THREADS (8 warps); the warps stride over the extrema found
// (counters[Z_EXTREMA], at most the list's capacity), so the grid is sized once for the capacity and the frame's
// count stays on the device. Static shared memory 8 x 36 x (8 + 4) bytes.
extern "C" __global__ void __launch_bounds__(ORI_THREADS)
sift_orientation(const float* __restrict__ space, const SiftOctave* __restrict__ octaves, SiftParams params,
                 const SiftPoint* __restrict__ extrema, SiftPoint* __restrict__ features, float4* __restrict__ keys,
                 int* __restrict__ counters)
{
    __shared__ unsigned long long votes[ORI_WARPS][SIFT_ORI_BINS];
    __shared__ float bins[ORI_WARPS][SIFT_ORI_BINS];
    __shared__ float peakAngles[ORI_WARPS][4];
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const int n = min(counters[Z_EXTREMA], params.extremaCapacity);
    for (int e = blockIdx.x * ORI_WARPS + warp; e < n; e += gridDim.x * ORI_WARPS) {
        const SiftPoint p = extrema[e];
        const SiftOctave& O = octaves[p.octave];
        const float* g = space + O.base + (long long)p.level * O.levelStride;
        for (int b = lane; b < SIFT_ORI_BINS; b += 32)
            votes[warp][b] = 0;
        __syncwarp();

        const float sigmaW = 1.5f * p.sigma;
        const int R = max(1, (int)floorf(3.f * sigmaW));
        const float limit = (float)(R * R) + 0.6f;
        const float twoSigmaW2 = 2.f * sigmaW * sigmaW;
        const int xr = (int)floorf(p.x + 0.5f), yr = (int)floorf(p.y + 0.5f);
        const int side = 2 * R + 1;
        for (int i = lane; i < side * side; i += 32) {
            const int j = i / side;
            const int xi = xr + i - j * side - R, yi = yr + j - R;
            if (xi < 1 || yi < 1 || xi > O.width - 2 || yi > O.height - 2)
                continue;
            const float dx = (float)xi - p.x, dy = (float)yi - p.y;
            const float r2 = dx * dx + dy * dy;
            if (!(r2 < limit))
                continue;
            float m, theta;
            sift_gradient(g, O.pitch, xi, yi, &m, &theta);
            const float weight = m * expf(-r2 / twoSigmaW2);
            const float f = (float)SIFT_ORI_BINS * theta / (float)(2 * SIFT_PI) - 0.5f;
            const float fb = floorf(f);
            const float frac = f - fb;
            const int b = (int)fb;
            atomicAdd(&votes[warp][(b + SIFT_ORI_BINS) % SIFT_ORI_BINS], sift_fixed(weight * (1.f - frac)));
            atomicAdd(&votes[warp][(b + 1) % SIFT_ORI_BINS], sift_fixed(weight * frac));
        }
        __syncwarp();
        for (int b = lane; b < SIFT_ORI_BINS; b += 32)
            bins[warp][b] = sift_unfixed(votes[warp][b]);
        __syncwarp();
        int count = 0;
        if (lane == 0) {
            sift_smooth_histogram(bins[warp]);
            count = sift_peaks(bins[warp], (float)params.orientationPeakRatio, params.maxOrientations,
                               peakAngles[warp]);
        }
        count = __shfl_sync(SIFT_FULL_MASK, count, 0);
        __syncwarp();
        if (lane < count) {
            SiftPoint f = p;
            f.angle = peakAngles[warp][lane];
            float degrees = (float)(f.angle * (180.0 / SIFT_PI));
            f.angleDegrees = degrees >= 360.f ? degrees - 360.f : degrees;
            const int at = atomicAdd(&counters[Z_FEATURES], 1);
            if (at < params.featureCapacity) {
                features[at] = f;
                keys[at] = make_float4(f.response, f.yImage, f.xImage, f.angleDegrees);
            }
        }
        __syncwarp();
    }
}
