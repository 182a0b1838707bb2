// The warp-level tensor-core and copy instructions of float_tiles.cu, as small inline-PTX wrappers, so that the
// kernel reads as C++ and the host emulation (gpu/src/test/cuda-emulation, GPUVO_HOST_EMULATION) can stand in for
// them with warps of host threads.
//
// Fragment layouts (PTX ISA, "Matrix fragments for mma.m16n8k16" with .f16; groupID g = lane >> 2, t = lane & 3):
//   A (16 x 16, row-major), 4 x .f16x2: a0 = A[g][2t..2t+1], a1 = A[g+8][2t..2t+1], a2 = A[g][2t+8..2t+9],
//       a3 = A[g+8][2t+8..2t+9];
//   B (16 x 8, column-major), 2 x .f16x2: b0 = B[2t..2t+1][g], b1 = B[2t+8..2t+9][g];
//   C/D (16 x 8, f32): c0, c1 = C[g][2t], C[g][2t+1]; c2, c3 = C[g+8][2t], C[g+8][2t+1].
// ldmatrix.x4 loads four 8 x 8 b16 matrices; lanes 8m .. 8m+7 give the row addresses of matrix m, and register m
// of lane l receives row l >> 2, elements 2(l & 3), 2(l & 3) + 1 of matrix m: exactly an A or B fragment when the
// matrices are picked as float_tiles.cu does (rows = descriptors, 8 halves = 16 bytes of k per matrix row).
#pragma once
#include <cstdint>

#ifdef GPUVO_HOST_EMULATION
#include "float_mma_emulation.h"
#else
#include <cuda_fp16.h>

// The kernel's dynamic shared memory (the emulation gives a host buffer instead).
#define FLOAT_DYNAMIC_SHARED(name) extern __shared__ __align__(128) unsigned char name[]

// One 16-byte global-to-shared copy: cp.async.cg (sm_80+: straight to shared memory, not through registers or L1)
// or, on older GPUs, a load and a store.
__device__ __forceinline__ void copy16_async(void* smem, const void* gmem)
{
#if __CUDA_ARCH__ >= 800
    const uint32_t s = (uint32_t)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
#else
    *reinterpret_cast<uint4*>(smem) = *reinterpret_cast<const uint4*>(gmem);
#endif
}

// Closes the group of copies issued since the last commit (no-op below sm_80: copies are synchronous there).
__device__ __forceinline__ void copy_commit()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}

// Waits until at most N committed groups of this thread are still in flight.
template <int N>
__device__ __forceinline__ void copy_wait()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
#endif
}

__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], const void* smem)
{
    const uint32_t s = (uint32_t)__cvta_generic_to_shared(smem);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(s));
}

// d += A (16 x 16) * B (16 x 8), FP16 inputs, FP32 accumulation. sm_80+ has m16n8k16; sm_75 runs it as two
// m16n8k8 (k 0..7 from a0, a1, b0; k 8..15 from a2, a3, b1).
__device__ __forceinline__ void mma_f16_16816(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1)
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
#else
    asm("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(b0));
    asm("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[2]), "r"(a[3]), "r"(b1));
#endif
}
// d = A (16 x 16) * B (16 x 8) + C with C's rows all (c0, c1) (the first k-step, starting from the columns'
// biases: C/D element c0, c2 are column 2t, c1, c3 column 2t + 1).
__device__ __forceinline__ void mma_f16_16816_bias(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1,
                                                   float c0, float c1)
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%10, %11, %10, %11};\n"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(c0), "f"(c1));
#else
    d[0] = d[2] = c0;
    d[1] = d[3] = c1;
    mma_f16_16816(d, a, b0, b1);
#endif
}
#endif
