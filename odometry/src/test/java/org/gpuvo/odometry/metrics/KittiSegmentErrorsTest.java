package org.gpuvo.odometry.metrics;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class KittiSegmentErrorsTest {

    @Test
    void aOnePercentScaleErrorOnAStraightLine() {
        // 1 m between frames: a segment of length L from frame f ends at f + L + 1 (the first beyond f + L)
        int frames = 1000;
        Trajectory reference = TestTrajectories.straightLine(frames, 1.0, 0.1);
        Trajectory estimate = TestTrajectories.straightLine(frames, 1.01, 0.1);
        KittiResult kitti = KittiSegmentErrors.compute(estimate, reference, TrajectoryAssociation.byIndex(estimate, reference));
        int segments = 0;
        double sum = 0;
        for (int first = 0; first < frames; first += 10) {
            for (double length : KittiSegmentErrors.LENGTHS) {
                if (first + length + 1 < frames) {
                    segments++;
                    sum += 0.01 * (length + 1) / length;
                }
            }
        }
        assertThat(kitti.segments()).isEqualTo(segments);
        assertThat(kitti.translationError()).isCloseTo(sum / segments, within(1e-12));
        assertThat(kitti.rotationError()).isZero();
        assertThat(kitti.lengthSegments()[0]).isEqualTo(90);  // starts 0..890
        assertThat(kitti.lengthTranslation()[7]).isCloseTo(0.01 * 801 / 800, within(1e-12));
        assertThat(kitti.tErrPercent()).isCloseTo(100 * sum / segments, within(1e-10));
    }

    @Test
    void aHeadingErrorShowsAsRotationPerMetre() {
        // the estimate turns 0.001 rad about the vertical at every frame, the reference goes straight
        int frames = 300;
        Trajectory reference = TestTrajectories.straightLine(frames, 1.0, 0.1);
        Trajectory estimate = new Trajectory();
        for (int i = 0; i < frames; i++) {
            Se3_F64 pose = reference.pose(i).copy();
            ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0, 0.001 * i, 0, pose.R);
            estimate.add(reference.time(i), pose);
        }
        KittiResult kitti = KittiSegmentErrors.compute(estimate, reference, TrajectoryAssociation.byIndex(estimate, reference));
        // every 100 m segment spans 101 frames: 0.101 rad over 100 m; 200 m: 0.201 rad over 200 m
        assertThat(kitti.lengthRotation()[0]).isCloseTo(0.101 / 100, within(1e-9));
        assertThat(kitti.lengthRotation()[1]).isCloseTo(0.201 / 200, within(1e-9));
        assertThat(kitti.lengthSegments()).containsExactly(20, 10, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void aPathShorterThan100MetresHasNoSegment() {
        Trajectory line = TestTrajectories.straightLine(100, 1.0, 0.1);  // 99 m
        assertThat(KittiSegmentErrors.compute(line, line, TrajectoryAssociation.byIndex(line, line))).isNull();
    }

    @Test
    void segmentsNeedAnEstimateAtBothEnds() {
        Trajectory reference = TestTrajectories.straightLine(400, 1.0, 0.1);
        // estimate only for frames 5..399: segments start at 10, 20, ...; with a gap at 150..159, segments that
        // start or end there are left out
        int[] kept = java.util.stream.IntStream.range(5, 400).filter(i -> i < 150 || i >= 160).toArray();
        Trajectory estimate = reference.select(kept);
        AssociatedPairs pairs = TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0);
        KittiResult kitti = KittiSegmentErrors.compute(estimate, reference, pairs);
        int expected = 0;
        for (int first = 10; first < 400; first += 10)
            for (double length : KittiSegmentErrors.LENGTHS) {
                int last = first + (int) length + 1;
                if (last < 400 && first != 150 && !(last >= 150 && last < 160))
                    expected++;
            }
        assertThat(kitti.segments()).isEqualTo(expected);
        assertThat(kitti.translationError()).isLessThan(1e-12);
    }
}
