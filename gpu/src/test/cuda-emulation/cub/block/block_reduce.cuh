#pragma once
namespace cub {
template <class T, int B> struct BlockReduce {
    struct TempStorage { T v[B]; };
    TempStorage& s;
    BlockReduce(TempStorage& t) : s(t) {}
    int tid() { return threadIdx.x + threadIdx.y * blockDim.x; }
    T Sum(T x) { s.v[tid()] = x; __syncthreads(); T a = 0; for (int i = 0; i < B; i++) a += s.v[i]; __syncthreads(); return a; }
    template <class Op> T Reduce(T x, Op op) { s.v[tid()] = x; __syncthreads(); T a = s.v[0]; for (int i = 1; i < B; i++) a = op(a, s.v[i]); __syncthreads(); return a; }
};
}
