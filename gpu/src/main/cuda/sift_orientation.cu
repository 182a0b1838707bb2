// SIFT stage 3 (gpu/SIFT.md section 5): the orientations of every refined extremum, each one a feature.
//
// One warp per extremum. The lanes share the window's pixels (row-major, a lane per pixel: neighbouring lanes
// read neighbouring floats of G(o, s)), compute each pixel's vote with the reference's float arithmetic
// (OrientationHistogram.fill: GradientAngle's atan, the exponential in double) and vote their weighted gradient magnitudes into the warp's 36-bin
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

        // OrientationHistogram.fill: the window and its weights as the reference computes them
        const double windowSigma = 1.5 * p.sigma;
        const int R = max(1, (int)floor(3 * windowSigma));
        const float maxR2 = R * R + 0.6f;
        const float twoSigma2 = (float)(2 * windowSigma * windowSigma);
        const int cx = (int)floorf(p.x + 0.5f), cy = (int)floorf(p.y + 0.5f);
        const int x0 = max(1, cx - R), x1 = min(O.width - 2, cx + R);
        const int y0 = max(1, cy - R), y1 = min(O.height - 2, cy + R);
        const int cols = x1 - x0 + 1, rows = y1 - y0 + 1;
        for (int i = lane; cols > 0 && rows > 0 && i < cols * rows; i += 32) {
            const int j = i / cols;
            const int xi = x0 + i - j * cols, yi = y0 + j;
            const float dx = xi - p.x, dy = yi - p.y;
            const float r2 = dx * dx + dy * dy;
            if (!(r2 < maxR2))
                continue;
            float m, theta;
            sift_gradient(g, O.pitch, xi, yi, &m, &theta);
            const float vote = m * sift_exp(-r2 / twoSigma2);
            const float f = theta * SIFT_ORI_BINS_PER_RADIAN - 0.5f;
            const int b = (int)floorf(f);
            const float frac = f - b;
            atomicAdd(&votes[warp][(b + SIFT_ORI_BINS) % SIFT_ORI_BINS], sift_fixed((1 - frac) * vote));
            atomicAdd(&votes[warp][(b + 1) % SIFT_ORI_BINS], sift_fixed(frac * vote));
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
            f.angleDegrees = peakAngles[warp][lane];
            const int at = atomicAdd(&counters[Z_FEATURES], 1);
            if (at < params.featureCapacity) {
                features[at] = f;
                keys[at] = make_float4(f.response, f.yImage, f.xImage, f.angleDegrees);
            }
        }
        __syncwarp();
    }
}
