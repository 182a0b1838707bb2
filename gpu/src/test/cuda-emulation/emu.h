// Minimal CUDA emulation on host threads: one std::thread per CUDA thread, blocks run one after another (so
// static variables serve as __shared__ memory), std::barrier for __syncthreads and per-warp barriers for the
// warp intrinsics.
#pragma once
#include <cstdint>
#include <cstddef>
#include <cmath>
#include <cstring>
#include <cfenv>
#include <thread>
#include <barrier>
#include <vector>
#include <memory>
#include <algorithm>
#include <cstdio>
struct dim3 { unsigned x = 1, y = 1, z = 1; };
inline thread_local dim3 threadIdx, blockIdx;
inline dim3 blockDim, gridDim;
inline std::barrier<>* g_block = nullptr;
inline std::vector<std::unique_ptr<std::barrier<>>> g_warps;
inline thread_local int t_warp;
inline unsigned long long g_slots[64][32];
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __restrict__
#define __shared__ static
#define __constant__ static const
struct int2 { int x, y; }; struct int4 { int x, y, z, w; }; struct float2 { float x, y; };
struct char4 { signed char x, y, z, w; };
inline int2 make_int2(int a, int b) { return {a, b}; }
inline int4 make_int4(int a, int b, int c, int d) { return {a, b, c, d}; }
inline float2 make_float2(float a, float b) { return {a, b}; }
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline void __syncthreads() { g_block->arrive_and_wait(); }
template <class T> inline T __ldcg(const T* p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
inline int atomicAdd(int* p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline int __float_as_int(float f) { int i; memcpy(&i, &f, 4); return i; }
inline unsigned __float_as_uint(float f) { unsigned i; memcpy(&i, &f, 4); return i; }
inline float __int_as_float(int i) { float f; memcpy(&f, &i, 4); return f; }
inline float __uint_as_float(unsigned i) { float f; memcpy(&f, &i, 4); return f; }
inline int __float2int_rn(float f) { return (int)nearbyintf(f); }
inline int __popc(unsigned v) { return __builtin_popcount(v); }
inline unsigned long long warp_exchange(unsigned long long v, int src) {
    int lane = threadIdx.x & 31;
    g_slots[t_warp][lane] = v;
    g_warps[t_warp]->arrive_and_wait();
    unsigned long long r = g_slots[t_warp][src];
    g_warps[t_warp]->arrive_and_wait();
    return r;
}
inline int __shfl_sync(unsigned, int v, int src) { return (int)warp_exchange((unsigned)v, src & 31); }
inline int __shfl_up_sync(unsigned, int v, int d) { int lane = threadIdx.x & 31; int r = (int)warp_exchange((unsigned)v, lane >= d ? lane - d : lane); return r; }
inline int __shfl_xor_sync(unsigned, int v, int d) { int lane = threadIdx.x & 31; return (int)warp_exchange((unsigned)v, lane ^ d); }
inline unsigned __ballot_sync(unsigned, bool p) {
    int lane = threadIdx.x & 31;
    g_slots[t_warp][lane] = p;
    g_warps[t_warp]->arrive_and_wait();
    unsigned r = 0;
    for (int i = 0; i < 32; i++) r |= (unsigned)(g_slots[t_warp][i] != 0) << i;
    g_warps[t_warp]->arrive_and_wait();
    return r;
}
template <class K, class... A>
void launch(dim3 grid, dim3 block, K kernel, A... args) {
    gridDim = grid; blockDim = block;
    int n = block.x * block.y;
    for (unsigned by = 0; by < grid.y; by++)
        for (unsigned bx = 0; bx < grid.x; bx++) {
            std::barrier<> b(n);
            g_block = &b;
            g_warps.clear();
            for (int w = 0; w < (n + 31) / 32; w++) g_warps.emplace_back(new std::barrier<>(std::min(32, n - 32 * w)));
            std::vector<std::thread> ts;
            for (int t = 0; t < n; t++)
                ts.emplace_back([&, t] {
                    threadIdx.x = t % block.x; threadIdx.y = t / block.x; blockIdx.x = bx; blockIdx.y = by;
                    t_warp = t / 32;
                    kernel(args...);
                    g_warps[t_warp]->arrive_and_drop();
                    g_block->arrive_and_drop();
                });
            for (auto& t : ts) t.join();
        }
}
