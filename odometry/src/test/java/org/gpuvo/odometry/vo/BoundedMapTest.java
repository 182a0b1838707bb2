package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A long run over the same place, the rendered room played forwards and backwards as a robot going to and fro, keeps
 * the map bounded: the ids of points nothing uses any more are given to new points, where before the map grew by
 * every point a keyframe made. The cloud of every point stays complete where asked for.
 */
class BoundedMapTest {
    private static final int FRAMES = 600;

    @Test
    void aRunToAndFroKeepsTheMapBoundedAndTheCloudComplete() {
        SyntheticSequence room = new SyntheticSequence(ConfigSynthetic.room(160, 120, 60));
        Run kept = run(room, true), dropped = run(room, false);

        assertThat(kept.tracked).as("frames tracked").isEqualTo(FRAMES);
        assertThat(kept.capacityAt(FRAMES)).as("map size at the end, against after a third of the run, %s",
                kept.capacity).isLessThanOrEqualTo(kept.capacityAt(FRAMES / 3) * 5 / 4);
        // every point made is in the cloud: many more than the map ever held at once
        assertThat(kept.cloud).isGreaterThan(3 * kept.capacityAt(FRAMES));
        assertThat(dropped.cloud).isLessThanOrEqualTo(dropped.capacityAt(FRAMES));
        // keeping the cloud changes nothing else
        assertThat(dropped.capacity).isEqualTo(kept.capacity);
        assertThat(dropped.lastPose).isEqualTo(kept.lastPose);
    }

    private record Run(int tracked, List<Integer> capacity, int cloud, String lastPose) {
        /** The map's size after {@code frames} frames (sampled every 100). */
        int capacityAt(int frames) {
            return capacity.get(frames / 100 - 1);
        }
    }

    private static Run run(SyntheticSequence room, boolean keepAllPoints) {
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.STEREO);
        config.backend = Backend.CPU;
        config.deterministic = true;
        config.keepAllPoints = keepAllPoints;
        List<Integer> capacity = new ArrayList<>();
        int tracked = 0;
        FrameResult last = null;
        try (MapTrackingOdometry vo = (MapTrackingOdometry) FactoryVisualOdometry.create(config, room.camera(),
                room.stereo().orElseThrow())) {
            int period = 2 * (room.size() - 1);
            for (int k = 0; k < FRAMES; k++) {
                int m = k % period, i = m < room.size() ? m : period - m;
                last = vo.process(k / 30.0, room.left(i), room.right(i), null);
                if (last.state == TrackingState.TRACKING)
                    tracked++;
                if ((k + 1) % 100 == 0)
                    capacity.add(vo.mapCapacity());
            }
            return new Run(tracked, capacity, vo.pointCloud().size(), last.cameraToWorld.toString());
        }
    }
}
