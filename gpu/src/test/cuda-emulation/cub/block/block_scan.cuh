#pragma once
namespace cub {
template <class T, int B> struct BlockScan {
    struct TempStorage { T v[B]; };
    TempStorage& s;
    BlockScan(TempStorage& t) : s(t) {}
    int tid() { return threadIdx.x + threadIdx.y * blockDim.x; }
    void ExclusiveSum(T x, T& excl, T& agg) { s.v[tid()] = x; __syncthreads(); T e = 0, a = 0; for (int i = 0; i < B; i++) { if (i < tid()) e += s.v[i]; a += s.v[i]; } __syncthreads(); excl = e; agg = a; }
    void InclusiveSum(T x, T& incl, T& agg) { T e; ExclusiveSum(x, e, agg); incl = e + x; }
};
}
