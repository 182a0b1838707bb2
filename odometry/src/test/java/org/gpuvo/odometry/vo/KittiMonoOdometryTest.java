package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Monocular VO on the real KITTI snippet (sequence 06, frames 0–50, 59.9 m): every frame tracked and the
 * trajectory within 0.45 m ATE after Sim(3) alignment. (A textbook OpenCV pipeline that takes its scale from the
 * ground truth scores 0.87 m on these frames.)
 */
class KittiMonoOdometryTest {
    @Test
    void tracksEveryFrameWithinTheAteTarget() {
        Sequence kitti = Datasets.open(SharedData.require("kitti-06-0050"));
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.MONO);
        config.backend = Backend.CPU;
        config.bundleWindow = Integer.getInteger("t.bw", config.bundleWindow);
        config.bundleInterval = Integer.getInteger("t.bi", config.bundleInterval);
        config.bundleIterations = Integer.getInteger("t.bit", config.bundleIterations);
        config.match.ratio = Double.parseDouble(System.getProperty("t.ratio", "" + config.match.ratio));
        config.match.mutual = Boolean.parseBoolean(System.getProperty("t.mutual", "" + config.match.mutual));
        config.match.maxDistance = Integer.getInteger("t.maxd", config.match.maxDistance);
        config.orb.maxFeatures = Integer.getInteger("t.features", config.orb.maxFeatures);
        config.useMotionPrior = Boolean.parseBoolean(System.getProperty("t.prior", "" + config.useMotionPrior));
        config.minTriangulationAngleDeg = Double.parseDouble(System.getProperty("t.angle", "" + config.minTriangulationAngleDeg));
        config.inlierThresholdPixels = Double.parseDouble(System.getProperty("t.thr", "" + config.inlierThresholdPixels));
        SequenceRun run = SequenceOdometry.run(kitti, config, null);

        ConfigEvaluation eval = new ConfigEvaluation();
        eval.alignment = AlignmentMode.SIM3;
        EvaluationResult result = TrajectoryEvaluation.evaluate(run.trajectory(), kitti.groundTruth().orElseThrow(), eval);
        System.out.printf("KITTI 06 0-50 mono: tracked %d/%d, lost %d, ATE(Sim3) %.4f m over %d poses, host ms median %.3f%n",
                run.framesTracked(), run.frames().size(), run.framesLost(), result.ate().rmse(), result.ate().n(),
                run.frames().stream().mapToDouble(f -> f.hostMillis).sorted().skip(run.frames().size() / 2).findFirst().orElse(0));
        if (Boolean.getBoolean("gpuvo.debugVo")) {
            var gt = kitti.groundTruth().orElseThrow();
            for (int i = 1; i < run.frames().size(); i++) {
                double e = run.trajectory().pose(i).T.distance(run.trajectory().pose(i - 1).T);
                double g = gt.pose(i).T.distance(gt.pose(i - 1).T);
                System.out.printf("%s step ratio %.4f%n", run.frames().get(i), e / g);
            }
        }
        assertThat(run.framesTracked()).isEqualTo(kitti.size());
        assertThat(result.ate().n()).isEqualTo(kitti.size());
        assertThat(result.ate().rmse()).isLessThanOrEqualTo(0.45);
    }
}
