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

    /**
     * A monocular map searched again by projection (on the GPU where the features are, on the host on the CPU) is
     * identical too: the rendered room, and KITTI's real frames.
     */
    @Test
    void aMonocularMapSearchedAgainIsIdenticalToo() {
        GpuTestSupport.assumeCuda();
        ConfigSynthetic room = ConfigSynthetic.room();
        room.frames = 60;
        SequenceRun cpu = assertSameTrajectory(new SyntheticSequence(room), VoMode.MONO, 4);
        assertThat(cpu.frames()).anyMatch(f -> f.reprojectionMatches > 0);
        SequenceRun kitti = assertSameTrajectory(Datasets.open(SharedData.require("kitti-06-0050")), VoMode.MONO, 4);
        assertThat(kitti.frames().stream().mapToInt(f -> f.reprojectionMatches).sum()).isGreaterThan(100);
    }

    private static void assertSameTrajectory(Sequence sequence, VoMode mode) {
        assertSameTrajectory(sequence, mode, new ConfigVisualOdometry(mode).localMapKeyframes);
    }

    private static SequenceRun assertSameTrajectory(Sequence sequence, VoMode mode, int localMapKeyframes) {
        SequenceRun cpu = run(sequence, mode, Backend.CPU, localMapKeyframes),
                cuda = run(sequence, mode, Backend.CUDA, localMapKeyframes);
        assertThat(cuda.backend()).isEqualTo("cuda");
        assertThat(cpu.framesTracked()).as("tracked frames").isGreaterThan(sequence.size() / 2);
        for (int i = 0; i < sequence.size(); i++) {
            FrameResult a = cpu.frames().get(i), b = cuda.frames().get(i);
            assertThat(b.state).as("%s frame %d", mode, i).isEqualTo(a.state);
            assertThat(b.matches).as("%s frame %d matches", mode, i).isEqualTo(a.matches);
            assertThat(b.inliers).as("%s frame %d inliers", mode, i).isEqualTo(a.inliers);
            assertThat(b.reprojectionMatches).as("%s frame %d found again", mode, i).isEqualTo(a.reprojectionMatches);
            assertThat(b.cameraToWorld.T.distance(a.cameraToWorld.T)).as("%s frame %d position", mode, i).isZero();
        }
        System.out.printf("%s %s (local map of %d keyframes): %d frames, identical on cpu and cuda (%d tracked)%n",
                sequence.name(), mode, localMapKeyframes, sequence.size(), cpu.framesTracked());
        return cpu;
    }

    private static SequenceRun run(Sequence sequence, VoMode mode, Backend backend, int localMapKeyframes) {
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.deterministic = true;
        config.backend = backend;
        config.localMapKeyframes = localMapKeyframes;
        return SequenceOdometry.run(sequence, config, null);
    }
}
