package org.gpuvo.app.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.FeatureOptions;
import org.gpuvo.app.ImageInputs;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaStatus;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code gpuvo bench}: how fast the front end runs, stage by stage, per image size and feature count, next to
 * OpenCV's CPU ORB and brute-force matcher on the same frames in the same run.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Times the front end (upload, pyramid, detection, description, matching with the previous frame, "
                + "download) per image size and feature count: median and p90 of each stage and of the whole frame "
                + "from Java, the offline throughput with several frames in flight, and OpenCV's CPU ORB and "
                + "brute-force matcher (all cores) on the same frames, with the ratios.",
                "--features sift times SIFT instead (default sizes 1280x720,1920x1080): the extraction stage by stage, "
                        + "as one CUDA graph (device time) and from Java, the tensor-core matching of consecutive "
                        + "frames' features stage by stage, OpenCV's CPU SIFT and BFMatcher (NORM_L2, knn 2) on the same "
                        + "frames with the ratios, then the matcher alone on random SIFT-like sets (--match-sizes) with "
                        + "its TFLOP/s; CudaSift's published times on an H100 are printed beside.",
                "Frames: real images resampled to each size (--frames), or gpuvo's synthetic scene under a moving view."})
public final class BenchCommand implements Callable<Integer> {
    /** The front end to time. */
    enum BenchBackend { CUDA, CPU }

    @Option(names = "--backend", paramLabel = "NAME", defaultValue = "cuda",
            description = "cuda (default) or cpu.")
    BenchBackend backend;

    @Option(names = "--sizes", paramLabel = "WxH", split = ",",
            description = "Image sizes (default: 640x480,1241x376,1280x720,1920x1080; with --features sift "
                    + "1280x720,1920x1080).")
    List<String> sizes;

    @Mixin
    FeatureOptions featureOptions;

    @Option(names = "--match-sizes", paramLabel = "QxT", split = ",",
            description = "SIFT: set sizes (queries x train) the matcher alone is timed on; none skips it (default: "
                    + "4096x4096,16384x16384,3267x4318 with cuda, 1024x1024 with cpu).")
    List<String> matchSizes;

    @Option(names = "--max-features", paramLabel = "N", split = ",", defaultValue = "1000,2000,4000",
            description = "Feature counts (default: ${DEFAULT-VALUE}).")
    List<Integer> features;

    @Option(names = "--frames", paramLabel = "PATH", description = "Images (or folders of images) to resample to each size.")
    List<Path> frameSources = new ArrayList<>();

    @Option(names = "--reps", paramLabel = "N", description = "Timed frames per configuration (default: 200 cuda, 20 cpu).")
    Integer repetitions;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "20", description = "Untimed frames first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--in-flight", paramLabel = "N", defaultValue = "4",
            description = "Offline mode: front ends working at once, each on its own thread and CUDA stream; 0 skips it (default: ${DEFAULT-VALUE}).")
    int inFlight;

    @Option(names = "--offline-frames", paramLabel = "N", defaultValue = "4000",
            description = "Frames processed in the offline throughput measurement (default: ${DEFAULT-VALUE}).")
    int offlineFrames;

    @Option(names = "--no-baseline", description = "Skip OpenCV (skipped anyway, with a message, where OpenCV "
            + "cannot be loaded).")
    boolean noBaseline;

    @Option(names = "--plot", paramLabel = "PNG",
            description = "Also draw the median time of each stage per configuration as stacked bars into a PNG file.")
    Path plot;

    @Mixin
    JsonOutput json;

    @Spec
    CommandSpec spec;

    /** whether the OpenCV rows are measured: asked for and OpenCV loads */
    private boolean measureOpenCv;

    static final List<String> ORB_SIZES = List.of("640x480", "1241x376", "1280x720", "1920x1080"),
            SIFT_SIZES = List.of("1280x720", "1920x1080"),
            CUDA_MATCH_SIZES = List.of("4096x4096", "16384x16384", "3267x4318"), CPU_MATCH_SIZES = List.of("1024x1024");

    @Override
    public Integer call() throws Exception {
        boolean sift = featureOptions.type == FeatureType.SIFT;
        featureOptions.requireOptionsOfTheType(List.of("--in-flight", "--offline-frames"));
        if (!sift && matchSizes != null)
            throw new ParameterException(spec.commandLine(), "--match-sizes is for SIFT: add --features sift");
        List<int[]> dims = parseSizes(sizes != null ? sizes : sift ? SIFT_SIZES : ORB_SIZES);
        List<int[]> matcherSizes;
        try {
            matcherSizes = MatcherBench.parse(matchSizes != null ? matchSizes
                    : backend == BenchBackend.CUDA ? CUDA_MATCH_SIZES : CPU_MATCH_SIZES);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        for (int n : features) {
            try {
                if (sift)
                    featureOptions.siftConfig(n);
                else
                    new ConfigOrb(n).checkValidity();
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "invalid --max-features: " + e.getMessage());
            }
        }
        int reps = repetitions != null ? repetitions : backend == BenchBackend.CUDA ? 200 : 20;
        if (reps < 1 || warmup < 0 || inFlight < 0 || offlineFrames < 1)
            throw new ParameterException(spec.commandLine(), "--reps, --offline-frames must be positive; --warmup, --in-flight not negative");
        String device = "CPU (pure Java, 1 thread)";
        if (backend == BenchBackend.CUDA) {
            CudaStatus status = CudaProbe.status();
            if (!status.usable())
                throw new IllegalStateException("the CUDA backend is not usable here: " + status.reason()
                        + " (use --backend cpu)");
            device = status.deviceName() + " (compute " + status.computeCapability() + ", driver CUDA "
                    + status.driverVersion() + ")";
        }
        List<Path> sources = frameSources.isEmpty() ? List.of() : ImageInputs.collect(frameSources, spec.commandLine());
        PrintWriter out = json.text();
        out.printf("gpuvo bench: %s %s on %s; frames: %s; %d timed frames per configuration after %d warm-up%n",
                featureOptions.type.id(), backend.name().toLowerCase(Locale.ROOT), device,
                sources.isEmpty() ? "synthetic scene" : sources.size() + " images resampled", reps, warmup);
        ObjectNode report = JsonOutput.object();
        report.put("feature_type", featureOptions.type.id());
        report.put("backend", backend.name().toLowerCase(Locale.ROOT));
        report.put("device", device);
        report.put("frames", sources.isEmpty() ? "synthetic" : sources.size() + " images");
        report.put("repetitions", reps);
        report.put("warmup", warmup);
        String openCvProblem = noBaseline ? null : OpenCvBaseline.unavailable();
        if (openCvProblem != null) {
            out.printf("OpenCV baseline skipped: OpenCV cannot be loaded here (%s)%n", openCvProblem);
            report.put("opencv_baseline_skipped", openCvProblem);
        }
        measureOpenCv = !noBaseline && openCvProblem == null;
        ArrayNode rows = report.putArray("configurations");
        BenchPlot chart = new BenchPlot();
        if (sift)
            runSift(dims, matcherSizes, sources, reps, out, rows, report.putArray("matcher"), chart);
        else
            runOrb(dims, sources, reps, out, rows, chart);
        if (plot != null) {
            chart.write(plot, "gpuvo front end, " + device);
            out.printf("plot      %s%n", plot);
        }
        json.write(report);
        return 0;
    }

    private void runSift(List<int[]> dims, List<int[]> matcherSizes, List<Path> sources, int reps, PrintWriter out,
                         ArrayNode rows, ArrayNode matcherRows, BenchPlot chart) throws IOException {
        SiftBenchRun run = new SiftBenchRun(backend == BenchBackend.CUDA, warmup, reps, out, chart);
        for (int[] d : dims) {
            List<GrayImage> frames = BenchFrames.of(sources, d[0], d[1], 10);
            for (int n : features)
                run.configuration(frames, d[0], d[1], featureOptions.siftConfig(n), measureOpenCv, rows.addObject());
        }
        run.matcherAlone(matcherSizes, matcherRows);
    }

    private void runOrb(List<int[]> dims, List<Path> sources, int reps, PrintWriter out, ArrayNode rows,
                        BenchPlot chart) throws Exception {
        for (int[] d : dims) {
            List<GrayImage> frames = BenchFrames.of(sources, d[0], d[1], 10);
            for (int n : features) {
                ConfigOrb orb = new ConfigOrb(n);
                ConfigMatch match = new ConfigMatch();
                ObjectNode row = rows.addObject();
                row.put("width", d[0]);
                row.put("height", d[1]);
                row.put("features", n);
                out.printf("%n%dx%d, %d features%n", d[0], d[1], n);
                double gpuvoExtraction, gpuvoMatching, gpuvoFrame;
                if (backend == BenchBackend.CUDA) {
                    CudaBench.Result r = CudaBench.measure(frames, orb, match, warmup, reps, inFlight, offlineFrames);
                    printCuda(out, r, row);
                    Map<String, Double> medians = new java.util.LinkedHashMap<>();
                    r.stages().forEach((stage, t) -> medians.put(stage, t.medianMs));
                    chart.add(d[0] + "x" + d[1] + " / " + n, medians);
                    gpuvoExtraction = r.stages().entrySet().stream().filter(e -> !e.getKey().equals("match"))
                            .mapToDouble(e -> e.getValue().medianMs).sum();
                    gpuvoMatching = r.stages().get("match").medianMs;
                    gpuvoFrame = r.frameGraph().medianMs;
                } else {
                    CpuBench.Result r = CpuBench.measure(frames, orb, match, warmup, reps);
                    out.printf(Locale.ROOT, "  %-22s %9s %9s%n", "stage", "median ms", "p90 ms");
                    line(out, "extraction", r.extraction());
                    line(out, "matching", r.matching());
                    out.printf(Locale.ROOT, "  %.0f features, %.0f matches per frame%n", r.meanFeatures(), r.meanMatches());
                    row.set("extraction", stats(r.extraction()));
                    row.set("matching", stats(r.matching()));
                    row.put("mean_features", r.meanFeatures());
                    row.put("mean_matches", r.meanMatches());
                    gpuvoExtraction = r.extraction().medianMs;
                    gpuvoMatching = r.matching().medianMs;
                    Map<String, Double> medians = new java.util.LinkedHashMap<>();
                    medians.put("extraction", gpuvoExtraction);
                    medians.put("matching", gpuvoMatching);
                    chart.add(d[0] + "x" + d[1] + " / " + n, medians);
                    gpuvoFrame = gpuvoExtraction + gpuvoMatching;
                }
                if (measureOpenCv)
                    baseline(out, row, frames, orb, Math.max(frames.size(), Math.min(reps, 50)),
                            gpuvoExtraction, gpuvoMatching, gpuvoFrame);
                out.flush();
            }
        }
    }

    private void printCuda(PrintWriter out, CudaBench.Result r, ObjectNode row) {
        out.printf(Locale.ROOT, "  %-22s %9s %9s%n", "stage (GPU time)", "median ms", "p90 ms");
        ObjectNode stages = row.putObject("stages");
        double sum = 0;
        for (Map.Entry<String, TimingStats> stage : r.stages().entrySet()) {
            line(out, stage.getKey(), stage.getValue());
            stages.set(stage.getKey(), stats(stage.getValue()));
            sum += stage.getValue().medianMs;
        }
        out.printf(Locale.ROOT, "  %-22s %9.3f%n", "sum of stage medians", sum);
        line(out, "frame (Java, wall)", r.frame());
        line(out, "frame, CUDA graph", r.frameGraph());
        line(out, "frame, graph+overlap", r.frameOverlapped());
        row.set("frame", stats(r.frame()));
        row.set("frame_graph", stats(r.frameGraph()));
        row.set("frame_graph_overlapped", stats(r.frameOverlapped()));
        row.put("mean_features", r.meanFeatures());
        row.put("mean_matches", r.meanMatches());
        out.printf(Locale.ROOT, "  %.0f features, %.0f matches per frame%n", r.meanFeatures(), r.meanMatches());
        if (r.inFlight() > 0) {
            out.printf(Locale.ROOT, "  offline: %.0f frames/s with %d frames in flight%n", r.offlineFps(), r.inFlight());
            row.put("offline_fps", r.offlineFps());
            row.put("in_flight", r.inFlight());
        }
    }

    private static void baseline(PrintWriter out, ObjectNode row, List<GrayImage> frames, ConfigOrb orb, int reps,
                                 double extraction, double matching, double frame) {
        OpenCvBaseline.Result cv = OpenCvBaseline.measure(frames, orb, 5, reps);
        out.printf(Locale.ROOT, "  OpenCV on %d threads: ORB %.3f / %.3f ms, BF knn2 %.3f / %.3f ms (median / p90)%n",
                cv.threads(), cv.extraction().medianMs, cv.extraction().p90Ms, cv.matching().medianMs,
                cv.matching().p90Ms);
        double rx = cv.extraction().medianMs / extraction, rm = cv.matching().medianMs / matching,
                rf = (cv.extraction().medianMs + cv.matching().medianMs) / frame;
        out.printf(Locale.ROOT, "  gpuvo is %.1fx OpenCV's speed in extraction, %.1fx in matching, %.1fx per frame%n",
                rx, rm, rf);
        ObjectNode o = row.putObject("opencv");
        o.put("threads", cv.threads());
        o.set("orb", stats(cv.extraction()));
        o.set("bf_knn2", stats(cv.matching()));
        ObjectNode ratios = row.putObject("speedup_vs_opencv");
        ratios.put("extraction", rx);
        ratios.put("matching", rm);
        ratios.put("frame", rf);
    }

    static void line(PrintWriter out, String name, TimingStats t) {
        out.printf(Locale.ROOT, "  %-22s %9.3f %9.3f%n", name, t.medianMs, t.p90Ms);
    }

    static ObjectNode stats(TimingStats t) {
        ObjectNode o = JsonOutput.object();
        o.put("median_ms", JsonOutput.finiteOrNull(t.medianMs));
        o.put("p90_ms", JsonOutput.finiteOrNull(t.p90Ms));
        o.put("count", t.repetitions);
        return o;
    }

    private List<int[]> parseSizes(List<String> sizes) {
        List<int[]> dims = new ArrayList<>();
        for (String s : sizes) {
            String[] wh = s.trim().toLowerCase(Locale.ROOT).split("x");
            try {
                int w = Integer.parseInt(wh[0]), h = Integer.parseInt(wh[1]);
                if (wh.length != 2 || w < 1 || h < 1 || w > 16384 || h > 16384)
                    throw new NumberFormatException();
                dims.add(new int[]{w, h});
            } catch (RuntimeException e) {
                throw new ParameterException(spec.commandLine(), "invalid size '" + s + "': expected WIDTHxHEIGHT, e.g. 1280x720");
            }
        }
        return dims;
    }
}
