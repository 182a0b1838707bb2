package org.gpuvo.tests.bench.jmh;

import org.ddogleg.DDoglegConcurrency;
import org.gpuvo.odometry.bundle.BoofCvBundleAdjustment;
import org.gpuvo.odometry.bundle.BundleProblem;
import org.gpuvo.odometry.bundle.ConfigBundle;
import org.gpuvo.odometry.bundle.SchurBundleAdjustment;
import org.gpuvo.odometry.bundle.SyntheticBundleWindow;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * JMH benchmark of local bundle adjustment on one thread: gpuvo's {@link SchurBundleAdjustment} versus BoofCV's
 * {@code bundleSparseMetric} ({@link BoofCvBundleAdjustment}, set up as the odometry's local bundle adjustment sets
 * it up), both with {@link ConfigBundle}'s defaults but the iteration count (Huber 1.5 px, f-test 1e-6). The window
 * is {@link SyntheticBundleWindow}'s default: 10 views moving forward, 2 of them fixed, 2,000 points seen by 3 to 7
 * consecutive views (about 10,000 observations), 0.5 px noise, 5 % outliers, poses and points perturbed. Each
 * invocation first copies the starting state back (microseconds); BoofCV's also builds its scene anew, as the
 * odometry does on every call.
 *
 * <p>The trial set-up runs both once at the benchmarked budget and prints their costs, and once more at 60
 * iterations, where BoofCV has caught up: it fails unless the initial costs agree to 1e-6 (the same function) and
 * the final costs at 60 iterations agree to 1 % (the same minimum). At 10 iterations this solver's cost is far lower
 * than BoofCV's, which approaches the minimum slowly; {@code -p iterations=30} times both where BoofCV is within about
 * 1 % of this solver's 10-iteration cost.</p>
 *
 * <p>Run from the reactor root with {@code mvn -B -q -pl odometry,tests test-compile}, then
 * {@code java -cp "odometry/target/classes:tests/target/test-classes:$(mvn -q -pl tests dependency:build-classpath
 * -Dmdep.outputFile=/dev/stdout)" org.openjdk.jmh.Main BundleJmhBenchmark} (the freshly built classes first: the
 * dependency classpath names the odometry jar installed in the local repository, which may be older).</p>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BundleJmhBenchmark {
    /** Iterations at which the set-up checks that both reach the same minimum. */
    private static final int CONVERGED_ITERATIONS = 60;

    @Param({"2000"})
    public int points;

    @Param({"10"})
    public int iterations;

    private final BundleProblem start = new BundleProblem(), problem = new BundleProblem();
    private SchurBundleAdjustment schur;
    private BoofCvBundleAdjustment boofCv;

    @Setup(Level.Trial)
    public void setUp() {
        // DDogleg's default, stated: its Schur Hessian may otherwise multiply on several threads
        DDoglegConcurrency.USE_CONCURRENT = false;
        SyntheticBundleWindow window = new SyntheticBundleWindow();
        window.points = points;
        window.generate(start);
        ConfigBundle config = new ConfigBundle();
        config.maxIterations = iterations;
        schur = new SchurBundleAdjustment(config);
        boofCv = new BoofCvBundleAdjustment(config);

        compare(schur, boofCv, "benchmarked");
        config.maxIterations = CONVERGED_ITERATIONS;
        double[] converged = compare(new SchurBundleAdjustment(config), new BoofCvBundleAdjustment(config),
                "converged");
        if (Math.abs(converged[0] - converged[1]) > 0.01 * converged[1])
            throw new IllegalStateException("final costs differ by more than 1 % at " + CONVERGED_ITERATIONS
                    + " iterations");
    }

    /** Runs both from the starting state, prints their costs, checks the initial ones; returns the final ones. */
    private double[] compare(SchurBundleAdjustment ours, BoofCvBundleAdjustment boof, String what) {
        boolean oursRan = ours.optimize(problem.setTo(start));
        boolean boofRan = boof.optimize(problem.setTo(start));
        System.out.printf("%n%s: %d observations, initial cost %.4f (gpuvo) %.4f (BoofCV)%n", what,
                start.observations(), ours.initialCost(), boof.initialCost());
        System.out.printf("  final cost %.4f (gpuvo, %d iterations, %s) %.4f (BoofCV, at most %d iterations), "
                        + "BoofCV/gpuvo %.4f%n", ours.finalCost(), ours.iterations(), ours.stopReason(),
                boof.finalCost(), ours.config().maxIterations, boof.finalCost() / ours.finalCost());
        if (!oursRan || !boofRan)
            throw new IllegalStateException("a solver failed: gpuvo " + oursRan + ", BoofCV " + boofRan);
        if (Math.abs(ours.initialCost() - boof.initialCost()) > 1e-6 * boof.initialCost())
            throw new IllegalStateException("the initial costs differ: not the same cost function");
        return new double[]{ours.finalCost(), boof.finalCost()};
    }

    @Benchmark
    public double gpuvoSchur() {
        schur.optimize(problem.setTo(start));
        return schur.finalCost();
    }

    @Benchmark
    public double boofCvSparseMetric() {
        boofCv.optimize(problem.setTo(start));
        return boofCv.finalCost();
    }
}
