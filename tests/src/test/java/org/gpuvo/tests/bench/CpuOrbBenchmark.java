package org.gpuvo.tests.bench;

import org.gpuvo.app.TimingStats;

import org.gpuvo.app.opencv.OpenCvMats;

import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.DMatchVector;
import org.bytedeco.opencv.opencv_core.DMatchVectorVector;
import org.bytedeco.opencv.opencv_core.KeyPointVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_features2d.BFMatcher;
import org.bytedeco.opencv.opencv_features2d.ORB;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Times gpuvo's CPU ORB extractor and CPU matcher against OpenCV's on the same inputs, both on one thread:
 * <ul>
 * <li>ORB, 2000 features, OpenCV's default parameters ({@code ORB.create(2000, 1.2f, 8, 31, 0, 2, HARRIS_SCORE,
 * 31, 20)}, {@code detectAndCompute}) on KITTI frames (1226×370) and on the same frames resized to 1280×720;</li>
 * <li>matching 2000 × 2000 ORB descriptors: k = 2 nearest neighbours with the ratio test versus
 * {@code BFMatcher(NORM_HAMMING).knnMatch(k = 2)}, the mutual check versus {@code BFMatcher}'s cross check, and
 * a 64-pixel search window versus {@code knnMatch} with the equivalent mask.</li>
 * </ul>
 * Each configuration is warmed up, then repeated; the median and the 90th percentile are printed in
 * milliseconds, with the ratio of the medians gpuvo / OpenCV. A side that throws (the CPU ORB while it is being
 * written throws {@link UnsupportedOperationException}) is reported as such and the rest still runs.
 *
 * <p>Run from the project root (where {@code ../shared/data} is the data folder; else pass {@code --data}):
 * <pre>mvn -q -B -pl tests -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
 * java -cp tests/target/test-classes:$(cat tests/target/bench.classpath) org.gpuvo.tests.bench.CpuOrbBenchmark \
 *     [--reps N] [--warmup N] [--frames N] [--data DIR] [--json out.json]</pre>
 * (the class path file lists the reactor modules' {@code target/classes}, so nothing needs installing).
 * This is a benchmark, not a test: it asserts nothing and is not run by the build.
 */
public final class CpuOrbBenchmark {
    private static final int FEATURES = 2000;
    private static final double WINDOW_RADIUS = 64;

    private final int repetitions;
    private final int warmup;
    private final BenchmarkReport report;

    private CpuOrbBenchmark(BenchmarkReport report, int repetitions, int warmup) {
        this.report = report;
        this.repetitions = repetitions;
        this.warmup = warmup;
    }

    public static void main(String[] args) throws Exception {
        int reps = 30, warmup = 20, frameCount = 10;
        Path json = null;
        Path data = Path.of(System.getProperty("gpuvo.data", "../shared/data"));
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--reps": reps = positive(args, ++i); break;
                case "--warmup": warmup = nonNegative(args, ++i); break;
                case "--frames": frameCount = positive(args, ++i); break;
                case "--json": json = Path.of(value(args, ++i)); break;
                case "--data": data = Path.of(value(args, ++i)); break;
                case "-h":
                case "--help":
                    System.out.println("usage: CpuOrbBenchmark [--reps N] [--warmup N] [--frames N] [--data DIR]"
                            + " [--json FILE]");
                    return;
                default:
                    System.err.println("unknown argument " + args[i] + " (try --help)");
                    System.exit(2);
            }
        }
        opencv_core.setNumThreads(1);
        CpuOrbBenchmark bench = new CpuOrbBenchmark(BenchmarkReport.start(CpuOrbBenchmark.class, args), reps, warmup);
        bench.describeEnvironment(data);
        BenchmarkFrames kitti = BenchmarkFrames.load(data, frameCount);
        BenchmarkFrames hd = kitti.resized(1280, 720);
        bench.report.environment("frames", kitti.source);
        bench.orb(kitti);
        bench.orb(hd);
        bench.matching(hd);
        if (json != null)
            bench.report.writeJsonTo(json);
        bench.report.finish();
    }

    private void describeEnvironment(Path data) {
        report.environment("opencv", opencv_core.getVersionString().getString().replace("\0", ""));
        report.environment("opencvThreads", Integer.toString(opencv_core.getNumThreads()));
        report.environment("repetitions", Integer.toString(repetitions));
        report.environment("warmup", Integer.toString(warmup));
        report.environment("data", data.toAbsolutePath().normalize().toString());
    }

    /** ORB detect + describe of {@link #FEATURES} features, gpuvo CPU versus OpenCV, frame after frame. */
    private void orb(BenchmarkFrames frames) {
        String name = "ORB " + FEATURES + " " + frames.width() + "x" + frames.height();
        int n = frames.frames.size();
        BenchmarkReport.Outcome gpuvo = measure(() -> {
            try (OrbExtractor extractor = FactoryOrb.cpu(new ConfigOrb(FEATURES))) {
                OrbFeatures out = new OrbFeatures();
                return TimedRun.time(r -> extractor.detect(frames.frames.get(r % n), out), warmup, repetitions);
            }
        });
        BenchmarkReport.Outcome openCv = measure(() -> {
            List<Mat> mats = toMats(frames.frames);
            try (ORB orb = openCvOrb(); Mat noMask = new Mat(); KeyPointVector points = new KeyPointVector();
                 Mat descriptors = new Mat()) {
                return TimedRun.time(r -> orb.detectAndCompute(mats.get(r % n), noMask, points, descriptors),
                        warmup, repetitions);
            } finally {
                mats.forEach(Mat::close);
            }
        });
        report.add(name, gpuvo, openCv);
    }

    private static ORB openCvOrb() {
        return ORB.create(FEATURES, 1.2f, 8, 31, 0, 2, ORB.HARRIS_SCORE, 31, 20);
    }

    /** Matching of two consecutive frames' ORB descriptors, {@link #FEATURES} on each side. */
    private void matching(BenchmarkFrames frames) throws Exception {
        OrbSet query = openCvFeatures(frames.frames.get(0), 1);
        OrbSet train = openCvFeatures(frames.frames.get(Math.min(1, frames.frames.size() - 1)), 2);
        String size = query.descriptors.size() + "x" + train.descriptors.size();
        try (Mat q = OpenCvMats.toMat(query.descriptors); Mat t = OpenCvMats.toMat(train.descriptors)) {
            DescriptorMatcher ratioMatcher = FactoryMatcher.cpu(new ConfigMatch(0.8, false, 256));
            Matches out = new Matches();
            report.add("match knn2 + ratio 0.8 " + size,
                    measure(() -> TimedRun.time(r -> ratioMatcher.match(query.descriptors, train.descriptors, out),
                            warmup, repetitions)),
                    measure(() -> {
                        try (BFMatcher bf = new BFMatcher(opencv_core.NORM_HAMMING, false)) {
                            return TimedRun.time(r -> {
                                try (DMatchVectorVector knn = new DMatchVectorVector()) {
                                    bf.knnMatch(q, t, knn, 2);
                                }
                            }, warmup, repetitions);
                        }
                    }));

            DescriptorMatcher mutualMatcher = FactoryMatcher.cpu(new ConfigMatch(1.0, true, 256));
            report.add("match mutual (cross check) " + size,
                    measure(() -> TimedRun.time(r -> mutualMatcher.match(query.descriptors, train.descriptors, out),
                            warmup, repetitions)),
                    measure(() -> {
                        try (BFMatcher bf = new BFMatcher(opencv_core.NORM_HAMMING, true)) {
                            return TimedRun.time(r -> {
                                try (DMatchVector matches = new DMatchVector()) {
                                    bf.match(q, t, matches);
                                }
                            }, warmup, repetitions);
                        }
                    }));

            ConfigMatch windowConfig = new ConfigMatch(0.8, false, 256);
            windowConfig.searchRadius = WINDOW_RADIUS;
            DescriptorMatcher windowMatcher = FactoryMatcher.cpu(windowConfig);
            // constant-position prediction: a query is looked for around where it was
            float[] px = query.points.x, py = query.points.y;
            report.add("match knn2 + ratio, window r=" + (int) WINDOW_RADIUS + " " + size,
                    measure(() -> TimedRun.time(r -> windowMatcher.matchWithin(query.descriptors, px, py,
                            train.descriptors, train.points, out), warmup, repetitions)),
                    measure(() -> {
                        try (BFMatcher bf = new BFMatcher(opencv_core.NORM_HAMMING, false);
                             Mat mask = windowMask(query.points, train.points, WINDOW_RADIUS)) {
                            return TimedRun.time(r -> {
                                try (DMatchVectorVector knn = new DMatchVectorVector()) {
                                    bf.knnMatch(q, t, knn, 2, mask, false);
                                }
                            }, warmup, repetitions);
                        }
                    }));
        }
    }

    /** ORB keypoints and descriptors of a frame, exactly {@link #FEATURES} of them (topped up at random). */
    private static final class OrbSet {
        final KeyPoints points = new KeyPoints();
        final Descriptors descriptors = Descriptors.orb();
    }

    private static OrbSet openCvFeatures(GrayImage frame, long seed) {
        OrbSet set = new OrbSet();
        try (ORB orb = openCvOrb(); Mat image = OpenCvMats.toMat(frame); Mat noMask = new Mat();
             KeyPointVector points = new KeyPointVector(); Mat descriptors = new Mat()) {
            orb.detectAndCompute(image, noMask, points, descriptors);
            OpenCvMats.toDescriptors(descriptors, set.descriptors);
            for (long i = 0; i < points.size(); i++)
                set.points.add(points.get(i).pt().x(), points.get(i).pt().y(), 0, 31, 0, 0);
        }
        Random random = new Random(seed);
        int have = set.descriptors.size();
        if (have < FEATURES) {
            set.descriptors.resize(FEATURES);
            byte[] extra = new byte[(FEATURES - have) * Descriptors.ORB_BYTES];
            random.nextBytes(extra);
            System.arraycopy(extra, 0, set.descriptors.data, have * Descriptors.ORB_BYTES, extra.length);
            for (int i = have; i < FEATURES; i++)
                set.points.add(random.nextFloat() * frame.width, random.nextFloat() * frame.height, 0, 31, 0, 0);
        } else if (have > FEATURES) {
            set.descriptors.resize(FEATURES);
            set.points.truncate(FEATURES);
        }
        return set;
    }

    /** OpenCV's way to restrict candidates: a query × train CV_8U mask, non-zero where the pair may match. */
    private static Mat windowMask(KeyPoints query, KeyPoints train, double radius) {
        int nq = query.size(), nt = train.size();
        byte[] allowed = new byte[nq * nt];
        for (int i = 0; i < nq; i++)
            for (int j = 0; j < nt; j++) {
                double dx = train.x[j] - (double) query.x[i], dy = train.y[j] - (double) query.y[i];
                if (dx * dx + dy * dy <= radius * radius)
                    allowed[i * nt + j] = 1;
            }
        long pairs = 0;
        for (byte b : allowed)
            pairs += b;
        System.out.printf(java.util.Locale.ROOT, "search window r=%.0f: %.1f candidates per query on average%n",
                radius, pairs / (double) Math.max(1, nq));
        Mat mask = new Mat(nq, nt, opencv_core.CV_8UC1);
        mask.data().put(allowed, 0, allowed.length);
        return mask;
    }

    private static List<Mat> toMats(List<GrayImage> frames) {
        List<Mat> mats = new ArrayList<>();
        for (GrayImage frame : frames)
            mats.add(OpenCvMats.toMat(frame));
        return mats;
    }

    private interface Measurement {
        TimingStats run() throws Exception;
    }

    /** Runs one side of a comparison; any failure becomes a reported outcome instead of ending the benchmark. */
    private static BenchmarkReport.Outcome measure(Measurement measurement) {
        try {
            return BenchmarkReport.Outcome.timed(measurement.run());
        } catch (Exception | LinkageError e) {
            return BenchmarkReport.Outcome.failed(e);
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length)
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        return args[i];
    }

    private static int positive(String[] args, int i) {
        int v = Integer.parseInt(value(args, i));
        if (v <= 0)
            throw new IllegalArgumentException(args[i - 1] + " must be positive, got " + v);
        return v;
    }

    private static int nonNegative(String[] args, int i) {
        int v = Integer.parseInt(value(args, i));
        if (v < 0)
            throw new IllegalArgumentException(args[i - 1] + " must not be negative, got " + v);
        return v;
    }
}
