// Float-descriptor matching, stage 2: approximate squared distances of all row x column pairs on the tensor cores
// (mma.sync m16n8k16, FP16 products summed in FP32), reduced on the fly to the FLOAT_CANDIDATES best columns of
// every row; the distance matrix never leaves the registers. Pass 0 has the queries as rows and the train set as
// columns; pass 1 (the mutual check only) the other way round, so that every train descriptor gets its best
// queries. Both passes are one launch. float_rescore.cu then re-scores the candidates exactly in FP32.
//
// Block tile: 64 rows x 128 columns, K = 128 (one SIFT descriptor) in 8 k-steps of 16; 4 warps as 2 (rows) x 2
// (columns), each warp 32 rows x 64 columns = 2 x 8 mma tiles of 16 x 8. A block keeps its 64 rows for its
// whole life and walks a range of 128-column tiles (its "split" of the columns):
//   - the rows' A fragments (2 m-tiles x 8 k-steps x 4 registers = 64 registers per thread) are loaded once
//     with ldmatrix and stay in registers;
//   - column tiles (32 KB of halves, plus their 128 biases and, in window mode, positions) stream through shared
//     memory, double-buffered with cp.async on sm_80+ (float_tiles: 2 x 33.5 KB = 67 KB) or single-buffered
//     (float_tiles_single: 33.5 KB, sm_75, whose blocks may use at most 64 KB);
//   - rows of 256 bytes are stored with their 16-byte chunks XOR-swizzled by (row & 7), so that the 8 row
//     addresses of every ldmatrix phase hit 8 distinct bank groups: conflict-free;
//   - per tile and warp: 8 k-steps x (4 ldmatrix.x4 for B, 16 mma) = 32 ldmatrix + 128 mma, then the epilogue.
//     The first k-step's mma takes the columns' biases as its C operand: no instruction copies them.
// Registers: 64 (A) + 64 (accumulators) + 32 (candidate lists) + 4 (floors) + addressing and the epilogue's
// temporaries: all 255 allowed (ptxas -v, nvcc 13: float_tiles spills 20 bytes on sm_90, none on sm_80 to sm_89;
// float_tiles_single 12 bytes on sm_90, none on sm_75), at two blocks of 128 threads per
// multiprocessor (__launch_bounds__(128, 2): 2 x 128 x 255 registers fill the register file). Two blocks' shared
// memory (2 x 67 KB) fits on sm_80, sm_87 and sm_90; GPUs with 100 KB or less per multiprocessor hold one, and
// the host plans the grid for what the driver reports resident (CudaFloatMatcher.tilesPerBlock, planSplits: about
// one wave). Each warp issues 16 independent mma per k-step. Why two blocks of 64 rows rather than one of 128:
// their barriers are independent, so one block's epilogue can overlap the other's mma, and the grid has twice as
// many blocks to fill the multiprocessors with (docs/measurements.md).
//
// Epilogue, per tile: lane (g, t) holds for each of its 4 rows (m-tile mt, half h: a "row group" of the warp's 8
// rows g) 16 accumulators over columns wn*64 + 8n + 2t + e. They start at the column's bias -|c|^2/2
// (float_convert.cu) instead of 0, so they end as r.c - |c|^2/2 = -key/2 with key = |c|^2 - 2 r.c, which orders one
// row's columns as the squared distance does. The lane keeps, per row, a sorted list of FLOAT_CANDIDATES (key,
// column) (float_match_common.cuh). Each accumulator first gets its slot 2n + e in its 4 lowest mantissa bits
// (slot_packed), so that one maximum of the 16 (a tree of 15 FMNMX) is both the row's best pair of the tile and its
// column. That maximum is compared with the row's floor (quad_floor: the 4th least key of the quad's 4 lists, which
// hold the same row's other columns; a pair below it cannot be in the row's final list). While some lane of the warp
// has a maximum at or above its floor, each such lane inserts its pair, drops it from the group and takes the next
// maximum and floor (a warp-uniform loop: the shuffles of the floor need every lane). A round is taken whenever one
// of the warp's 32 lanes has a pair to insert: for most row groups of a 64-tile split (87 % in a host simulation of
// uniform keys), mostly one round; a lane's first tile takes about 5 (its best 4, then the 5th is below them). The
// lists order equal keys by lower column (candidate_insert), whatever the order the pairs arrive in. Why packing:
// walking the 16 keys pair by pair behind per-pair votes cost 7 instructions per mma. In window mode the pairs
// outside the window (in_window, match_common.cuh) are set to FLOAT_NO_PAIR before the packing: never a candidate.
// A row group's floor is taken at the block's first tile and then only in the insertion rounds, the only places
// its lists change; each tile starts from the floors the last one ended with. Why: recomputing them at every
// tile's start costs 4 quad_floor calls per tile (8 shuffles and about 20 FMNMX each). They are kept in registers
// despite the spill: in shared memory they gained less (docs/measurements.md).
//
// At the end the 8 lists of a row (4 lanes of a quad x 2 column warps) are merged (candidate_merge): two shuffle
// rounds in the quad, then through shared memory across the warp pair; the merged list is written to
// partial[(split * nrows + row) * FLOAT_CANDIDATES + c] as (key bits, column) int2.
#include <cstdint>
#include "float_match_common.cuh"
#include "float_mma.cuh"
#include "match_common.cuh"

#define TILE_THREADS 128
#define TILE_ROWS 64                                   // rows of a block (4 warps: 2 of rows x 2 of columns)
#define TILE_ROW_BYTES (FLOAT_K * 2)                   // 256: one half-precision row
#define TILE_BYTES (FLOAT_TILE * TILE_ROW_BYTES)       // 32 KB: a column tile
#define TILE_CHUNKS (TILE_BYTES / 16)                  // 2048 16-byte chunks per column tile
#define ROW_CHUNKS (TILE_ROWS * TILE_ROW_BYTES / 16)   // 1024 16-byte chunks of a block's rows
// bytes of one pipeline stage: the tile, its column biases and column positions
#define TILE_STAGE_BYTES (TILE_BYTES + FLOAT_TILE * 4 + FLOAT_TILE * 8)

// byte offset of 16-byte chunk `chunk` (0..15) of row `row` in a swizzled tile
__device__ __forceinline__ int tile_offset(int row, int chunk)
{
    return row * TILE_ROW_BYTES + ((chunk ^ (row & 7)) << 4);
}

struct TilePass {
    const uint4* rows;      // half-precision rows (padded)
    const uint4* cols;      // half-precision columns (padded)
    const float* col_bias;  // -|c|^2 / 2, padded with FLOAT_NO_PAIR
    int nrows, ncols;
    int row_tile, split, tiles_per_split;
    const float2* row_xy;   // window mode: positions of the rows (predictions in pass 0, keypoints in pass 1)
    const float2* col_xy;
    bool rows_are_predictions;
    int2* partial;
};

// Issues the copies of column tile `tile` into stage buffer `stage` (then commits them as one group): 2048
// chunks, 8 per thread, consecutive threads on consecutive chunks (coalesced); the 128 biases as 32 chunks; in
// window mode the positions with bounded plain loads (the position arrays are not padded).
__device__ __forceinline__ void issue_tile(unsigned char* stage, const TilePass& p, int tile, int window)
{
    const int tid = threadIdx.x;
    const unsigned char* src = reinterpret_cast<const unsigned char*>(p.cols) + (size_t)tile * TILE_BYTES;
#pragma unroll
    for (int m = 0; m < TILE_CHUNKS / TILE_THREADS; m++) {
        const int q = tid + m * TILE_THREADS;
        const int row = q >> 4, chunk = q & 15;
        copy16_async(stage + tile_offset(row, chunk), src + (size_t)q * 16);
    }
    float* bias = reinterpret_cast<float*>(stage + TILE_BYTES);
    if (tid < FLOAT_TILE / 4)
        copy16_async(bias + 4 * tid, p.col_bias + (size_t)tile * FLOAT_TILE + 4 * tid);
    if (window && tid < FLOAT_TILE) {
        float2* xy = reinterpret_cast<float2*>(stage + TILE_BYTES + FLOAT_TILE * 4);
        const int c = tile * FLOAT_TILE + tid;
        xy[tid] = c < p.ncols ? p.col_xy[c] : make_float2(NAN, NAN);
    }
    copy_commit();
}

// Slot packing, for the epilogue: an accumulator's 4 lowest mantissa bits are replaced by its slot 2n + e among
// the lane's 16 pairs of one row. Values that differ above those bits keep their order, so the maximum of a row
// group's packed values is its pair of largest value truncated to 19 mantissa bits (a relative 2^-19, far below
// the FP16 products' error; the exact re-score decides) and names that pair. Pairs that cannot be candidates hold
// FLOAT_NO_PAIR, a finite value (a packed infinity would be a NaN), below every floor; a pair already taken
// becomes -inf (no longer packed).
__device__ __forceinline__ float slot_packed(float v, int slot)
{
    return __uint_as_float((__float_as_uint(v) & ~15u) | (unsigned)slot);
}

__device__ __forceinline__ float slot_cleared(float v)
{
    return __uint_as_float(__float_as_uint(v) & ~15u);
}

__device__ __forceinline__ int slot_of(float v)
{
    return (int)(__float_as_uint(v) & 15u);
}

// The largest of the lane's 16 packed values of row group (mt, h): a tree, 4 dependent steps instead of 16.
__device__ __forceinline__ float group_max(const float (&acc)[8][4], int h)
{
    float m[8];
#pragma unroll
    for (int n = 0; n < 8; n++)
        m[n] = fmaxf(acc[n][2 * h], acc[n][2 * h + 1]);
#pragma unroll
    for (int w = 4; w > 0; w >>= 1)
#pragma unroll
        for (int n = 0; n < w; n++)
            m[n] = fmaxf(m[n], m[n + w]);
    return m[0];
}

// hi, lo = the larger and the smaller of the two
__device__ __forceinline__ void compare_exchange(float& hi, float& lo)
{
    const float a = fmaxf(hi, lo), b = fminf(hi, lo);
    hi = a;
    lo = b;
}

// The floor of a row, as an accumulator value: the 4th least key of the quad's 4 lists (same row, other columns),
// scaled back by -1/2 (exact). A pair whose key is above it has FLOAT_CANDIDATES better pairs of lower index in those
// lists and cannot be in the row's final list; a pair equal to it may still be (lower index first). Two merges with
// the shuffled lists of the other lanes: the 4 least of two ascending lists are min(a[i], b[3 - i]) (a bitonic
// sequence, sorted by 4 compare-exchanges before the second merge), and the 4th least of the last merge is the
// largest of its 4. FLOAT_LEAST_FLOOR while the quad holds fewer than 4 pairs, so that FLOAT_NO_PAIR never passes.
__device__ __forceinline__ float quad_floor(const float (&keys)[FLOAT_CANDIDATES])
{
    static_assert(FLOAT_CANDIDATES == 4, "the merges below are written for lists of 4");
    float c[4];
#pragma unroll
    for (int i = 0; i < 4; i++)
        c[i] = __shfl_xor_sync(0xFFFFFFFFu, keys[3 - i], 1);
#pragma unroll
    for (int i = 0; i < 4; i++)
        c[i] = fminf(keys[i], c[i]);
    // ascending bitonic sort of 4
    compare_exchange(c[2], c[0]);
    compare_exchange(c[3], c[1]);
    compare_exchange(c[1], c[0]);
    compare_exchange(c[3], c[2]);
    float fourth = -INFINITY;
#pragma unroll
    for (int i = 0; i < 4; i++)
        fourth = fmaxf(fourth, fminf(c[i], __shfl_xor_sync(0xFFFFFFFFu, c[3 - i], 2)));
    return fmaxf(-0.5f * fourth, FLOAT_LEAST_FLOOR);
}

// The 4 largest of a lane's 16 packed values of row group (mt, h), in descending order: a sorting network (4 sorted
// quadruples, merged pairwise as bitonic sequences: 76 FMNMX). Packed values are distinct, so the 4 are 4 pairs.
__device__ __forceinline__ void sort4_descending(float (&v)[4])
{
    compare_exchange(v[0], v[1]);
    compare_exchange(v[2], v[3]);
    compare_exchange(v[0], v[2]);
    compare_exchange(v[1], v[3]);
    compare_exchange(v[1], v[2]);
}

// the 4 largest of two descending quadruples, descending (into a)
__device__ __forceinline__ void merge_top4(float (&a)[4], const float (&b)[4])
{
#pragma unroll
    for (int i = 0; i < 4; i++)
        a[i] = fmaxf(a[i], b[3 - i]);  // a bitonic sequence holding the 4 largest
    compare_exchange(a[0], a[2]);
    compare_exchange(a[1], a[3]);
    compare_exchange(a[0], a[1]);
    compare_exchange(a[2], a[3]);
}

// Inserts the 4 largest packed values of row group h (real pairs only) into the lane's list and drops them from
// the group (set to -inf: no longer packed).
__device__ __forceinline__ void take_top4(float (&acc)[8][4], int h, float (&keys)[FLOAT_CANDIDATES],
                                          int (&index)[FLOAT_CANDIDATES], int cbase)
{
    float q[4][4];
#pragma unroll
    for (int g = 0; g < 4; g++) {
#pragma unroll
        for (int i = 0; i < 4; i++)
            q[g][i] = acc[2 * g + (i >> 1)][2 * h + (i & 1)];
        sort4_descending(q[g]);
    }
    merge_top4(q[0], q[1]);
    merge_top4(q[2], q[3]);
    merge_top4(q[0], q[2]);
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const float v = q[0][i];
        if (slot_cleared(v) >= FLOAT_LEAST_FLOOR) {
            const int slot = slot_of(v);
            candidate_insert(keys, index, -2.f * slot_cleared(v), cbase + 8 * (slot >> 1) + (slot & 1));
        }
    }
    const float fourth = q[0][3];
#pragma unroll
    for (int n = 0; n < 8; n++)
#pragma unroll
        for (int e = 0; e < 2; e++)
            if (acc[n][2 * h + e] >= fourth)
                acc[n][2 * h + e] = -INFINITY;
}

template <int STAGES, bool WINDOW>
__device__ __forceinline__ void tiles_block(const TilePass& p, double radius2, unsigned char* smem)
{
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int wm = warp >> 1, wn = warp & 1;
    const int g = lane >> 2, t = lane & 3;

    const int col_tiles = (p.ncols + FLOAT_TILE - 1) / FLOAT_TILE;
    const int first = p.split * p.tiles_per_split;
    const int last = min(col_tiles, first + p.tiles_per_split);

    // rows of this block: staged through shared memory, their A fragments then kept in registers. With two
    // stages the rows go through buffer 1 while the first column tile is already loading into buffer 0 (one
    // global round trip less per block; cp.async groups complete in commit order, so waiting for all but the
    // newest group waits for the rows only); with one stage, through buffer 0 before the first column tile.
    unsigned char* row_stage = STAGES == 2 ? smem + TILE_STAGE_BYTES : smem;
    {
        const unsigned char* src =
                reinterpret_cast<const unsigned char*>(p.rows) + (size_t)p.row_tile * TILE_ROWS * TILE_ROW_BYTES;
#pragma unroll
        for (int m = 0; m < ROW_CHUNKS / TILE_THREADS; m++) {
            const int q = tid + m * TILE_THREADS;
            copy16_async(row_stage + tile_offset(q >> 4, q & 15), src + (size_t)q * 16);
        }
        copy_commit();
        if (STAGES == 2 && first < last) {
            issue_tile(smem, p, first, WINDOW);
            copy_wait<1>();
        } else {
            copy_wait<0>();
        }
        __syncthreads();
    }
    uint32_t a[2][8][4];
    {
        // ldmatrix.x4 of m-tile mt, k-step ks: matrices (rows 0-7, k 0-7), (rows 8-15, k 0-7), (rows 0-7, k 8-15),
        // (rows 8-15, k 8-15) = a0..a3; lane l addresses row (l & 7) + 8 ((l >> 3) & 1), chunk 2 ks + (l >> 4)
        const int row = wm * 32 + ((lane >> 3) & 1) * 8 + (lane & 7);
#pragma unroll
        for (int mt = 0; mt < 2; mt++)
#pragma unroll
            for (int ks = 0; ks < 8; ks++)
                ldmatrix_x4(a[mt][ks], row_stage + tile_offset(row + 16 * mt, 2 * ks + (lane >> 4)));
    }
    __syncthreads();  // the row stage is free for the column tiles

    float lk[2][2][FLOAT_CANDIDATES];
    int li[2][2][FLOAT_CANDIDATES];
    float floor_[2][2];  // per row group: quad_floor of the lists as they stand (set at the first tile)
    float2 rxy[2][2];
#pragma unroll
    for (int mt = 0; mt < 2; mt++)
#pragma unroll
        for (int h = 0; h < 2; h++) {
            candidate_clear(lk[mt][h], li[mt][h]);
            const int r = p.row_tile * TILE_ROWS + wm * 32 + mt * 16 + h * 8 + g;
            rxy[mt][h] = WINDOW && r < p.nrows ? p.row_xy[r] : make_float2(NAN, NAN);
        }

    // ldmatrix.x4 of column pair q (n-tiles 2q, 2q+1), k-step ks: matrices (cols 0-7, k 0-7), (cols 0-7, k 8-15),
    // (cols 8-15, k 0-7), (cols 8-15, k 8-15) = b0, b1 of n-tile 2q and b0, b1 of n-tile 2q+1
    const int bcol = wn * 64 + ((lane >> 4) & 1) * 8 + (lane & 7);
    const int bchunk = (lane >> 3) & 1;

    if (STAGES == 1 && first < last)
        issue_tile(smem, p, first, WINDOW);
    for (int tile = first; tile < last; tile++) {
        const int stage = STAGES == 1 ? 0 : (tile - first) & 1;
        unsigned char* buf = smem + stage * TILE_STAGE_BYTES;
        if (STAGES == 2 && tile + 1 < last) {
            issue_tile(smem + (stage ^ 1) * TILE_STAGE_BYTES, p, tile + 1, WINDOW);
            copy_wait<1>();
        } else {
            copy_wait<0>();
        }
        __syncthreads();  // the tile is visible to every thread

        // k-step 0 starts from the columns' biases (the mma's C operand): column wn*64 + 8n + 2t + e, elements e
        // and e + 2; no instruction only copies them into the accumulators
        const float* bias = reinterpret_cast<const float*>(buf + TILE_BYTES);
        float acc[2][8][4];
#pragma unroll
        for (int q = 0; q < 4; q++) {
            uint32_t b[4];
            ldmatrix_x4(b, buf + tile_offset(bcol + 16 * q, bchunk));
            const float2 c0 = *reinterpret_cast<const float2*>(bias + wn * 64 + 16 * q + 2 * t);
            const float2 c1 = *reinterpret_cast<const float2*>(bias + wn * 64 + 16 * q + 8 + 2 * t);
#pragma unroll
            for (int mt = 0; mt < 2; mt++) {
                mma_f16_16816_bias(acc[mt][2 * q], a[mt][0], b[0], b[1], c0.x, c0.y);
                mma_f16_16816_bias(acc[mt][2 * q + 1], a[mt][0], b[2], b[3], c1.x, c1.y);
            }
        }
#pragma unroll
        for (int ks = 1; ks < 8; ks++) {
#pragma unroll
            for (int q = 0; q < 4; q++) {
                uint32_t b[4];
                ldmatrix_x4(b, buf + tile_offset(bcol + 16 * q, 2 * ks + bchunk));
#pragma unroll
                for (int mt = 0; mt < 2; mt++) {
                    mma_f16_16816(acc[mt][2 * q], a[mt][ks], b[0], b[1]);
                    mma_f16_16816(acc[mt][2 * q + 1], a[mt][ks], b[2], b[3]);
                }
            }
        }

        // epilogue. Window mode first drops the pairs outside the window (they can never be candidates).
        const int cbase = tile * FLOAT_TILE + wn * 64 + 2 * t;
        if (WINDOW) {
            const float2* cxy = reinterpret_cast<const float2*>(buf + TILE_BYTES + FLOAT_TILE * 4);
#pragma unroll
            for (int n = 0; n < 8; n++)
#pragma unroll
                for (int e = 0; e < 2; e++) {
                    const float2 c = cxy[wn * 64 + 8 * n + 2 * t + e];
#pragma unroll
                    for (int mt = 0; mt < 2; mt++)
#pragma unroll
                        for (int h = 0; h < 2; h++) {
                            const bool inside = p.rows_are_predictions ? in_window(c, rxy[mt][h], radius2)
                                                                       : in_window(rxy[mt][h], c, radius2);
                            if (!inside)
                                acc[mt][n][2 * h + e] = FLOAT_NO_PAIR;
                        }
                }
        }
        // Every accumulator gets its slot 2n + e in its low mantissa bits, so that one maximum gives the nearest
        // pair of a row group and which column it is; the four groups' trees are independent (latency hidden).
#pragma unroll
        for (int mt = 0; mt < 2; mt++)
#pragma unroll
            for (int n = 0; n < 8; n++)
#pragma unroll
                for (int j = 0; j < 4; j++)
                    acc[mt][n][j] = slot_packed(acc[mt][n][j], 2 * n + (j & 1));
        // The block's first tile finds the lists empty: the loop below would take a round per pair until each
        // lane holds 4. Instead each lane takes its group's 4 largest values at once (group_top4) and drops them;
        // the loop then goes on from there with the floor they give (ties and all, as before).
        if (tile == first) {
#pragma unroll
            for (int mt = 0; mt < 2; mt++)
#pragma unroll
                for (int h = 0; h < 2; h++)
                    take_top4(acc[mt], h, lk[mt][h], li[mt][h], cbase);
        }
        // The floors change only where a list does: after take_top4 and in the insertion rounds below, which
        // take them again. So a tile starts from the floors the previous one ended with (they are those of the
        // lists as they stand), and only the block's first tile computes them afresh: 4 quad_floor calls less
        // per tile. Not in the single-stage kernel (sm_75), where the 4 floors kept across the mma would spill
        // (ptxas, sm_75: 80 bytes stored and 152 loaded, against none).
        float most[2][2];
#pragma unroll
        for (int mt = 0; mt < 2; mt++)
#pragma unroll
            for (int h = 0; h < 2; h++) {
                most[mt][h] = group_max(acc[mt], h);
                if (tile == first || STAGES == 1)
                    floor_[mt][h] = quad_floor(lk[mt][h]);
            }
        // Row group by row group, while some lane of the warp has a pair at or above its floor (a warp-uniform
        // loop: mostly one round, none once the lists have settled), each such lane inserts its best pair and
        // drops it from the group; the next best and the (quad-shared) floor are then taken again.
#pragma unroll
        for (int mt = 0; mt < 2; mt++)
#pragma unroll
            for (int h = 0; h < 2; h++) {
                bool enter = slot_cleared(most[mt][h]) >= floor_[mt][h];
                while (__any_sync(0xFFFFFFFFu, enter)) {
                    if (enter) {
                        const int slot = slot_of(most[mt][h]);
                        candidate_insert(lk[mt][h], li[mt][h], -2.f * slot_cleared(most[mt][h]),
                                         cbase + 8 * (slot >> 1) + (slot & 1));
                        const unsigned taken = __float_as_uint(most[mt][h]);
#pragma unroll
                        for (int n = 0; n < 8; n++)
#pragma unroll
                            for (int e = 0; e < 2; e++)
                                if (__float_as_uint(acc[mt][n][2 * h + e]) == taken)
                                    acc[mt][n][2 * h + e] = -INFINITY;
                    }
                    most[mt][h] = group_max(acc[mt], h);
                    floor_[mt][h] = quad_floor(lk[mt][h]);
                    enter = slot_cleared(most[mt][h]) >= floor_[mt][h];
                }
            }
        __syncthreads();  // every warp is done with this buffer before it is refilled
        if (STAGES == 1 && tile + 1 < last)
            issue_tile(smem, p, tile + 1, WINDOW);
    }

    // merge the 4 lanes of each quad (they hold the same rows): xor 1, then xor 2
#pragma unroll
    for (int mt = 0; mt < 2; mt++)
#pragma unroll
        for (int h = 0; h < 2; h++)
#pragma unroll
            for (int offset = 1; offset <= 2; offset <<= 1) {
                float ok[FLOAT_CANDIDATES];
                int oi[FLOAT_CANDIDATES];
#pragma unroll
                for (int s = 0; s < FLOAT_CANDIDATES; s++) {
                    ok[s] = __shfl_xor_sync(0xFFFFFFFFu, lk[mt][h][s], offset);
                    oi[s] = __shfl_xor_sync(0xFFFFFFFFu, li[mt][h][s], offset);
                }
                candidate_merge(lk[mt][h], li[mt][h], ok, oi);
            }

    // merge the two column warps through shared memory (the tile buffers are free: the loop ended on a barrier)
    int2* shared_lists = reinterpret_cast<int2*>(smem);  // [TILE_ROWS][FLOAT_CANDIDATES]
    if (wn == 1 && t == 0) {
#pragma unroll
        for (int mt = 0; mt < 2; mt++)
#pragma unroll
            for (int h = 0; h < 2; h++)
#pragma unroll
                for (int s = 0; s < FLOAT_CANDIDATES; s++)
                    shared_lists[(wm * 32 + mt * 16 + h * 8 + g) * FLOAT_CANDIDATES + s] =
                            make_int2(__float_as_int(lk[mt][h][s]), li[mt][h][s]);
    }
    __syncthreads();
    if (wn == 0) {
#pragma unroll
        for (int mt = 0; mt < 2; mt++) {
#pragma unroll
            for (int h = 0; h < 2; h++) {
                const int local = wm * 32 + mt * 16 + h * 8 + g;
                float ok[FLOAT_CANDIDATES];
                int oi[FLOAT_CANDIDATES];
#pragma unroll
                for (int s = 0; s < FLOAT_CANDIDATES; s++) {
                    const int2 o = shared_lists[local * FLOAT_CANDIDATES + s];
                    ok[s] = __int_as_float(o.x);
                    oi[s] = o.y;
                }
                candidate_merge(lk[mt][h], li[mt][h], ok, oi);
                const int r = p.row_tile * TILE_ROWS + local;
                if (r < p.nrows) {
                    int2* out = p.partial + ((size_t)p.split * p.nrows + r) * FLOAT_CANDIDATES;
#pragma unroll
                    for (int s = 0; s < FLOAT_CANDIDATES; s++)
                        if ((s & 3) == t)  // the quad's four lanes share the writes
                            out[s] = make_int2(__float_as_int(lk[mt][h][s]), li[mt][h][s]);
                }
            }
        }
    }
}

// Decodes which pass, row tile and column split this block is. Blocks [0, row_tiles0 * splits0) are pass 0,
// the next row_tiles1 * splits1 pass 1 (none when splits1 == 0: no mutual check); within a pass, block b takes
// row tile b % row_tiles and split b / row_tiles (consecutive blocks read the same column tiles: L2 reuse).
__device__ __forceinline__ TilePass tile_pass(const uint4* q16, const float* q_bias, int nq, const uint4* t16,
                                              const float* t_bias, int nt, int splits0, int tiles_per_split0,
                                              int tiles_per_split1, const float2* q_pred, const float2* t_xy,
                                              int2* partial0, int2* partial1)
{
    TilePass p;
    int b = blockIdx.x;
    const int row_tiles0 = (nq + TILE_ROWS - 1) / TILE_ROWS;
    if (b < row_tiles0 * splits0) {
        p.rows = q16; p.cols = t16; p.col_bias = t_bias; p.nrows = nq; p.ncols = nt;
        p.row_xy = q_pred; p.col_xy = t_xy; p.rows_are_predictions = true; p.partial = partial0;
        p.tiles_per_split = tiles_per_split0;
        p.row_tile = b % row_tiles0;
        p.split = b / row_tiles0;
    } else {
        b -= row_tiles0 * splits0;
        const int row_tiles1 = (nt + TILE_ROWS - 1) / TILE_ROWS;
        p.rows = t16; p.cols = q16; p.col_bias = q_bias; p.nrows = nt; p.ncols = nq;
        p.row_xy = t_xy; p.col_xy = q_pred; p.rows_are_predictions = false; p.partial = partial1;
        p.tiles_per_split = tiles_per_split1;
        p.row_tile = b % row_tiles1;
        p.split = b / row_tiles1;
    }
    return p;
}

// Launch (both entry points): blocks of TILE_THREADS threads, 1-D grid of row_tiles0 * splits0 +
// row_tiles1 * splits1 blocks (row_tiles = ceil(n / TILE_ROWS); splits1 = 0 without the mutual check), dynamic shared
// memory STAGES * TILE_STAGE_BYTES (2 stages: 68,608 bytes, above the 48 KB default: the host raises the
// function's limit). Half-precision rows and biases as float_convert.cu writes them (padded to 128 rows); q_pred
// and t_xy (window != 0 only) hold nq and nt float2. partial0 gets splits0 * nq lists, partial1 splits1 * nt.
extern "C" __global__ void __launch_bounds__(TILE_THREADS, 2)
float_tiles(const uint4* __restrict__ q16, const float* __restrict__ q_bias, int nq, const uint4* __restrict__ t16,
            const float* __restrict__ t_bias, int nt, int splits0, int tiles_per_split0, int tiles_per_split1,
            const float2* __restrict__ q_pred, const float2* __restrict__ t_xy, int window, double radius2,
            int2* __restrict__ partial0, int2* __restrict__ partial1)
{
    FLOAT_DYNAMIC_SHARED(smem);
    const TilePass p = tile_pass(q16, q_bias, nq, t16, t_bias, nt, splits0, tiles_per_split0, tiles_per_split1,
                                 q_pred, t_xy, partial0, partial1);
    if (window)
        tiles_block<2, true>(p, radius2, smem);
    else
        tiles_block<2, false>(p, radius2, smem);
}

// The same with one stage (33.5 KB of shared memory): for GPUs whose blocks cannot have 67 KB (sm_75).
extern "C" __global__ void __launch_bounds__(TILE_THREADS, 2)
float_tiles_single(const uint4* __restrict__ q16, const float* __restrict__ q_bias, int nq,
                   const uint4* __restrict__ t16, const float* __restrict__ t_bias, int nt, int splits0,
                   int tiles_per_split0, int tiles_per_split1, const float2* __restrict__ q_pred,
                   const float2* __restrict__ t_xy, int window, double radius2, int2* __restrict__ partial0,
                   int2* __restrict__ partial1)
{
    FLOAT_DYNAMIC_SHARED(smem);
    const TilePass p = tile_pass(q16, q_bias, nq, t16, t_bias, nt, splits0, tiles_per_split0, tiles_per_split1,
                                 q_pred, t_xy, partial0, partial1);
    if (window)
        tiles_block<1, true>(p, radius2, smem);
    else
        tiles_block<1, false>(p, radius2, smem);
}
