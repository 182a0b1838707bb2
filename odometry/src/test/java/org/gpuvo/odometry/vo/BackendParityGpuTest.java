package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.cuda.GpuTestSupport;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipeline on the CUDA backend computes the CPU backend's trajectory: its features and matches are identical
 * (see TrackingFrontEndGpuTest) and RANSAC is seeded, so the poses agree to the last bit, frame by frame.
 */
@Tag("gpu")
class BackendParityGpuTest {
    @Test
    void monocularKittiTrajectoriesAreIdentical() {
        GpuTestSupport.assumeCuda();
        assertSameTrajectory(Datasets.open(SharedData.require("kitti-06-0050")), VoMode.MONO);
    }

    @Test
    void stereoAndDepthTrajectoriesOfARenderedRoomAreIdentical() {
        GpuTestSupport.assumeCuda();
        ConfigSynthetic room = ConfigSynthetic.room();
        room.frames = 60;
        SyntheticSequence sequence = new SyntheticSequence(room);
        assertSameTrajectory(sequence, VoMode.STEREO);
        assertSameTrajectory(sequence, VoMode.RGBD);
    }

    private static void assertSameTrajectory(Sequence sequence, VoMode mode) {
        SequenceRun cpu = run(sequence, mode, Backend.CPU), cuda = run(sequence, mode, Backend.CUDA);
        assertThat(cuda.backend()).isEqualTo("cuda");
        assertThat(cpu.framesTracked()).as("tracked frames").isGreaterThan(sequence.size() / 2);
        for (int i = 0; i < sequence.size(); i++) {
            FrameResult a = cpu.frames().get(i), b = cuda.frames().get(i);
            assertThat(b.state).as("%s frame %d", mode, i).isEqualTo(a.state);
            assertThat(b.matches).as("%s frame %d matches", mode, i).isEqualTo(a.matches);
            assertThat(b.inliers).as("%s frame %d inliers", mode, i).isEqualTo(a.inliers);
            assertThat(b.cameraToWorld.T.distance(a.cameraToWorld.T)).as("%s frame %d position", mode, i).isZero();
        }
        System.out.printf("%s %s: %d frames, identical on cpu and cuda (%d tracked)%n", sequence.name(), mode,
                sequence.size(), cpu.framesTracked());
    }

    private static SequenceRun run(Sequence sequence, VoMode mode, Backend backend) {
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.deterministic = true;
        config.backend = backend;
        return SequenceOdometry.run(sequence, config, null);
    }
}
