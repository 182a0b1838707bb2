package org.gpuvo.gpu.cuda;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.ImageResize;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.tests.bench.BenchmarkReport;

/**
 * Times the CUDA SIFT on real frames resampled to the sizes of gpuvo's SIFT targets (1280×720 and 1920×1080 by
 * default: CudaSift takes 0.32 ms and 0.42 ms of device time there on an H100). Prints, per frame and size:
 * <ul>
 * <li>"device": the GPU time of a whole detection as it runs in production, the CUDA graph from the memset of the
 * counters to the descriptors, between two CUDA events (upload and download excluded: CudaSift's measure);</li>
 * <li>per stage, the GPU time between CUDA events recorded between the stages (the kernels are then launched one by
 * one, without the graph, so the stages add up to a little more than "device"), upload and download included;</li>
 * <li>the wall time of {@code detect} (features on the host) and {@code detectOnDevice} (only the counts come
 * back);</li>
 * <li>the counts: scale-space extrema, refined, oriented, ranked, output, and refined extrema per octave;</li>
 * <li>"device" again for every octave where the small octaves' branch of the graph may start
 * ({@link SiftLaunchPlan}), and for none (one chain of launches, as before the branches), each with whether its
 * features are bit for bit those of the default split, and for the default split once more with the graph's
 * branches at the same priority, and for the default split with the blur's tiles of 32 × 64 from several thresholds
 * of blocks per multiprocessor ({@link SiftLaunchPlan#TALL_TILE_BLOCKS_PER_SM}) and with none;</li>
 * <li>with {@code --cpu}, the CPU reference once, its time and how the two agree.</li>
 * </ul>
 * Median and p90 over the repetitions, after warm-up.
 *
 * <p>Run as every benchmark of the tests module ({@link org.gpuvo.tests.bench}; it stays in the package of
 * what it measures, for the package's own tuning and helpers):
 * <pre>
 * java -cp ... org.gpuvo.gpu.cuda.CudaSiftTiming [FRAME.png ...] [--sizes 1280x720,1920x1080] [--n MAX_FEATURES[,...]]
 *     [--first-octave 0[,-1]] [--contrast 0.04] [--reps 200] [--warmup 20] [--cpu]
 * </pre>
 * {@code --contrast} sets ConfigSift.contrastThreshold (lower: more features, e.g. to compare at CudaSift's counts).
 * Without frames it takes KITTI 06 frame 0 and the first EuRoC V1_01 frame from {@code ../shared/data} (the
 * synthetic scene where that is absent). {@code --sizes native} times the frames as they are.
 */
public final class CudaSiftTiming {
    private CudaSiftTiming() {
    }

    public static void main(String[] args) throws IOException {
        List<String> frames = new ArrayList<>();
        String sizes = "1280x720,1920x1080";
        int[] features = {4000};
        int[] firstOctaves = {0};
        int reps = 200, warmup = 20;
        double contrast = new ConfigSift().contrastThreshold;
        boolean cpu = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sizes" -> sizes = args[++i];
                case "--n" -> features = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--first-octave" -> firstOctaves = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt)
                        .toArray();
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--contrast" -> contrast = Double.parseDouble(args[++i]);
                case "--cpu" -> cpu = true;
                default -> frames.add(args[i]);
            }
        }
        BenchmarkReport report = BenchmarkReport.startOnCuda(CudaSiftTiming.class, args);
        Map<String, GrayImage> sources = new LinkedHashMap<>();
        if (frames.isEmpty()) {
            Path kitti = SharedData.root().resolve("kitti-06-0050/image_l/000000.png");
            Path euroc = SharedData.root().resolve("euroc-v101-micro/mav0/cam0/data");
            if (Files.exists(kitti))
                sources.put("KITTI 06 000000", ImageFiles.readGray(kitti));
            if (Files.isDirectory(euroc)) {
                List<Path> pngs = SharedData.pngs(euroc, 1);
                if (!pngs.isEmpty())
                    sources.put("EuRoC V1_01 " + pngs.get(0).getFileName(), ImageFiles.readGray(pngs.get(0)));
            }
            if (sources.isEmpty()) {
                report.note("no real frames under " + SharedData.root() + ": timing the synthetic scene");
                sources.put("synthetic", SyntheticImages.defaultPair().first());
            }
        } else {
            for (String f : frames)
                sources.put(Path.of(f).getFileName().toString(), ImageFiles.readGray(Path.of(f)));
        }
        for (int firstOctave : firstOctaves)
            for (int n : features)
                for (Map.Entry<String, GrayImage> source : sources.entrySet())
                    for (String size : sizes.split(",")) {
                        GrayImage image = size.equals("native") ? source.getValue()
                                : ImageResize.bilinear(source.getValue(), Integer.parseInt(size.split("x")[0]),
                                Integer.parseInt(size.split("x")[1]));
                        ConfigSift config = new ConfigSift(n);
                        config.firstOctave = firstOctave;
                        config.contrastThreshold = contrast;
                        time(report, source.getKey(), image, config, reps, warmup, cpu);
                    }
        report.finish();
    }

    private static void time(BenchmarkReport report, String name, GrayImage image, ConfigSift config, int reps,
                             int warmup, boolean withCpu) {
        SiftFeatures out = new SiftFeatures();
        Map<String, double[]> stages = new LinkedHashMap<>();
        double[] device = new double[reps], wall = new double[reps], onDevice = new double[reps],
                sum = new double[reps];
        int[] counts, octaves;
        Map<String, double[]> splits = new LinkedHashMap<>();
        Map<String, String> sameBits = new LinkedHashMap<>();
        int defaultSplit;
        boolean priorities;
        try (CudaSiftExtractor sift = new CudaSiftExtractor(config)) {
            // the production path: the CUDA graph, timed by two events around it
            sift.enableFrameTiming();
            for (int i = 0; i < warmup; i++)
                sift.detectOnDevice(image);
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                sift.detectOnDevice(image);
                onDevice[i] = (System.nanoTime() - t0) / 1e6;
                device[i] = sift.lastFrameMillis();
            }
            for (int i = 0; i < warmup; i++)
                sift.detect(image, out);
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                sift.detect(image, out);
                wall[i] = (System.nanoTime() - t0) / 1e6;
            }
            counts = sift.lastCounts();
            octaves = sift.lastOctaveCounts();
            boolean graphs = sift.graphsActive();
            defaultSplit = sift.lastSmallStart();
            priorities = sift.graphPrioritiesActive();
            timeSplits(sift, image, out, reps, warmup, splits, sameBits);
            // stage by stage: events between the stages, kernels launched one by one
            sift.enableStageTiming();
            for (int i = 0; i < warmup; i++)
                sift.detect(image, out);
            for (String s : CudaSiftExtractor.STAGES)
                stages.put(s, new double[reps]);
            for (int i = 0; i < reps; i++) {
                sift.detect(image, out);
                double total = 0;
                for (Map.Entry<String, Float> e : sift.lastStageMillis().entrySet()) {
                    stages.get(e.getKey())[i] = e.getValue();
                    total += e.getValue();
                }
                sum[i] = total;
            }
            report.note(String.format(Locale.ROOT, "%s resampled to %dx%d, firstOctave %d, contrastThreshold %s, "
                            + "maxFeatures %d: %d features (%d octaves; CUDA graph %s)", name, image.width,
                    image.height, config.firstOctave, config.contrastThreshold, config.maxFeatures, out.size(),
                    octaves.length, graphs ? "on" : "OFF"));
        }
        String configuration = String.format(Locale.ROOT, "%s %dx%d, octave %d, n %d", name, image.width,
                image.height, config.firstOctave, config.maxFeatures);
        SiftOctaveTable table = new SiftOctaveTable(config, image.width, image.height);
        report.note(String.format(Locale.ROOT, "  plan: small octaves' branch from octave %d (%s), the tail from octave"
                        + " %d; the graph's small branch at a higher priority: %s", defaultSplit,
                defaultSplit < octaves.length ? "octaves 0 .. " + (defaultSplit - 1) + " large" : "none: one chain",
                SiftLaunchPlan.tailStart(table), priorities ? "yes" : "NO (refused)"));
        report.note(String.format(Locale.ROOT, "  counts: scale-space extrema %d, refined %d, oriented %d, ranked %d, "
                        + "output %d; refined per octave %s", counts[0], counts[1], counts[2], counts[3], counts[4],
                Arrays.toString(octaves)));
        line(report, configuration, "device, whole detection (graph)", device);
        for (Map.Entry<String, double[]> e : stages.entrySet())
            line(report, configuration, "stage " + e.getKey(), e.getValue());
        line(report, configuration, "sum of stages (one by one)", sum);
        line(report, configuration, "wall detect (host result)", wall);
        line(report, configuration, "wall detectOnDevice (counts only)", onDevice);
        report.note("  device, whole detection (graph), by split; features against the default split:");
        for (Map.Entry<String, double[]> e : splits.entrySet())
            line(report, configuration, e.getKey() + ": " + sameBits.get(e.getKey()), e.getValue());
        if (withCpu) {
            SiftFeatures ref = new SiftFeatures();
            try (SiftExtractor reference = FactorySift.cpu(config)) {
                long t0 = System.nanoTime();
                reference.detect(image, ref);
                double ms = (System.nanoTime() - t0) / 1e6;
                report.timing(configuration, "CPU reference (1 thread), once", ms, Double.NaN, 1);
                report.note(String.format(Locale.ROOT, "  CPU reference: %d features; %s", ref.size(),
                        SiftComparison.of(ref, out, config.sigma).summary()));
            }
        }
    }

    /**
     * The graph's device time for every place the small octaves' branch may start and for none, with whether the
     * features are those of the default split ({@code expected}); each setting on an extractor of its own on
     * {@code sift}'s context.
     */
    private static void timeSplits(CudaSiftExtractor sift, GrayImage image, SiftFeatures expected, int reps,
                                   int warmup, Map<String, double[]> times, Map<String, String> sameBits) {
        SiftOctaveTable table = new SiftOctaveTable(sift.config(), image.width, image.height);
        int tail = SiftLaunchPlan.tailStart(table), chosen = sift.lastSmallStart();
        CudaSiftExtractor.Tuning tuning = CudaSiftExtractor.Tuning.DEFAULT;
        Map<String, CudaSiftExtractor.Tuning> settings = new LinkedHashMap<>();
        for (int k = 1; k <= tail; k++)
            settings.put("small branch from octave " + k + (k == chosen ? " (default)" : ""), tuning.withSmallStart(k));
        if (tail < table.count)
            settings.put("no small branch" + (table.count == chosen ? " (default)" : ""),
                    tuning.withSmallStart(table.count));
        if (chosen < table.count)
            settings.put("default split, branches of one priority", tuning.withGraphPriorities(false));
        for (int blocksPerSm : new int[]{1, 2, 4, 8, SiftLaunchPlan.TALL_TILE_BLOCKS_PER_SM, Integer.MAX_VALUE})
            settings.put(blocksPerSm == Integer.MAX_VALUE ? "default split, no tall blur tiles"
                    : "default split, tall blur tiles from " + blocksPerSm + " blocks/SM"
                    + (blocksPerSm == SiftLaunchPlan.TALL_TILE_BLOCKS_PER_SM ? " (default)" : ""),
                    tuning.withTallTiles(blocksPerSm));
        SiftFeatures got = new SiftFeatures();
        for (Map.Entry<String, CudaSiftExtractor.Tuning> e : settings.entrySet()) {
            try (CudaSiftExtractor tuned = new CudaSiftExtractor(sift.context(), sift.config(), e.getValue())) {
                tuned.enableFrameTiming();
                times.put(e.getKey(), deviceTimes(tuned, image, reps, warmup));
                tuned.detect(image, got);
                sameBits.put(e.getKey(), graphState(tuned) + difference(expected, got));
            }
        }
    }

    /** The graph's device time of {@code reps} frames, after {@code warmup} (at least the frames that capture). */
    private static double[] deviceTimes(CudaSiftExtractor sift, GrayImage image, int reps, int warmup) {
        for (int i = 0; i < Math.max(warmup, 4); i++)
            sift.detectOnDevice(image);
        double[] t = new double[reps];
        for (int i = 0; i < reps; i++) {
            sift.detectOnDevice(image);
            t[i] = sift.lastFrameMillis();
        }
        return t;
    }

    private static String graphState(CudaSiftExtractor sift) {
        return !sift.graphsActive() ? "GRAPH OFF; " : sift.graphPrioritiesActive() ? "" : "graph without priorities; ";
    }

    /** "same bits", or where the features first differ. */
    private static String difference(SiftFeatures a, SiftFeatures b) {
        if (a.size() != b.size())
            return "DIFFERENT: " + b.size() + " features, not " + a.size();
        for (int i = 0; i < a.size(); i++) {
            KeyPoints p = a.keyPoints, q = b.keyPoints;
            if (p.x[i] != q.x[i] || p.y[i] != q.y[i] || p.angle[i] != q.angle[i] || p.response[i] != q.response[i]
                    || p.diameter[i] != q.diameter[i] || p.level[i] != q.level[i])
                return String.format(Locale.ROOT, "DIFFERENT from feature %d: (%s, %s, %s deg) vs (%s, %s, %s deg)", i,
                        p.x[i], p.y[i], p.angle[i], q.x[i], q.y[i], q.angle[i]);
        }
        for (int k = 0; k < a.size() * FloatDescriptors.SIFT_LENGTH; k++)
            if (Float.floatToIntBits(a.descriptors.data[k]) != Float.floatToIntBits(b.descriptors.data[k]))
                return "DIFFERENT descriptor " + k / FloatDescriptors.SIFT_LENGTH;
        return "same bits";
    }

    private static void line(BenchmarkReport report, String configuration, String label, double[] values) {
        report.timing(configuration, label, percentile(values, 0.5), percentile(values, 0.9), values.length);
    }

    private static double percentile(double[] v, double p) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.floor(p * (s.length - 1) + 0.5))];
    }
}
