package org.gpuvo.ros.node.transport;

import org.gpuvo.ros.cdr.RosTypeNames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A {@link Transport} within one JVM: the node's test double, and the reference of what the Transport contract
 * means.
 *
 * <ul>
 *     <li>Matching: a publisher and a subscription match where their topics are equal and their types name the same
 *     ROS type (in any spelling {@link RosTypeNames} knows) and the QoS is compatible as in DDS (request versus
 *     offered): a RELIABLE subscription needs a RELIABLE publisher, a TRANSIENT_LOCAL subscription a TRANSIENT_LOCAL
 *     publisher. Pairs that differ in type or QoS are not matched, with a warning, as ROS 2 does.</li>
 *     <li>Delivery is synchronous: {@link RawPublisher#publish} calls the callback of every matched subscription, in
 *     the order they subscribed, on the publishing thread, and returns when they have returned. Each subscription
 *     gets its own copy of the bytes. No lock is held during a callback, so a callback may publish.</li>
 *     <li>Transient local: a TRANSIENT_LOCAL publisher keeps its last {@code depth} messages; a TRANSIENT_LOCAL
 *     subscription made later gets the last {@code min(publisher depth, subscription depth)} of them, oldest first,
 *     on the subscribing thread before {@link #subscribe} returns.</li>
 *     <li>{@link RawPublisher#matchedSubscriptions()} counts the open subscriptions matched right now (never -1).</li>
 *     <li>A callback that throws does not reach the publisher: it is logged and counted
 *     ({@link #callbackFailures()}), and the other subscriptions still get the message.</li>
 *     <li>After {@link Subscription#close()} no callback starts; after {@link RawPublisher#close()} its kept
 *     messages are gone, and publishing on it throws {@link IllegalStateException}.</li>
 * </ul>
 * Thread-safe.
 */
public final class InMemoryTransport implements Transport {
    private static final Logger LOG = LoggerFactory.getLogger(InMemoryTransport.class);

    private final Object lock = new Object();
    private final List<Writer> writers = new ArrayList<>();
    private final List<Reader> readers = new ArrayList<>();
    /** topic + problem already warned about, so that each mismatch is logged once */
    private final Set<String> warned = new HashSet<>();
    private final AtomicInteger callbackFailures = new AtomicInteger();
    private boolean closed;

    @Override
    public String name() {
        return "in-memory";
    }

    @Override
    public RawPublisher advertise(String topic, String rosType, QosProfile qos) {
        Writer writer = new Writer(checkTopic(topic), RosTypeNames.canonical(checkType(rosType)),
                Objects.requireNonNull(qos, "qos"));
        synchronized (lock) {
            requireOpen();
            writers.add(writer);
            for (Reader reader : readers)
                warnIfMismatched(writer, reader);
        }
        return writer;
    }

    @Override
    public Subscription subscribe(String topic, String rosType, QosProfile qos, Consumer<ReceivedMessage> callback) {
        Reader reader = new Reader(checkTopic(topic), RosTypeNames.canonical(checkType(rosType)),
                Objects.requireNonNull(qos, "qos"), Objects.requireNonNull(callback, "callback"));
        List<byte[]> history = new ArrayList<>();
        synchronized (lock) {
            requireOpen();
            readers.add(reader);
            for (Writer writer : writers) {
                warnIfMismatched(writer, reader);
                if (matches(writer, reader) && reader.qos.durability() == QosProfile.Durability.TRANSIENT_LOCAL)
                    history.addAll(writer.lastKept(reader.qos.depth()));
            }
        }
        for (byte[] data : history)
            deliver(reader, data);
        return reader;
    }

    /** Closes every publisher and subscription; advertising or subscribing afterwards throws. */
    @Override
    public void close() {
        List<Writer> ws;
        List<Reader> rs;
        synchronized (lock) {
            closed = true;
            ws = new ArrayList<>(writers);
            rs = new ArrayList<>(readers);
        }
        ws.forEach(Writer::close);
        rs.forEach(Reader::close);
    }

    /** Callbacks that threw since the transport was made. */
    public int callbackFailures() {
        return callbackFailures.get();
    }

    /**
     * Whether a subscription asking for {@code requested} gets the messages of a publisher offering {@code offered}
     * (DDS's request-versus-offered rule for reliability and durability).
     */
    public static boolean compatible(QosProfile offered, QosProfile requested) {
        boolean reliability = requested.reliability() == QosProfile.Reliability.BEST_EFFORT
                || offered.reliability() == QosProfile.Reliability.RELIABLE;
        boolean durability = requested.durability() == QosProfile.Durability.VOLATILE
                || offered.durability() == QosProfile.Durability.TRANSIENT_LOCAL;
        return reliability && durability;
    }

    private static boolean matches(Writer writer, Reader reader) {
        return writer.topic.equals(reader.topic) && writer.type.equals(reader.type)
                && compatible(writer.qos, reader.qos);
    }

    /** Called with the lock held. */
    private void warnIfMismatched(Writer writer, Reader reader) {
        if (!writer.topic.equals(reader.topic))
            return;
        String problem = null;
        if (!writer.type.equals(reader.type))
            problem = "a publisher of " + writer.type + " and a subscription to " + reader.type;
        else if (!compatible(writer.qos, reader.qos))
            problem = "a publisher offering " + writer.qos + " and a subscription requesting incompatible " + reader.qos;
        if (problem != null && warned.add(writer.topic + ": " + problem))
            LOG.warn("{}: {} are not matched", writer.topic, problem);
    }

    private void requireOpen() {
        if (closed)
            throw new IllegalStateException("the in-memory transport is closed");
    }

    private void deliver(Reader reader, byte[] data) {
        if (reader.closed)
            return;
        try {
            reader.callback.accept(new ReceivedMessage(reader.topic, data.clone(), System.nanoTime()));
        } catch (RuntimeException e) {
            callbackFailures.incrementAndGet();
            LOG.error("{}: a subscription's callback failed", reader.topic, e);
        }
    }

    private static String checkTopic(String topic) {
        if (topic == null || !topic.startsWith("/") || topic.length() < 2 || topic.endsWith("/"))
            throw new IllegalArgumentException("not a fully qualified topic name: '" + topic + "'");
        return topic;
    }

    private static String checkType(String rosType) {
        if (rosType == null || rosType.isBlank())
            throw new IllegalArgumentException("no ROS type given");
        return rosType;
    }

    private final class Writer implements RawPublisher {
        final String topic, type;
        final QosProfile qos;
        /** the last {@code qos.depth()} messages, kept for late subscribers where transient local; under {@link #lock} */
        private final ArrayDeque<byte[]> kept = new ArrayDeque<>();
        private volatile boolean writerClosed;

        Writer(String topic, String type, QosProfile qos) {
            this.topic = topic;
            this.type = type;
            this.qos = qos;
        }

        @Override
        public String topic() {
            return topic;
        }

        @Override
        public void publish(byte[] cdr) {
            byte[] data = Arrays.copyOf(cdr, cdr.length); // the caller may reuse its array
            List<Reader> matched = new ArrayList<>();
            synchronized (lock) {
                if (writerClosed)
                    throw new IllegalStateException(topic + ": the publisher is closed");
                if (qos.durability() == QosProfile.Durability.TRANSIENT_LOCAL) {
                    kept.addLast(data);
                    while (kept.size() > qos.depth())
                        kept.removeFirst();
                }
                for (Reader reader : readers)
                    if (matches(this, reader))
                        matched.add(reader);
            }
            for (Reader reader : matched)
                deliver(reader, data);
        }

        @Override
        public int matchedSubscriptions() {
            synchronized (lock) {
                int n = 0;
                for (Reader reader : readers)
                    if (matches(this, reader))
                        n++;
                return n;
            }
        }

        /** Called with the lock held. */
        List<byte[]> lastKept(int depth) {
            List<byte[]> all = new ArrayList<>(kept);
            return all.subList(Math.max(0, all.size() - depth), all.size());
        }

        @Override
        public void close() {
            synchronized (lock) {
                writerClosed = true;
                kept.clear();
                writers.remove(this);
            }
        }

        @Override
        public String toString() {
            return "publisher of " + topic + " (" + type + ", " + qos + ")";
        }
    }

    private final class Reader implements Subscription {
        final String topic, type;
        final QosProfile qos;
        final Consumer<ReceivedMessage> callback;
        volatile boolean closed;

        Reader(String topic, String type, QosProfile qos, Consumer<ReceivedMessage> callback) {
            this.topic = topic;
            this.type = type;
            this.qos = qos;
            this.callback = callback;
        }

        @Override
        public String topic() {
            return topic;
        }

        @Override
        public void close() {
            synchronized (lock) {
                closed = true;
                readers.remove(this);
            }
        }

        @Override
        public String toString() {
            return "subscription to " + topic + " (" + type + ", " + qos + ")";
        }
    }
}
