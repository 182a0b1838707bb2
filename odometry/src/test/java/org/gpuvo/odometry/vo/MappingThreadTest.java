package org.gpuvo.odometry.vo;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The mapping thread takes in every update submitted, in order, and ends cleanly. */
class MappingThreadTest {
    @Test
    void everyUpdateIsTakenInBeforeThePointCloudIsGiven() {
        MappingRunner runner = MappingRunner.threaded(new LocalMapping(null, 500));
        try {
            int next = 0;
            for (int frame = 0; frame < 200; frame++) {
                FrameUpdate u = runner.obtain(frame);
                u.firstNewPoint = next;
                for (int p = 0; p < 10; p++)
                    u.addPoint(frame, p, 1, 0);
                next += 10;
                runner.submit(u);
            }
            assertThat(runner.pointCloud().size()).isEqualTo(2000);
            assertThat(runner.latest().newestFrame).isEqualTo(199);
            assertThat(runner.status().errors()).isZero();
            assertThat(runner.status().pendingUpdates()).isZero();
        } finally {
            runner.close();
        }
        runner.close();
    }
}
