package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpuvo.gpu.cpu.sift.GaussianKernel;
import org.gpuvo.gpu.features.ConfigSift;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CUDA SIFT's host-side plan of a frame, without a GPU: the launches and their geometry, their arguments against
 * the kernels' signatures in {@code src/main/cuda}, the blur kernels against the CPU reference's, the buffer sizes,
 * the list capacities and the parameter struct.
 */
class SiftLaunchPlanTest {
    private static final int SMS = 132;

    private static SiftLaunchPlan plan(ConfigSift c, int w, int h) {
        SiftOctaveTable t = new SiftOctaveTable(c, w, h);
        int e = SiftCapacities.initialExtrema(t), f = SiftCapacities.featuresFor(e, c);
        return new SiftLaunchPlan(c, t, new SiftBlurPlan(c), CudaSiftExtractor.kernelParams(c, e, f), e, f,
                c.maxFeatures, SMS);
    }

    private static long count(SiftLaunchPlan p, String kernel) {
        return p.launches.stream().filter(l -> l.kernel().equals(kernel)).count();
    }

    @ParameterizedTest(name = "{0}x{1} first octave {2}: {3} octaves, the last {4} small, {5} launches")
    @CsvSource({"1280,720,0,6,2,27", "1920,1080,0,7,2,32", "1280,720,-1,7,2,32", "37,23,0,1,0,11",
            "37,23,-1,2,1,12", "128,128,0,4,3,12", "130,130,0,4,2,17"})
    void oneLaunchPerGaussianLevelOneForTheSmallOctavesThenFiveForTheFeatures(int w, int h, int firstOctave,
                                                                             int octaves, int small, int launches) {
        ConfigSift c = new ConfigSift();
        c.firstOctave = firstOctave;
        SiftOctaveTable t = new SiftOctaveTable(c, w, h);
        SiftLaunchPlan p = plan(c, w, h);
        assertThat(t.count).isEqualTo(octaves);
        assertThat(SiftLaunchPlan.tailStart(t)).isEqualTo(octaves - small);
        assertThat(count(p, "sift_blur")).isEqualTo((octaves - small) * (c.levelsPerOctave + 2) + 1L);
        assertThat(count(p, "sift_blur_tail")).isEqualTo(small > 0 ? 1 : 0);
        for (int oi = 1; oi < t.count; oi++)
            assertThat((long) t.width[oi] * t.height[oi] <= SiftLaunchPlan.TAIL_PIXELS).as("octave %d small", oi)
                    .isEqualTo(oi >= octaves - small);
        assertThat(p.launches).hasSize(launches);
        assertThat(p.launches.subList(launches - 5, launches)).extracting(SiftLaunchPlan.Launch::kernel)
                .containsExactly("sift_extrema", "sift_orientation", "sift_select_threshold", "sift_select_rank",
                        "sift_descriptor");
        for (SiftLaunchPlan.Launch l : p.launches) {
            assertThat(l.blockX() * l.blockY()).isLessThanOrEqualTo(1024);
            assertThat(l.sharedBytes()).as("dynamic shared memory without opting in").isLessThanOrEqualTo(48 * 1024);
            assertThat(l.gridY()).isLessThanOrEqualTo(65535);
        }
    }

    @Test
    void blurLaunchesCoverTheirOctaveAndReadTheRightSource() {
        ConfigSift c = new ConfigSift();
        SiftOctaveTable t = new SiftOctaveTable(c, 641, 479);
        SiftLaunchPlan p = plan(c, 641, 479);
        int k = 0, tail = SiftLaunchPlan.tailStart(t);
        assertThat(tail).isEqualTo(4).isLessThan(t.count); // 80x59 is small, 40x29 too
        for (int oi = 0; oi < tail; oi++)
            for (int s = oi == 0 ? 0 : 1; s < t.levels; s++) {
                SiftLaunchPlan.Launch l = p.launches.get(k++);
                assertThat(l.kernel()).isEqualTo("sift_blur");
                assertThat(l.arguments().get(5)).isEqualTo(oi);
                assertThat(l.arguments().get(6)).isEqualTo(s);
                int mode = s == 0 ? SiftLaunchPlan.SRC_INPUT : s == 1 && oi > 0 ? SiftLaunchPlan.SRC_DECIMATED
                        : SiftLaunchPlan.SRC_LEVEL;
                assertThat(l.arguments().get(8)).isEqualTo(mode);
                assertThat((long) l.gridX() * SiftBlurPlan.TILE).isGreaterThanOrEqualTo(t.width[oi]);
                assertThat((long) l.gridY() * SiftBlurPlan.TILE).isGreaterThanOrEqualTo(t.height[oi]);
            }
        SiftLaunchPlan.Launch small = p.launches.get(k++);
        assertThat(small.kernel()).isEqualTo("sift_blur_tail");
        assertThat(small.arguments().subList(2, 5)).containsExactly(tail, t.count, c.levelsPerOctave);
        assertThat(small.sharedBytes()).isEqualTo(8 * t.width[tail] * t.height[tail]).isLessThanOrEqualTo(32 * 1024);
        assertThat(small.blockX()).isEqualTo(1024);
        ByteBuffer taps = ByteBuffer.wrap((byte[]) small.arguments().get(6)).order(ByteOrder.LITTLE_ENDIAN);
        SiftBlurPlan blur = new SiftBlurPlan(c);
        for (int s = 0; s < blur.radius.length; s++) {
            assertThat(taps.getInt(4 * s)).isEqualTo(blur.radius[s]);
            assertThat(taps.getInt(4 * (SiftLaunchPlan.TAP_LEVELS + s))).isEqualTo(blur.offset[s]);
        }
        assertThat(p.launches.get(k).gridX()).isEqualTo(t.extremaTiles);
    }

    @Test
    void kernelsTooLargeToFuseRunAsRowsThenColumns() {
        ConfigSift c = new ConfigSift();
        c.levelsPerOctave = 1;
        c.sigma = 7.5;
        SiftBlurPlan blur = new SiftBlurPlan(c);
        assertThat(blur.anySeparate()).isTrue();
        SiftLaunchPlan p = plan(c, 320, 240);
        int separate = 0;
        for (int s = 0; s < blur.radius.length; s++)
            if (!blur.fused(s))
                separate++;
        assertThat(count(p, "sift_blur_rows")).isEqualTo(count(p, "sift_blur_columns")).isPositive();
        assertThat(count(p, "sift_blur") + count(p, "sift_blur_rows")).isEqualTo(count(p, "sift_blur")
                + count(p, "sift_blur_columns"));
        assertThat(separate).isPositive();
    }

    @Test
    void blurKernelsAreTheReferences() {
        for (int firstOctave : new int[]{0, -1}) {
            ConfigSift c = new ConfigSift();
            c.firstOctave = firstOctave;
            SiftBlurPlan blur = new SiftBlurPlan(c);
            double inputBlur = c.inputSigma * (firstOctave < 0 ? 2 : 1);
            double[] sigmas = new double[c.levelsPerOctave + 3];
            sigmas[0] = Math.sqrt(c.sigma * c.sigma - inputBlur * inputBlur);
            for (int s = 1; s < sigmas.length; s++)
                sigmas[s] = c.sigma * Math.sqrt(Math.pow(2, 2.0 * s / c.levelsPerOctave)
                        - Math.pow(2, 2.0 * (s - 1) / c.levelsPerOctave));
            for (int s = 0; s < sigmas.length; s++) {
                assertThat(blur.sigma[s]).isCloseTo(sigmas[s], org.assertj.core.data.Offset.offset(1e-12));
                float[] w = GaussianKernel.weights(blur.sigma[s]);
                assertThat(blur.radius[s]).isEqualTo(w.length / 2).isLessThanOrEqualTo(SiftBlurPlan.FUSED_RADIUS);
                for (int i = 0; i < w.length; i++)
                    assertThat(blur.weights[blur.offset[s] + i]).isEqualTo(w[i]);
            }
            // the default configuration's largest kernel (radius 13) fits the fused launch comfortably
            assertThat(blur.sharedBytes(blur.radius.length - 1)).isLessThan(24 * 1024);
        }
        ConfigSift c = new ConfigSift();
        SiftBlurPlan blur = new SiftBlurPlan(c);
        assertThat(blur.radius).containsExactly(7, 5, 7, 8, 10, 13);
    }

    @Test
    void fusedRadiusLimitKeepsSharedMemoryUnder48KB() {
        ConfigSift c = new ConfigSift();
        c.sigma = SiftBlurPlan.FUSED_RADIUS / 4.0 - 0.01; // base blur radius 24 (inputSigma 0.5)
        c.levelsPerOctave = 8;
        SiftBlurPlan blur = new SiftBlurPlan(c);
        assertThat(blur.radius[0]).isEqualTo(SiftBlurPlan.FUSED_RADIUS);
        assertThat(blur.fused(0)).isTrue();
        assertThat(blur.sharedBytes(0)).isLessThanOrEqualTo(48 * 1024);
    }

    /** Parameter counts of the extern "C" kernels of one .cu file. */
    private static Map<String, Integer> kernelArity(String module) throws IOException {
        Path file = Path.of("src/main/cuda", module + ".cu");
        if (!Files.exists(file))
            file = Path.of("gpu/src/main/cuda", module + ".cu");
        String source = Files.readString(file);
        Matcher m = Pattern.compile(
                "extern \"C\" __global__ void(?:\\s+__launch_bounds__\\([^)]*\\))?\\s+(\\w+)\\s*\\(([^)]*)\\)").matcher(source);
        Map<String, Integer> arity = new HashMap<>();
        while (m.find())
            arity.put(m.group(1), m.group(2).isBlank() ? 0 : m.group(2).split(",").length);
        return arity;
    }

    @Test
    void argumentsMatchTheKernelSignatures() throws IOException {
        ConfigSift c = new ConfigSift();
        c.levelsPerOctave = 1;
        c.sigma = 7.5; // so that the row and column kernels are planned too
        assertThat(kernelArity("sift_scale_space")).containsEntry("sift_blur", 11).containsEntry("sift_blur_rows", 12)
                .containsEntry("sift_blur_columns", 7).containsEntry("sift_blur_tail", 7);
        for (SiftLaunchPlan p : List.of(plan(new ConfigSift(), 640, 480), plan(c, 200, 100))) {
            for (SiftLaunchPlan.Launch l : p.launches) {
                Map<String, Integer> arity = kernelArity(l.module());
                assertThat(arity).as("kernels of %s.cu", l.module()).containsKey(l.kernel());
                assertThat(l.arguments()).as("arguments of %s", l.kernel()).hasSize(arity.get(l.kernel()));
            }
        }
    }

    @Test
    void buffersAndCapacities() {
        ConfigSift c = new ConfigSift(3000);
        SiftOctaveTable t = new SiftOctaveTable(c, 1280, 720);
        SiftBlurPlan blur = new SiftBlurPlan(c);
        int e = SiftCapacities.initialExtrema(t), f = SiftCapacities.featuresFor(e, c);
        // generous: real 1280x720 frames give a few thousand extrema
        assertThat(e).isGreaterThan(20000);
        assertThat(f).isGreaterThanOrEqualTo(2 * e);
        assertThat(SiftCapacities.grown(e)).isGreaterThan(e + e / 5);
        assertThat(SiftCapacities.initialExtrema(new SiftOctaveTable(c, 8, 8))).isEqualTo(SiftCapacities.MINIMUM);
        for (SiftLaunchPlan.Buffer b : SiftLaunchPlan.Buffer.values()) {
            long bytes = SiftLaunchPlan.bytes(b, t, blur, e, f, c.maxFeatures);
            if (b == SiftLaunchPlan.Buffer.TEMP)
                assertThat(bytes).as("no kernel too large to fuse").isZero();
            else
                assertThat(bytes).as(b.toString()).isPositive();
        }
        assertThat(SiftLaunchPlan.bytes(SiftLaunchPlan.Buffer.SPACE, t, blur, e, f, 3000)).isEqualTo(4 * t.spaceFloats);
        assertThat(SiftLaunchPlan.bytes(SiftLaunchPlan.Buffer.OUT_DESCRIPTORS, t, blur, e, f, 3000))
                .isEqualTo(3000L * 128 * 4);
        assertThat(SiftLaunchPlan.blockGrid(10, 16, SMS)).isEqualTo(10);
        assertThat(SiftLaunchPlan.blockGrid(1_000_000, 16, SMS)).isEqualTo(16 * SMS);
        assertThat(SiftLaunchPlan.blockGrid(0, 16, SMS)).isEqualTo(1);
        // sift_blur_tail sums at most 4 pixels per thread (TAIL_ITEMS)
        assertThat(SiftLaunchPlan.TAIL_PIXELS).isLessThanOrEqualTo(4 * SiftLaunchPlan.TAIL_THREADS);
    }

    @Test
    void parameterStructHasTheKernelsLayout() {
        ConfigSift c = new ConfigSift(1234);
        c.maxOrientations = 3;
        c.rootSift = true;
        ByteBuffer b = ByteBuffer.wrap(CudaSiftExtractor.kernelParams(c, 111, 222)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.capacity()).isEqualTo(CudaSiftExtractor.PARAMS_BYTES);
        double t = c.contrastThreshold / c.levelsPerOctave;
        assertThat(b.getDouble(0)).isEqualTo(c.sigma);
        assertThat(b.getDouble(8)).isEqualTo(t);
        assertThat(b.getDouble(16)).isEqualTo(c.edgeThreshold);
        assertThat(b.getDouble(24)).isEqualTo(c.magnification);
        assertThat(b.getFloat(32)).isEqualTo((float) (0.8 * t));
        assertThat(b.getFloat(36)).isEqualTo((float) c.orientationPeakRatio);
        assertThat(new int[]{b.getInt(40), b.getInt(44), b.getInt(48), b.getInt(52), b.getInt(56), b.getInt(60)})
                .containsExactly(3, 3, 1234, 1, 111, 222);
    }

    @Test
    void noOctaveNoLaunch() {
        assertThat(plan(new ConfigSift(), 15, 400).launches).isEmpty();
    }
}
