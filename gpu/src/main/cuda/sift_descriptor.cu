// SIFT stage 5 (gpu/SIFT.md section 6): the 4 x 4 x 8 descriptors of the selected features, written in output
// order, with the arrays the on-device matcher reads (DeviceFloatFeatures) and the records the host downloads.
//
// One warp per selected candidate (sift_select ranked them; a candidate of rank >= maxFeatures is skipped). The
// lanes share the sample window's pixels row-major (neighbouring lanes read neighbouring floats of G(o, s)); a
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
    __shared__ unsigned long long votes[DESC_WARPS][SIFT_DESC_LEN];
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
            votes[warp][b] = 0;
        __syncwarp();

        const float sbp = (float)params.magnification * p.sigma;
        const int W = (int)floorf(1.41421356f * sbp * 2.5f + 0.5f);
        const int xr = (int)floorf(p.x + 0.5f), yr = (int)floorf(p.y + 0.5f);
        const int xmin = max(xr - W, 1), xmax = min(xr + W, O.width - 2);
        const int ymin = max(yr - W, 1), ymax = min(yr + W, O.height - 2);
        const int cols = xmax - xmin + 1, rows = ymax - ymin + 1;
        const float ca = cosf(p.angle), sa = sinf(p.angle);
        for (int i = lane; cols > 0 && i < cols * rows; i += 32) {
            const int j = i / cols;
            const int xi = xmin + i - j * cols, yi = ymin + j;
            const float dx = (float)xi - p.x, dy = (float)yi - p.y;
            const float nx = (ca * dx + sa * dy) / sbp, ny = (-sa * dx + ca * dy) / sbp;
            if (!(nx > -2.5f && nx < 2.5f && ny > -2.5f && ny < 2.5f))
                continue;
            float m, theta;
            sift_gradient(g, O.pitch, xi, yi, &m, &theta);
            float tr = theta - p.angle;
            if (tr < 0)
                tr += (float)(2 * SIFT_PI);
            if (tr >= (float)(2 * SIFT_PI))
                tr -= (float)(2 * SIFT_PI);
            const float nt = 8.f * tr / (float)(2 * SIFT_PI);
            const float weight = m * expf(-(nx * nx + ny * ny) / 8.f);
            const float fx = floorf(nx - 0.5f), fy = floorf(ny - 0.5f), ft = floorf(nt);
            const float rx = nx - 0.5f - fx, ry = ny - 0.5f - fy, rt = nt - ft;
            const int bx = (int)fx, by = (int)fy, bt = (int)ft;
            for (int dyb = 0; dyb < 2; dyb++) {
                const int Y = by + dyb + 2;
                if (Y < 0 || Y > 3)
                    continue;
                const float wy = dyb ? ry : 1.f - ry;
                for (int dxb = 0; dxb < 2; dxb++) {
                    const int X = bx + dxb + 2;
                    if (X < 0 || X > 3)
                        continue;
                    const float wx = dxb ? rx : 1.f - rx;
                    for (int dtb = 0; dtb < 2; dtb++) {
                        const int T = (bt + dtb) & 7;
                        const float wt = dtb ? rt : 1.f - rt;
                        atomicAdd(&votes[warp][(Y * 4 + X) * 8 + T], sift_fixed(weight * wx * wy * wt));
                    }
                }
            }
        }
        __syncwarp();

        float d[4];
        for (int k = 0; k < 4; k++)
            d[k] = sift_unfixed(votes[warp][lane * 4 + k]);
        double ss = 0;
        for (int k = 0; k < 4; k++)
            ss += (double)d[k] * d[k];
        float norm = (float)sqrt(warp_sum_double(ss));
        ss = 0;
        for (int k = 0; k < 4; k++) {
            d[k] = norm > 0 ? fminf(d[k] / norm, 0.2f) : 0.f;
            ss += (double)d[k] * d[k];
        }
        norm = (float)sqrt(warp_sum_double(ss));
        for (int k = 0; k < 4; k++)
            d[k] = norm > 0 ? d[k] / norm : 0.f;
        if (params.rootSift) {
            double l1 = 0;
            for (int k = 0; k < 4; k++)
                l1 += d[k];
            const float sum = (float)warp_sum_double(l1);
            for (int k = 0; k < 4; k++)
                d[k] = sum > 0 ? sqrtf(d[k] / sum) : 0.f;
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
