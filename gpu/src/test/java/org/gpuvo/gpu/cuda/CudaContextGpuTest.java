package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.gpuvo.gpu.image.GrayImage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jcuda.Pointer;
import jcuda.driver.CUfunction;

/** Upload, kernels and download on a real device; the whole class skips itself without one. */
@Tag("gpu")
class CudaContextGpuTest extends SharedContextGpuTest {
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1,1", "31,31", "4097,3", "1241,376", "3,4097", "640,480"})
    void checksumMatchesJavaOnOddSizes(int width, int height) {
        GrayImage image = GpuTestSupport.randomImage(width, height, width, 0, 31L * width + height);
        try (CudaChecksum checksum = new CudaChecksum(cuda, width, height)) {
            assertThat(checksum.sum(image)).isEqualTo(CudaChecksum.javaSum(image));
        }
    }

    @Test
    void checksumOfAStridedImageWithOffsetSumsOnlyItsPixels() {
        GrayImage image = GpuTestSupport.randomImage(300, 200, 333, 17, 7);
        try (CudaChecksum checksum = new CudaChecksum(cuda, 300, 200)) {
            assertThat(checksum.sum(image)).isEqualTo(CudaChecksum.javaSum(image))
                    .isNotEqualTo(CudaChecksum.javaSum(new GrayImage(333, 200, 333, 17, image.data)));
        }
    }

    @Test
    void checksumDoesNotOverflow32Bits() {
        // 255 * 4096 * 4096 = 4.3e9 > 2^32
        GrayImage white = GrayImage.create(4096, 4096);
        Arrays.fill(white.data, (byte) 255);
        try (CudaChecksum checksum = new CudaChecksum(cuda, 4096, 4096)) {
            assertThat(checksum.sum(white)).isEqualTo(255L * 4096 * 4096);
        }
    }

    @Test
    void buffersAreReusedFrameAfterFrame() {
        try (CudaChecksum checksum = new CudaChecksum(cuda, 640, 480)) {
            GrayImage[] frames = new GrayImage[4];
            for (int i = 0; i < frames.length; i++)
                frames[i] = GpuTestSupport.randomImage(640, 480, 640, 0, i);
            checksum.sum(frames[0]); // warm-up: lazy driver allocations happen here
            int allocations = cuda.liveAllocations();
            long bytes = cuda.allocatedBytes();
            long freeBefore = freeDeviceMemory();
            for (int i = 0; i < 500; i++) {
                GrayImage frame = frames[i % frames.length];
                assertThat(checksum.sum(frame)).isEqualTo(CudaChecksum.javaSum(frame));
            }
            assertThat(cuda.liveAllocations()).isEqualTo(allocations);
            assertThat(cuda.allocatedBytes()).isEqualTo(bytes);
            // one allocation per frame would show as at least 500 x 2 MiB pages
            assertThat(Math.abs(freeDeviceMemory() - freeBefore)).isLessThan(64L << 20);
        }
    }

    private static long freeDeviceMemory() {
        cuda.makeCurrent();
        long[] free = new long[1], total = new long[1];
        CudaCheck.call("test", "cuMemGetInfo", () -> cuMemGetInfo(free, total));
        return free[0];
    }

    @Test
    void closingReleasesAllocations() {
        int before = cuda.liveAllocations();
        long bytesBefore = cuda.allocatedBytes();
        CudaChecksum checksum = new CudaChecksum(cuda, 100, 10);
        assertThat(cuda.liveAllocations()).isGreaterThan(before);
        checksum.close();
        checksum.close();
        assertThat(cuda.liveAllocations()).isEqualTo(before);
        assertThat(cuda.allocatedBytes()).isEqualTo(bytesBefore);
    }

    @Test
    void failingLaunchNamesTheStageAndLeavesTheContextUsable() {
        CUfunction kernel = cuda.function("image_ops", "checksum_u8");
        try (DeviceBuffer sum = cuda.deviceBuffer("pyramid", Long.BYTES);
             DeviceImage image = cuda.deviceImage("pyramid", 8, 8)) {
            Pointer arguments = Pointer.to(Pointer.to(image.pointer()), Pointer.to(new long[]{image.pitch()}),
                    Pointer.to(new int[]{8}), Pointer.to(new int[]{8}), Pointer.to(sum.pointer()));
            CudaStageException e = catchThrowableOfType(CudaStageException.class,
                    () -> cuda.launch("pyramid", kernel, 0, 1, 256, 1, 0, arguments));
            assertThat(e).hasMessage("pyramid: cuLaunchKernel failed: CUDA_ERROR_INVALID_VALUE");
            assertThat(e.stage()).isEqualTo("pyramid");
            assertThat(e.contextLost()).isFalse();
        }
        cuda.synchronize("pyramid");
        GrayImage image = GpuTestSupport.randomImage(97, 13, 97, 0, 3);
        try (CudaChecksum checksum = new CudaChecksum(cuda, 97, 13)) {
            assertThat(checksum.sum(image)).isEqualTo(CudaChecksum.javaSum(image));
        }
    }

    @Test
    void missingKernelsAreReported() {
        assertThatThrownBy(() -> cuda.function("image_ops", "no_such_kernel"))
                .isInstanceOf(CudaStageException.class)
                .hasMessage("image_ops: cuModuleGetFunction(no_such_kernel) failed: CUDA_ERROR_NOT_FOUND");
        assertThatThrownBy(() -> cuda.function("no_such_module", "checksum_u8"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("image_ops");
        assertThat(cuda.function("image_ops", "checksum_u8")).isSameAs(cuda.function("image_ops", "checksum_u8"));
    }

    @Test
    void sizesAreChecked() {
        try (DeviceBuffer device = cuda.deviceBuffer("upload", 16);
             PinnedBuffer host = cuda.pinnedBuffer("upload", 8)) {
            assertThatThrownBy(() -> device.uploadAsync(host, 9)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("upload: cannot copy 9 bytes");
            assertThatThrownBy(() -> host.put(4, new byte[8], 0, 8)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> host.getLong(1)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> host.putRows(0, new byte[10], 0, 5, 4, 3))
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThatThrownBy(() -> cuda.deviceBuffer("upload", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cuda.deviceImage("upload", 0, 5)).isInstanceOf(IllegalArgumentException.class);
        try (CudaChecksum checksum = new CudaChecksum(cuda, 10, 10)) {
            assertThatThrownBy(() -> checksum.sum(GrayImage.create(10, 11)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("10x11");
        }
    }

    @Test
    void roundTripThroughPinnedAndDeviceMemory() {
        byte[] bytes = new byte[1000];
        for (int i = 0; i < bytes.length; i++)
            bytes[i] = (byte) (i * 7);
        try (PinnedBuffer in = cuda.pinnedBuffer("test", 1000); DeviceBuffer device = cuda.deviceBuffer("test", 1000);
             PinnedBuffer out = cuda.pinnedBuffer("test", 1000)) {
            in.put(0, bytes, 0, 1000);
            device.uploadAsync(in, 1000);
            device.downloadAsync(out, 1000);
            byte[] back = new byte[1000];
            out.get(0, back, 0, 1000); // waits for the download by itself
            assertThat(back).isEqualTo(bytes);
            device.fillAsync((byte) 0x5A);
            device.downloadAsync(out, 1000);
            out.get(0, back, 0, 1000);
            assertThat(back).containsOnly((byte) 0x5A);
        }
    }

    @Test
    void bufferUseAfterCloseFailsCleanly() {
        DeviceBuffer buffer = cuda.deviceBuffer("test", 64);
        buffer.close();
        assertThatThrownBy(buffer::pointer).isInstanceOf(IllegalStateException.class).hasMessageContaining("test");
    }

    @Test
    void worksFromAnotherThread() throws Exception {
        GrayImage image = GpuTestSupport.randomImage(123, 45, 123, 0, 11);
        try (CudaChecksum checksum = new CudaChecksum(cuda, 123, 45)) {
            ExecutorService executor = Executors.newSingleThreadExecutor();
            try {
                Future<Long> sum = executor.submit(() -> checksum.sum(image));
                assertThat(sum.get()).isEqualTo(CudaChecksum.javaSum(image));
            } finally {
                executor.shutdown();
            }
        }
    }

    @Test
    void twoPipelinesShareTheDeviceAndCloseIndependently() {
        GrayImage image = GpuTestSupport.randomImage(64, 48, 64, 0, 5);
        try (CudaContext second = CudaContext.open("second")) {
            try (CudaChecksum checksum = new CudaChecksum(second, 64, 48)) {
                assertThat(checksum.sum(image)).isEqualTo(CudaChecksum.javaSum(image));
            }
            assertThat(second.stream()).isNotEqualTo(cuda.stream());
        }
        try (CudaChecksum checksum = new CudaChecksum(cuda, 64, 48)) {
            assertThat(checksum.sum(image)).isEqualTo(CudaChecksum.javaSum(image));
        }
    }

    @Test
    void aClosedContextRefusesWorkAndClosesOnce() {
        CudaContext closing = CudaContext.open("closing");
        DeviceBuffer buffer = closing.deviceBuffer("test", 64);
        closing.close();
        closing.close();
        assertThat(buffer.isClosed()).isTrue();
        buffer.close();
        assertThatThrownBy(() -> closing.deviceBuffer("test", 64)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closing");
    }
}
