package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ReceivedMessage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/** Collects what a subscription receives, for tests to wait on. */
final class Inbox implements Consumer<ReceivedMessage> {
    static final Duration PATIENCE = Duration.ofSeconds(10);

    private final LinkedBlockingQueue<ReceivedMessage> queue = new LinkedBlockingQueue<>();

    @Override
    public void accept(ReceivedMessage message) {
        queue.add(message);
    }

    /** The next message, or null where none comes within {@code wait}. */
    ReceivedMessage next(Duration wait) throws InterruptedException {
        return queue.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The next {@code count} messages, as many as came within {@link #PATIENCE}. */
    List<ReceivedMessage> take(int count) throws InterruptedException {
        List<ReceivedMessage> got = new ArrayList<>();
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (got.size() < count) {
            ReceivedMessage m = queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m == null)
                break;
            got.add(m);
        }
        return got;
    }

    int size() {
        return queue.size();
    }

    /** Waits until {@code value} reaches {@code expected}, for at most {@link #PATIENCE}; the last value seen. */
    static int awaitValue(IntSupplier value, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        int seen = value.getAsInt();
        while (seen != expected && System.nanoTime() < deadline) {
            Thread.sleep(10);
            seen = value.getAsInt();
        }
        return seen;
    }

    /** Waits for the publisher to see {@code readers} matched subscriptions. */
    static void awaitMatched(RawPublisher publisher, int readers) throws InterruptedException {
        int seen = awaitValue(publisher::matchedSubscriptions, readers);
        if (seen != readers)
            throw new AssertionError(publisher.topic() + ": " + seen + " matched subscriptions after " + PATIENCE
                    + ", expected " + readers);
    }
}
