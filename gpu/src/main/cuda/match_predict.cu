// Matching stage, search window: predicted positions of the queries in the train image from a 3x3 homography
// (an affine transform is one with h6 = h7 = 0, h8 = 1), for CudaHammingMatcher.matchWithin with a matrix.
#include <cstdint>

struct Homography {
    double h[9];  // row-major
};

// predicted[i] = (float) ((h0 x + h1 y + h2) / (h6 x + h7 y + h8)), likewise y with h3..h5, in double with
// x, y = xy[i] as doubles. The _rn intrinsics forbid FMA contraction, so the result is bit-identical to Java's
// (float) ((h[0] * x + h[1] * y + h[2]) / (h[6] * x + h[7] * y + h[8])). A zero denominator gives an infinite
// or NaN prediction: that query has no candidate, as on the CPU.
//
// Launch: 1-D blocks of 256 threads, grid = ceil(n / 256); one point per thread.
extern "C" __global__ void __launch_bounds__(256)
predict_homography(const float2* __restrict__ xy, int n, Homography H, float2* __restrict__ predicted)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const double x = (double)xy[i].x, y = (double)xy[i].y;
    const double u = __dadd_rn(__dadd_rn(__dmul_rn(H.h[0], x), __dmul_rn(H.h[1], y)), H.h[2]);
    const double v = __dadd_rn(__dadd_rn(__dmul_rn(H.h[3], x), __dmul_rn(H.h[4], y)), H.h[5]);
    const double w = __dadd_rn(__dadd_rn(__dmul_rn(H.h[6], x), __dmul_rn(H.h[7], y)), H.h[8]);
    predicted[i] = make_float2(__double2float_rn(__ddiv_rn(u, w)), __double2float_rn(__ddiv_rn(v, w)));
}
