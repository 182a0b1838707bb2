// Shared by the ORB kernels (orb_*.cu): the level table, the layout of the per-frame scratch buffer, and small
// block- and warp-level helpers. Each .cu file is its own module (fatbin); this header only holds inline code.
//
// EXACTNESS. build-fatbin.sh compiles with -fmad=false: nvcc never contracts a*b+c into an FMA, so float
// expressions round exactly as the Java reference evaluates them; the few places where the reference calls
// Math.fma use fmaf() explicitly. Divisions and square roots are IEEE (no -use_fast_math, -prec-div default).
#pragma once
#include <cstdint>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_reduce.cuh>

#define ORB_FULL_MASK 0xffffffffu

// One pyramid level, as CudaOrbExtractor.writeLevelTable lays it out (32 little-endian 32-bit words; keep the
// two in sync). All offsets are element indices except origin (bytes). The table lives in device memory and is
// rewritten only when the image size changes.
struct OrbLevel {
    int width, height;      // level size in pixels
    int stride;             // bytes between rows of the pyramid and smoothed buffers
    int border;             // reflected border on every side (OpenCV's ORB layout)
    long long origin;       // byte offset of pixel (0, 0) in the pyramid and smoothed buffers
    float scale;            // scaleFactor^level as OpenCV rounds it (float)
    int quota;              // features wanted on this level (0 on levels beyond ConfigOrb.levels)
    int candOffset;         // first entry of this level in the candidate, S1, slot and grid arrays
    int candCap;            // entries this level may use there
    int fastTileStart;      // first FAST tile (block) of this level; tiles cover the edge-free band
    int fastTilesX;         // FAST tiles per row of tiles
    int rowOffset;          // scratch (int index): h + 1 row counts / row starts, then h row fill counters
    int cellOffset;         // scratch (int index), GRID only: cells + 1 cell counts / starts, then cells fill counters
    int gridCols, gridRows; // GRID cells of this level
    int smoothTileStart;    // first smoothing tile (block); tiles cover the whole padded level
    int smoothTilesX;
    int fastHistOffset;     // scratch (int index): ORB_HIST_COPIES x 256 FAST score counts
    int radixHistOffset;    // scratch (int index): 256 counts of the top byte of the Harris keys of S1
    int reserved[12];
};
static_assert(sizeof(OrbLevel) == 128, "OrbLevel must match CudaOrbExtractor's 128-byte level records");

// The per-frame scratch buffer is zeroed by one memset before the first kernel. Its first words are the counts
// the host downloads; the rest (histograms, row and cell counters) is placed by the level table.
#define ORB_MAX_LEVELS 32
#define Z_CAND_COUNT 0   // [level] FAST corners after non-maximum suppression (may exceed candCap: host grows)
#define Z_S1_COUNT 32    // [level] corners kept by the FAST-score preselection (RETAIN_BEST)
#define Z_KEPT_COUNT 64  // [level] features kept
#define Z_COUNTS 96      // words the host downloads
// copies of each level's FAST score histogram: blocks add to copy blockIdx % ORB_HIST_COPIES, which spreads
// the atomics on the popular scores over more addresses
#define ORB_HIST_COPIES 8

// OpenCV's borderInterpolate for BORDER_REFLECT_101 (gfedcb|abcdefgh|gfedcba), as PyramidLevel.reflect101.
__device__ __forceinline__ int orb_reflect101(int p, int n)
{
    if (n == 1)
        return 0;
    while (p < 0 || p >= n)
        p = p < 0 ? -p : 2 * n - 2 - p;
    return p;
}

// A float's bits mapped to an unsigned integer with the same order (for the radix select on Harris responses).
__device__ __forceinline__ uint32_t orb_sortable(float f)
{
    const uint32_t u = __float_as_uint(f);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

// Pixel position of a candidate packed as y << 16 | x (x, y < 16384): row-major order is integer order.
__device__ __forceinline__ int orb_pos_x(int pos) { return pos & 0xffff; }
__device__ __forceinline__ int orb_pos_y(int pos) { return pos >> 16; }

// The level whose tiles [start, start + count) hold tile t, by linear search over the (at most 32) levels.
__device__ __forceinline__ int orb_level_of_fast_tile(const OrbLevel* levels, int levelCount, int t)
{
    int l = 0;
    while (l + 1 < levelCount && levels[l + 1].fastTileStart <= t)
        ++l;
    return l;
}

__device__ __forceinline__ int orb_level_of_smooth_tile(const OrbLevel* levels, int levelCount, int t)
{
    int l = 0;
    while (l + 1 < levelCount && levels[l + 1].smoothTileStart <= t)
        ++l;
    return l;
}

// Executed by one whole warp. hist holds 256 counts; 1 <= k <= their sum. Finds the digit d with
// above(d) < k <= above(d) + hist[d], above(d) = hist[d+1] + ... + hist[255] (d is the value of the k-th largest
// element), and writes d and k - above(d) (its rank among the elements equal to d). hist may be shared memory
// (SHARED = true) or global memory written by earlier kernels or by atomics (read through L2).
template <bool SHARED>
__device__ __forceinline__ void orb_warp_find_digit(const int* hist, int k, int* digit, int* remaining)
{
    const int lane = threadIdx.x & 31;
    int bins[8];
    int sum = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        bins[i] = SHARED ? hist[255 - (8 * lane + i)] : __ldcg(hist + 255 - (8 * lane + i));
        sum += bins[i];
    }
    int inclusive = sum;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const int v = __shfl_up_sync(ORB_FULL_MASK, inclusive, o);
        if (lane >= o)
            inclusive += v;
    }
    const int exclusive = inclusive - sum;
    if (exclusive < k && k <= inclusive) {
        int c = exclusive;
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            if (c < k && c + bins[i] >= k) {
                *digit = 255 - (8 * lane + i);
                *remaining = k - c;
            }
            c += bins[i];
        }
    }
}

// Called by all BLOCK threads: replaces data[0..n) (global memory) by its exclusive prefix sum and returns the
// total. Values written by atomics of this block before a __syncthreads are read through L2 (__ldcg).
template <int BLOCK>
__device__ int orb_block_exclusive_scan(int* data, int n)
{
    using Scan = cub::BlockScan<int, BLOCK>;
    __shared__ typename Scan::TempStorage temp;
    int carry = 0;
    for (int base = 0; base < n; base += BLOCK) {
        const int i = base + threadIdx.x;
        const int v = i < n ? __ldcg(data + i) : 0;
        int exclusive, aggregate;
        Scan(temp).ExclusiveSum(v, exclusive, aggregate);
        if (i < n)
            data[i] = carry + exclusive;
        carry += aggregate;
        __syncthreads();  // temp is reused by the next chunk
    }
    return carry;
}

// Sum over all BLOCK threads, returned to every thread.
template <int BLOCK>
__device__ int orb_block_sum(int v)
{
    using Reduce = cub::BlockReduce<int, BLOCK>;
    __shared__ typename Reduce::TempStorage temp;
    __shared__ int result;
    const int total = Reduce(temp).Sum(v);
    if (threadIdx.x == 0)
        result = total;
    __syncthreads();
    const int r = result;
    __syncthreads();
    return r;
}

struct OrbMax {
    __device__ __forceinline__ int operator()(int a, int b) const { return a > b ? a : b; }
};

// Maximum over all BLOCK threads, returned to every thread.
template <int BLOCK>
__device__ int orb_block_max(int v)
{
    using Reduce = cub::BlockReduce<int, BLOCK>;
    __shared__ typename Reduce::TempStorage temp;
    __shared__ int result;
    const int total = Reduce(temp).Reduce(v, OrbMax());
    if (threadIdx.x == 0)
        result = total;
    __syncthreads();
    const int r = result;
    __syncthreads();
    return r;
}
