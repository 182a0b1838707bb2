package org.gpuvo.ros.node.transport;

import org.gpuvo.ros.cdr.RosTypeNames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
 *     <li>GUIDs as a DDS participant gives them: one 12-byte prefix for the transport, and per writer or reader an
 *     entity id of a counter and the RTPS kind of a user-defined writer (0x02) or reader (0x07). Topics outside ROS's
 *     names ({@link #advertiseDdsTopic}, {@link #subscribeDdsTopic}) are kept apart from ROS topics of any name.</li>
 *     <li>Services: {@link #call} hands a request to the service's handler on the calling thread and returns its
 *     answer; one server per service name.</li>
 * </ul>
 * Thread-safe.
 */
public final class InMemoryTransport implements Transport {
    private static final Logger LOG = LoggerFactory.getLogger(InMemoryTransport.class);

    private final Object lock = new Object();
    private final List<Writer> writers = new ArrayList<>();
    private final List<Reader> readers = new ArrayList<>();
    private final Map<String, Server> servers = new HashMap<>();
    /** topic + problem already warned about, so that each mismatch is logged once */
    private final Set<String> warned = new HashSet<>();
    private final AtomicInteger callbackFailures = new AtomicInteger();
    private final AtomicInteger nextEntity = new AtomicInteger(1);
    private final byte[] prefix = new byte[PREFIX_BYTES];
    private boolean closed;

    /** RTPS 2.5 §9.3.1.2: the entity kinds of user-defined writers and readers without a key. */
    private static final byte WRITER_KIND = 0x02, READER_KIND = 0x07;
    private static final int PREFIX_BYTES = 12;
    /** gives each transport of the JVM a prefix of its own */
    private static final AtomicInteger TRANSPORTS = new AtomicInteger();

    public InMemoryTransport() {
        // 0x01 0x0f is Fast DDS's vendor id, as its prefixes start; then a counter per transport
        prefix[0] = 0x01;
        prefix[1] = 0x0f;
        int n = TRANSPORTS.incrementAndGet();
        for (int i = 0; i < 4; i++)
            prefix[PREFIX_BYTES - 1 - i] = (byte) (n >>> 8 * i);
    }

    @Override
    public String name() {
        return "in-memory";
    }

    @Override
    public byte[] participantGid() {
        return guid(new byte[]{0, 0, 1, (byte) 0xc1}); // RTPS's entity id of a participant
    }

    @Override
    public RawPublisher advertise(String topic, String rosType, QosProfile qos) {
        return advertiseAs(checkTopic(topic), rosType, qos);
    }

    @Override
    public RawPublisher advertiseDdsTopic(String ddsTopic, String rosType, QosProfile qos) {
        return advertiseAs(ddsKey(ddsTopic), rosType, qos);
    }

    /** Subscribes to a DDS topic named as it is (see {@link #advertiseDdsTopic}). */
    public Subscription subscribeDdsTopic(String ddsTopic, String rosType, QosProfile qos,
                                          Consumer<ReceivedMessage> callback) {
        return subscribeAs(ddsKey(ddsTopic), rosType, qos, callback);
    }

    /** @throws IllegalStateException where the service already has a server */
    @Override
    public ServiceServer serve(String service, String serviceType, QosProfile qos, ServiceHandler handler) {
        Server server = new Server(checkTopic(service), RosTypeNames.canonical(checkType(serviceType)),
                Objects.requireNonNull(handler, "handler"), entityGuid(READER_KIND), entityGuid(WRITER_KIND));
        synchronized (lock) {
            requireOpen();
            if (servers.containsKey(service))
                throw new IllegalStateException(service + " already has a server");
            servers.put(service, server);
        }
        return server;
    }

    /**
     * Calls a service as a client would: the handler's answer, or empty where it gave none.
     *
     * @throws IllegalStateException where no server of that type offers the service
     */
    public Optional<byte[]> call(String service, String serviceType, byte[] request) {
        Server server;
        synchronized (lock) {
            server = servers.get(service);
        }
        if (server == null || !server.type.equals(RosTypeNames.canonical(serviceType)))
            throw new IllegalStateException("no server of " + serviceType + " offers " + service);
        byte[] answer = server.handler.answer(request.clone());
        if (answer == null)
            server.unanswered.incrementAndGet();
        return Optional.ofNullable(answer);
    }

    private RawPublisher advertiseAs(String topic, String rosType, QosProfile qos) {
        Writer writer = new Writer(topic, RosTypeNames.canonical(checkType(rosType)),
                Objects.requireNonNull(qos, "qos"), entityGuid(WRITER_KIND));
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
        return subscribeAs(checkTopic(topic), rosType, qos, callback);
    }

    private Subscription subscribeAs(String topic, String rosType, QosProfile qos,
                                     Consumer<ReceivedMessage> callback) {
        Reader reader = new Reader(topic, RosTypeNames.canonical(checkType(rosType)),
                Objects.requireNonNull(qos, "qos"), Objects.requireNonNull(callback, "callback"),
                entityGuid(READER_KIND));
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
        synchronized (lock) {
            servers.clear();
        }
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

    private byte[] entityGuid(byte kind) {
        int n = nextEntity.getAndIncrement();
        return guid(new byte[]{(byte) (n >>> 16), (byte) (n >>> 8), (byte) n, kind});
    }

    private byte[] guid(byte[] entityId) {
        byte[] guid = Arrays.copyOf(prefix, PREFIX_BYTES + 4);
        System.arraycopy(entityId, 0, guid, PREFIX_BYTES, 4);
        return guid;
    }

    /** A DDS topic's key among the ROS topics, which all start with '/'. */
    private static String ddsKey(String ddsTopic) {
        if (ddsTopic == null || ddsTopic.isEmpty() || ddsTopic.startsWith("/"))
            throw new IllegalArgumentException("not a DDS topic name: '" + ddsTopic + "'");
        return ddsTopic;
    }

    private static String checkType(String rosType) {
        if (rosType == null || rosType.isBlank())
            throw new IllegalArgumentException("no ROS type given");
        return rosType;
    }

    private final class Writer implements RawPublisher {
        final String topic, type;
        final QosProfile qos;
        final byte[] guid;
        /** the last {@code qos.depth()} messages, kept for late subscribers where transient local; under {@link #lock} */
        private final ArrayDeque<byte[]> kept = new ArrayDeque<>();
        private volatile boolean writerClosed;

        Writer(String topic, String type, QosProfile qos, byte[] guid) {
            this.topic = topic;
            this.type = type;
            this.qos = qos;
            this.guid = guid;
        }

        @Override
        public String topic() {
            return topic;
        }

        @Override
        public byte[] gid() {
            return guid.clone();
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
        final byte[] guid;
        volatile boolean closed;

        Reader(String topic, String type, QosProfile qos, Consumer<ReceivedMessage> callback, byte[] guid) {
            this.topic = topic;
            this.type = type;
            this.qos = qos;
            this.callback = callback;
            this.guid = guid;
        }

        @Override
        public String topic() {
            return topic;
        }

        @Override
        public byte[] gid() {
            return guid.clone();
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

    private final class Server implements ServiceServer {
        final String service, type;
        final ServiceHandler handler;
        final byte[] readerGuid, writerGuid;
        final AtomicLong unanswered = new AtomicLong();

        Server(String service, String type, ServiceHandler handler, byte[] readerGuid, byte[] writerGuid) {
            this.service = service;
            this.type = type;
            this.handler = handler;
            this.readerGuid = readerGuid;
            this.writerGuid = writerGuid;
        }

        @Override
        public String service() {
            return service;
        }

        @Override
        public byte[] requestReaderGid() {
            return readerGuid.clone();
        }

        @Override
        public byte[] replyWriterGid() {
            return writerGuid.clone();
        }

        @Override
        public long unanswered() {
            return unanswered.get();
        }

        @Override
        public void close() {
            synchronized (lock) {
                servers.remove(service, this);
            }
        }
    }
}
