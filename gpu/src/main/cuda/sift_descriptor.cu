// SIFT stage 5 (gpu/SIFT.md section 6): the 4 x 4 x 8 descriptors of the selected features, written in output
// order, with the arrays the on-device matcher reads (DeviceFloatFeatures) and the records the host downloads.
//
// One warp per selected candidate (sift_select ranked them; a candidate of rank >= maxFeatures is skipped). The
// lanes share the sample window's pixels row-major (neighbouring lanes read neighbouring floats of G(o, s)) and
// compute each pixel's votes with the reference's float arithmetic (SiftDescriptorBuilder); a
// pixel outside the 4 x 4 bins' reach (|nx| or |ny| >= 2.5 bin widths, where every trilinear weight is zero or
// dropped) is skipped before its gradient is computed. The 8 trilinear votes of a pixel go to the warp's 128 bins
// in shared memory as 64-bit fixed-point integer atomics (order-independent: reruns give the same bits). Then each
// lane takes 4 bins: L2 normalisation, clipping at 0.2, renormalisation (and RootSIFT) with warp reductions, and a
// 16-byte store per lane (the 512-byte row is written coalesced).
#include "sift_common.cuh"

#define DESC_THREADS 256
#define DESC_WARPS (DESC_THREADS / 32)

__device__ __forceinline__ double warp_sum_double(double v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(SIFT_FULL_MASK, v, o);
    return v;
}

// Launch: 1-D grid of any number of blocks of DESC_THREADS (8 warps); the warps stride over the candidates
// (counters[Z_CANDIDATES]), so the grid is sized once. Static shared memory 8 x 128 x 8 bytes (8 KB).
// Outputs for slot q = rank: descriptors[q * 128 ..], positions[q] = (x, y), levels[q] = octave o, and
// records[q * SIFT_RECORD_WORDS ..] = x, y, o, diameter, angle (degrees), response. capacity bounds q.
extern "C" __global__ void __launch_bounds__(DESC_THREADS)
sift_descriptor(const float* __restrict__ space, const SiftOctave* __restrict__ octaves, SiftParams params,
                const SiftPoint* __restrict__ features, const int* __restrict__ candidates,
                const int* __restrict__ counters, int capacity, float* __restrict__ descriptors,
                float2* __restrict__ positions, int* __restrict__ levels, float* __restrict__ records)
{
    __shared__ unsigned votesLo[DESC_WARPS][SIFT_DESC_LEN], votesHi[DESC_WARPS][SIFT_DESC_LEN];
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const int m = counters[Z_CANDIDATES];
    const int limit = min(params.maxFeatures, capacity);
    const int* ranks = counters + Z_RANKS;
    for (int c = blockIdx.x * DESC_WARPS + warp; c < m; c += gridDim.x * DESC_WARPS) {
        const int q = ranks[c];
        if (q >= limit)
            continue;
        const SiftPoint p = features[candidates[c]];
        const SiftOctave& O = octaves[p.octave];
        const float* g = space + O.base + (long long)p.level * O.levelStride;
        __syncwarp();  // the previous candidate's bins are read
        for (int b = lane; b < SIFT_DESC_LEN; b += 32)
            votesLo[warp][b] = votesHi[warp][b] = 0;
        __syncwarp();

        // SiftDescriptorBuilder.accumulate: the window, the rotation and the votes as the reference computes them
        const double binWidth = params.magnification * p.sigma;
        const int radius = (int)floor(sqrt(2.0) * binWidth * 5 / 2 + 0.5);
        const float sbp = (float)binWidth;
        const double angle = (double)p.angleDegrees * SIFT_DEGREES_TO_RADIANS;
        const float ct = (float)cos(angle), st = (float)sin(angle), angle0 = (float)angle;
        const int cx = (int)floorf(p.x + 0.5f), cy = (int)floorf(p.y + 0.5f);
        const int x0 = max(1, cx - radius), x1 = min(O.width - 2, cx + radius);
        const int y0 = max(1, cy - radius), y1 = min(O.height - 2, cy + radius);
        // the reference divides by sbp; a product with the reciprocal differs by an ulp at most, far below what
        // the bins resolve, and spares two divisions per pixel
        const float inverse = 1.f / sbp;
        for (SiftWindowWalk px(x0, x1, y0, y1, lane); px.valid(); px.next()) {
            const float dx = px.x - p.x, dy = px.y - p.y;
            const float nx = (ct * dx + st * dy) * inverse, ny = (-st * dx + ct * dy) * inverse;
            if (!(fabsf(nx) < 2.5f && fabsf(ny) < 2.5f))
                continue;
            float m, theta;
            sift_gradient(g, O.pitch, px.x, px.y, &m, &theta);
            theta -= angle0;
            if (theta < 0)
                theta += SIFT_TWO_PI_F;
            if (theta >= SIFT_TWO_PI_F)
                theta -= SIFT_TWO_PI_F;
            const float nt = theta * SIFT_DESC_BINS_PER_RADIAN;
            // expf (at most 2 ulp from the reference's exp in double, far below the bins' precision) spares a
            // double exponential per sample, the costliest operation here
            const float vote = m * expf(-(nx * nx + ny * ny) / 8);
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
                    sift_vote(&votesLo[warp][t0], &votesHi[warp][t0], v * (1 - rt));
                    sift_vote(&votesLo[warp][t1], &votesHi[warp][t1], v * rt);
                }
            }
        }
        __syncwarp();

        // SiftDescriptorBuilder.normalise: unit L2 (norm in double), clamp at 0.2, unit L2, RootSIFT
        float d[4];
#pragma unroll
        for (int k = 0; k < 4; k++)
            d[k] = sift_unfixed(votesLo[warp][lane * 4 + k], votesHi[warp][lane * 4 + k]);
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
