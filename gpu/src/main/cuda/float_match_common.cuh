// Shared by the float-descriptor (SIFT) matching kernels: float_convert.cu, float_tiles.cu, float_rescore.cu.
//
// The search is done twice over: approximately on the tensor cores (FP16 products, FP32 sums), keeping per row
// its FLOAT_CANDIDATES best columns, then exactly in FP32 on those candidates only. An approximate candidate is
// (key, index) with key = |c|^2 - 2 r.c for row r and column c: the squared distance less the row's own |r|^2,
// which does not change the order of one row's columns. Lists are ordered by key, then by lower index (the CPU
// matcher's tie rule), and hold distinct indices, so lists of disjoint column ranges merge exactly.
//
// The exact distance is FloatDescriptors.squaredDistance bit for bit: terms (a - b)^2 rounded to float and added
// in component order, each operation rounded (the _rn intrinsics: no FMA contraction, whatever the flags).
#pragma once
#include <cstdint>
#include <cmath>

// descriptor components the matcher accepts: |x| <= FLOAT_MAX_COMPONENT (FloatDescriptorMatcher.MAX_COMPONENT)
#define FLOAT_MAX_COMPONENT 4096.0f
// approximate candidates kept per row and per column (CudaFloatMatcher.CANDIDATES)
#define FLOAT_CANDIDATES 4
// components of a half-precision row: descriptors of up to 128 floats, zero-padded (zeros add nothing)
#define FLOAT_K 128
// rows of the half-precision buffers are padded to a multiple of this (the tile side of float_tiles.cu)
#define FLOAT_TILE 128
// The tile kernel's accumulator value of a pair that can never be a candidate (a padding column's bias, or a pair
// outside the search window): finite, so that float_tiles.cu's slot packing keeps it a number, and far below any
// real pair's value r.c - |c|^2/2 (|x| <= FLOAT_MAX_COMPONENT over 128 components: at most 3.3e9 in magnitude).
#define FLOAT_NO_PAIR (-1e30f)
// The least floor of float_tiles.cu's epilogue: above FLOAT_NO_PAIR, below every real pair's value.
#define FLOAT_LEAST_FLOOR (-1e29f)
// "no candidate" index in a list (its key is +infinity)
#define FLOAT_NONE (-1)
// the integer unit of FloatDescriptors.scaledDistance
#define FLOAT_DISTANCE_SCALE 512.0

// (key, index) < (other key, other index); a NONE entry (key +inf, index -1) is never less than a real one,
// since real keys are finite.
__device__ __forceinline__ bool candidate_less(float k, int i, float ok, int oi)
{
    return k < ok || (k == ok && (unsigned)i < (unsigned)oi);
}

// Inserts (k, i) into the sorted list (keys[0] smallest) if it is among the FLOAT_CANDIDATES best, by bubbling
// it up from the last slot: constant indices only, so the list stays in registers.
__device__ __forceinline__ void candidate_insert(float (&keys)[FLOAT_CANDIDATES], int (&index)[FLOAT_CANDIDATES],
                                                 float k, int i)
{
    if (!candidate_less(k, i, keys[FLOAT_CANDIDATES - 1], index[FLOAT_CANDIDATES - 1]))
        return;
    keys[FLOAT_CANDIDATES - 1] = k;
    index[FLOAT_CANDIDATES - 1] = i;
#pragma unroll
    for (int s = FLOAT_CANDIDATES - 1; s > 0; s--) {
        if (candidate_less(keys[s], index[s], keys[s - 1], index[s - 1])) {
            const float tk = keys[s];
            keys[s] = keys[s - 1];
            keys[s - 1] = tk;
            const int ti = index[s];
            index[s] = index[s - 1];
            index[s - 1] = ti;
        }
    }
}

// (keys[b], index[b]) before (keys[a], index[a]) swaps them
__device__ __forceinline__ void candidate_exchange(float (&keys)[FLOAT_CANDIDATES], int (&index)[FLOAT_CANDIDATES],
                                                   int a, int b)
{
    if (candidate_less(keys[b], index[b], keys[a], index[a])) {
        const float tk = keys[a];
        keys[a] = keys[b];
        keys[b] = tk;
        const int ti = index[a];
        index[a] = index[b];
        index[b] = ti;
    }
}

// Merges a second sorted list (ok, oi) into (keys, index): the FLOAT_CANDIDATES least entries of both, sorted, as
// inserting the second list's entries one by one (candidate_insert) leaves them when the two lists hold different
// indices. The lesser of entries j and C - 1 - j of the two lists form a bitonic sequence that holds the C least;
// two rounds of compare-exchanges sort it: 4 steps of 2 independent exchanges, where 4 insertions are 4 chains of
// up to 4 dependent ones. Why it matters (float_tiles.cu's final merges, three per row list): at 4096 x 4096 a
// block has only 8 column tiles, and its once-per-block code is a quarter of the kernel's time.
__device__ __forceinline__ void candidate_merge(float (&keys)[FLOAT_CANDIDATES], int (&index)[FLOAT_CANDIDATES],
                                                const float (&ok)[FLOAT_CANDIDATES], const int (&oi)[FLOAT_CANDIDATES])
{
    static_assert(FLOAT_CANDIDATES == 4, "the exchanges below sort 4");
#pragma unroll
    for (int j = 0; j < FLOAT_CANDIDATES; j++)
        if (candidate_less(ok[FLOAT_CANDIDATES - 1 - j], oi[FLOAT_CANDIDATES - 1 - j], keys[j], index[j])) {
            keys[j] = ok[FLOAT_CANDIDATES - 1 - j];
            index[j] = oi[FLOAT_CANDIDATES - 1 - j];
        }
    candidate_exchange(keys, index, 0, 2);
    candidate_exchange(keys, index, 1, 3);
    candidate_exchange(keys, index, 0, 1);
    candidate_exchange(keys, index, 2, 3);
}

__device__ __forceinline__ void candidate_clear(float (&keys)[FLOAT_CANDIDATES], int (&index)[FLOAT_CANDIDATES])
{
#pragma unroll
    for (int s = 0; s < FLOAT_CANDIDATES; s++) {
        keys[s] = INFINITY;
        index[s] = FLOAT_NONE;
    }
}

// FloatDescriptors.squaredDistance of two rows of `length` floats: sequential, every operation rounded to float.
__device__ __forceinline__ float exact_squared_distance(const float* __restrict__ a, const float* __restrict__ b,
                                                        int length)
{
    float d = 0.f;
    if ((length & 3) == 0) {  // rows are 16-byte aligned: float4 loads, same order of additions
        const float4* a4 = reinterpret_cast<const float4*>(a);
        const float4* b4 = reinterpret_cast<const float4*>(b);
#pragma unroll 8
        for (int k = 0; k < (length >> 2); k++) {  // unrolled: the loads of 8 steps are in flight together
            const float4 x = a4[k], y = b4[k];
            float e = __fsub_rn(x.x, y.x);
            d = __fadd_rn(d, __fmul_rn(e, e));
            e = __fsub_rn(x.y, y.y);
            d = __fadd_rn(d, __fmul_rn(e, e));
            e = __fsub_rn(x.z, y.z);
            d = __fadd_rn(d, __fmul_rn(e, e));
            e = __fsub_rn(x.w, y.w);
            d = __fadd_rn(d, __fmul_rn(e, e));
        }
    } else {
        for (int k = 0; k < length; k++) {
            const float e = __fsub_rn(a[k], b[k]);
            d = __fadd_rn(d, __fmul_rn(e, e));
        }
    }
    return d;
}

// FloatDescriptors.scaledDistance: Math.round(Math.sqrt(d) * 512) (ties up), capped at Integer.MAX_VALUE - 1.
// sqrt is correctly rounded in double on the device as in Java, and x - floor(x) is exact.
__device__ __forceinline__ int scaled_distance(float squared)
{
    const double x = sqrt((double)squared) * FLOAT_DISTANCE_SCALE;
    double r = floor(x);
    if (x - r >= 0.5)
        r += 1.0;
    return r > 2147483646.0 ? 2147483646 : (int)r;
}
