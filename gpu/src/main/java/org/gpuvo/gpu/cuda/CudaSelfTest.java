package org.gpuvo.gpu.cuda;

import java.util.SplittableRandom;

import org.gpuvo.gpu.image.GrayImage;

/**
 * Proves that the device really computes: uploads a pseudo-random image with an odd size and a row stride
 * wider than the image, sums it with {@link CudaChecksum} and compares with Java's sum. A device that loads
 * the modules but computes garbage (a wrong architecture, a broken driver) fails here rather than in the
 * middle of a run.
 */
public final class CudaSelfTest {
    /** Odd sizes, so that partial blocks at the right and bottom edges are exercised. */
    static final int WIDTH = 253, HEIGHT = 67, STRIDE = 260;

    /**
     * @param passed whether the GPU's sum equals Java's
     * @param detail what was compared, e.g. {@code "checksum of a 253x67 image: GPU 2161836, Java 2161836"}
     */
    public record Outcome(boolean passed, String detail) {
    }

    private CudaSelfTest() {
    }

    /**
     * Runs the self-test on {@code cuda}'s stream.
     *
     * @throws CudaStageException if a driver call fails on the way
     */
    public static Outcome run(CudaContext cuda) {
        byte[] data = new byte[STRIDE * HEIGHT];
        new SplittableRandom(0x6770_7576_6fL).nextBytes(data);
        GrayImage image = new GrayImage(WIDTH, HEIGHT, STRIDE, 0, data);
        long expected = CudaChecksum.javaSum(image);
        long actual;
        try (CudaChecksum checksum = new CudaChecksum(cuda, WIDTH, HEIGHT)) {
            actual = checksum.sum(image);
        }
        String detail = "checksum of a " + WIDTH + "x" + HEIGHT + " image: GPU " + actual + ", Java " + expected;
        return new Outcome(actual == expected, detail);
    }
}
