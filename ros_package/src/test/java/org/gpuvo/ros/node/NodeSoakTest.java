package org.gpuvo.ros.node;

import org.gpuvo.odometry.vo.TrackingState;
import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link NodeSoak} on each schedule: the node keeps processing, and the heap after GC, the threads and the open files
 * stay flat. The bounds are loose enough for a shared two-core machine yet far below what a leak of one frame's
 * buffers (tens of kilobytes each) would add up to. On the to-and-fro schedule one map lives through the whole run
 * (a map that kept every point it ever made grew by 10 MB per thousand frames); standing still, the monocular
 * initialisation waits without end (keeping every frame it waited through grew by as much).
 */
class NodeSoakTest {
    @Test
    void twoThousandFramesWithResetsLeaveTheHeapThreadsAndFilesFlat() throws Exception {
        NodeSoak.Result result = soak(NodeSoak.Schedule.MIXED);
        NodeStatus status = result.status();
        assertThat(status.resets()).isGreaterThanOrEqualTo(3);
        assertThat(status.restarts()).as("camera switches start over").isGreaterThanOrEqualTo(2);
        assertFlat(result, 4, 24);
    }

    @Test
    void twoThousandFramesOfOneMapLeaveTheHeapFlat() throws Exception {
        NodeSoak.Result result = soak(NodeSoak.Schedule.TO_AND_FRO);
        NodeStatus status = result.status();
        assertThat(status.resets()).isZero();
        assertThat(status.restarts()).isZero();
        assertThat(status.framesLost()).as("frames lost").isLessThan(20);
        assertFlat(result, 1, 4);
    }

    @Test
    void aCameraStandingStillLeavesTheHeapFlat() throws Exception {
        NodeSoak.Result result = soak(NodeSoak.Schedule.STILL, 1500);
        assertThat(result.status().tracking()).isEqualTo(TrackingState.INITIALIZING);
        assertFlat(result, 1, 4);
    }

    private static NodeSoak.Result soak(NodeSoak.Schedule schedule) throws Exception {
        return soak(schedule, 2000);
    }

    private static NodeSoak.Result soak(NodeSoak.Schedule schedule, int frames) throws Exception {
        NodeSoak.Result result;
        try (InMemoryTransport transport = new InMemoryTransport()) {
            result = NodeSoak.run(transport, transport, frames, 100, schedule);
        }
        assertThat(result.status().framesProcessed()).isEqualTo(frames);
        return result;
    }

    private static void assertFlat(NodeSoak.Result result, double slopeMb, long growthMb) {
        NodeSoak.Sample warm = result.samples().get(result.samples().size() / 4);
        NodeSoak.Sample last = result.samples().get(result.samples().size() - 1);
        double heapSlopeMb = result.slopePerThousand(s -> s.heapBytes() / 1e6);
        assertThat(heapSlopeMb).as("heap MB per 1000 frames, samples %s", result.samples()).isLessThan(slopeMb);
        assertThat(last.heapBytes() - warm.heapBytes()).as("heap growth after warm-up").isLessThan(growthMb << 20);
        assertThat(last.threads()).as("threads").isLessThanOrEqualTo(warm.threads() + 1);
        if (last.openFiles() >= 0)
            assertThat(last.openFiles()).as("open files").isLessThanOrEqualTo(warm.openFiles() + 2);
    }
}
