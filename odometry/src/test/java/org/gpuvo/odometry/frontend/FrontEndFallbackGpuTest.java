package org.gpuvo.odometry.frontend;

import jcuda.CudaException;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUresult;
import org.gpuvo.gpu.cuda.GpuTestSupport;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real GPU failures in the middle of a run, after which the frame that failed and those after it have the matches
 * and features a CPU front end that ran all along has: the device's memory taken by another allocation, so that a
 * frame larger than the ones before makes the CUDA front end fail allocating; and a kernel that writes to an illegal
 * address, after which every CUDA call fails (in a process of its own, {@link IllegalAddressRun}).
 */
@Tag("gpu")
class FrontEndFallbackGpuTest {
    private static final int FAILING_FRAME = 3;

    @Test
    void outOfDeviceMemoryMidRunHandsOverToTheCpuWithoutLosingTheFrame() {
        GpuTestSupport.assumeCuda();
        List<GrayImage> frames = new ArrayList<>(TestFrames.consecutiveKittiFrames(6));
        frames.set(FAILING_FRAME, padded(frames.get(FAILING_FRAME), 96));
        ConfigOrb orb = new ConfigOrb(2000);
        ConfigMatch match = new ConfigMatch(0.8, true, 64);
        List<CUdeviceptr> taken = List.of();
        try (TrackingFrontEnd reference = FactoryTrackingFrontEnd.create("reference", orb, match, Backend.CPU);
             TrackingFrontEnd frontEnd = FactoryTrackingFrontEnd.create("cuda", orb, match, Backend.CUDA)) {
            Matches a = new Matches(), b = new Matches();
            for (int frame = 0; frame < frames.size(); frame++) {
                if (frame == FAILING_FRAME)
                    taken = takeTheDevicesMemory();
                TrackingFrontEndGpuTest.processAlike(reference, frontEnd, frames.get(frame), null, a, b, frame);
                assertThat(frontEnd.backend()).isEqualTo(frame < FAILING_FRAME ? "cuda" : "cpu");
            }
            assertThat(frontEnd.cpuFallbackFrame()).isEqualTo(FAILING_FRAME);
        } finally {
            taken.forEach(FrontEndFallbackGpuTest::freeQuietly);
        }
    }

    @Test
    void anIllegalAddressMidRunHandsOverToTheCpuWithoutLosingTheFrame() throws Exception {
        GpuTestSupport.assumeCuda();
        TestFrames.consecutiveKittiFrames(1); // skips here, not in the child, where the frames are missing
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath()));
        String frames = System.getProperty("gpuvo.gpuTestSequence");
        if (frames != null)
            command.add("-Dgpuvo.gpuTestSequence=" + frames);
        command.add(IllegalAddressRun.class.getName());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(child.exitValue()).as(out).isZero();
        assertThat(out).contains("poisoned: CUDA_ERROR_ILLEGAL_ADDRESS")
                .contains("frame " + (IllegalAddressRun.FAILING_FRAME - 1) + " cuda")
                .contains("frame " + IllegalAddressRun.FAILING_FRAME + " cpu")
                .contains("fallback frame " + IllegalAddressRun.FAILING_FRAME)
                .contains("driver calls failed while freeing and closing");
        // closing the failed pipeline tells its first failure and their count, not one line for each of its buffers
        assertThat(out.lines().filter(line -> line.contains("pipeline cuda:"))).as(out).hasSize(2);
    }

    /** This JVM's class path, also where a launcher loads the tests through a class loader of its own. */
    private static String classPath() {
        List<String> entries = new ArrayList<>();
        if (Thread.currentThread().getContextClassLoader() instanceof URLClassLoader loader)
            for (URL url : loader.getURLs())
                entries.add(Path.of(URI.create(url.toString())).toString());
        entries.add(System.getProperty("java.class.path"));
        return String.join(File.pathSeparator, entries);
    }

    /** Allocates the device's free memory (on the context current on this thread), down to the last 4 KB. */
    private static List<CUdeviceptr> takeTheDevicesMemory() {
        long[] free = new long[1], total = new long[1];
        assertThat(cuMemGetInfo(free, total)).isEqualTo(CUresult.CUDA_SUCCESS);
        List<CUdeviceptr> taken = new ArrayList<>();
        for (long bytes = free[0]; bytes >= 4096; ) {
            CUdeviceptr p = new CUdeviceptr();
            if (allocate(p, bytes))
                taken.add(p);
            else
                bytes /= 2;
        }
        assertThat(taken).as("allocations that took the device's memory").isNotEmpty();
        return taken;
    }

    private static boolean allocate(CUdeviceptr p, long bytes) {
        try {
            return cuMemAlloc(p, bytes) == CUresult.CUDA_SUCCESS;
        } catch (CudaException e) {
            return false; // JCuda throws where its exceptions are on
        }
    }

    /** Frees the allocation; its context may be gone with the pipeline that held it last. */
    private static void freeQuietly(CUdeviceptr hog) {
        try {
            cuMemFree(hog);
        } catch (CudaException e) {
            // the primary context was released with the failed pipeline, and the allocation with it
        }
    }

    /** The image in the middle of a larger one with a {@code border}-pixel grey border. */
    private static GrayImage padded(GrayImage image, int border) {
        int w = image.width + 2 * border, h = image.height + 2 * border;
        byte[] data = new byte[w * h];
        java.util.Arrays.fill(data, (byte) 128);
        for (int y = 0; y < image.height; y++)
            System.arraycopy(image.data, image.offset + y * image.stride, data, (y + border) * w + border, image.width);
        return new GrayImage(w, h, data);
    }
}
