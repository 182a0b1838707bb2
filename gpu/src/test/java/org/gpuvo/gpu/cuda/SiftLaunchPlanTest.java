package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpuvo.gpu.cpu.sift.GaussianKernel;
import org.gpuvo.gpu.features.ConfigSift;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CUDA SIFT's host-side plan of a frame, without a GPU: the launches and their geometry, the two branches (which
 * octaves each builds, where the small one forks and that each launch comes after everything it reads, on one stream
 * and on the two branches), their arguments against the kernels' signatures in {@code src/main/cuda}, the blur
 * kernels against the CPU reference's, the buffer sizes, the list capacities and the parameter struct.
 */
class SiftLaunchPlanTest {
    /** an H100's multiprocessors */
    private static final int SMS = 132;

    private static SiftLaunchPlan plan(ConfigSift c, int w, int h) {
        return plan(c, w, h, SiftLaunchPlan.smallStart(new SiftOctaveTable(c, w, h), SMS));
    }

    private static SiftLaunchPlan plan(ConfigSift c, int w, int h, int smallStart) {
        SiftOctaveTable t = new SiftOctaveTable(c, w, h);
        int e = SiftCapacities.initialExtrema(t), f = SiftCapacities.featuresFor(e, c);
        return new SiftLaunchPlan(c, t, new SiftBlurPlan(c), CudaSiftExtractor.kernelParams(c, e, f), e, f,
                c.maxFeatures, SMS, smallStart);
    }

    private static ConfigSift config(int firstOctave) {
        ConfigSift c = new ConfigSift();
        c.firstOctave = firstOctave;
        return c;
    }

    private static long count(SiftLaunchPlan p, String kernel) {
        return p.launches.stream().filter(l -> l.kernel().equals(kernel)).count();
    }

    @ParameterizedTest(name = "{0}x{1} first octave {2}: {3} octaves, the last {4} in the tail, {5} launches")
    @CsvSource({"1280,720,0,5,1,29", "1920,1080,0,6,1,34", "1280,720,-1,6,1,34", "640,480,0,5,1,29",
            "48,24,0,1,0,11", "37,23,-1,1,0,11", "128,128,0,3,2,14", "130,130,0,3,1,19"})
    void oneLaunchPerGaussianLevelOneForTheTailThenTheFeatures(int w, int h, int firstOctave, int octaves, int tail,
                                                               int launches) {
        ConfigSift c = config(firstOctave);
        SiftOctaveTable t = new SiftOctaveTable(c, w, h);
        SiftLaunchPlan p = plan(c, w, h);
        assertThat(t.count).isEqualTo(octaves);
        assertThat(SiftLaunchPlan.tailStart(t)).isEqualTo(octaves - tail);
        assertThat(count(p, "sift_blur")).isEqualTo((octaves - tail) * (c.levelsPerOctave + 2) + 1L);
        assertThat(count(p, "sift_blur_tail")).isEqualTo(tail > 0 ? 1 : 0);
        for (int oi = 1; oi < t.count; oi++)
            assertThat((long) t.width[oi] * t.height[oi] <= SiftLaunchPlan.TAIL_PIXELS).as("octave %d small", oi)
                    .isEqualTo(oi >= octaves - tail);
        assertThat(p.launches).hasSize(launches);
        int branches = p.smallStart < t.count ? 2 : 1;
        assertThat(p.launches.subList(launches - 3 - 2 * branches, launches))
                .extracting(SiftLaunchPlan.Launch::kernel).containsExactlyElementsOf(
                        branches == 2 ? List.of("sift_extrema", "sift_extrema", "sift_orientation", "sift_orientation",
                                "sift_select_threshold", "sift_select_rank", "sift_descriptor")
                                : List.of("sift_extrema", "sift_orientation", "sift_select_threshold",
                                "sift_select_rank", "sift_descriptor"));
        for (SiftLaunchPlan.Launch l : p.launches) {
            assertThat(l.blockX() * l.blockY()).isLessThanOrEqualTo(1024);
            assertThat(l.sharedBytes()).as("dynamic shared memory without opting in").isLessThanOrEqualTo(48 * 1024);
            assertThat(l.gridY()).isLessThanOrEqualTo(65535);
        }
    }

    /**
     * The octave split on an H100: octave 0 and the octaves whose level launches have at least 0.4 blocks per
     * multiprocessor are large, the rest (the tail's always) small; one octave: no small branch.
     */
    @ParameterizedTest(name = "{0}x{1} first octave {2}: small branch from octave {3} of {4}")
    @CsvSource({"640,480,0,2,5", "1280,720,0,3,5", "1920,1080,0,3,6", "1280,720,-1,4,6", "1920,1080,-1,4,7",
            "640,480,-1,3,6", "48,24,0,1,1", "24,24,0,1,1", "37,23,-1,1,1", "128,128,0,1,3", "4097,3,0,0,0"})
    void octavesSplitWhereTheirLaunchesStopFillingTheDevice(int w, int h, int firstOctave, int smallStart,
                                                            int octaves) {
        SiftOctaveTable t = new SiftOctaveTable(config(firstOctave), w, h);
        assertThat(t.count).isEqualTo(octaves);
        int split = SiftLaunchPlan.smallStart(t, SMS);
        assertThat(split).isEqualTo(smallStart);
        for (int oi = 1; oi < t.count; oi++) {
            long blocks = (long) t.blurTilesX(oi) * t.blurTilesY(oi);
            boolean small = oi >= SiftLaunchPlan.tailStart(t) || blocks < SiftLaunchPlan.LARGE_BLOCKS_PER_SM * SMS;
            assertThat(oi >= split).as("octave %d (%d blocks a level) small", oi, blocks).isEqualTo(small);
        }
        // on a device with a quarter of the multiprocessors, as many octaves are large or more
        assertThat(SiftLaunchPlan.smallStart(t, SMS / 4)).isGreaterThanOrEqualTo(split);
    }

    @Test
    void anImageOfOneOctaveHasNoSmallBranch() {
        SiftLaunchPlan p = plan(config(0), 48, 24);
        assertThat(p.smallStart).isEqualTo(1);
        assertThat(p.forkAfter).isEqualTo(-1);
        assertThat(p.branch(SiftLaunchPlan.Branch.SMALL)).isEmpty();
        assertThat(p.branch(SiftLaunchPlan.Branch.LARGE)).extracting(SiftLaunchPlan.Launch::kernel)
                .containsExactly("sift_blur", "sift_blur", "sift_blur", "sift_blur", "sift_blur", "sift_blur",
                        "sift_extrema", "sift_orientation");
        SiftLaunchPlan.Launch extrema = p.branch(SiftLaunchPlan.Branch.LARGE).get(6);
        assertThat(extrema.arguments().subList(2, 4)).containsExactly(0, 1);
        assertThat(extrema.arguments().get(5)).isEqualTo(SiftLaunchPlan.LIST_FRONT);
        assertThat(extrema.gridX()).isEqualTo(new SiftOctaveTable(config(0), 48, 24).extremaTiles);
    }

    /**
     * What each launch reads and writes, to check the order of a plan: the Gaussian levels ("G octave level"), the
     * horizontal pass of a level too large to fuse, each end's extrema and features, the selection.
     */
    private static final class Effects {
        final Set<String> done = new HashSet<>();
        final int levels;
        final boolean twoBranches;

        Effects(SiftOctaveTable t, SiftLaunchPlan p) {
            this.levels = t.levels;
            this.twoBranches = p.smallStart < t.count;
        }

        /** Applies {@code l}; returns what it reads that is not there yet (empty if nothing). */
        List<String> apply(SiftLaunchPlan.Launch l) {
            List<String> needs = new ArrayList<>(), writes = new ArrayList<>();
            List<Object> a = l.arguments();
            int s1 = levels - 3; // S
            switch (l.kernel()) {
                case "sift_blur", "sift_blur_rows" -> {
                    int shift = l.kernel().equals("sift_blur") ? 0 : 1;
                    int oi = (Integer) a.get(5 + shift), s = (Integer) a.get(6 + shift), mode = (Integer) a.get(8 + shift);
                    if (mode == SiftLaunchPlan.SRC_LEVEL)
                        needs.add("G " + oi + " " + (s - 1));
                    if (mode == SiftLaunchPlan.SRC_DECIMATED) {
                        needs.add("G " + (oi - 1) + " " + s1);
                        writes.add("G " + oi + " 0");
                    }
                    writes.add(shift == 0 ? "G " + oi + " " + s : "rows " + oi + " " + s);
                }
                case "sift_blur_columns" -> {
                    int oi = (Integer) a.get(3), s = (Integer) a.get(4);
                    needs.add("rows " + oi + " " + s);
                    writes.add("G " + oi + " " + s);
                }
                case "sift_blur_tail" -> {
                    int first = (Integer) a.get(2), end = (Integer) a.get(3);
                    needs.add("G " + (first - 1) + " " + s1);
                    for (int oi = first; oi < end; oi++)
                        for (int s = 0; s < levels; s++)
                            writes.add("G " + oi + " " + s);
                }
                case "sift_extrema" -> {
                    int first = (Integer) a.get(2), n = (Integer) a.get(3);
                    for (int oi = first; oi < first + n; oi++)
                        for (int s = 0; s < levels; s++)
                            needs.add("G " + oi + " " + s);
                    writes.add("extrema " + a.get(5));
                }
                case "sift_orientation" -> {
                    needs.add("extrema " + a.get(3));
                    writes.add("features " + a.get(3));
                }
                case "sift_select_threshold" -> {
                    needs.add("features " + SiftLaunchPlan.LIST_FRONT);
                    if (twoBranches)
                        needs.add("features " + SiftLaunchPlan.LIST_BACK);
                    writes.add("threshold");
                }
                case "sift_select_rank" -> {
                    needs.add("threshold");
                    writes.add("ranks");
                }
                case "sift_descriptor" -> needs.add("ranks");
                default -> throw new AssertionError("unknown kernel " + l.kernel());
            }
            needs.removeAll(done);
            done.addAll(writes);
            return needs;
        }
    }

    private static void assertRunsInOrder(List<SiftLaunchPlan.Launch> launches, Effects effects, String what) {
        for (int i = 0; i < launches.size(); i++) {
            SiftLaunchPlan.Launch l = launches.get(i);
            assertThat(effects.apply(l)).as("%s: launch %d (%s %s) reads what no launch before it wrote", what, i,
                    l.kernel(), l.arguments().subList(0, Math.min(9, l.arguments().size()))).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}x{1} first octave {2}")
    @CsvSource({"640,480,0", "1280,720,0", "1920,1080,0", "1280,720,-1", "37,23,-1", "130,130,0", "48,24,0"})
    void theBranchesDependOnlyOnTheForkAndJoinBeforeTheSelection(int w, int h, int firstOctave) {
        ConfigSift c = config(firstOctave);
        SiftOctaveTable t = new SiftOctaveTable(c, w, h);
        SiftLaunchPlan p = plan(c, w, h);
        List<SiftLaunchPlan.Launch> large = p.branch(SiftLaunchPlan.Branch.LARGE),
                small = p.branch(SiftLaunchPlan.Branch.SMALL), joined = p.branch(SiftLaunchPlan.Branch.JOINED);
        assertThat(large.size() + small.size() + joined.size()).isEqualTo(p.launches.size());
        // one stream, in the plan's order (stage timing, no graph): every launch after what it reads, stages grouped
        assertRunsInOrder(p.launches, new Effects(t, p), "plan order");
        List<String> stages = p.launches.stream().map(SiftLaunchPlan.Launch::stage).distinct().toList();
        assertThat(stages).containsExactly(CudaSiftExtractor.STAGE_SCALE_SPACE, CudaSiftExtractor.STAGE_EXTREMA,
                CudaSiftExtractor.STAGE_ORIENTATION, CudaSiftExtractor.STAGE_SELECT, CudaSiftExtractor.STAGE_DESCRIPTOR);
        for (int i = 1; i < p.launches.size(); i++)
            assertThat(stages.indexOf(p.launches.get(i).stage()))
                    .isGreaterThanOrEqualTo(stages.indexOf(p.launches.get(i - 1).stage()));
        assertThat(joined).extracting(SiftLaunchPlan.Launch::kernel)
                .containsExactly("sift_select_threshold", "sift_select_rank", "sift_descriptor");
        if (p.smallStart == t.count) {
            assertThat(small).isEmpty();
            assertThat(p.forkAfter).isEqualTo(-1);
            return;
        }
        // the fork: after the launch that writes level S of the last large octave, a large launch at the plan's front
        SiftLaunchPlan.Launch forkLaunch = p.launches.get(p.forkAfter);
        assertThat(forkLaunch.branch()).isEqualTo(SiftLaunchPlan.Branch.LARGE);
        assertThat(large.indexOf(forkLaunch)).isEqualTo(p.forkAfter);
        assertThat(forkLaunch.arguments().subList(5, 7)).containsExactly(p.smallStart - 1, c.levelsPerOctave);
        // the two branches as a graph runs them: the small one from the fork on, beside the rest of the large one,
        // each without anything of the other
        Effects forked = new Effects(t, p);
        assertRunsInOrder(large.subList(0, p.forkAfter + 1), forked, "large branch to the fork");
        Effects smallSide = new Effects(t, p), largeSide = new Effects(t, p);
        smallSide.done.addAll(forked.done);
        largeSide.done.addAll(forked.done);
        assertRunsInOrder(small, smallSide, "small branch after the fork");
        assertRunsInOrder(large.subList(p.forkAfter + 1, large.size()), largeSide, "large branch after the fork");
        Effects after = new Effects(t, p);
        after.done.addAll(smallSide.done);
        after.done.addAll(largeSide.done);
        assertRunsInOrder(joined, after, "after the join");
        // which octaves each branch builds and searches, and the list end each appends to
        for (SiftLaunchPlan.Launch l : p.launches) {
            boolean isLarge = l.branch() == SiftLaunchPlan.Branch.LARGE;
            switch (l.kernel()) {
                case "sift_blur" -> assertThat((Integer) l.arguments().get(5) < p.smallStart).isEqualTo(isLarge);
                case "sift_blur_tail" -> {
                    assertThat(isLarge).isFalse();
                    assertThat((Integer) l.arguments().get(2)).isGreaterThanOrEqualTo(p.smallStart);
                }
                case "sift_extrema" -> {
                    int first = isLarge ? 0 : p.smallStart, n = isLarge ? p.smallStart : t.count - p.smallStart;
                    assertThat(l.arguments().subList(2, 4)).containsExactly(first, n);
                    assertThat(l.arguments().get(5)).isEqualTo(isLarge ? SiftLaunchPlan.LIST_FRONT
                            : SiftLaunchPlan.LIST_BACK);
                    assertThat(l.gridX()).isEqualTo(t.extremaTiles(first, n));
                }
                case "sift_orientation" -> {
                    assertThat(l.arguments().get(3)).isEqualTo(isLarge ? SiftLaunchPlan.LIST_FRONT
                            : SiftLaunchPlan.LIST_BACK);
                    // the small octaves' few extrema: a block per multiprocessor, not a grid for the whole list
                    if (!isLarge)
                        assertThat(l.gridX()).isBetween(1, SiftLaunchPlan.SMALL_ORIENT_BLOCKS_PER_SM * SMS);
                }
                default -> {
                }
            }
        }
        assertThat(t.extremaTiles(0, p.smallStart) + t.extremaTiles(p.smallStart, t.count - p.smallStart))
                .isEqualTo(t.extremaTiles);
    }

    @Test
    void everySplitTheExtractorMayChooseIsAValidPlan() {
        ConfigSift c = config(0);
        SiftOctaveTable t = new SiftOctaveTable(c, 1280, 720);
        int tail = SiftLaunchPlan.tailStart(t);
        for (int k = 1; k <= t.count; k++) {
            if (k > tail && k < t.count) {
                int split = k;
                assertThatThrownBy(() -> plan(c, 1280, 720, split)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("must start at an octave from 1 to " + tail);
                continue;
            }
            SiftLaunchPlan p = plan(c, 1280, 720, k);
            assertThat(p.smallStart).isEqualTo(k);
            assertThat(p.forkAfter >= 0).isEqualTo(k < t.count);
            assertRunsInOrder(p.launches, new Effects(t, p), "split at " + k);
        }
        assertThatThrownBy(() -> plan(c, 1280, 720, 0)).isInstanceOf(IllegalArgumentException.class);
        // no small branch: one chain, the tail on the large branch
        SiftLaunchPlan one = plan(c, 1280, 720, t.count);
        assertThat(one.branch(SiftLaunchPlan.Branch.SMALL)).isEmpty();
        assertThat(count(one, "sift_extrema")).isEqualTo(1);
        assertThat(one.launches).hasSize(27);
    }

    @Test
    void blurLaunchesCoverTheirOctaveAndReadTheRightSource() {
        ConfigSift c = new ConfigSift();
        SiftOctaveTable t = new SiftOctaveTable(c, 641, 479);
        SiftLaunchPlan p = plan(c, 641, 479);
        int k = 0, tail = SiftLaunchPlan.tailStart(t);
        assertThat(tail).isEqualTo(4).isLessThan(t.count); // 40x29 is small, 20x14 is no octave
        assertThat(p.smallStart).isEqualTo(2); // octave 1's 10x8 blocks are enough, octave 2's 5x4 too few for 132
        for (int oi = 0; oi < tail; oi++)
            for (int s = oi == 0 ? 0 : 1; s < t.levels; s++) {
                SiftLaunchPlan.Launch l = p.launches.get(k++);
                assertThat(l.kernel()).isEqualTo("sift_blur");
                assertThat(l.branch()).isEqualTo(oi < 2 ? SiftLaunchPlan.Branch.LARGE : SiftLaunchPlan.Branch.SMALL);
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
        assertThat(p.launches.get(k).gridX()).isEqualTo(t.extremaTiles(0, 2));
        assertThat(p.launches.get(k + 1).gridX()).isEqualTo(t.extremaTiles - t.extremaTiles(0, 2));
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
        // each branch passes through its own part of the temporary buffer, large enough for its octaves
        SiftOctaveTable t = new SiftOctaveTable(c, 320, 240);
        assertThat(p.smallStart).isBetween(1, t.count - 1);
        int e = SiftCapacities.initialExtrema(t), f = SiftCapacities.featuresFor(e, c);
        long tempBytes = SiftLaunchPlan.bytes(SiftLaunchPlan.Buffer.TEMP, t, blur, e, f, c.maxFeatures);
        int separateSmall = 0;
        for (SiftLaunchPlan.Launch l : p.launches) {
            if (!l.kernel().equals("sift_blur_rows") && !l.kernel().equals("sift_blur_columns"))
                continue;
            boolean rows = l.kernel().equals("sift_blur_rows");
            SiftLaunchPlan.BufferArgument temp = (SiftLaunchPlan.BufferArgument) l.arguments().get(rows ? 4 : 1);
            int oi = (Integer) l.arguments().get(rows ? 6 : 3);
            assertThat(temp.buffer()).isEqualTo(SiftLaunchPlan.Buffer.TEMP);
            boolean isLarge = l.branch() == SiftLaunchPlan.Branch.LARGE;
            assertThat(temp.byteOffset()).isEqualTo(isLarge ? 0 : 4 * t.levelStride[0]);
            assertThat(temp.byteOffset() + 4 * t.levelStride[oi]).isLessThanOrEqualTo(tempBytes);
            if (!isLarge)
                separateSmall++;
        }
        assertThat(separateSmall).as("row and column launches on the small branch").isPositive();
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
            assertThat(blur.sharedBytes(blur.radius.length - 1, 1)).isLessThan(24 * 1024);
            assertThat(blur.sharedBytes(blur.radius.length - 1, 2)).isLessThan(SiftBlurPlan.SHARED_LIMIT);
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
        assertThat(blur.sharedBytes(0, 1)).isLessThanOrEqualTo(48 * 1024);
        // the taller tile would not fit: a large octave keeps tiles of one part at this radius
        assertThat(blur.sharedBytes(0, 2)).isGreaterThan(SiftBlurPlan.SHARED_LIMIT);
        SiftOctaveTable t = new SiftOctaveTable(c, 3840, 2160);
        assertThat(SiftLaunchPlan.blurParts(t, blur, 0, 0, SMS, SiftLaunchPlan.TALL_TILE_BLOCKS_PER_SM)).isEqualTo(1);
        assertThat(SiftLaunchPlan.blurParts(t, blur, 0, 1, SMS, SiftLaunchPlan.TALL_TILE_BLOCKS_PER_SM)).isEqualTo(2);
    }

    /**
     * Tiles of two parts (32 × 64) where an octave's launch of 32 × 32 tiles has at least 5 blocks per multiprocessor
     * (on an H100: the first octave of 1280×720 and 1920×1080 frames, not 1920×1080's second, 3.9), and the launches'
     * grids cover the octave.
     */
    @ParameterizedTest(name = "{0}x{1}: octaves of tall tiles {2}")
    @CsvSource({"1280,720,1", "1920,1080,1", "3840,2160,2", "640,480,0"})
    void largeOctavesBlurTallerTiles(int w, int h, int tallOctaves) {
        ConfigSift c = config(0);
        SiftOctaveTable t = new SiftOctaveTable(c, w, h);
        SiftBlurPlan blur = new SiftBlurPlan(c);
        for (int oi = 0; oi < t.count; oi++)
            for (int s = 0; s < blur.radius.length; s++)
                assertThat(SiftLaunchPlan.blurParts(t, blur, oi, s, SMS, SiftLaunchPlan.TALL_TILE_BLOCKS_PER_SM))
                        .as("octave %d level %d", oi, s)
                        .isEqualTo(oi < tallOctaves ? 2 : 1);
        SiftLaunchPlan p = new SiftLaunchPlan(c, t, blur, new byte[0], 1000, 1000, 1000, SMS,
                SiftLaunchPlan.smallStart(t, SMS));
        for (SiftLaunchPlan.Launch l : p.launches) {
            if (!l.kernel().equals("sift_blur"))
                continue;
            int oi = (Integer) l.arguments().get(5), parts = (Integer) l.arguments().get(11);
            assertThat(parts).isEqualTo(oi < tallOctaves ? 2 : 1);
            assertThat(l.gridY() * 32 * parts).isGreaterThanOrEqualTo(t.height[oi]).isLessThan(t.height[oi] + 32 * parts);
            assertThat(l.sharedBytes()).isLessThanOrEqualTo(SiftBlurPlan.SHARED_LIMIT);
        }
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

    /**
     * The claim table of refined samples (sift_claim_sample) lies in the scratch buffer after the counters and the
     * ranks, 8-byte aligned for its 64-bit atomics, with two slots per extremum the list holds; sift_extrema gets
     * its address as its last argument.
     */
    @Test
    void theClaimTableFollowsTheRanksInTheScratchBuffer() {
        for (int features : new int[]{1, 2, 1023, 4122}) {
            long offset = SiftLaunchPlan.claimsOffset(features);
            assertThat(offset % 8).isZero();
            assertThat(offset).isBetween(4L * (CudaSiftExtractor.Z_COUNTS + features),
                    4L * (CudaSiftExtractor.Z_COUNTS + features) + 4);
        }
        SiftLaunchPlan p = plan(new ConfigSift(), 640, 480);
        SiftOctaveTable t = new SiftOctaveTable(new ConfigSift(), 640, 480);
        int extrema = SiftCapacities.initialExtrema(t);
        int features = SiftCapacities.featuresFor(extrema, new ConfigSift());
        assertThat(SiftLaunchPlan.bytes(SiftLaunchPlan.Buffer.SCRATCH, t, new SiftBlurPlan(new ConfigSift()), extrema,
                features, 2000)).isEqualTo(SiftLaunchPlan.claimsOffset(features) + 16L * extrema);
        for (SiftLaunchPlan.Launch l : p.launches)
            if (l.kernel().equals("sift_extrema"))
                assertThat(l.arguments().get(8)).isEqualTo(new SiftLaunchPlan.BufferArgument(
                        SiftLaunchPlan.Buffer.SCRATCH, SiftLaunchPlan.claimsOffset(features)));
    }

    @Test
    void argumentsMatchTheKernelSignatures() throws IOException {
        ConfigSift c = new ConfigSift();
        c.levelsPerOctave = 1;
        c.sigma = 7.5; // so that the row and column kernels are planned too
        assertThat(kernelArity("sift_scale_space")).containsEntry("sift_blur", 12).containsEntry("sift_blur_rows", 12)
                .containsEntry("sift_blur_columns", 7).containsEntry("sift_blur_tail", 7);
        assertThat(kernelArity("sift_extrema")).containsEntry("sift_extrema", 9);
        assertThat(kernelArity("sift_orientation")).containsEntry("sift_orientation", 8);
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
