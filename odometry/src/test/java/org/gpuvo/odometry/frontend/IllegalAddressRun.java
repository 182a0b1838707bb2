package org.gpuvo.odometry.frontend;

import jcuda.CudaException;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;

/**
 * The child process of {@link FrontEndFallbackGpuTest}'s illegal-address case: a kernel that writes to address 0
 * leaves the CUDA context with a sticky error, which every CUDA call after it returns and which only a new process
 * clears, so it runs apart from the other GPU tests. Runs the CUDA and the CPU front end over consecutive KITTI frames,
 * poisons the context before frame {@value #FAILING_FRAME}, and checks that every frame still has the CPU's matches and
 * features. Prints the backend of each frame and the fallback frame; exits 0 when all agree, 1 otherwise.
 */
final class IllegalAddressRun {
    static final int FAILING_FRAME = 3;

    /** A kernel that stores to address 0: an illegal address on any device (PTX, compiled by the driver). */
    private static final String POISON_PTX = """
            .version 7.0
            .target sm_70
            .address_size 64
            .visible .entry poison()
            {
                .reg .b64 %rd<2>;
                .reg .b32 %r<2>;
                mov.u64 %rd1, 0;
                mov.u32 %r1, 1;
                st.global.u32 [%rd1], %r1;
                ret;
            }
            """;

    private IllegalAddressRun() {
    }

    public static void main(String[] args) {
        try {
            run();
            System.exit(0);
        } catch (Throwable e) {
            e.printStackTrace(System.out);
            System.exit(1);
        }
    }

    private static void run() {
        List<GrayImage> frames = TestFrames.consecutiveKittiFrames(6);
        ConfigOrb orb = new ConfigOrb(2000);
        ConfigMatch match = new ConfigMatch(0.8, true, 64);
        try (TrackingFrontEnd reference = FactoryTrackingFrontEnd.create("reference", orb, match, Backend.CPU);
             TrackingFrontEnd frontEnd = FactoryTrackingFrontEnd.create("cuda", orb, match, Backend.CUDA)) {
            Matches a = new Matches(), b = new Matches();
            for (int frame = 0; frame < frames.size(); frame++) {
                if (frame == FAILING_FRAME)
                    System.out.println("poisoned: " + poisonCurrentContext());
                TrackingFrontEndGpuTest.processAlike(reference, frontEnd, frames.get(frame), null, a, b, frame);
                System.out.println("frame " + frame + " " + frontEnd.backend());
            }
            System.out.println("fallback frame " + frontEnd.cpuFallbackFrame());
        }
    }

    /** Launches the poison kernel on the context current on this thread (the front end's); returns the error. */
    private static String poisonCurrentContext() {
        try {
            CUmodule module = new CUmodule();
            byte[] ptx = (POISON_PTX + "\0").getBytes(StandardCharsets.US_ASCII);
            check(cuModuleLoadData(module, ptx), "cuModuleLoadData");
            CUfunction poison = new CUfunction();
            check(cuModuleGetFunction(poison, module, "poison"), "cuModuleGetFunction");
            check(cuLaunchKernel(poison, 1, 1, 1, 1, 1, 1, 0, null, null, null), "cuLaunchKernel");
            return CUresult.stringFor(cuCtxSynchronize());
        } catch (CudaException e) {
            return e.getMessage(); // JCuda throws where its exceptions are on
        }
    }

    private static void check(int result, String call) {
        if (result != CUresult.CUDA_SUCCESS)
            throw new IllegalStateException(call + ": " + CUresult.stringFor(result));
    }
}
