package org.gpuvo.odometry.metrics;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryReader;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Benchmark of the KITTI 00 evaluation (4541 poses; evo's ATE with SE(3) alignment, evo's RPE over 10 m, the
 * devkit's t_err / r_err): reading both files and {@link TrajectoryEvaluation#evaluate}, the first (cold) run and
 * the median of the following ones. Needs the shared data.
 *
 * <pre>
 * usage: TrajectoryEvaluationTiming [--reps 20]
 * </pre>
 */
public final class TrajectoryEvaluationTiming {
    public static void main(String[] args) {
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
        double[] warmRead = Arrays.copyOfRange(readMs, 1, reps + 1), warmEval = Arrays.copyOfRange(evalMs, 1, reps + 1);
        Arrays.sort(warmRead);
        Arrays.sort(warmEval);
        System.out.printf(Locale.ROOT, "KITTI 00, %d poses: ATE rmse %.6f m, RPE(10 m) %.6f m over %d pairs, t_err %.5f %% over %d segments%n",
                result.pairs().size(), result.ate().rmse(), result.rpe().transRmse(), result.rpe().n(),
                result.kitti().tErrPercent(), result.kitti().segments());
        System.out.printf(Locale.ROOT, "read both files: cold %.1f ms, median of %d warm %.1f ms%n", readMs[0], reps, warmRead[reps / 2]);
        System.out.printf(Locale.ROOT, "evaluate:        cold %.1f ms, median of %d warm %.1f ms%n", evalMs[0], reps, warmEval[reps / 2]);
    }
}
