package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.dataset.CachedSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A long run over the same place, the rendered room played forwards and backwards as a robot going to and fro, keeps
 * the map bounded: the ids of points nothing uses any more are given to new points, where before the map grew by
 * every point a keyframe made. The cloud of every point stays complete where the whole history is kept; a pipeline
 * that keeps only its recent history forgets the older frames' poses and goes on as before.
 */
class BoundedMapTest {
    private static final int FRAMES = 600;
    private static final Sequence ROOM = CachedSequence.of(new SyntheticSequence(ConfigSynthetic.room(160, 120, 60)));
    /** monocular: enough parallax to start within a few frames */
    private static final Sequence MONO_ROOM = CachedSequence.of(new SyntheticSequence(ConfigSynthetic.room(320, 240,
            300)));

    @Test
    void aStereoRunToAndFroKeepsTheMapBoundedAndTheCloudComplete() {
        Run whole = run(ROOM, VoMode.STEREO, 0, FRAMES), recent = run(ROOM, VoMode.STEREO, 100, FRAMES);

        assertThat(whole.tracked).as("frames tracked").isEqualTo(FRAMES);
        assertThat(whole.capacityAt(FRAMES)).as("map size at the end, against after a third of the run, %s",
                whole.capacity).isLessThanOrEqualTo(whole.capacityAt(FRAMES / 3) * 5 / 4);
        // every point made is in the cloud: many more than the map ever held at once
        assertThat(whole.cloud).isGreaterThan(3 * whole.capacityAt(FRAMES));
        assertThat(recent.cloud).isLessThanOrEqualTo(recent.capacityAt(FRAMES));
        // a stereo map never looks back further than its window: forgetting the older poses changes nothing else
        assertThat(recent.capacity).isEqualTo(whole.capacity);
        assertThat(recent.lastPose).isEqualTo(whole.lastPose);
    }

    @Test
    void aMonocularRunThatKeepsItsRecentHistoryGoesOnTracking() {
        // tracks and points anchored in forgotten frames start over from newer ones
        int frames = 300;
        Run recent = run(MONO_ROOM, VoMode.MONO, 100, frames);
        assertThat(recent.tracked).as("frames tracked").isGreaterThan(frames * 95 / 100);
    }

    @Test
    void aMonocularCameraStandingStillStartsItsInitialisationOverBeyondItsHistory() {
        ConfigVisualOdometry config = config(VoMode.MONO, 100);
        try (VisualOdometry vo = FactoryVisualOdometry.create(config, ROOM.camera(), null)) {
            vo.process(0, ROOM.left(0), null, null); // the origin
            for (int k = 1; k < 400; k++)
                assertThat(vo.process(k / 30.0, ROOM.left(0), null, null).state)
                        .isEqualTo(TrackingState.INITIALIZING);
            assertThatThrownBy(vo::refinedPoses).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("historyFrames");
        }
    }

    private record Run(int tracked, List<Integer> capacity, int cloud, String lastPose) {
        /** The map's size after {@code frames} frames (sampled every 100). */
        int capacityAt(int frames) {
            return capacity.get(frames / 100 - 1);
        }
    }

    private static ConfigVisualOdometry config(VoMode mode, int historyFrames) {
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.backend = Backend.CPU;
        config.deterministic = true;
        config.historyFrames = historyFrames;
        return config;
    }

    private static Run run(Sequence room, VoMode mode, int historyFrames, int frames) {
        List<Integer> capacity = new ArrayList<>();
        int tracked = 0;
        FrameResult last = null;
        try (MapTrackingOdometry vo = (MapTrackingOdometry) FactoryVisualOdometry.create(config(mode, historyFrames),
                room.camera(), mode == VoMode.STEREO ? room.stereo().orElseThrow() : null)) {
            int period = 2 * (room.size() - 1);
            for (int k = 0; k < frames; k++) {
                int m = k % period, i = m < room.size() ? m : period - m;
                last = vo.process(k / 30.0, room.left(i), mode == VoMode.STEREO ? room.right(i) : null, null);
                if (last.state == TrackingState.TRACKING)
                    tracked++;
                if ((k + 1) % 100 == 0)
                    capacity.add(vo.mapCapacity());
            }
            return new Run(tracked, capacity, vo.pointCloud().size(), last.cameraToWorld.toString());
        }
    }
}
