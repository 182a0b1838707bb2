package org.gpuvo.app.run;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class GroundTruthEvaluationTest {
    /** Frames at the given times; nothing else of it is used. */
    private record Times(double... times) implements Sequence {
        @Override
        public String name() {
            return "times";
        }

        @Override
        public int size() {
            return times.length;
        }

        @Override
        public double timestamp(int i) {
            return times[i];
        }

        @Override
        public CameraModel camera() {
            throw new UnsupportedOperationException();
        }

        @Override
        public GrayImage left(int i) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void withoutAlignmentTheEstimateStartsAtTheGroundTruthsPose() {
        // ground truth: a walk in its own world; the estimate: the same motion seen from its first camera
        Trajectory truth = EvalCommandTest.randomWalk(11, 30);
        Se3_F64 start = new Se3_F64();
        start.T.setTo(5, -2, 40);
        Trajectory world = new Trajectory(), estimate = new Trajectory();
        for (int i = 0; i < truth.size(); i++)
            world.add(truth.time(i), truth.pose(i).concat(start, null));
        Se3_F64 firstInverse = world.pose(0).invert(null);
        for (int i = 0; i < world.size(); i++)
            estimate.add(world.time(i), world.pose(i).concat(firstInverse, null));
        double[] times = new double[truth.size()];
        for (int i = 0; i < times.length; i++)
            times[i] = truth.time(i);

        EvaluationResult anchored = new GroundTruthEvaluation(new Times(times), world, AlignmentMode.NONE)
                .evaluate(estimate);
        assertThat(anchored.ate().rmse()).isLessThan(1e-9);
        assertThat(anchored.pairs().size()).isEqualTo(30);
        // the same with SE(3) alignment, which the anchoring must agree with for an exact estimate
        EvaluationResult aligned = new GroundTruthEvaluation(new Times(times), world, AlignmentMode.SE3)
                .evaluate(estimate);
        assertThat(aligned.ate().rmse()).isCloseTo(0, within(1e-9));
    }

    @Test
    void groundTruthMustCoverEnoughFramesToAlign() {
        Trajectory truth = EvalCommandTest.randomWalk(12, 10);
        // frames at 0.9, 1.0, 1.1 s: ground truth (0 .. 0.9 s) covers only the first
        Times frames = new Times(0.9, 1.0, 1.1);
        assertThatThrownBy(() -> new GroundTruthEvaluation(frames, truth, AlignmentMode.SE3))
                .hasMessageContaining("covers only 1 of its 3 frames").hasMessageEndingWith("se3 alignment needs 3");
        assertThat(new GroundTruthEvaluation(frames, truth, AlignmentMode.NONE).reference()).isSameAs(truth);
        assertThatThrownBy(() -> new GroundTruthEvaluation(new Times(5, 6), truth, AlignmentMode.NONE))
                .hasMessageContaining("covers none of its 2 frames");
    }

    @Test
    void aGroundTruthStandingStillCannotBeFittedBySim3() {
        // every ground-truth pose the same: Sim(3) would scale the estimate onto that point, ATE 0 (a wrong result)
        Trajectory moving = EvalCommandTest.randomWalk(13, 10), still = new Trajectory();
        double[] times = new double[moving.size()];
        for (int i = 0; i < moving.size(); i++) {
            times[i] = moving.time(i);
            still.add(moving.time(i), moving.pose(0));
        }
        GroundTruthEvaluation evaluation = new GroundTruthEvaluation(new Times(times), still, AlignmentMode.SIM3);
        assertThatThrownBy(() -> evaluation.evaluate(moving)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reference positions all coincide");
    }
}
