// Shared by the SIFT kernels (sift_*.cu): the octave table, the point records that travel between the stages, the
// layout of the per-frame scratch buffer, and the per-thread arithmetic of gpu/SIFT.md written as plain inline
// functions (host and device), so that the stages can be checked on the host against the CPU reference
// (src/test/cuda-emulation). Each .cu file is its own module (fatbin); this header holds only inline code.
//
// ARITHMETIC. build-fatbin.sh compiles with -fmad=false: a*b+c is never contracted into an FMA, so float
// expressions round as the Java reference (org.gpuvo.gpu.cpu.sift) evaluates them; divisions and square roots are
// IEEE. The Gaussian scale space, the differences of Gaussians, the extremum tests and the refinement reproduce the
// reference operation for operation (same weights, same order of the taps, the refinement's solve in double), so
// the keypoints are the reference's. Orientation and descriptor histograms accumulate in 64-bit fixed point
// (integer atomics: the same sum in any order, so every run gives the same bits) where the reference adds floats
// in pixel order; the difference is far below a float's precision of the bins.
#pragma once
#include <stdint.h>
#include <string.h>
#include <math.h>

#define SIFT_FULL_MASK 0xffffffffu
#define SIFT_MAX_OCTAVES 16
#define SIFT_MAX_LEVELS 8   // ConfigSift.levelsPerOctave at most
#define SIFT_BORDER 1       // extrema at 1 <= u <= w - 2, 1 <= v <= h - 2 (gpu/SIFT.md section 3)
#define SIFT_ORI_BINS 36
#define SIFT_DESC_LEN 128
#define SIFT_PI 3.14159265358979323846

// One octave of the scale space, as SiftOctaveTable.write lays it out (16 little-endian 32-bit words; keep the two
// in sync). Level s (0 .. S + 2) of the octave is the float image at space + base + s * levelStride, rows pitch
// floats apart.
struct SiftOctave {
    long long base;         // float index of level 0 in the scale-space buffer
    long long levelStride;  // floats from one level to the next (pitch * height)
    int width, height;      // octave size in pixels
    int pitch;              // floats between rows (a multiple of 32: rows start 128-byte aligned)
    int octave;             // o: pixel (u, v) of the octave is input pixel (u * 2^o, v * 2^o); -1 is upsampled
    int extremaTileStart;   // first block of this octave in the sift_extrema launch
    int extremaTilesX;      // extrema tiles per row of tiles
    int reserved[6];
};
static_assert(sizeof(SiftOctave) == 64, "SiftOctave must match SiftOctaveTable's 64-byte records");

// A refined extremum (sift_extrema) and, with its orientation, a feature (sift_orientation): 12 words.
struct SiftPoint {
    float xImage, yImage;   // position in input pixels (the output keypoint's x, y)
    float response;         // |D| at the refined extremum
    float angleDegrees;     // orientation in degrees [0, 360): the output angle (features only)
    float x, y;             // position in octave pixels, u + du and v + dv
    float sigma;            // the keypoint's blur in octave pixels, sigma0 * 2^((s + ds) / S)
    float diameter;         // output diameter: 2 sigma in input pixels
    float angle;            // orientation in radians [0, 2 pi) (features only)
    int octave;             // index of the octave in the table (not o)
    int level;              // integer level s of the refined extremum: orientation and descriptor read G(o, s)
    int reserved;
};
static_assert(sizeof(SiftPoint) == 48, "SiftPoint must be 48 bytes");

// The record the host downloads per output feature (SIFT_RECORD_WORDS words): x, y, octave o (int), diameter,
// angle (degrees), response, in output order.
#define SIFT_RECORD_WORDS 6

// Parameters of the detection stages that do not change between frames (passed by value; SiftParams.write lays
// it out, keep the two in sync).
struct SiftParams {
    double sigma0;              // ConfigSift.sigma
    double peakThreshold;       // 0.8 * contrastThreshold / S: the cheap pre-test on |D|
    double contrastThreshold;   // T = contrastThreshold / S: the refined contrast test
    double edgeThreshold;       // r
    double orientationPeakRatio;
    double magnification;
    int levels;                 // S
    int maxOrientations;
    int maxFeatures;
    int rootSift;
    int extremaCapacity;        // entries of the extrema list
    int featureCapacity;        // entries of the feature list, the key array, the candidate list and the ranks
};
static_assert(sizeof(SiftParams) == 72, "SiftParams must match SiftParams.write's 72 bytes");

// The per-frame scratch buffer, zeroed by one memset before the first kernel: counters first (what the host
// downloads), then the rank of every candidate (sift_select_rank adds to them).
#define Z_EXTREMA 0         // refined extrema found (may exceed the capacity: the host grows the list and runs again)
#define Z_FEATURES 1        // oriented features found (may exceed the capacity, as above)
#define Z_CANDIDATES 2      // features that take part in the ranking (all those at or above the threshold bin)
#define Z_SELECTED 3        // features output: min(features, maxFeatures)
#define Z_THRESHOLD_BIN 4   // response histogram bin of the maxFeatures-th strongest feature
#define Z_RAW_EXTREMA 5     // scale-space extrema before refinement and the contrast and edge tests
#define Z_OCTAVE_EXTREMA 8  // [octave index] refined extrema per octave (for the figures the timing main prints)
#define Z_COUNTS 32         // words the host downloads
#define Z_RANKS 32          // first word of the rank array

// ---------------------------------------------------------------------------------------------------------------
// Section 2: the Gaussian blur. One output sample: the taps w[0 .. taps - 1] against v[0], v[step], ...,
// accumulated from the first tap to the last, a product then a sum (no FMA), as GaussianBlur of the reference.
__host__ __device__ __forceinline__ float sift_tap_sum(const float* v, int step, const float* w, int taps)
{
    float sum = 0.f;
    for (int k = 0; k < taps; k++)
        sum += w[k] * v[k * step];
    return sum;
}

__host__ __device__ __forceinline__ int sift_clamp(int p, int n)
{
    return p < 0 ? 0 : (p >= n ? n - 1 : p);
}

// Input pixel as an intensity in [0, 1] (section 1).
__host__ __device__ __forceinline__ float sift_intensity(uint8_t b)
{
    return (float)b / 255.f;
}

// Section 1: pixel (X, Y) of the input upsampled twice with pixel centres aligned, computed from the 8-bit input:
// even coordinates copy, odd ones average the two neighbours (the last replicated), rows first, then columns.
__host__ __device__ __forceinline__ float sift_upsampled(const uint8_t* in, int width, int height, int X, int Y)
{
    const int x0 = X >> 1, x1 = (X & 1) ? min(x0 + 1, width - 1) : x0;
    const int y0 = Y >> 1, y1 = (Y & 1) ? min(y0 + 1, height - 1) : y0;
    const uint8_t* r0 = in + (size_t)y0 * width;
    const uint8_t* r1 = in + (size_t)y1 * width;
    const float a = (X & 1) ? (sift_intensity(r0[x0]) + sift_intensity(r0[x1])) / 2.f : sift_intensity(r0[x0]);
    if (!(Y & 1))
        return a;
    const float b = (X & 1) ? (sift_intensity(r1[x0]) + sift_intensity(r1[x1])) / 2.f : sift_intensity(r1[x0]);
    return (a + b) / 2.f;
}

// ---------------------------------------------------------------------------------------------------------------
// Sections 3 and 4: extrema and their refinement, on the differences of Gaussians of one octave. D(u, v, s) is
// computed from the Gaussian levels when it is needed, G(s + 1) - G(s), as the reference's DoG images hold it.
struct SiftOctaveView {
    const float* g;   // level 0 of the octave
    long long levelStride;
    int width, height, pitch;
};

__host__ __device__ __forceinline__ float sift_dog(const SiftOctaveView& o, int u, int v, int s)
{
    const float* a = o.g + (long long)s * o.levelStride + (long long)v * o.pitch + u;
    return a[o.levelStride] - a[0];
}

// Rounds half away from zero (the refinement's step, gpu/SIFT.md section 4).
__host__ __device__ __forceinline__ int sift_round_away(double d)
{
    return (int)(d < 0 ? -floor(-d + 0.5) : floor(d + 0.5));
}

// The result of refining one extremum: its fields for SiftPoint, or ok = false when it is rejected.
struct SiftRefined {
    bool ok;
    int u, v, s;
    double du, dv, ds;
    float response;
};

// Section 4: up to 5 Newton steps of the quadratic fit at integer (u, v, s), then the contrast and edge tests.
// Gradient and Hessian in float from the DoG samples; the offset -H^-1 g solved in double by Cramer's rule.
__host__ __device__ inline SiftRefined sift_refine(const SiftOctaveView& o, int u, int v, int s, int S,
                                                   double contrast, double edge)
{
    SiftRefined r;
    r.ok = false;
    const int w = o.width, h = o.height;
    for (int it = 0; it < 5; it++) {
        const float d = sift_dog(o, u, v, s);
        const float dxp = sift_dog(o, u + 1, v, s), dxm = sift_dog(o, u - 1, v, s);
        const float dyp = sift_dog(o, u, v + 1, s), dym = sift_dog(o, u, v - 1, s);
        const float dsp = sift_dog(o, u, v, s + 1), dsm = sift_dog(o, u, v, s - 1);
        const float gx = (dxp - dxm) / 2.f, gy = (dyp - dym) / 2.f, gs = (dsp - dsm) / 2.f;
        const float dxx = dxp + dxm - 2.f * d, dyy = dyp + dym - 2.f * d, dss = dsp + dsm - 2.f * d;
        const float dxy = (sift_dog(o, u + 1, v + 1, s) - sift_dog(o, u + 1, v - 1, s)
                           - sift_dog(o, u - 1, v + 1, s) + sift_dog(o, u - 1, v - 1, s)) / 4.f;
        const float dxs = (sift_dog(o, u + 1, v, s + 1) - sift_dog(o, u + 1, v, s - 1)
                           - sift_dog(o, u - 1, v, s + 1) + sift_dog(o, u - 1, v, s - 1)) / 4.f;
        const float dys = (sift_dog(o, u, v + 1, s + 1) - sift_dog(o, u, v + 1, s - 1)
                           - sift_dog(o, u, v - 1, s + 1) + sift_dog(o, u, v - 1, s - 1)) / 4.f;
        // H = [[dxx dxy dxs] [dxy dyy dys] [dxs dys dss]], delta = -H^-1 g (Cramer's rule, double)
        const double a = dxx, b = dxy, c = dxs, e = dyy, f = dys, i = dss;
        const double det = a * (e * i - f * f) - b * (b * i - f * c) + c * (b * f - e * c);
        if (det == 0 || !isfinite(det))
            return r;
        const double px = -gx, py = -gy, ps = -gs;
        const double du = (px * (e * i - f * f) - b * (py * i - f * ps) + c * (py * f - e * ps)) / det;
        const double dv = (a * (py * i - f * ps) - px * (b * i - f * c) + c * (b * ps - py * c)) / det;
        const double ds = (a * (e * ps - py * f) - b * (b * ps - py * c) + px * (b * f - e * c)) / det;
        if (fabs(du) < 0.5 && fabs(dv) < 0.5 && fabs(ds) < 0.5) {
            const double value = d + 0.5 * (gx * du + gy * dv + gs * ds);
            const float response = (float)fabs(value);
            if (!(response >= contrast))
                return r;
            // edge test on the 2x2 spatial Hessian at the final point
            const double tr = (double)dxx + dyy, dt = (double)dxx * dyy - (double)dxy * dxy;
            if (!(dt > 0 && tr * tr * edge < (edge + 1) * (edge + 1) * dt))
                return r;
            r.ok = true;
            r.u = u;
            r.v = v;
            r.s = s;
            r.du = du;
            r.dv = dv;
            r.ds = ds;
            r.response = response;
            return r;
        }
        u += sift_round_away(du);
        v += sift_round_away(dv);
        s += sift_round_away(ds);
        if (u < SIFT_BORDER || u > w - 1 - SIFT_BORDER || v < SIFT_BORDER || v > h - 1 - SIFT_BORDER || s < 1
            || s > S)
            return r;
    }
    return r;
}

// ---------------------------------------------------------------------------------------------------------------
// Sections 5 and 6: gradients on G(o, s) and the fixed-point histogram unit.

// Histogram votes are added as unsigned 64-bit integers of SIFT_FIXED_ONE per unit: an integer sum is the same in
// any order. A vote is at most a gradient magnitude (< 1 on [0, 1] intensities) times weights <= 1, and a window
// holds a few thousand pixels, so a bin stays far below 2^64 / 2^32.
#define SIFT_FIXED_ONE 4294967296.0  // 2^32

__host__ __device__ __forceinline__ unsigned long long sift_fixed(float vote)
{
    return (unsigned long long)((double)vote * SIFT_FIXED_ONE + 0.5);
}

__host__ __device__ __forceinline__ float sift_unfixed(unsigned long long v)
{
    return (float)((double)v / SIFT_FIXED_ONE);
}

// Gradient at (x, y) of one Gaussian level by central differences: magnitude and angle in [0, 2 pi).
__host__ __device__ __forceinline__ void sift_gradient(const float* g, int pitch, int x, int y, float* magnitude,
                                                       float* angle)
{
    const float* p = g + (long long)y * pitch + x;
    const float gx = (p[1] - p[-1]) / 2.f, gy = (p[pitch] - p[-pitch]) / 2.f;
    *magnitude = sqrtf(gx * gx + gy * gy);
    float t = atan2f(gy, gx);
    if (t < 0)
        t += (float)(2 * SIFT_PI);
    if (t >= (float)(2 * SIFT_PI))
        t = 0.f;
    *angle = t;
}

// Section 5: the 36-bin histogram smoothed by 6 passes of the circular box filter [1 1 1] / 3 (VLFeat), in place.
__host__ __device__ inline void sift_smooth_histogram(float* h)
{
    for (int pass = 0; pass < 6; pass++) {
        float prev = h[SIFT_ORI_BINS - 1];
        const float first = h[0];
        for (int i = 0; i < SIFT_ORI_BINS; i++) {
            const float next = i + 1 < SIFT_ORI_BINS ? h[i + 1] : first;
            const float cur = h[i];
            h[i] = (prev + cur + next) / 3.f;
            prev = cur;
        }
    }
}

// Section 5: up to maxOrientations peaks of the smoothed histogram, the highest first, as angles in radians
// [0, 2 pi). Returns how many.
__host__ __device__ inline int sift_peaks(const float* h, float ratio, int maxOrientations, float* angles)
{
    float maxValue = h[0];
    for (int i = 1; i < SIFT_ORI_BINS; i++)
        maxValue = h[i] > maxValue ? h[i] : maxValue;
    const float threshold = ratio * maxValue;
    float peakValue[4];
    int n = 0;
    for (int b = 0; b < SIFT_ORI_BINS; b++) {
        const float hm = h[(b + SIFT_ORI_BINS - 1) % SIFT_ORI_BINS], h0 = h[b], hp = h[(b + 1) % SIFT_ORI_BINS];
        if (!(h0 > hm && h0 > hp && h0 >= threshold))
            continue;
        const float delta = 0.5f * (hm - hp) / (hm - 2.f * h0 + hp);
        float a = (float)(2 * SIFT_PI) * ((float)b + delta + 0.5f) / (float)SIFT_ORI_BINS;
        if (a >= (float)(2 * SIFT_PI))
            a -= (float)(2 * SIFT_PI);
        if (a < 0)
            a += (float)(2 * SIFT_PI);
        // insert by value, highest first (a later, equal peak goes after the earlier one)
        int at = n < maxOrientations ? n : maxOrientations;
        while (at > 0 && peakValue[at - 1] < h0)
            at--;
        if (at >= maxOrientations)
            continue;
        for (int k = (n < maxOrientations ? n : maxOrientations - 1); k > at; k--) {
            peakValue[k] = peakValue[k - 1];
            angles[k] = angles[k - 1];
        }
        peakValue[at] = h0;
        angles[at] = a;
        if (n < maxOrientations)
            n++;
    }
    return n;
}

// Selection key order (gpu/SIFT.md section 7): true if feature a goes before feature b in the output.
__host__ __device__ __forceinline__ bool sift_before(float ra, float ya, float xa, float aa, float rb, float yb,
                                                     float xb, float ab)
{
    if (ra != rb)
        return ra > rb;
    if (ya != yb)
        return ya < yb;
    if (xa != xb)
        return xa < xb;
    return aa < ab;
}

// Response histogram bin of the selection threshold: the top 13 bits of a non-negative float's pattern, an order
// that agrees with the floats' (8 exponent bits and 5 mantissa bits: bins about 3 % wide).
#define SIFT_SELECT_BINS 8192
__host__ __device__ __forceinline__ int sift_response_bin(float response)
{
    unsigned bits;
    memcpy(&bits, &response, 4);
    return (int)((bits & 0x7fffffffu) >> 18);
}
