// SIFT stage 5 (gpu/SIFT.md section 6): the 4 x 4 x 8 descriptors of the selected features, written in output
// order, with the arrays the on-device matcher reads (DeviceFloatFeatures) and the records the host downloads.
//
// One block of DESC_THREADS (4 warps) per selected candidate (sift_select ranked them; a candidate of rank >=
// maxFeatures is skipped by the whole block). The block's threads share the sample window's pixels row-major
// (neighbouring lanes read neighbouring floats of G(o, s)) and compute each pixel's votes with the reference's float
// arithmetic (SiftDescriptorBuilder); a pixel outside the 4 x 4 bins' reach (|nx| or |ny| >= 2.5 bin widths, where
// every trilinear weight is zero or dropped) is skipped before its gradient is computed. The 8 trilinear votes of a
// pixel go to its warp's own 128 bins in shared memory as 32-bit fixed-point integer atomics (sift_vote, at 2^k per
// unit for the window's size; no contention between warps); the four warps' bins are then summed as 64-bit
// integers, exactly: the same bits as one shared histogram, in any order. Warp 0 then takes 4 bins per lane: L2
// normalisation, clipping at 0.2, renormalisation (and RootSIFT) with warp reductions, and a 16-byte store per lane
// (the 512-byte row is written coalesced).
//
// Why a block per feature: with a warp per feature, a 1280 x 720 frame's ~1800 features fill 15 % of the GPU's
// warp slots, and each warp walks its whole window (up to ~75 x 75 pixels) alone: the kernel is latency bound. Four
// warps per feature cut that walk four times and fill the device.
//
// Why one 32-bit counter per bin: the stage is bound by shared-memory atomics serialised on the bins that a warp's
// neighbouring pixels share, and one counter takes one atomic per vote, two counters took two. The approximate gradient
// (sift_gradient_fast) and the values kept in registers (SIFT_KEEP_IN_REGISTER) are there for speed too; what was tried
// and did not help is in docs/measurements.md.
#include "sift_common.cuh"

#define DESC_THREADS 128
#define DESC_WARPS (DESC_THREADS / 32)
static_assert(DESC_THREADS == SIFT_DESC_LEN, "a thread per bin clears and sums the histograms");

__device__ __forceinline__ double warp_sum_double(double v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(SIFT_FULL_MASK, v, o);
    return v;
}

// Launch: 1-D grid of any number of blocks of DESC_THREADS (4 warps); the blocks stride over the candidates
// (counters[Z_CANDIDATES]), so the grid is sized once. Static shared memory 4 x 128 x 8 + 128 x 4 bytes (4.5 KB).
// Outputs for slot q = rank: descriptors[q * 128 ..], positions[q] = (x, y), levels[q] = octave o, and
// records[q * SIFT_RECORD_WORDS ..] = x, y, o, diameter, angle (degrees), response. capacity bounds q.
extern "C" __global__ void __launch_bounds__(DESC_THREADS)
sift_descriptor(const float* __restrict__ space, const SiftOctave* __restrict__ octaves, SiftParams params,
                const SiftPoint* __restrict__ features, const int* __restrict__ candidates,
                const int* __restrict__ counters, int capacity, float* __restrict__ descriptors,
                float2* __restrict__ positions, int* __restrict__ levels, float* __restrict__ records)
{
    __shared__ unsigned votes[DESC_WARPS][SIFT_DESC_LEN];
    __shared__ float bins[SIFT_DESC_LEN];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    int histogram = warp;
    SIFT_KEEP_IN_REGISTER(histogram, "r");
    const int m = counters[Z_CANDIDATES];
    const int limit = min(params.maxFeatures, capacity);
    const int* ranks = counters + Z_RANKS;
    for (int c = blockIdx.x; c < m; c += gridDim.x) {
        const int q = ranks[c];
        if (q >= limit)  // the same c for the whole block: all its threads skip
            continue;
        const SiftPoint p = features[candidates[c]];
        const SiftOctave& O = octaves[p.octave];
        const float* g = space + O.base + (long long)p.level * O.levelStride;
        __syncthreads();  // the previous candidate's bins are read
#pragma unroll
        for (int w = 0; w < DESC_WARPS; w++)
            votes[w][tid] = 0;
        __syncthreads();

        // SiftDescriptorBuilder.accumulate: the window, the rotation and the votes as the reference computes them
        const double binWidth = params.magnification * p.sigma;
        const int radius = (int)floor(sqrt(2.0) * binWidth * 5 / 2 + 0.5);
        const float sbp = (float)binWidth;
        const double angle = (double)p.angleDegrees * SIFT_DEGREES_TO_RADIANS;
        const float ct = (float)cos(angle), st = (float)sin(angle);
        float angle0 = (float)angle;
        SIFT_KEEP_IN_REGISTER(angle0, "f");
        const int cx = (int)floorf(p.x + 0.5f), cy = (int)floorf(p.y + 0.5f);
        // only the pixels within 2.5 bins of the centre along both rotated axes vote: their bounding box (a pixel of
        // margin against rounding) is a fifth smaller on average than the reference's square window, the same votes
        const float reach = 2.5f * sbp * (fabsf(ct) + fabsf(st));
        const int x0 = max(max(1, cx - radius), (int)floorf(p.x - reach) - 1);
        const int x1 = min(min(O.width - 2, cx + radius), (int)ceilf(p.x + reach) + 1);
        const int y0 = max(max(1, cy - radius), (int)floorf(p.y - reach) - 1);
        const int y1 = min(min(O.height - 2, cy + radius), (int)ceilf(p.y + reach) + 1);
        const int shift = sift_vote_shift((long long)max(0, x1 - x0 + 1) * max(0, y1 - y0 + 1));
        const float scale = sift_vote_scale(shift);
        // the reference divides by sbp; a product with the reciprocal differs by an ulp at most, far below what
        // the bins resolve, and spares two divisions per pixel
        const float inverse = 1.f / sbp;
        for (SiftWindowWalk px(x0, x1, y0, y1, tid, DESC_THREADS); px.valid(); px.next()) {
            const float dx = px.x - p.x, dy = px.y - p.y;
            const float nx = (ct * dx + st * dy) * inverse, ny = (-st * dx + ct * dy) * inverse;
            if (!(fabsf(nx) < 2.5f && fabsf(ny) < 2.5f))
                continue;
            float m, theta;
            sift_gradient_fast(g, O.pitch, px.x, px.y, &m, &theta);
            theta -= angle0;
            if (theta < 0)
                theta += SIFT_TWO_PI_F;
            if (theta >= SIFT_TWO_PI_F)
                theta -= SIFT_TWO_PI_F;
            const float nt = theta * SIFT_DESC_BINS_PER_RADIAN;
            // expf (at most 2 ulp from the reference's exp in double, far below the bins' precision) spares a
            // double exponential per sample, the costliest operation here; the vote is in counter units (times
            // 2^k: exact, so its products round as the reference's do)
            const float vote = m * expf(-(nx * nx + ny * ny) / 8) * scale;
            // SiftDescriptorBuilder.vote3
            const int bx = (int)floorf(nx - 0.5f), by = (int)floorf(ny - 0.5f), bt = (int)floorf(nt);
            const float rx = nx - 0.5f - bx, ry = ny - 0.5f - by, rt = nt - bt;
            for (int iy = 0; iy < 2; iy++) {
                const int row = by + iy + 2;
                if (row < 0 || row >= 4)
                    continue;
                const float wy = iy == 0 ? 1 - ry : ry;
                for (int ix = 0; ix < 2; ix++) {
                    const int col = bx + ix + 2;
                    if (col < 0 || col >= 4)
                        continue;
                    const float wx = ix == 0 ? 1 - rx : rx;
                    const int cell = (row * 4 + col) * 8;
                    const float v = vote * wx * wy;
                    const int t0 = cell + (bt & 7), t1 = cell + ((bt + 1) & 7);
                    sift_vote_scaled(&votes[histogram][t0], v * (1 - rt));
                    sift_vote_scaled(&votes[histogram][t1], v * rt);
                }
            }
        }
        __syncthreads();
        {
            // the warps' histograms summed as the 64-bit integers they stand for: exact, the order does not matter
            unsigned long long total = 0;
#pragma unroll
            for (int w = 0; w < DESC_WARPS; w++)
                total += votes[w][tid];
            bins[tid] = sift_unfixed(total, shift);
        }
        __syncthreads();
        if (warp != 0)
            continue;

        // SiftDescriptorBuilder.normalise: unit L2 (norm in double), clamp at 0.2, unit L2, RootSIFT
        float d[4];
#pragma unroll
        for (int k = 0; k < 4; k++)
            d[k] = bins[lane * 4 + k];
#pragma unroll
        for (int pass = 0; pass < 2; pass++) {
            double sum = 0;
#pragma unroll
            for (int k = 0; k < 4; k++)
                sum += (double)d[k] * d[k];
            sum = warp_sum_double(sum);
            if (sum != 0) {
                const double norm = sqrt(sum);
#pragma unroll
                for (int k = 0; k < 4; k++)
                    d[k] = (float)(d[k] / norm);
            }
            if (pass == 0)
#pragma unroll
                for (int k = 0; k < 4; k++)
                    d[k] = fminf(d[k], 0.2f);
        }
        if (params.rootSift) {
            double l1 = 0;
#pragma unroll
            for (int k = 0; k < 4; k++)
                l1 += d[k];
            l1 = warp_sum_double(l1);
            if (l1 > 0)
#pragma unroll
                for (int k = 0; k < 4; k++)
                    d[k] = (float)sqrt(d[k] / l1);
        }
        reinterpret_cast<float4*>(descriptors + (long long)q * SIFT_DESC_LEN)[lane] = make_float4(d[0], d[1], d[2], d[3]);
        if (lane == 0) {
            positions[q] = make_float2(p.xImage, p.yImage);
            levels[q] = O.octave;
            float* rec = records + (long long)q * SIFT_RECORD_WORDS;
            rec[0] = p.xImage;
            rec[1] = p.yImage;
            rec[2] = __int_as_float(O.octave);
            rec[3] = p.diameter;
            rec[4] = p.angleDegrees;
            rec[5] = p.response;
        }
    }
}
