// SIFT stage 3 (gpu/SIFT.md section 5): the orientations of the refined extrema at one end of the extrema list, each
// one a feature. A frame runs it once per branch of its launch plan (SiftLaunchPlan), after that branch's
// sift_extrema: the large octaves' extrema at the front of the list, the small octaves' at the back, the two launches
// possibly at the same time on the two branches of the frame's graph.
//
// One block of 4 warps per extremum (a warp each would fill a seventh of the GPU's warp slots with a frame's ~1500
// extrema, each walking its window alone). The threads share the window's pixels (row-major, a thread per pixel:
// neighbouring lanes read neighbouring floats of G(o, s)), compute each pixel's vote with the reference's float
// arithmetic (OrientationHistogram.fill: GradientAngle's atan, the exponential in double) and add it to their warp's
// 36-bin histogram in shared memory in fixed point (32-bit integer atomics: sift_vote; the sum does not depend on
// the order, so reruns give the same bits); the four histograms are
// summed as the 64-bit integers they stand for (exact). Warp 0's lanes then smooth the bins (6 circular box passes,
// a bin per lane), find the highest bin and the peaks; lane 0 orders the few peaks, and the warp appends one feature
// per orientation to the feature list (atomic counter; past the capacity the count goes on and nothing is written,
// so that the host grows the list), with its selection key (response, y, x, angle in degrees) in a compact array
// that sift_select reads. Both launches of a frame append to the one feature list, each feature at the slot its
// atomic add returned: which branch comes first changes only the order of the list, and sift_select orders the
// features by their keys alone.
#include "sift_common.cuh"

#define ORI_THREADS 128
#define ORI_WARPS (ORI_THREADS / 32)

// Bin b of the warps' histograms summed: exactly the bits one shared histogram would hold.
__device__ __forceinline__ float ori_summed(const unsigned (*votes)[SIFT_ORI_BINS], int b, int shift)
{
    unsigned long long total = 0;
#pragma unroll
    for (int w = 0; w < ORI_WARPS; w++)
        total += votes[w][b];
    return sift_unfixed(total, shift);
}

// Launch: 1-D grid of any number of blocks of ORI_THREADS (4 warps); the blocks stride over the extrema found at the
// list's front (back = 0: counters[Z_EXTREMA]) or back (back = 1: counters[Z_EXTREMA_BACK]), at most the list's
// capacity, so the grid is sized once for the capacity and the frame's count stays on the device (that end's
// sift_extrema has finished: it precedes this launch on the same branch). Static shared memory 4 x 36 x 8 + 36 x 4
// + 16 bytes.
extern "C" __global__ void __launch_bounds__(ORI_THREADS)
sift_orientation(const float* __restrict__ space, const SiftOctave* __restrict__ octaves, SiftParams params, int back,
                 const SiftPoint* __restrict__ extrema, SiftPoint* __restrict__ features, float4* __restrict__ keys,
                 int* __restrict__ counters)
{
    __shared__ unsigned votes[ORI_WARPS][SIFT_ORI_BINS];
    __shared__ float bins[SIFT_ORI_BINS];
    __shared__ float peakAngles[4];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    const int n = min(counters[sift_extremum_counter(back)], params.extremaCapacity);
    for (int e = blockIdx.x; e < n; e += gridDim.x) {
        const SiftPoint p = extrema[sift_extremum_slot(e, params.extremaCapacity, back)];
        const SiftOctave& O = octaves[p.octave];
        const float* g = space + O.base + (long long)p.level * O.levelStride;
        __syncthreads();  // warp 0 has read the previous extremum's votes
        if (tid < SIFT_ORI_BINS)
#pragma unroll
            for (int w = 0; w < ORI_WARPS; w++)
                votes[w][tid] = 0;
        __syncthreads();

        // OrientationHistogram.fill: the window and its weights as the reference computes them
        const double windowSigma = 1.5 * p.sigma;
        const int R = max(1, (int)floor(3 * windowSigma));
        const float maxR2 = R * R + 0.6f;
        const float twoSigma2 = (float)(2 * windowSigma * windowSigma);
        const int cx = (int)floorf(p.x + 0.5f), cy = (int)floorf(p.y + 0.5f);
        const int x0 = max(1, cx - R), x1 = min(O.width - 2, cx + R);
        const int y0 = max(1, cy - R), y1 = min(O.height - 2, cy + R);
        const int shift = sift_vote_shift((long long)max(0, x1 - x0 + 1) * max(0, y1 - y0 + 1));
        const float scale = sift_vote_scale(shift);
        for (SiftWindowWalk px(x0, x1, y0, y1, tid, ORI_THREADS); px.valid(); px.next()) {
            const float dx = px.x - p.x, dy = px.y - p.y;
            const float r2 = dx * dx + dy * dy;
            if (!(r2 < maxR2))
                continue;
            float m, theta;
            sift_gradient(g, O.pitch, px.x, px.y, &m, &theta);
            const float vote = m * sift_exp(-r2 / twoSigma2);
            const float f = theta * SIFT_ORI_BINS_PER_RADIAN - 0.5f;
            const int b = (int)floorf(f);
            const float frac = f - b;
            const int b0 = (b + SIFT_ORI_BINS) % SIFT_ORI_BINS, b1 = (b + 1) % SIFT_ORI_BINS;
            sift_vote(&votes[warp][b0], (1 - frac) * vote, scale);
            sift_vote(&votes[warp][b1], frac * vote, scale);
        }
        __syncthreads();
        if (warp != 0)
            continue;

        // OrientationHistogram.smooth, the bins in parallel: lane b holds bin b, lanes 0 .. 3 also bin 32 + b
        float* h = bins;
        const bool second = lane < SIFT_ORI_BINS - 32;
        float hA = ori_summed(votes, lane, shift);
        float hB = second ? ori_summed(votes, lane + 32, shift) : 0.f;
        for (int pass = 0; pass < 6; pass++) {
            h[lane] = hA;
            if (second)
                h[lane + 32] = hB;
            __syncwarp();
            hA = (h[(lane + SIFT_ORI_BINS - 1) % SIFT_ORI_BINS] + h[lane] + h[lane + 1]) / 3;
            if (second)
                hB = (h[lane + 31] + h[lane + 32] + h[(lane + 33) % SIFT_ORI_BINS]) / 3;
            __syncwarp();
        }
        h[lane] = hA;
        if (second)
            h[lane + 32] = hB;
        // OrientationHistogram.peaksOf: local maxima of at least peakRatio times the highest bin (a maximum is the
        // same in any order)
        float highest = second ? fmaxf(hA, hB) : hA;
        for (int o = 16; o > 0; o >>= 1)
            highest = fmaxf(highest, __shfl_xor_sync(SIFT_FULL_MASK, highest, o));
        highest = fmaxf(highest, 0.f);
        const float threshold = params.orientationPeakRatio * highest;
        __syncwarp();
        const bool peakA = hA > h[(lane + SIFT_ORI_BINS - 1) % SIFT_ORI_BINS] && hA > h[lane + 1] && hA >= threshold;
        const bool peakB = second && hB > h[lane + 31] && hB > h[(lane + 33) % SIFT_ORI_BINS] && hB >= threshold;
        const unsigned peaksA = __ballot_sync(SIFT_FULL_MASK, peakA), peaksB = __ballot_sync(SIFT_FULL_MASK, peakB);
        int count = 0;
        if (lane == 0) {
            // the highest first, ties to the lower bin (insertion in bin order), at most maxOrientations
            int kept[4];
            for (int b = 0; b < SIFT_ORI_BINS; b++) {
                if (!(b < 32 ? (peaksA >> b) & 1u : (peaksB >> (b - 32)) & 1u))
                    continue;
                int at = count;
                while (at > 0 && h[kept[at - 1]] < h[b])
                    at--;
                if (at >= params.maxOrientations)
                    continue;
                for (int k = min(count, params.maxOrientations - 1); k > at; k--)
                    kept[k] = kept[k - 1];
                kept[at] = b;
                count = min(count + 1, params.maxOrientations);
            }
            for (int k = 0; k < count; k++)
                peakAngles[k] = sift_peak_degrees(h, kept[k]);
        }
        count = __shfl_sync(SIFT_FULL_MASK, count, 0);
        __syncwarp();
        if (lane < count) {
            SiftPoint f = p;
            f.angleDegrees = peakAngles[lane];
            const int at = atomicAdd(&counters[Z_FEATURES], 1);
            if (at < params.featureCapacity) {
                features[at] = f;
                keys[at] = make_float4(f.response, f.yImage, f.xImage, f.angleDegrees);
            }
        }
        __syncwarp();
    }
}
