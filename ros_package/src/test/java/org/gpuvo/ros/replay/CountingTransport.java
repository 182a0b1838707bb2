package org.gpuvo.ros.replay;

import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.Subscription;
import org.gpuvo.ros.node.transport.Transport;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An {@link InMemoryTransport} that counts its open publishers and whose publishers of one topic refuse every
 * message, as a transport refuses one over its size limit.
 */
final class CountingTransport implements Transport {
    final InMemoryTransport memory = new InMemoryTransport();
    private final String refusedTopic;
    private final AtomicInteger open = new AtomicInteger();

    /** @param refusedTopic the topic whose messages are refused, or null for none */
    CountingTransport(String refusedTopic) {
        this.refusedTopic = refusedTopic;
    }

    int openPublishers() {
        return open.get();
    }

    @Override
    public String name() {
        return "counting";
    }

    @Override
    public RawPublisher advertise(String topic, String rosType, QosProfile qos) {
        RawPublisher inner = memory.advertise(topic, rosType, qos);
        open.incrementAndGet();
        return new RawPublisher() {
            private boolean closed;

            @Override
            public String topic() {
                return topic;
            }

            @Override
            public void publish(byte[] cdr) {
                if (topic.equals(refusedTopic))
                    throw new IllegalArgumentException("message of " + cdr.length + " bytes is too long");
                inner.publish(cdr);
            }

            @Override
            public int matchedSubscriptions() {
                return inner.matchedSubscriptions();
            }

            @Override
            public synchronized void close() {
                if (!closed)
                    open.decrementAndGet();
                closed = true;
                inner.close();
            }
        };
    }

    @Override
    public Subscription subscribe(String topic, String rosType, QosProfile qos, Consumer<ReceivedMessage> callback) {
        return memory.subscribe(topic, rosType, qos, callback);
    }

    @Override
    public void close() {
        memory.close();
    }
}
