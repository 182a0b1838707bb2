// SIFT stage 2 (gpu/SIFT.md sections 3 and 4): extrema of the differences of Gaussians, their refinement, the
// contrast and edge tests, for a range of octaves in one launch (their scale space is complete when it starts). A
// frame runs it once per branch of its launch plan (SiftLaunchPlan): once for the large octaves as soon as they are
// built, and once for the small ones, possibly at the same time on the graph's second branch; each appends to its
// own end of the extrema list (see sift_extremum_slot in sift_common.cuh).
//
// Each block takes a 32 x 8 tile of one octave (the octave table maps block indices to octaves and tiles) and
// computes the DoG of all S + 2 levels over the tile and a one-pixel halo into shared memory, G(s + 1) - G(s) from
// the Gaussian levels (each read once), as the reference's DoG planes hold it, then the largest and least of every
// three horizontally neighbouring samples (rowMax, rowMin). Each thread then tests its pixel at levels 1 .. S: the
// pre-test |D| >= 0.8 T, then (as DogExtremaDetector) a positive sample strictly greater than all 26 neighbours, any
// other strictly smaller, taken as the extreme of 10 of those row extremes and the 2 horizontal neighbours: 12
// shared loads instead of 26, and no loop whose early exits differ from lane to lane (a warp ran the 26 comparisons
// whenever one lane passed the pre-test). The few extrema (well under one pixel in a hundred) are refined by the
// thread that found them (sift_refine, the reference's arithmetic), reading D from the Gaussian levels in global
// memory (the refinement may step outside the tile); a survivor whose final sample another candidate's refinement has
// already claimed is that extremum again and is dropped (sift_claim_sample), the others are appended to the launch's
// end of the extrema list with that end's atomic counter. The counter goes on past the capacity, so that the host sees
// how many there were and can grow the list; entries beyond the capacity are not written. The two launches of a frame
// touch different counters except Z_RAW_EXTREMA (atomic adds: the same total in either order) and different per-octave
// counters.
#include "sift_common.cuh"

#define EXT_TILE_W 32
#define EXT_TILE_H 8
#define EXT_HALO_W (EXT_TILE_W + 2)
#define EXT_HALO_H (EXT_TILE_H + 2)

// Launch: the octaves first .. first + count - 1 of the table; a 1-D grid of their extrema tiles (the table numbers
// every octave's tiles one after the other: block b is tile octaves[first].extremaTileStart + b), blocks of
// EXT_TILE_W x EXT_TILE_H (32 x 8) threads, one per pixel; static shared memory for S = 8: (S + 2) x 10 x 34 floats
// of DoG (13.6 KB) and twice (S + 2) x 10 x 32 of row maxima and minima (25.6 KB). back: 0 appends at the front of
// the list, 1 at the back. claims: the frame's claim table in the scratch buffer (2 x extremaCapacity slots, zeroed
// by the frame's memset; both launches of a frame share it).
extern "C" __global__ void __launch_bounds__(EXT_TILE_W * EXT_TILE_H)
sift_extrema(const float* __restrict__ space, const SiftOctave* __restrict__ octaves, int first, int count,
             SiftParams params, int back, SiftPoint* __restrict__ extrema, int* __restrict__ counters,
             unsigned long long* __restrict__ claims)
{
    __shared__ float dog[(SIFT_MAX_LEVELS + 2) * EXT_HALO_H * EXT_HALO_W];
    __shared__ float rowMax[(SIFT_MAX_LEVELS + 2) * EXT_HALO_H * EXT_TILE_W];
    __shared__ float rowMin[(SIFT_MAX_LEVELS + 2) * EXT_HALO_H * EXT_TILE_W];
    const int block = octaves[first].extremaTileStart + (int)blockIdx.x;
    int oi = first;
    while (oi + 1 < first + count && block >= octaves[oi + 1].extremaTileStart)
        oi++;
    const SiftOctave& O = octaves[oi];
    const int S = params.levels;
    const int tile = block - O.extremaTileStart;
    const int ty0 = tile / O.extremaTilesX, tx0 = tile - ty0 * O.extremaTilesX;
    const int x0 = tx0 * EXT_TILE_W, y0 = ty0 * EXT_TILE_H;
    const int tid = threadIdx.y * EXT_TILE_W + threadIdx.x;
    SiftOctaveView view;
    view.g = space + O.base;
    view.levelStride = O.levelStride;
    view.width = O.width;
    view.height = O.height;
    view.pitch = O.pitch;

    const int plane = EXT_HALO_H * EXT_HALO_W;
    for (int i = tid; i < plane; i += EXT_TILE_W * EXT_TILE_H) {
        const int ly = i / EXT_HALO_W, lx = i - ly * EXT_HALO_W;
        const int x = x0 + lx - 1, y = y0 + ly - 1;
        // pixels outside the octave are never a candidate's neighbour (candidates keep a one-pixel border)
        const bool inside = x >= 0 && y >= 0 && x < O.width && y < O.height;
        const float* g = inside ? view.g + (long long)y * O.pitch + x : view.g;
        float below = inside ? g[0] : 0.f;
        for (int s = 0; s < S + 2; s++) {
            const float above = inside ? g[(long long)(s + 1) * O.levelStride] : 0.f;
            dog[s * plane + i] = above - below;  // D(s) = G(s + 1) - G(s), as sift_dog
            below = above;
        }
    }
    __syncthreads();

    // the largest and least of each three horizontally neighbouring samples: rows 0 .. 9 of every level, a column
    // per tile column (halo columns x .. x + 2), so that a pixel's 26 neighbours are 10 of these and 2 samples
    const int rows = (S + 2) * EXT_HALO_H * EXT_TILE_W;
    for (int i = tid; i < rows; i += EXT_TILE_W * EXT_TILE_H) {
        const int r = i / EXT_TILE_W, x = i - r * EXT_TILE_W;  // r counts the rows of all levels
        const float* d3 = dog + r * EXT_HALO_W + x;
        rowMax[i] = fmaxf(fmaxf(d3[0], d3[1]), d3[2]);
        rowMin[i] = fminf(fminf(d3[0], d3[1]), d3[2]);
    }
    __syncthreads();

    const int u = x0 + threadIdx.x, v = y0 + threadIdx.y;
    if (u < SIFT_BORDER || v < SIFT_BORDER || u > O.width - 1 - SIFT_BORDER || v > O.height - 1 - SIFT_BORDER)
        return;
    const int c = (threadIdx.y + 1) * EXT_HALO_W + threadIdx.x + 1;
    const int rowPlane = EXT_HALO_H * EXT_TILE_W;
    const int r0 = threadIdx.y * EXT_TILE_W + threadIdx.x;  // this column's row above the pixel, in a level's rows
    for (int s = 1; s <= S; s++) {
        const float d = dog[s * plane + c];
        if (!(fabsf(d) >= params.preThreshold))
            continue;
        // DogExtremaDetector: a positive sample must be a strict maximum of its 26 neighbours, any other a strict
        // minimum: the 3 x 3 rows of the levels below and above, the rows above and below on its own level, and its
        // two horizontal neighbours. Branch-free: the same instructions for every lane.
        const float* rows3 = d > 0 ? rowMax : rowMin;
        const float* below = rows3 + (s - 1) * rowPlane + r0;
        const float* same = rows3 + s * rowPlane + r0;
        const float* above = rows3 + (s + 1) * rowPlane + r0;
        const float left = dog[s * plane + c - 1], right = dog[s * plane + c + 1];
        bool extremum;
        if (d > 0) {
            float n = fmaxf(fmaxf(left, right), fmaxf(same[0], same[2 * EXT_TILE_W]));
#pragma unroll
            for (int k = 0; k < 3; k++)
                n = fmaxf(n, fmaxf(below[k * EXT_TILE_W], above[k * EXT_TILE_W]));
            extremum = d > n;
        } else {
            float n = fminf(fminf(left, right), fminf(same[0], same[2 * EXT_TILE_W]));
#pragma unroll
            for (int k = 0; k < 3; k++)
                n = fminf(n, fminf(below[k * EXT_TILE_W], above[k * EXT_TILE_W]));
            extremum = d < n;
        }
        if (!extremum)
            continue;
        atomicAdd(&counters[Z_RAW_EXTREMA], 1);
        const SiftRefined r = sift_refine(view, u, v, s, S, params.contrastThreshold, params.edgeThreshold);
        if (!r.ok || !sift_claim_sample(claims, 2 * params.extremaCapacity, oi, r.s, r.u, r.v))
            continue;
        const int at = atomicAdd(&counters[sift_extremum_counter(back)], 1);
        atomicAdd(&counters[Z_OCTAVE_EXTREMA + oi], 1);
        if (at < params.extremaCapacity)
            extrema[sift_extremum_slot(at, params.extremaCapacity, back)] =
                sift_point(r, oi, O.octave, O.origin, params.sigma0, S);
    }
}
