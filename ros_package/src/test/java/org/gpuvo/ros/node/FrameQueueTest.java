package org.gpuvo.ros.node;

import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FrameQueueTest {
    private static InputFrame frame(int i) {
        return new InputFrame(new InputImage("/image", new Header(new Time(i, 0), "c"), null, null, 0), null);
    }

    @Test
    void aFullQueueDropsItsOldestFrameAndNeverGrows() throws InterruptedException {
        FrameQueue queue = new FrameQueue(2);
        assertThat(queue.offer(frame(1))).isNull();
        assertThat(queue.offer(frame(2))).isNull();
        assertThat(queue.offer(frame(3)).stamp().sec()).isEqualTo(1);
        assertThat(queue.offer(frame(4)).stamp().sec()).isEqualTo(2);
        assertThat(queue.size()).isEqualTo(2);
        assertThat(queue.highWater()).isEqualTo(2);
        assertThat(queue.take(0).stamp().sec()).isEqualTo(3);
        assertThat(queue.take(0).stamp().sec()).isEqualTo(4);
        assertThat(queue.take(10)).isNull();
    }

    @Test
    void closingWakesTheTaker() throws InterruptedException {
        FrameQueue queue = new FrameQueue(1);
        Thread closer = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            queue.close();
        });
        closer.start();
        long start = System.nanoTime();
        assertThat(queue.take(10_000)).isNull();
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(5);
        closer.join();
        assertThatThrownBy(() -> new FrameQueue(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
