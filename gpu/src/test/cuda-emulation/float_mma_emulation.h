// Host stand-ins for what the float-matching kernels use beyond emu.h: half precision (_Float16, round to nearest
// even as __float2half_rn), the warp-collective ldmatrix and mma.sync (lanes post their registers, a warp
// barrier, each lane assembles its fragment from the PTX ISA layouts written in float_mma.cuh), cp.async as a
// plain copy, dynamic shared memory as a host buffer (blocks run one after another), and a few intrinsics.
// Included by float_mma.cuh when GPUVO_HOST_EMULATION is defined (float_emulation.cpp), after emu.h.
#pragma once
#include <atomic>
#include <cmath>
#include <cstring>

struct uint2 { unsigned x, y; };
struct uint4 { unsigned x, y, z, w; };
struct float4 { float x, y, z, w; };
inline uint2 make_uint2(unsigned a, unsigned b) { return {a, b}; }
inline uint4 make_uint4(unsigned a, unsigned b, unsigned c, unsigned d) { return {a, b, c, d}; }
#define __align__(n) alignas(n)

struct __half { _Float16 v; };
inline __half __float2half_rn(float f) { return {(_Float16)f}; }
inline float __half2float(__half h) { return (float)h.v; }
inline unsigned short __half_as_ushort(__half h) { unsigned short u; memcpy(&u, &h.v, 2); return u; }
inline float half_bits_to_float(unsigned short u) { _Float16 h; memcpy(&h, &u, 2); return (float)h; }

inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline double __dmul_rn(double a, double b) { return a * b; }
using std::isfinite;

inline float __shfl_xor_sync(unsigned, float v, int d) {
    int lane = threadIdx.x & 31;
    unsigned u; memcpy(&u, &v, 4);
    unsigned r = (unsigned)warp_exchange(u, lane ^ d);
    float f; memcpy(&f, &r, 4);
    return f;
}
inline bool __any_sync(unsigned m, bool p) { return __ballot_sync(m, p) != 0; }

inline std::atomic<int> g_block_count{0};
inline int __syncthreads_count(int p) {
    __syncthreads();
    if (p) g_block_count++;
    __syncthreads();
    int r = g_block_count.load();
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) g_block_count = 0;
    return r;
}

// dynamic shared memory of the block being run
inline unsigned char g_dynamic_smem[256 * 1024] alignas(128);
#define FLOAT_DYNAMIC_SHARED(name) unsigned char* name = g_dynamic_smem

inline void copy16_async(void* smem, const void* gmem) { memcpy(smem, gmem, 16); }
inline void copy_commit() {}
template <int N> inline void copy_wait() {}

// per warp and lane: the posted registers of the current collective
inline const unsigned char* g_ldm_addr[64][32];
inline uint32_t g_mma_regs[64][32][6];

inline void ldmatrix_x4(uint32_t (&r)[4], const void* smem) {
    int lane = threadIdx.x & 31;
    g_ldm_addr[t_warp][lane] = static_cast<const unsigned char*>(smem);
    g_warps[t_warp]->arrive_and_wait();
    for (int m = 0; m < 4; m++)
        memcpy(&r[m], g_ldm_addr[t_warp][8 * m + (lane >> 2)] + 4 * (lane & 3), 4);
    g_warps[t_warp]->arrive_and_wait();
}

inline float half_of(uint32_t reg, int e) { return half_bits_to_float((unsigned short)(reg >> (16 * e))); }

inline void mma_f16_16816(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
    int lane = threadIdx.x & 31;
    uint32_t* mine = g_mma_regs[t_warp][lane];
    mine[0] = a[0]; mine[1] = a[1]; mine[2] = a[2]; mine[3] = a[3]; mine[4] = b0; mine[5] = b1;
    g_warps[t_warp]->arrive_and_wait();
    auto A = [&](int row, int k) {  // a0/a2 rows 0-7 (k 0-7 / 8-15), a1/a3 rows 8-15, lane (row & 7, (k & 7) / 2)
        int reg = (row >= 8 ? 1 : 0) + (k >= 8 ? 2 : 0);
        return half_of(g_mma_regs[t_warp][4 * (row & 7) + ((k & 7) >> 1)][reg], k & 1);
    };
    auto B = [&](int k, int col) {  // b0 k 0-7, b1 k 8-15, lane (col, (k & 7) / 2)
        return half_of(g_mma_regs[t_warp][4 * col + ((k & 7) >> 1)][k >= 8 ? 5 : 4], k & 1);
    };
    int g = lane >> 2, t = lane & 3;
    for (int e = 0; e < 4; e++) {
        int row = g + (e >= 2 ? 8 : 0), col = 2 * t + (e & 1);
        float s = 0.f;
        for (int k = 0; k < 16; k++)
            s += A(row, k) * B(k, col);  // products of halves are exact in float
        d[e] += s;
    }
    g_warps[t_warp]->arrive_and_wait();
}

inline void mma_f16_16816_bias(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1, float c0, float c1) {
    d[0] = d[2] = c0;
    d[1] = d[3] = c1;
    mma_f16_16816(d, a, b0, b1);
}
