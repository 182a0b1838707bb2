package org.gpuvo.odometry.vo;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The mapping thread takes in every update submitted, in order, and ends cleanly; on the exact schedule tracking sees
 * the map of exactly the frame the lag asks for, however fast mapping is.
 */
class MappingThreadTest {
    @Test
    void everyUpdateIsTakenInBeforeThePointCloudIsGiven() {
        MappingRunner runner = MappingRunner.threaded(new LocalMapping(null, 500, true), 5, false);
        try {
            for (int frame = 0; frame < 200; frame++)
                submitTenPoints(runner, frame);
            assertThat(runner.pointCloud().size()).isEqualTo(2000);
            assertThat(runner.latest().newestFrame).isEqualTo(199);
            assertThat(runner.status().errors()).isZero();
            assertThat(runner.status().pendingUpdates()).isZero();
        } finally {
            runner.close();
        }
        runner.close();
    }

    @Test
    void theExactScheduleGivesTrackingTheMapOfExactlyTheLagBefore() {
        int lag = 3;
        MappingRunner runner = MappingRunner.threaded(new LocalMapping(null, 500, true), lag, true);
        try {
            for (int frame = 0; frame < 100; frame++) {
                // what tracking sees as frame `frame` starts: the map after frame - 1 - lag
                assertThat(runner.latest().newestFrame).as("frame %d", frame).isEqualTo(Math.max(-1, frame - 1 - lag));
                submitTenPoints(runner, frame);
                MapSnapshot after = runner.latest();
                assertThat(after.newestFrame).isEqualTo(Math.max(-1, frame - lag));
                int placed = 10 * (after.newestFrame + 1);
                assertThat(placed == 0 || after.usable(placed - 1)).isTrue();
                assertThat(after.usable(placed)).isFalse();
            }
            assertThat(runner.settled().newestFrame).isEqualTo(99);
            assertThat(runner.pointCloud().size()).isEqualTo(1000);
        } finally {
            runner.close();
        }
    }

    /** Submits frame {@code frame}'s update with 10 new points (ids from 10·frame on). */
    private static void submitTenPoints(MappingRunner runner, int frame) {
        FrameUpdate u = runner.obtain(frame);
        for (int p = 0; p < 10; p++)
            u.addPoint(10 * frame + p, frame, p, 1, 0);
        runner.submit(u);
    }
}
