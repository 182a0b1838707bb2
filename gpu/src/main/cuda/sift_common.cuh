// Shared by the SIFT kernels (sift_*.cu): the octave table, the point records that travel between the stages, the
// layout of the per-frame scratch buffer, and the per-thread arithmetic of gpu/SIFT.md written as plain inline
// functions (host and device), so that the stages can be checked on the host against the CPU reference
// (src/test/cuda-emulation). Each .cu file is its own module (fatbin); this header holds only inline code.
//
// ARITHMETIC. build-fatbin.sh compiles with -fmad=false: a*b+c is never contracted into an FMA, so float
// expressions round as the Java reference (org.gpuvo.gpu.cpu.sift) evaluates them; divisions and square roots are
// IEEE. Where the reference fuses (the blur's taps, Math.fma) a kernel writes fmaf, which stays fused. The Gaussian
// scale space, the differences of Gaussians, the extremum tests and the refinement reproduce the reference
// operation for operation (same weights, same order of the taps, the refinement's solve in double), so the refined
// extrema are the reference's bit for bit. Each pixel's orientation vote is the reference's too
// (GradientAngle's atan, the exponential in double); the descriptor's votes differ by a few ulps (expf, the
// reciprocal of the bin width, its gradient's approximate square root and divisions: sift_gradient_fast). Both
// histograms accumulate in fixed point (32-bit integer atomics of votes rounded to 2^-k, k >= 16 for windows under
// 65,536 pixels: sift_vote; the same sum in any order, so every run gives the same bits) where the reference adds
// floats in pixel order: the difference is far below what the bins resolve (orientations agree to 1e-4 degrees).
#pragma once
#include <stdint.h>
#include <string.h>
#include <math.h>

#define SIFT_FULL_MASK 0xffffffffu
// the dynamic shared memory of a kernel (the host emulation of src/test/cuda-emulation defines its own)
#ifndef SIFT_DYNAMIC_SHARED
#define SIFT_DYNAMIC_SHARED(type, name) extern __shared__ type name[]
#endif
#define SIFT_MAX_OCTAVES 16
#define SIFT_MAX_LEVELS 8   // ConfigSift.levelsPerOctave at most
#define SIFT_BORDER 1       // extrema at 1 <= u <= w - 2, 1 <= v <= h - 2 (gpu/SIFT.md section 3)
#define SIFT_ORI_BINS 36
#define SIFT_DESC_LEN 128

// One octave of the scale space, as SiftOctaveTable.write lays it out (16 little-endian 32-bit words; keep the two
// in sync). Level s (0 .. S + 2) of the octave is the float image at space + base + s * levelStride, rows pitch
// floats apart.
struct SiftOctave {
    long long base;         // float index of level 0 in the scale-space buffer
    long long levelStride;  // floats from one level to the next (pitch * height)
    int width, height;      // octave size in pixels
    int pitch;              // floats between rows (a multiple of 32: rows start 128-byte aligned)
    int octave;             // o: pixel (u, v) of the octave is input pixel (u * 2^o + origin, v * 2^o + origin); -1
                            // is upsampled
    int extremaTileStart;   // first block of this octave in the sift_extrema launch
    int extremaTilesX;      // extrema tiles per row of tiles
    float origin;           // -1/4 when the first octave is upsampled (sift_upsampled's phase), else 0
    int reserved[5];
};
static_assert(sizeof(SiftOctave) == 64, "SiftOctave must match SiftOctaveTable's 64-byte records");

// A refined extremum (sift_extrema) and, with its orientation, a feature (sift_orientation): 12 words. The
// float fields are the reference's values (SiftExtrema, OrientationHistogram), rounded where it rounds.
struct SiftPoint {
    float xImage, yImage;   // position in input pixels: the output keypoint's x, y (octave position * 2^o + origin)
    float response;         // |D + g.delta / 2| at the refined extremum
    float angleDegrees;     // orientation in degrees [0, 360) (features only)
    float x, y;             // position in octave pixels, u + du and v + dv
    float sigma;            // the keypoint's blur in octave pixels, sigma0 * 2^((s + ds) / S)
    float diameter;         // output diameter: 2 sigma in input pixels
    int octave;             // index of the octave in the table (not o)
    int level;              // integer level s of the refined extremum: orientation and descriptor read G(o, s)
    int reserved[2];
};
static_assert(sizeof(SiftPoint) == 48, "SiftPoint must be 48 bytes");

// The record the host downloads per output feature (SIFT_RECORD_WORDS words): x, y, octave o (int), diameter,
// angle (degrees), response, in output order.
#define SIFT_RECORD_WORDS 6

// Parameters of the detection stages that do not change between frames (passed by value; CudaSiftExtractor's
// kernelParams lays it out, keep the two in sync).
struct SiftParams {
    double sigma0;              // ConfigSift.sigma
    double contrastThreshold;   // T = contrastThreshold / S: the refined contrast test
    double edgeThreshold;       // r
    double magnification;
    float preThreshold;         // (float) (0.8 T): the pre-test on |D|
    float orientationPeakRatio; // (float) ConfigSift.orientationPeakRatio
    int levels;                 // S
    int maxOrientations;
    int maxFeatures;
    int rootSift;
    int extremaCapacity;        // entries of the extrema list
    int featureCapacity;        // entries of the feature list, the key array, the candidate list and the ranks
};
static_assert(sizeof(SiftParams) == 64, "SiftParams must match kernelParams' 64 bytes");

// The per-frame scratch buffer, zeroed by one memset before the first kernel: counters first (what the host
// downloads), then the rank of every candidate (sift_select_rank adds to them).
#define Z_EXTREMA 0         // refined extrema at the front of the list (the large octaves' branch, or every octave
                            // when the frame has one branch); with Z_EXTREMA_BACK they may exceed the capacity: the
                            // host grows the list and runs again
#define Z_FEATURES 1        // oriented features found (may exceed the capacity, as above)
#define Z_CANDIDATES 2      // features that take part in the ranking (all those at or above the threshold bin)
#define Z_SELECTED 3        // features output: min(features, maxFeatures)
#define Z_THRESHOLD_BIN 4   // response histogram bin of the maxFeatures-th strongest feature
#define Z_RAW_EXTREMA 5     // scale-space extrema before refinement and the contrast and edge tests
#define Z_EXTREMA_BACK 6    // refined extrema at the back of the list (the small octaves' branch)
#define Z_OCTAVE_EXTREMA 8  // [octave index] refined extrema per octave (for the figures the timing main prints)
#define Z_COUNTS 32         // words the host downloads
#define Z_RANKS 32          // first word of the rank array
// After the ranks, at the byte offset SiftLaunchPlan.claimsOffset (8-byte aligned): the claim table of the refined
// samples, 2 x extremaCapacity 64-bit slots (sift_claim_sample).

// Claims the integer sample (octave index oi, level s, u, v) at which an extremum's refinement converged, in the
// open-addressing table of `slots` 64-bit entries (0: free; linear probing): true for the sample's first claim, false
// for any later one. Two candidates that refine to the same sample give the same extremum bit for bit (the result
// depends on that sample only), which the frame keeps once (gpu/SIFT.md section 4); which of the two threads claims
// first does not matter. A full table (twice as many refined extrema as the list holds: it has overflowed, and the
// host grows both and runs the frame again) keeps the extremum.
__device__ __forceinline__ bool sift_claim_sample(unsigned long long* table, int slots, int oi, int s, int u, int v)
{
    // u, v < 2^16 (octaves are at most 32768 wide), s <= SIFT_MAX_LEVELS, oi < SIFT_MAX_OCTAVES; s >= 1: never 0
    const unsigned long long key = (unsigned long long)oi << 40 | (unsigned long long)s << 32
                                   | (unsigned long long)v << 16 | (unsigned long long)u;
    unsigned h = (unsigned)((key * 0x9E3779B97F4A7C15ull) >> 32) % (unsigned)slots;  // Fibonacci hashing
    for (int probe = 0; probe < slots; probe++) {
        const unsigned long long seen = atomicCAS(&table[h], 0ull, key);
        if (seen == 0ull)
            return true;
        if (seen == key)
            return false;
        h = h + 1 == (unsigned)slots ? 0 : h + 1;
    }
    return true;
}

// The refined-extrema list is filled from both ends at once: sift_extrema of the large octaves appends at the front
// (slots 0, 1, ...; counter Z_EXTREMA), that of the small octaves, which may run concurrently on a second branch of
// the frame's graph, at the back (slots capacity - 1, capacity - 2, ...; counter Z_EXTREMA_BACK), and each branch's
// sift_orientation reads its own end only, so neither waits for the other. A frame fits when the two counts add up
// to at most the capacity; then the ends never meet. When they do not fit, both counters go on counting and each
// end writes only its first capacity slots: slots in the middle may be written by both ends (a record may even mix
// the fields of two extrema), but each field of a slot that an orientation reads holds that field of some refined
// extremum (an octave index and a level are valid in any octave, and the windows are clipped to the octave read),
// so the kernels stay in bounds; the host discards the frame, grows the list and runs it again.
__host__ __device__ __forceinline__ int sift_extremum_counter(int back)
{
    return back ? Z_EXTREMA_BACK : Z_EXTREMA;
}

// Slot of the at-th extremum appended at the front (back = 0) or the back (back = 1) of a list of capacity entries.
__host__ __device__ __forceinline__ int sift_extremum_slot(int at, int capacity, int back)
{
    return back ? capacity - 1 - at : at;
}

// ---------------------------------------------------------------------------------------------------------------
// Section 2: the Gaussian blur.
__host__ __device__ __forceinline__ int sift_clamp(int p, int n)
{
    return p < 0 ? 0 : (p >= n ? n - 1 : p);
}

// Input pixel as an intensity in [0, 1] (section 1).
__host__ __device__ __forceinline__ float sift_intensity(uint8_t b)
{
    return (float)b / 255.f;
}

// Section 1: pixel (X, Y) of the input upsampled twice at the sampling phase of OpenCV's INTER_LINEAR (X samples the
// input at X/2 - 1/4), from the 8-bit input: the 3 : 1 mixes of the nearer and the farther input pixel in the two
// nearest rows, then their 3 : 1 mix (a border pixel stands in for its missing neighbour), as InputPlane.upsampleTwice.
__host__ __device__ __forceinline__ float sift_upsampled(const uint8_t* in, int width, int height, int X, int Y)
{
    const int x = X >> 1, xf = (X & 1) ? min(x + 1, width - 1) : max(x - 1, 0);
    const int y = Y >> 1, yf = (Y & 1) ? min(y + 1, height - 1) : max(y - 1, 0);
    const uint8_t* near = in + (size_t)y * width;
    const uint8_t* far = in + (size_t)yf * width;
    const float a = 0.75f * sift_intensity(near[x]) + 0.25f * sift_intensity(near[xf]);
    const float b = 0.75f * sift_intensity(far[x]) + 0.25f * sift_intensity(far[xf]);
    return 0.75f * a + 0.25f * b;
}

// ---------------------------------------------------------------------------------------------------------------
// Sections 3 and 4: extrema and their refinement, on the differences of Gaussians of one octave. D(u, v, s) is
// computed from the Gaussian levels when it is needed, G(s + 1) - G(s), as the reference's DoG planes hold it.
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

// Rounds half away from zero (C's round), as ExtremumRefinement.roundHalfAway.
__host__ __device__ __forceinline__ double sift_round_away(double d)
{
    return d < 0 ? -floor(-d + 0.5) : floor(d + 0.5);
}

// The result of refining one extremum, or ok = false when it is rejected.
struct SiftRefined {
    bool ok;
    int u, v, s;
    double du, dv, ds;
    double contrast;
};

// Section 4, as ExtremumRefinement: at most 5 fits of the quadratic at integer (u, v, s), moving by the offset
// rounded half away from zero until every |offset| < 1/2; then the contrast and edge tests. Derivatives in float
// with the reference's operand order, the offset -H^-1 g by the adjugate in double.
__host__ __device__ inline SiftRefined sift_refine(const SiftOctaveView& o, int u, int v, int s, int S,
                                                   double contrastThreshold, double edgeRatio)
{
    SiftRefined r;
    r.ok = false;
    const int w = o.width, h = o.height;
    float dx = 0, dy = 0, ds = 0, dxx = 0, dyy = 0, dxy = 0;
    double offX = 0, offY = 0, offS = 0;
    bool converged = false;
    for (int step = 0; step < 5; step++) {
        const float c = sift_dog(o, u, v, s);
        const float xp = sift_dog(o, u + 1, v, s), xm = sift_dog(o, u - 1, v, s);
        const float yp = sift_dog(o, u, v + 1, s), ym = sift_dog(o, u, v - 1, s);
        const float hi = sift_dog(o, u, v, s + 1), lo = sift_dog(o, u, v, s - 1);
        dx = (xp - xm) / 2;
        dy = (yp - ym) / 2;
        ds = (hi - lo) / 2;
        dxx = xp + xm - 2 * c;
        dyy = yp + ym - 2 * c;
        const float dss = hi + lo - 2 * c;
        dxy = (sift_dog(o, u + 1, v + 1, s) - sift_dog(o, u + 1, v - 1, s) - sift_dog(o, u - 1, v + 1, s)
               + sift_dog(o, u - 1, v - 1, s)) / 4;
        const float dxs = (sift_dog(o, u + 1, v, s + 1) - sift_dog(o, u - 1, v, s + 1) - sift_dog(o, u + 1, v, s - 1)
                           + sift_dog(o, u - 1, v, s - 1)) / 4;
        const float dys = (sift_dog(o, u, v + 1, s + 1) - sift_dog(o, u, v - 1, s + 1) - sift_dog(o, u, v + 1, s - 1)
                           + sift_dog(o, u, v - 1, s - 1)) / 4;
        const double a = dxx, b = dxy, e = dxs, f = dyy, g = dys, k = dss;
        const double c00 = f * k - g * g, c01 = e * g - b * k, c02 = b * g - e * f;
        const double c11 = a * k - e * e, c12 = b * e - a * g, c22 = a * f - b * b;
        const double det = a * c00 + b * c01 + e * c02;
        if (det == 0)
            return r;
        offX = -(c00 * dx + c01 * dy + c02 * ds) / det;
        offY = -(c01 * dx + c11 * dy + c12 * ds) / det;
        offS = -(c02 * dx + c12 * dy + c22 * ds) / det;
        if (!isfinite(offX) || !isfinite(offY) || !isfinite(offS))
            return r;
        if (fabs(offX) < 0.5 && fabs(offY) < 0.5 && fabs(offS) < 0.5) {
            converged = true;
            break;
        }
        const double nu = u + sift_round_away(offX), nv = v + sift_round_away(offY), ns = s + sift_round_away(offS);
        if (!(nu >= 1 && nu <= w - 2 && nv >= 1 && nv <= h - 2 && ns >= 1 && ns <= S))
            return r;
        u = (int)nu;
        v = (int)nv;
        s = (int)ns;
    }
    if (!converged)
        return r;
    const float d = sift_dog(o, u, v, s);
    const double contrast = fabs(d + 0.5 * (dx * offX + dy * offY + ds * offS));
    if (!(contrast >= contrastThreshold))
        return r;
    const double trace = (double)dxx + dyy, det2 = (double)dxx * dyy - (double)dxy * dxy;
    if (!(det2 > 0 && trace * trace * edgeRatio < (edgeRatio + 1) * (edgeRatio + 1) * det2))
        return r;
    r.ok = true;
    r.u = u;
    r.v = v;
    r.s = s;
    r.du = offX;
    r.dv = offY;
    r.ds = offS;
    r.contrast = contrast;
    return r;
}

// The refined extremum as a SiftPoint, with ExtremumRefinement's and SiftExtrema's roundings: octave position and
// sigma rounded to float, then mapped to input pixels in float (scaled, then shifted by the origin).
__host__ __device__ inline SiftPoint sift_point(const SiftRefined& r, int oi, int octave, float origin, double sigma0,
                                                int S)
{
    SiftPoint p;
    const float scale = (float)ldexp(1.0, octave);
    p.x = (float)(r.u + r.du);
    p.y = (float)(r.v + r.dv);
    p.sigma = (float)(sigma0 * pow(2.0, (r.s + r.ds) / S));
    p.xImage = p.x * scale + origin;
    p.yImage = p.y * scale + origin;
    p.diameter = 2 * (p.sigma * scale);
    p.response = (float)r.contrast;
    p.angleDegrees = 0.f;
    p.octave = oi;
    p.level = r.s;
    p.reserved[0] = p.reserved[1] = 0;
    return p;
}

// ---------------------------------------------------------------------------------------------------------------
// Sections 5 and 6: gradients on G(o, s) and the fixed-point histogram unit.

#define SIFT_TWO_PI_F 6.2831855f
#define SIFT_PI_F 3.1415927f
#define SIFT_PI_2_F 1.5707964f
#define SIFT_PI_4_F 0.7853982f
#define SIFT_TAN_PI_8_F 0.41421357f
#define SIFT_ORI_BINS_PER_RADIAN 5.729578f    // (float) (36 / (2 pi))
#define SIFT_DESC_BINS_PER_RADIAN 1.2732395f  // (float) (8 / (2 pi))
#define SIFT_DEGREES_TO_RADIANS 0.017453292519943295  // Java's Math.toRadians factor

// GradientAngle.series: the Taylor series of atan up to t^15, for |t| <= tan(pi / 8).
__host__ __device__ __forceinline__ float sift_atan_series(float t)
{
    const float t2 = t * t;
    float p = -1.f / 15;
    p = p * t2 + 1.f / 13;
    p = p * t2 - 1.f / 11;
    p = p * t2 + 1.f / 9;
    p = p * t2 - 1.f / 7;
    p = p * t2 + 1.f / 5;
    p = p * t2 - 1.f / 3;
    p = p * t2 + 1;
    return t * p;
}

// GradientAngle.of's last steps: from atan(min / max) of the magnitudes (the octant's angle) to the angle in [0, 2 pi)
// of (gx, gy); 0 for a zero gradient.
__host__ __device__ __forceinline__ float sift_unfold_angle(float octant, float gx, float gy)
{
    const float ax = fabsf(gx), ay = fabsf(gy);
    float a = ay <= ax ? octant : SIFT_PI_2_F - octant;
    if (gx < 0)
        a = SIFT_PI_F - a;
    if (gy < 0)
        a = SIFT_TWO_PI_F - a;
    return (ax == 0 && ay == 0) || a >= SIFT_TWO_PI_F ? 0 : a;
}

// GradientAngle.of: atan2(gy, gx) in [0, 2 pi), in float, operation for operation; 0 for a zero gradient.
// Written without branches: the reference's two octant branches divide the lesser magnitude by the greater (the
// same operands either way), and its two range branches series((t - 1) / (t + 1)) or series(t), here series(n / d)
// with (n, d) = (t - 1, t + 1) or (t, 1): t / 1 is t exactly. Neighbouring pixels of a window take different
// branches, so the branching form ran each warp through up to four of them (a third of the descriptor's
// instructions).
__host__ __device__ __forceinline__ float sift_gradient_angle(float gy, float gx)
{
    const float ax = fabsf(gx), ay = fabsf(gy);
    const float t = fminf(ax, ay) / fmaxf(ax, ay);
    const bool reduced = t > SIFT_TAN_PI_8_F;
    const float series = sift_atan_series((reduced ? t - 1 : t) / (reduced ? t + 1 : 1.f));
    return sift_unfold_angle(reduced ? SIFT_PI_4_F + series : series, gx, gy);
}

// Central-difference gradient of one Gaussian level at (x, y): magnitude and angle.
__host__ __device__ __forceinline__ void sift_gradient(const float* g, int pitch, int x, int y, float* magnitude,
                                                       float* angle)
{
    const float* p = g + (long long)y * pitch + x;
    const float gx = (p[1] - p[-1]) / 2, gy = (p[pitch] - p[-pitch]) / 2;
    *magnitude = sqrtf(gx * gx + gy * gy);  // = (float) Math.sqrt(double): a correctly rounded square root
    *angle = sift_gradient_angle(gy, gx);
}

// The descriptor's gradient (sift_descriptor.cu): sift_gradient's central differences, with the square root and the
// angle's two divisions approximate on the device (MUFU: a few ulps, where the IEEE forms take some 8 instructions
// and a branch each; the descriptor's bins are 45 degrees wide and its votes need no more). The host emulation
// takes the exact forms.
__device__ __forceinline__ float sift_fast_divide(float a, float b)
{
#ifdef __CUDA_ARCH__
    return __fdividef(a, b);
#else
    return a / b;
#endif
}

__device__ __forceinline__ float sift_fast_sqrt(float x)
{
#ifdef __CUDA_ARCH__
    float r;
    asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
#else
    return sqrtf(x);
#endif
}

__device__ __forceinline__ void sift_gradient_fast(const float* g, int pitch, int x, int y, float* magnitude,
                                                   float* angle)
{
    const float* p = g + (long long)y * pitch + x;
    const float gx = (p[1] - p[-1]) / 2, gy = (p[pitch] - p[-pitch]) / 2;
    *magnitude = sift_fast_sqrt(gx * gx + gy * gy);
    const float ax = fabsf(gx), ay = fabsf(gy);
    const float t = sift_fast_divide(fminf(ax, ay), fmaxf(ax, ay));
    const bool reduced = t > SIFT_TAN_PI_8_F;
    const float series = sift_atan_series(reduced ? sift_fast_divide(t - 1, t + 1) : t);
    *angle = sift_unfold_angle(reduced ? SIFT_PI_4_F + series : series, gx, gy);
}

// Keeps a loop-invariant value in a register: an empty asm that the compiler must assume changes it. ptxas otherwise
// recomputes some such values at every use inside a pixel loop (sift_descriptor.cu: the histogram's address from the
// thread index, 8 instructions at each of a pixel's 8 votes; the rotation angle from degrees in double).
#ifdef __CUDA_ARCH__
#define SIFT_KEEP_IN_REGISTER(value, constraint) asm volatile("" : "+" constraint(value))
#else
#define SIFT_KEEP_IN_REGISTER(value, constraint) ((void)(value))
#endif

// (float) Math.exp(x): the reference takes the exponential in double and rounds it to float.
__host__ __device__ __forceinline__ float sift_exp(float x)
{
    return (float)exp((double)x);
}

// Histogram votes are summed as 32-bit fixed-point integers of 2^k per unit, one shared-memory counter per bin: an
// integer sum is the same in any order, so every run gives the same bits, and a 32-bit integer atomic is native on
// every GPU. A vote is a gradient magnitude (at most sqrt(2) / 2: halved differences of [0, 1] intensities) times
// weights of at most 1, and each pixel of a window of P pixels votes at most once per bin, so a bin stays below
// P 2^k: k = 32 - ceil(log2 P) (sift_vote_shift) cannot overflow. That is 2^-20 per unit for the default
// configuration's largest descriptor windows (about 4,000 pixels) and finer for smaller ones: each vote is rounded
// by at most 2^-21, far below what the reference's float sum of a bin's hundreds of votes resolves. (A bin used to
// be two 32-bit counters at 2^-32 per unit, two atomics per vote: see sift_descriptor.cu for what one saves.)
__host__ __device__ __forceinline__ int sift_vote_shift(long long pixels)
{
    if (pixels <= 1)
        return 32;
#ifdef __CUDA_ARCH__
    return 32 - (64 - __clzll(pixels - 1));
#else
    return 32 - (64 - __builtin_clzll((unsigned long long)(pixels - 1)));
#endif
}

// 2^k as a float (k in 0 .. 32; exact)
__host__ __device__ __forceinline__ float sift_vote_scale(int k)
{
    const unsigned bits = (unsigned)(127 + k) << 23;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

// A vote's counter increment: vote 2^k rounded to nearest (the product is exact; saturating, were it ever 2^32)
__host__ __device__ __forceinline__ unsigned sift_vote_bits(float vote, float scale)
{
#ifdef __CUDA_ARCH__
    return __float2uint_rn(vote * scale);
#else
    const double f = rint((double)(vote * scale));
    return f >= 4294967295.0 ? 4294967295u : f <= 0 ? 0u : (unsigned)f;
#endif
}

__device__ __forceinline__ void sift_vote(unsigned* bin, float vote, float scale)
{
    atomicAdd(bin, sift_vote_bits(vote, scale));
}

// the same for a vote already in counter units (vote 2^k)
__device__ __forceinline__ void sift_vote_scaled(unsigned* bin, float scaledVote)
{
    atomicAdd(bin, sift_vote_bits(scaledVote, 1.f));
}

// a bin's value from the sum of its counters (one per warp, added as 64-bit integers: exact) at 2^k per unit
__host__ __device__ __forceinline__ float sift_unfixed(unsigned long long total, int k)
{
    return (float)((double)total / (double)sift_vote_scale(k));
}

// Section 5, OrientationHistogram.peaksOf for one peak bin b of the smoothed histogram h: the parabola through the
// peak and its neighbours, the angle in degrees [0, 360) (OrientationHistogram.degrees).
__host__ __device__ __forceinline__ float sift_peak_degrees(const float* h, int b)
{
    const float hm = h[(b + SIFT_ORI_BINS - 1) % SIFT_ORI_BINS], h0 = h[b], hp = h[(b + 1) % SIFT_ORI_BINS];
    const float delta = 0.5f * (hm - hp) / (hm - 2 * h0 + hp);
    float deg = (float)(((double)(b + delta) + 0.5) * (360.0 / SIFT_ORI_BINS));
    if (deg >= 360)
        deg -= 360;
    if (deg < 0)
        deg += 360;
    return deg >= 360 ? 0 : deg;
}

// Sweeps over a window's pixels, one thread per pixel, row-major: thread t of n (a lane of a warp, n = 32, or a
// thread of a block) takes the t-th pixel first, then every n-th. Coordinates advance without a division per pixel.
struct SiftWindowWalk {
    int x, y, x0, x1, y1, cols, stepX, stepY;

    __host__ __device__ __forceinline__ SiftWindowWalk(int x0_, int x1_, int y0_, int y1_, int t, int n = 32)
        : x0(x0_), x1(x1_), y1(y1_), cols(x1_ - x0_ + 1)
    {
        x = x0 + (cols > 0 ? t % cols : 0);
        y = cols > 0 ? y0_ + t / cols : y1_ + 1;
        stepX = cols > 0 ? n % cols : 0;
        stepY = cols > 0 ? n / cols : 0;
    }

    __host__ __device__ __forceinline__ bool valid() const { return y <= y1; }

    __host__ __device__ __forceinline__ void next()
    {
        x += stepX;
        y += stepY;
        if (x > x1) {
            x -= cols;
            y++;
        }
    }
};

// Selection key order (gpu/SIFT.md section 7, SiftSelection.compare): true if feature a goes before feature b.
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
