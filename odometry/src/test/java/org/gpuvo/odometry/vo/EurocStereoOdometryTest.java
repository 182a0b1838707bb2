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
 * Stereo VO on the real EuRoC V1_01 snippet (95 raw, distorted, unrectified stereo pairs; the rig moves about
 * 1.7 cm): keypoints are rectified point by point, and the metric trajectory stays within 2 mm ATE (SE(3)).
 */
class EurocStereoOdometryTest {
    @Test
    void nearlyStillRigStaysWithinTwoMillimetres() {
        Sequence euroc = Datasets.open(SharedData.require("euroc-v101-micro"));
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.STEREO);
        config.deterministic = true;
        config.backend = Backend.CPU;
        SequenceRun run = SequenceOdometry.run(euroc, config, null);

        ConfigEvaluation eval = new ConfigEvaluation();
        eval.alignment = AlignmentMode.SE3;
        EvaluationResult result = TrajectoryEvaluation.evaluate(run.trajectory(), euroc.groundTruth().orElseThrow(), eval);
        System.out.printf("EuRoC V101 micro stereo: tracked %d/%d, lost %d, ATE(SE3) %.4f m over %d poses, path %.3f m (gt %.3f m), map %d points%n",
                run.framesTracked(), run.frames().size(), run.framesLost(), result.ate().rmse(), result.ate().n(),
                run.trajectory().pathLength(), euroc.groundTruth().orElseThrow().pathLength(), run.pointCloud().size());
        assertThat(run.framesLost()).isZero();
        assertThat(result.ate().n()).isGreaterThanOrEqualTo(euroc.size() - 2);
        assertThat(result.ate().rmse()).isLessThanOrEqualTo(0.002);
    }
}
