package org.gpuvo.ros.node;

import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link NodeSoak} for 2,000 frames with resets, camera switches and bad messages: the node keeps processing, and
 * the heap after GC, the threads and the open files stay flat. The bounds are loose enough for a shared two-core
 * machine yet far below what a leak of one frame's buffers (tens of kilobytes each) would add up to.
 */
class NodeSoakTest {
    @Test
    void twoThousandFramesLeaveTheHeapThreadsAndFilesFlat() throws Exception {
        NodeSoak.Result result;
        try (InMemoryTransport transport = new InMemoryTransport()) {
            result = NodeSoak.run(transport, transport, 2000, 100);
        }
        NodeStatus status = result.status();
        assertThat(status.framesProcessed()).isEqualTo(2000);
        assertThat(status.resets()).isGreaterThanOrEqualTo(3);
        assertThat(status.restarts()).as("camera switches start over").isGreaterThanOrEqualTo(2);
        NodeSoak.Sample warm = result.samples().get(result.samples().size() / 4);
        NodeSoak.Sample last = result.samples().get(result.samples().size() - 1);
        double heapSlopeMb = result.slopePerThousand(s -> s.heapBytes() / 1e6);
        assertThat(heapSlopeMb).as("heap MB per 1000 frames, samples %s", result.samples()).isLessThan(4);
        assertThat(last.heapBytes() - warm.heapBytes()).as("heap growth after warm-up").isLessThan(24L << 20);
        assertThat(last.threads()).as("threads").isLessThanOrEqualTo(warm.threads() + 1);
        if (last.openFiles() >= 0)
            assertThat(last.openFiles()).as("open files").isLessThanOrEqualTo(warm.openFiles() + 2);
    }
}
