package org.gpuvo.ros.node;

import org.gpuvo.ros.msg.Clock;
import org.gpuvo.ros.msg.Time;

import java.time.Instant;

/**
 * The time that stamps the node's own messages (status, diagnostics): the wall clock, or with use_sim_time the last
 * /clock message (zero before the first, as rclcpp's clock reads). Frame outputs carry their image's stamp instead.
 * Thread-safe.
 */
final class NodeClock {
    private final boolean simulated;
    private volatile Time simulatedTime = new Time(0, 0);

    NodeClock(boolean simulated) {
        this.simulated = simulated;
    }

    boolean simulated() {
        return simulated;
    }

    void tick(Clock clock) {
        simulatedTime = clock.clock();
    }

    Time now() {
        if (simulated)
            return simulatedTime;
        Instant now = Instant.now();
        return new Time((int) now.getEpochSecond(), now.getNano());
    }
}
