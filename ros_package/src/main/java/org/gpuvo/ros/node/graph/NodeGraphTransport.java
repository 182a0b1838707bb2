package org.gpuvo.ros.node.graph;

import org.gpuvo.ros.node.args.NodeName;
import org.gpuvo.ros.node.graph.ParticipantEntitiesInfo.NodeEntitiesInfo;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.ServiceHandler;
import org.gpuvo.ros.node.transport.ServiceServer;
import org.gpuvo.ros.node.transport.Subscription;
import org.gpuvo.ros.node.transport.Transport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A transport that makes one node visible in the ROS 2 graph ({@code ros2 node list}, {@code ros2 node info}): it
 * publishes {@code ros_discovery_info} as rmw does, the participant's gid with this node's namespace, name and the
 * gids of its readers and writers, again each time one is made or closed.
 *
 * <p>The topic and its QoS are rmw's (rmw_fastrtps_cpp {@code init_rmw_context_impl.cpp}, rmw_cyclonedds_cpp alike):
 * DDS topic {@code ros_discovery_info} without the {@code rt/} prefix, type
 * {@code rmw_dds_common::msg::dds_::ParticipantEntitiesInfo_}, reliable, transient local, keep last 1, so that a
 * tool started later gets the last state. rmw lists neither this writer nor its own reader of the topic.</p>
 *
 * <p>Closing publishes the participant without the node, then closes the inner transport. Thread-safe.</p>
 */
public final class NodeGraphTransport implements Transport {
    /** The DDS topic rmw announces nodes on. */
    public static final String TOPIC = "ros_discovery_info";
    /** rmw's QoS of the topic. */
    public static final QosProfile QOS = QosProfile.TRANSIENT_LOCAL;

    private final Transport inner;
    private final NodeName node;
    private final GidLayout layout;
    private final byte[] participantGid;
    private final RawPublisher discovery;
    /** open endpoints by identity, in creation order; under {@code this} */
    private final Map<Object, byte[]> readers = new LinkedHashMap<>(), writers = new LinkedHashMap<>();
    private boolean closed;

    /**
     * Advertises {@code ros_discovery_info} on {@code inner} and announces the node (with no endpoints yet).
     *
     * @throws IllegalArgumentException where {@code inner} has no participant gid
     */
    public NodeGraphTransport(Transport inner, NodeName node, GidLayout layout) {
        this.inner = inner;
        this.node = node;
        this.layout = layout;
        participantGid = inner.participantGid();
        if (participantGid.length != GidLayout.GUID_BYTES)
            throw new IllegalArgumentException(inner.name() + " gives no participant gid: nodes on it cannot be "
                    + "announced");
        discovery = inner.advertiseDdsTopic(TOPIC, DiscoveryInfoCdr.TYPE, QOS);
        announce();
    }

    public GidLayout layout() {
        return layout;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public byte[] participantGid() {
        return participantGid.clone();
    }

    @Override
    public RawPublisher advertise(String topic, String rosType, QosProfile qos) {
        RawPublisher publisher = inner.advertise(topic, rosType, qos);
        AnnouncedPublisher announced = new AnnouncedPublisher(publisher);
        add(writers, announced, publisher.gid());
        return announced;
    }

    @Override
    public Subscription subscribe(String topic, String rosType, QosProfile qos, Consumer<ReceivedMessage> callback) {
        Subscription subscription = inner.subscribe(topic, rosType, qos, callback);
        AnnouncedSubscription announced = new AnnouncedSubscription(subscription);
        add(readers, announced, subscription.gid());
        return announced;
    }

    /** The service's request reader and reply writer are the node's, as rmw lists them. */
    @Override
    public ServiceServer serve(String service, String serviceType, QosProfile qos, ServiceHandler handler) {
        ServiceServer server = inner.serve(service, serviceType, qos, handler);
        AnnouncedService announced = new AnnouncedService(server);
        synchronized (this) {
            if (!closed && server.requestReaderGid().length == GidLayout.GUID_BYTES
                    && server.replyWriterGid().length == GidLayout.GUID_BYTES) {
                readers.put(announced, server.requestReaderGid());
                writers.put(announced, server.replyWriterGid());
                announce();
            }
        }
        return announced;
    }

    @Override
    public RawPublisher advertiseDdsTopic(String ddsTopic, String rosType, QosProfile qos) {
        return inner.advertiseDdsTopic(ddsTopic, rosType, qos);
    }

    /** What is announced now. */
    public synchronized ParticipantEntitiesInfo info() {
        if (closed)
            return new ParticipantEntitiesInfo(participantGid, List.of());
        return new ParticipantEntitiesInfo(participantGid, List.of(new NodeEntitiesInfo(node.namespace(), node.name(),
                new ArrayList<>(readers.values()), new ArrayList<>(writers.values()))));
    }

    /** Announces the participant without the node, then closes the inner transport. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed)
                return;
            closed = true;
            readers.clear();
            writers.clear();
            announce();
            discovery.close();
        }
        inner.close();
    }

    private synchronized void add(Map<Object, byte[]> endpoints, Object endpoint, byte[] gid) {
        if (closed || gid.length != GidLayout.GUID_BYTES)
            return;
        endpoints.put(endpoint, gid);
        announce();
    }

    private synchronized void remove(Object endpoint) {
        if (closed)
            return;
        if (readers.remove(endpoint) != null | writers.remove(endpoint) != null)
            announce();
    }

    /** Called with the lock held, so that announcements go out in the order of the changes. */
    private void announce() {
        discovery.publish(DiscoveryInfoCdr.encode(info(), layout));
    }

    private final class AnnouncedPublisher implements RawPublisher {
        private final RawPublisher publisher;

        AnnouncedPublisher(RawPublisher publisher) {
            this.publisher = publisher;
        }

        @Override
        public String topic() {
            return publisher.topic();
        }

        @Override
        public void publish(byte[] cdr) {
            publisher.publish(cdr);
        }

        @Override
        public int matchedSubscriptions() {
            return publisher.matchedSubscriptions();
        }

        @Override
        public byte[] gid() {
            return publisher.gid();
        }

        @Override
        public void close() {
            remove(this);
            publisher.close();
        }
    }

    private final class AnnouncedSubscription implements Subscription {
        private final Subscription subscription;

        AnnouncedSubscription(Subscription subscription) {
            this.subscription = subscription;
        }

        @Override
        public String topic() {
            return subscription.topic();
        }

        @Override
        public byte[] gid() {
            return subscription.gid();
        }

        @Override
        public void close() {
            remove(this);
            subscription.close();
        }
    }

    private final class AnnouncedService implements ServiceServer {
        private final ServiceServer server;

        AnnouncedService(ServiceServer server) {
            this.server = server;
        }

        @Override
        public String service() {
            return server.service();
        }

        @Override
        public byte[] requestReaderGid() {
            return server.requestReaderGid();
        }

        @Override
        public byte[] replyWriterGid() {
            return server.replyWriterGid();
        }

        @Override
        public long unanswered() {
            return server.unanswered();
        }

        @Override
        public void close() {
            remove(this);
            server.close();
        }
    }
}
