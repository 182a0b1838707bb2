package org.gpuvo.odometry.geometry;

import boofcv.abst.geo.EstimateNofEpipolar;
import boofcv.abst.geo.EstimateNofPnP;
import boofcv.factory.geo.EnumEssential;
import boofcv.factory.geo.EnumPNP;
import boofcv.factory.geo.FactoryMultiView;
import boofcv.struct.geo.AssociatedPair;
import boofcv.struct.geo.Point2D3D;
import georegression.struct.se.Se3_F64;
import org.ddogleg.struct.DogArray;
import org.ejml.data.DMatrixRMaj;
import org.gpuvo.tests.bench.BenchmarkReport;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Median time of {@link RelativePoseEstimator#process} (adaptive, and with the at least 200 samples of a monocular
 * start) and {@link PnpEstimator#process} (with and without a prior) on synthetic scenes of 1000 and 2000
 * correspondences, 30 % outliers, 0.5 px noise, f = 700; also the cost of BoofCV's minimal solvers alone and the bytes
 * allocated per call. PnP runs on the calling thread; the relative pose solves its minimal samples on the common
 * pool. Run as every benchmark of the tests module ({@link org.gpuvo.tests.bench}; this one stays in the package of
 * what it measures, for its sampler and synthetic scenes):
 * <pre>java [-XX:-DontCompileHugeMethods] -cp ... org.gpuvo.odometry.geometry.MotionEstimationBenchmark</pre>
 * BoofCV's Nistér solver spends most of its time
 * in four generated methods of {@code HelperNister5} (setupA1p1 … setupA2p2, 16–18 KB of bytecode each), above
 * HotSpot's 8000-byte limit for JIT compilation: without {@code -XX:-DontCompileHugeMethods} they run interpreted.
 */
public final class MotionEstimationBenchmark {
    private static final int SCENES = 40;
    private static final int WARMUP_ROUNDS = 15;
    private static final int ROUNDS = 10;

    public static void main(String[] args) throws IOException {
        BenchmarkReport report = BenchmarkReport.start(MotionEstimationBenchmark.class, args);
        report.environment("threads", "PnP one; the relative pose's minimal samples the common pool's "
                + java.util.concurrent.ForkJoinPool.commonPool().getParallelism() + " workers and the caller");
        for (int n : new int[]{1000, 2000}) {
            relativePose(report, n, 0.3, 0);
            relativePose(report, n, 0.3, 200);
            pnp(report, n, 0.3, false);
            pnp(report, n, 0.3, true);
        }
        minimalSolvers(report);
        report.finish();
    }

    private static void relativePose(BenchmarkReport report, int n, double outliers, int minIterations) {
        SyntheticScene[] scenes = new SyntheticScene[SCENES];
        for (int s = 0; s < SCENES; s++)
            scenes[s] = SyntheticScene.twoView(1000 + s, n, outliers, 0.5);
        ConfigRansac ransac = new ConfigRansac();
        ransac.minIterations = minIterations;
        RelativePoseEstimator alg = new RelativePoseEstimator(ransac, SyntheticScene.FOCAL);
        Se3_F64 out = new Se3_F64();
        Runnable[] calls = new Runnable[SCENES];
        int[] iterations = new int[SCENES];
        for (int s = 0; s < SCENES; s++) {
            SyntheticScene sc = scenes[s];
            int k = s;
            calls[s] = () -> {
                alg.process(sc.x1, sc.y1, sc.x2, sc.y2, sc.n, out);
                iterations[k] = alg.iterations();
            };
        }
        time(report, minIterations > 0 ? "RelativePoseEstimator (>= " + minIterations + " samples)"
                : "RelativePoseEstimator", n, calls, iterations);
    }

    private static void pnp(BenchmarkReport report, int n, double outliers, boolean withPrior) {
        SyntheticScene[] scenes = new SyntheticScene[SCENES];
        Se3_F64[] priors = new Se3_F64[SCENES];
        for (int s = 0; s < SCENES; s++) {
            scenes[s] = SyntheticScene.pnp(2000 + s, n, outliers, 0.5);
            // a constant-velocity-like prediction: 0.3° and 5 cm off
            Se3_F64 delta = SyntheticScene.motion(new java.util.Random(s), 0.3, 1, -1, 0.5);
            delta.T.scale(0.05);
            priors[s] = scenes[s].truth.concat(delta, null);
        }
        PnpEstimator alg = new PnpEstimator(new ConfigRansac(), SyntheticScene.FOCAL);
        Se3_F64 out = new Se3_F64();
        Runnable[] calls = new Runnable[SCENES];
        int[] iterations = new int[SCENES];
        for (int s = 0; s < SCENES; s++) {
            SyntheticScene sc = scenes[s];
            Se3_F64 prior = priors[s];
            int k = s;
            calls[s] = withPrior
                    ? () -> {
                        alg.process(sc.wx, sc.wy, sc.wz, sc.x2, sc.y2, sc.n, prior, out);
                        iterations[k] = alg.iterations();
                    }
                    : () -> {
                        alg.process(sc.wx, sc.wy, sc.wz, sc.x2, sc.y2, sc.n, out);
                        iterations[k] = alg.iterations();
                    };
        }
        time(report, withPrior ? "PnpEstimator (prior)" : "PnpEstimator", n, calls, iterations);
    }

    private static void time(BenchmarkReport report, String name, int n, Runnable[] calls, int[] iterations) {
        for (int r = 0; r < WARMUP_ROUNDS; r++)
            for (Runnable c : calls)
                c.run();
        double[] ms = new double[ROUNDS * calls.length];
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocated = threads.getCurrentThreadAllocatedBytes();
        int m = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (Runnable c : calls) {
                long t0 = System.nanoTime();
                c.run();
                ms[m++] = (System.nanoTime() - t0) * 1e-6;
            }
        }
        // the timing loop itself allocates nothing; lambdas and arrays were created before
        double bytesPerCall = (threads.getCurrentThreadAllocatedBytes() - allocated) / (double) ms.length;
        Arrays.sort(ms);
        double meanIterations = Arrays.stream(iterations).average().orElse(0);
        String configuration = name + ", n = " + n;
        report.timing(configuration, "process", ms[ms.length / 2], ms[ms.length * 9 / 10], ms[0], ms.length);
        report.value(configuration, "mean iterations", meanIterations, "iterations");
        report.value(configuration, "allocated per call", bytesPerCall, "bytes");
    }

    /** Where RANSAC's time goes: BoofCV's minimal solvers alone, per sample. */
    private static void minimalSolvers(BenchmarkReport report) {
        SyntheticScene s = SyntheticScene.twoView(3000, 1000, 0.0, 0.5);
        EstimateNofEpipolar nister = FactoryMultiView.essential_N(EnumEssential.NISTER_5);
        DogArray<DMatrixRMaj> essentials = new DogArray<>(() -> new DMatrixRMaj(3, 3));
        List<AssociatedPair> pairs = new ArrayList<>();
        for (int i = 0; i < 5; i++)
            pairs.add(new AssociatedPair());
        RansacSampler sampler = new RansacSampler();
        int[] idx = new int[5];
        int samples = 20000;
        long solutions = 0;
        long t0 = 0;
        for (int pass = 0; pass < 2; pass++) {
            sampler.reset(1);
            solutions = 0;
            t0 = System.nanoTime();
            for (int k = 0; k < samples; k++) {
                sampler.sample(s.n, 5, idx);
                for (int j = 0; j < 5; j++)
                    pairs.get(j).setTo(s.x1[idx[j]], s.y1[idx[j]], s.x2[idx[j]], s.y2[idx[j]]);
                if (nister.process(pairs, essentials))
                    solutions += essentials.size;
            }
        }
        double nisterUs = (System.nanoTime() - t0) * 1e-3 / samples;
        report.value("BoofCV Nister 5-point", "time per sample", nisterUs, "µs");
        report.value("BoofCV Nister 5-point", "essential matrices per sample", solutions / (double) samples, "");

        SyntheticScene p = SyntheticScene.pnp(3001, 1000, 0.0, 0.5);
        EstimateNofPnP p3p = FactoryMultiView.pnp_N(EnumPNP.P3P_FINSTERWALDER, -1);
        DogArray<Se3_F64> poses = new DogArray<>(Se3_F64::new);
        List<Point2D3D> points = new ArrayList<>();
        for (int i = 0; i < 3; i++)
            points.add(new Point2D3D());
        for (int pass = 0; pass < 2; pass++) {
            sampler.reset(1);
            solutions = 0;
            t0 = System.nanoTime();
            for (int k = 0; k < samples; k++) {
                sampler.sample(p.n, 3, idx);
                for (int j = 0; j < 3; j++)
                    points.get(j).setTo(p.x2[idx[j]], p.y2[idx[j]], p.wx[idx[j]], p.wy[idx[j]], p.wz[idx[j]]);
                if (p3p.process(points, poses))
                    solutions += poses.size;
            }
        }
        double p3pUs = (System.nanoTime() - t0) * 1e-3 / samples;
        report.value("BoofCV P3P Finsterwalder", "time per sample", p3pUs, "µs");
        report.value("BoofCV P3P Finsterwalder", "poses per sample", solutions / (double) samples, "");

        // scoring one model against 2000 correspondences without early exit
        double[] e = new double[9];
        double[] r = s.truth.R.data, t = {s.truth.T.x, s.truth.T.y, s.truth.T.z};
        EssentialResiduals.essential(r, t, e);
        SyntheticScene big = SyntheticScene.twoView(3002, 2000, 0.3, 0.5);
        double sink = 0;
        int reps = 20000;
        for (int pass = 0; pass < 2; pass++) {
            t0 = System.nanoTime();
            for (int k = 0; k < reps; k++)
                for (int i = 0; i < big.n; i++)
                    sink += Math.min(EssentialResiduals.sampsonSquared(e, big.x1[i], big.y1[i], big.x2[i], big.y2[i]),
                            1e-5);
        }
        double scoringUs = (System.nanoTime() - t0) * 1e-3 / reps;
        report.value("Sampson scoring, n = 2000, full pass", "time per model" + (sink > 0 ? "" : " (no residual?)"),
                scoringUs, "µs");
    }
}
