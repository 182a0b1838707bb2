package org.gpuvo.ros.node;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The frames waiting for the pipeline: a queue that never grows past its capacity. Offering a frame to a full queue
 * drops the oldest, which the caller counts. Thread-safe: any thread offers, one thread takes.
 */
final class FrameQueue {
    private final int capacity;
    private final ArrayDeque<InputFrame> frames;
    private int highWater;
    private boolean closed;

    FrameQueue(int capacity) {
        if (capacity < 1)
            throw new IllegalArgumentException("queue capacity must be at least 1, got " + capacity);
        this.capacity = capacity;
        this.frames = new ArrayDeque<>(capacity);
    }

    /** Adds a frame at the end; returns the frame dropped to make room, or null. */
    synchronized InputFrame offer(InputFrame frame) {
        InputFrame dropped = frames.size() == capacity ? frames.removeFirst() : null;
        frames.addLast(frame);
        highWater = Math.max(highWater, frames.size());
        notifyAll();
        return dropped;
    }

    /** The oldest frame, waiting up to {@code timeoutMillis} for one; null if none came or the queue is closed. */
    synchronized InputFrame take(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (frames.isEmpty() && !closed) {
            long left = deadline - System.nanoTime();
            if (left <= 0)
                return null;
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return closed ? null : frames.pollFirst();
    }

    /** Wakes the taker; later takes return null at once. */
    synchronized void close() {
        closed = true;
        notifyAll();
    }

    int capacity() {
        return capacity;
    }

    synchronized int size() {
        return frames.size();
    }

    /** The most frames ever waiting at once. */
    synchronized int highWater() {
        return highWater;
    }
}
