package org.gpuvo.tests.bench.odometry;

import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.metrics.AssociationMethod;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.DeltaUnit;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryReader;
import org.gpuvo.tests.bench.BenchmarkReport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Benchmark of the KITTI 00 evaluation (4541 poses; evo's ATE with SE(3) alignment, evo's RPE over 10 m, the
 * devkit's t_err / r_err): reading both files and {@link TrajectoryEvaluation#evaluate}, the first (cold) run and
 * the median of the following ones. Needs the shared data.
 *
 * Run as every benchmark of this module ({@link org.gpuvo.tests.bench}):
 * <pre>java -cp ... org.gpuvo.tests.bench.odometry.TrajectoryEvaluationTiming [--reps 20]</pre>
 */
public final class TrajectoryEvaluationTiming {
    public static void main(String[] args) throws IOException {
        int reps = args.length == 2 && args[0].equals("--reps") ? Integer.parseInt(args[1]) : 20;
        Path dir = SharedData.root().resolve("trajectories");
        ConfigEvaluation config = new ConfigEvaluation();
        config.association = AssociationMethod.INDEX;
        config.rpeDelta = 10;
        config.rpeUnit = DeltaUnit.METERS;
        double[] readMs = new double[reps + 1], evalMs = new double[reps + 1];
        EvaluationResult result = null;
        for (int r = 0; r <= reps; r++) {
            long t0 = System.nanoTime();
            TrajectoryReader reader = new TrajectoryReader();
            Trajectory estimate = reader.read(dir.resolve("KITTI_00_ORB.txt"));
            Trajectory reference = reader.read(dir.resolve("KITTI_00_gt.txt"));
            long t1 = System.nanoTime();
            result = TrajectoryEvaluation.evaluate(estimate, reference, config);
            long t2 = System.nanoTime();
            readMs[r] = (t1 - t0) / 1e6;
            evalMs[r] = (t2 - t1) / 1e6;
        }
        BenchmarkReport report = BenchmarkReport.start(TrajectoryEvaluationTiming.class, args);
        report.note(String.format(Locale.ROOT, "KITTI 00, %d poses: ATE rmse %.6f m, RPE(10 m) %.6f m over %d pairs, "
                        + "t_err %.5f %% over %d segments", result.pairs().size(), result.ate().rmse(),
                result.rpe().transRmse(), result.rpe().n(), result.kitti().tErrPercent(), result.kitti().segments()));
        report.timing("KITTI 00", "read both files, cold", readMs[0], Double.NaN, 1);
        report.timing("KITTI 00", "read both files, warm",
                TimingStats.ofMillis(Arrays.copyOfRange(readMs, 1, reps + 1), reps));
        report.timing("KITTI 00", "evaluate, cold", evalMs[0], Double.NaN, 1);
        report.timing("KITTI 00", "evaluate, warm",
                TimingStats.ofMillis(Arrays.copyOfRange(evalMs, 1, reps + 1), reps));
        report.finish();
    }
}
