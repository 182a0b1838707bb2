// ORB stage 3: which corners of each level become features, without a round trip to the host. Same sets as
// FeatureSelection of the CPU reference (OpenCV's KeyPointsFilter::retainBest: keep every element at least as
// large as the n-th largest, so ties at the boundary all stay), and the same order: the kept corners of a level
// are placed by position (row-major), which is the reference's order.
//
// RETAIN_BEST:  orb_filter  keeps the corners whose FAST score is at least the 2N-th largest of their level
//                           (N = the level's quota). Scores are integers 1..254: the level's score histogram,
//                           built by orb_fast, gives that threshold exactly. It appends them to the level's S1
//                           list and histograms the top byte of their Harris keys (radix-select pass 0).
//               orb_select  one block per level: radix select (passes 1-3 on 8-bit digits of the sortable
//                           float bits) finds the N-th largest Harris response of S1 exactly; keeps every
//                           corner at least as large; counts the kept corners per row, scans the row counts into
//                           row starts, and scatters the kept corners into their row's slots (unordered within a
//                           row: orb_orient ranks them by x).
// GRID:         orb_select  alone: the level is cut into square cells; the cells give up their strongest
//                           corner in turn (cell order, round after round) until N are chosen; ties in response
//                           within a cell go to the earlier position, as the reference's stable insertion sort.
#include "orb_common.cuh"

#define FILTER_THREADS 256
#define SELECT_THREADS 1024

// Launch: grid (G, levelCount) blocks of FILTER_THREADS threads; blockIdx.y is the level and the G blocks of a
// level stride over its candidates (any G >= 1; the host picks enough to fill the GPU on the largest level).
// Candidates are appended to S1 with one atomic per warp.
extern "C" __global__ void __launch_bounds__(FILTER_THREADS)
orb_filter(const OrbLevel* __restrict__ levels, const int4* __restrict__ cand, int* __restrict__ z,
           int2* __restrict__ s1)
{
    __shared__ int hist[256];
    __shared__ int threshold, unused;
    const int l = blockIdx.y;
    const OrbLevel& L = levels[l];
    const int tid = threadIdx.x, lane = tid & 31;
    const int n = L.quota;
    const int m = min(__ldcg(&z[Z_CAND_COUNT + l]), L.candCap);
    if (n <= 0 || m == 0)
        return;

    int sum = 0;
#pragma unroll
    for (int c = 0; c < ORB_HIST_COPIES; ++c)
        sum += z[L.fastHistOffset + c * 256 + tid];
    hist[tid] = sum;
    if (tid == 0)
        threshold = 0;  // at most 2N corners: keep all
    __syncthreads();
    if (m > 2 * n && tid < 32)
        orb_warp_find_digit<true>(hist, 2 * n, &threshold, &unused);
    __syncthreads();
    const int t = threshold;
    hist[tid] = 0;  // now the radix histogram of this block
    __syncthreads();

    const int warpsPerGrid = gridDim.x * (FILTER_THREADS / 32);
    for (int base = (blockIdx.x * (FILTER_THREADS / 32) + tid / 32) * 32; base < m; base += warpsPerGrid * 32) {
        const int i = base + lane;
        int4 c = make_int4(0, 0, 0, 0);
        bool keep = false;
        if (i < m) {
            c = cand[L.candOffset + i];
            keep = c.y >= t;
        }
        const uint32_t mask = __ballot_sync(ORB_FULL_MASK, keep);
        if (mask == 0)
            continue;
        int first = 0;
        if (lane == 0)
            first = atomicAdd(&z[Z_S1_COUNT + l], __popc(mask));
        first = __shfl_sync(ORB_FULL_MASK, first, 0);
        if (keep) {
            s1[L.candOffset + first + __popc(mask & ((1u << lane) - 1))] = make_int2(c.x, c.z);
            atomicAdd(&hist[orb_sortable(__int_as_float(c.z)) >> 24], 1);
        }
    }
    __syncthreads();
    if (hist[tid] != 0)
        atomicAdd(&z[L.radixHistOffset + tid], hist[tid]);
}

// The kept items of a level go to slots grouped by row: rowCount[y] (zeroed scratch, h + 1 entries) counts
// them, an exclusive scan turns the counts into row starts (rowCount[h] = the level's total), and each item takes
// the next free slot of its row.
__device__ __forceinline__ int rows_to_starts(int* rowCount, int h, int* z, int l)
{
    __syncthreads();  // every row count is in
    const int total = orb_block_exclusive_scan<SELECT_THREADS>(rowCount, h + 1);
    if (threadIdx.x == 0)
        z[Z_KEPT_COUNT + l] = total;
    __syncthreads();
    return total;
}

__device__ __forceinline__ void put_in_row(int2 item, const int* rowStart, int* rowFill, int2* slots)
{
    const int y = orb_pos_y(item.x);
    const int slot = __ldcg(rowStart + y) + atomicAdd(rowFill + y, 1);
    slots[slot] = item;
}

__device__ __forceinline__ int cell_of(int pos, int cellSize, int cols)
{
    return (orb_pos_y(pos) / cellSize) * cols + orb_pos_x(pos) / cellSize;
}

// Launch: grid (levelCount) blocks of SELECT_THREADS (1024) threads, one block per level. distribution: 0
// RETAIN_BEST (reads S1 from orb_filter), 1 GRID (reads all candidates; gridMembers and gridRank are per-candidate
// scratch arrays, unused otherwise). Writes the level's kept count to z[Z_KEPT_COUNT + l] and its kept items
// {y << 16 | x, Harris bits} to slots[candOffset + 0 .. count), grouped by row as described above.
extern "C" __global__ void __launch_bounds__(SELECT_THREADS)
orb_select(const OrbLevel* __restrict__ levels, int distribution, int cellSize, const int4* __restrict__ cand,
           const int2* __restrict__ s1, int* __restrict__ z, int2* __restrict__ slots, int* __restrict__ gridMembers,
           int* __restrict__ gridRank)
{
    __shared__ int hist[256];
    __shared__ int digit, remaining, sharedC;
    const int l = blockIdx.x;
    const OrbLevel& L = levels[l];
    const int tid = threadIdx.x;
    const int n = L.quota, h = L.height, off = L.candOffset;
    int* rowCount = z + L.rowOffset;
    int* rowFill = rowCount + h + 1;
    int2* levelSlots = slots + off;

    if (distribution == 0) {
        const int m = min(__ldcg(&z[Z_S1_COUNT + l]), L.candCap);
        if (n <= 0 || m == 0) {
            if (tid == 0)
                z[Z_KEPT_COUNT + l] = 0;
            return;
        }
        const int2* items = s1 + off;
        uint32_t threshold = 0;  // at most N corners: keep all
        if (m > n) {
            if (tid < 32)
                orb_warp_find_digit<false>(z + L.radixHistOffset, n, &digit, &remaining);
            __syncthreads();
            uint32_t prefix = (uint32_t)digit << 24, mask = 0xff000000u;
            int k = remaining;
            for (int shift = 16; shift >= 0; shift -= 8) {
                if (tid < 256)
                    hist[tid] = 0;
                __syncthreads();
                for (int i = tid; i < m; i += SELECT_THREADS) {
                    const uint32_t key = orb_sortable(__int_as_float(items[i].y));
                    if ((key & mask) == prefix)
                        atomicAdd(&hist[(key >> shift) & 255], 1);
                }
                __syncthreads();
                if (tid < 32)
                    orb_warp_find_digit<true>(hist, k, &digit, &remaining);
                __syncthreads();
                prefix |= (uint32_t)digit << shift;
                mask |= 0xffu << shift;
                k = remaining;
                __syncthreads();  // digit and remaining are read by all before the next pass writes them
            }
            threshold = prefix;  // the key of the N-th largest response
        }
        for (int i = tid; i < m; i += SELECT_THREADS) {
            const int2 e = items[i];
            if (orb_sortable(__int_as_float(e.y)) >= threshold)
                atomicAdd(&rowCount[orb_pos_y(e.x)], 1);
        }
        rows_to_starts(rowCount, h, z, l);
        for (int i = tid; i < m; i += SELECT_THREADS) {
            const int2 e = items[i];
            if (orb_sortable(__int_as_float(e.y)) >= threshold)
                put_in_row(e, rowCount, rowFill, levelSlots);
        }
        return;
    }

    // GRID (FeatureSelection.spreadOverGrid)
    const int m = min(__ldcg(&z[Z_CAND_COUNT + l]), L.candCap);
    if (n <= 0 || m == 0) {
        if (tid == 0)
            z[Z_KEPT_COUNT + l] = 0;
        return;
    }
    const int4* items = cand + off;
    const int cols = L.gridCols, cells = L.gridCols * L.gridRows;
    int* cellStart = z + L.cellOffset;  // cells + 1 counts, then starts
    int* cellFill = cellStart + cells + 1;
    int* members = gridMembers + off;
    int* rank = gridRank + off;
    const bool keepAll = m <= n;
    int R = 0, C = 0;
    if (!keepAll) {
        for (int i = tid; i < m; i += SELECT_THREADS)
            atomicAdd(&cellStart[cell_of(items[i].x, cellSize, cols)], 1);
        __syncthreads();
        orb_block_exclusive_scan<SELECT_THREADS>(cellStart, cells + 1);
        __syncthreads();
        for (int i = tid; i < m; i += SELECT_THREADS) {
            const int c = cell_of(items[i].x, cellSize, cols);
            members[__ldcg(&cellStart[c]) + atomicAdd(&cellFill[c], 1)] = i;
        }
        __syncthreads();
        // rank of each candidate in its cell: strongest first, ties by position (a stable sort of row-major input)
        for (int i = tid; i < m; i += SELECT_THREADS) {
            const int4 e = items[i];
            const float response = __int_as_float(e.z);
            const int c = cell_of(e.x, cellSize, cols);
            const int s = cellStart[c], end = cellStart[c + 1];
            int r = 0;
            for (int j = s; j < end; ++j) {
                const int4 o = items[__ldcg(&members[j])];
                const float other = __int_as_float(o.z);
                r += other > response || (other == response && o.x < e.x);
            }
            rank[i] = r;
        }
        // round R in which the N-th pick happens: the smallest R with sum over cells of min(count, R + 1) >= N
        int most = 0;
        for (int c = tid; c < cells; c += SELECT_THREADS)
            most = max(most, cellStart[c + 1] - cellStart[c]);
        most = orb_block_max<SELECT_THREADS>(most);
        int lo = 0, hi = most - 1;
        while (lo < hi) {
            const int mid = (lo + hi) / 2;
            int s = 0;
            for (int c = tid; c < cells; c += SELECT_THREADS)
                s += min(cellStart[c + 1] - cellStart[c], mid + 1);
            if (orb_block_sum<SELECT_THREADS>(s) >= n)
                hi = mid;
            else
                lo = mid + 1;
        }
        R = lo;
        int before = 0;
        for (int c = tid; c < cells; c += SELECT_THREADS)
            before += min(cellStart[c + 1] - cellStart[c], R);
        const int need = n - orb_block_sum<SELECT_THREADS>(before);  // picks in round R, 1 <= need
        // C: the need-th cell, in cell order, that still has a member in round R
        using Scan = cub::BlockScan<int, SELECT_THREADS>;
        __shared__ typename Scan::TempStorage scanTemp;
        int carry = 0;
        for (int b = 0; b < cells; b += SELECT_THREADS) {
            const int c = b + tid;
            const int flag = c < cells && cellStart[c + 1] - cellStart[c] > R;
            int inclusive, aggregate;
            Scan(scanTemp).InclusiveSum(flag, inclusive, aggregate);
            if (flag && carry + inclusive == need)
                sharedC = c;
            carry += aggregate;
            __syncthreads();
        }
        __syncthreads();
        C = sharedC;
    }
    for (int i = tid; i < m; i += SELECT_THREADS) {
        const int4 e = items[i];
        if (keepAll || rank[i] < R || (rank[i] == R && cell_of(e.x, cellSize, cols) <= C))
            atomicAdd(&rowCount[orb_pos_y(e.x)], 1);
    }
    rows_to_starts(rowCount, h, z, l);
    for (int i = tid; i < m; i += SELECT_THREADS) {
        const int4 e = items[i];
        if (keepAll || rank[i] < R || (rank[i] == R && cell_of(e.x, cellSize, cols) <= C))
            put_in_row(make_int2(e.x, e.z), rowCount, rowFill, levelSlots);
    }
}
