// Image operations of the upload stage: getting a camera frame into the pitched device image the pyramid
// and ORB stages read, and a 64-bit pixel checksum that proves upload + kernel + download end to end (the
// GPU tests compare it with Java's sum; `gpuvo info` runs it as a self-test).
//
// Kernels are extern "C" so that their names in the fatbin are the plain names the Java side looks up
// with cuModuleGetFunction. Sizes and pitches are passed as they are stored on the host: int for image
// dimensions (a frame is far below 2^31 pixels per side), size_t for pitches in bytes.
#include <cstddef>
#include <cstdint>
#include <cub/block/block_reduce.cuh>

// Threads per block of checksum_u8; the host launches it with exactly this block size.
#define CHECKSUM_BLOCK 256

// Copies a row-major 8-bit image (rows src_step bytes apart: packed when src_step == width, or a ROS
// image with padding) into a pitched device image (rows dst_pitch bytes apart, from cuMemAllocPitch).
//
// Launch: 2-D blocks of 32 x 8 threads, one thread per pixel; grid = (ceil(width / 32), ceil(height / 8)).
// 32 threads of a warp read 32 consecutive bytes of one row, so every warp's loads and stores coalesce.
extern "C" __global__ void copy_pitched_u8(const uint8_t* __restrict__ src, int src_step,
                                           uint8_t* __restrict__ dst, size_t dst_pitch,
                                           int width, int height)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        dst[(size_t)y * dst_pitch + x] = src[(size_t)y * src_step + x];
}

// Adds every pixel of a pitched 8-bit image into *sum (64-bit, so no image can overflow it: 255 * 2^31
// < 2^40). *sum must be zeroed before the launch (the host does it with cuMemsetD8Async on the same
// stream), so that the whole reduction is one kernel launch.
//
// Launch: 1-D blocks of CHECKSUM_BLOCK threads; grid = (g, 1, 1) for any g >= 1 (the host takes
// min(height, 4 * multiprocessors), enough blocks to fill the GPU without idle ones on short images).
// Block b sums rows b, b + g, b + 2g, ...; its threads stride across each row, so consecutive threads
// read consecutive bytes. Each thread accumulates in 64 bits, the block reduces with CUB's BlockReduce in
// shared memory, and thread 0 adds the block's total with one atomicAdd: g atomics in all.
extern "C" __global__ void __launch_bounds__(CHECKSUM_BLOCK)
checksum_u8(const uint8_t* __restrict__ image, size_t pitch, int width, int height,
            unsigned long long* __restrict__ sum)
{
    using BlockReduce = cub::BlockReduce<unsigned long long, CHECKSUM_BLOCK>;
    __shared__ typename BlockReduce::TempStorage temp;

    unsigned long long local = 0;
    for (int y = blockIdx.x; y < height; y += gridDim.x) {
        const uint8_t* row = image + (size_t)y * pitch;
        for (int x = threadIdx.x; x < width; x += CHECKSUM_BLOCK)
            local += row[x];
    }
    const unsigned long long total = BlockReduce(temp).Sum(local);
    if (threadIdx.x == 0)
        atomicAdd(sum, total);
}
