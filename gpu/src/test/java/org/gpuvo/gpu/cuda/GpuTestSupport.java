package org.gpuvo.gpu.cuda;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;

import org.gpuvo.gpu.image.GrayImage;

/** Shared by the {@code gpu}-tagged tests: skipping without a device, and seeded test images. */
public final class GpuTestSupport {
    private GpuTestSupport() {
    }

    /**
     * Skips the calling test unless the CUDA backend is usable; with {@code -Dgpuvo.requireGpu=true} (on the
     * GPU host) it fails instead, so that a broken setup cannot pass as "all skipped".
     */
    public static void assumeCuda() {
        CudaStatus status = CudaProbe.status();
        if (Boolean.getBoolean("gpuvo.requireGpu") && !status.usable())
            fail("gpuvo.requireGpu is set but the CUDA backend is unavailable: " + status.reason());
        assumeTrue(status.usable(), () -> "CUDA backend unavailable: " + status.reason());
    }

    /** A pseudo-random image, row stride {@code stride} and first pixel at {@code offset}. */
    static GrayImage randomImage(int width, int height, int stride, int offset, long seed) {
        byte[] data = new byte[offset + stride * height];
        new SplittableRandom(seed).nextBytes(data);
        return new GrayImage(width, height, stride, offset, data);
    }
}
