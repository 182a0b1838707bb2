package org.gpuvo.ros.node;

import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.Subscription;
import org.gpuvo.ros.node.transport.Transport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The messages of one topic as a test sees them: decoded, in arrival order, waited for with a timeout. */
final class TopicRecorder<T> implements AutoCloseable {
    private final String topic;
    private final LinkedBlockingQueue<T> unread = new LinkedBlockingQueue<>();
    private final List<T> all = new ArrayList<>();
    private final Subscription subscription;

    TopicRecorder(Transport transport, String topic, Class<T> type, QosProfile qos) {
        this.topic = topic;
        MessageCodec<T> codec = MessageCodecs.of(type);
        subscription = transport.subscribe(topic, codec.type(), qos, m -> {
            T message = codec.decode(m.data());
            synchronized (all) {
                all.add(message);
            }
            unread.add(message);
        });
    }

    static <T> TopicRecorder<T> of(Transport transport, String topic, Class<T> type) {
        return new TopicRecorder<>(transport, topic, type, new QosProfile(QosProfile.Reliability.BEST_EFFORT,
                QosProfile.Durability.VOLATILE, 10));
    }

    /** The next message not read yet, waiting up to {@code seconds}; fails the test if none comes. */
    T next(double seconds) throws InterruptedException {
        T message = unread.poll(Math.round(seconds * 1000), TimeUnit.MILLISECONDS);
        if (message == null)
            throw new AssertionError("no message on " + topic + " within " + seconds + " s");
        return message;
    }

    /** Whether a message comes within {@code seconds} (and takes it). */
    boolean comes(double seconds) throws InterruptedException {
        return unread.poll(Math.round(seconds * 1000), TimeUnit.MILLISECONDS) != null;
    }

    List<T> all() {
        synchronized (all) {
            return List.copyOf(all);
        }
    }

    int count() {
        synchronized (all) {
            return all.size();
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
