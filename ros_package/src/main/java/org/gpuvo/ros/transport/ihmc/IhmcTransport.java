package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.ServiceHandler;
import org.gpuvo.ros.node.transport.ServiceServer;
import org.gpuvo.ros.node.transport.Subscription;
import org.gpuvo.ros.node.transport.Transport;
import org.gpuvo.ros.transport.SecurityRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.ihmc.pubsub.Domain;
import us.ihmc.pubsub.TopicDataType;
import us.ihmc.pubsub.participant.Participant;
import us.ihmc.pubsub.publisher.Publisher;
import us.ihmc.pubsub.subscriber.Subscriber;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * gpuvo's default ROS 2 transport: one Fast DDS participant (IHMC's ihmc-pub-sub, Fast DDS 2.14) that publishes and
 * subscribes serialized messages of any ROS type under the names ROS 2 uses on the wire ({@link DdsNames}), so that
 * it talks to ROS 2 nodes of any middleware. Messages travel byte for byte, encapsulation header included. UDP only
 * unless the configuration adds shared memory.
 *
 * <p>Open one with {@link #open}; close it to remove the participant with all its writers and readers. Thread-safe.
 * Callbacks run on Fast DDS's reception threads, one message at a time per subscription, possibly at once for
 * different subscriptions: a slow callback holds up the messages behind it.</p>
 */
public final class IhmcTransport implements Transport {
    private static final Logger LOG = LoggerFactory.getLogger(IhmcTransport.class);
    private final IhmcTransportConfig config;
    private final Domain domain;
    private final Participant participant;
    private final List<IhmcPublisher> publishers = new ArrayList<>();
    private final List<IhmcSubscription> subscriptions = new ArrayList<>();
    private boolean closed;

    private IhmcTransport(IhmcTransportConfig config, Domain domain, Participant participant) {
        this.config = config;
        this.domain = domain;
        this.participant = participant;
    }

    /**
     * Why this transport cannot run with DDS Security: the Fast DDS inside ihmc-pub-sub was built without its
     * security plugins (its library has no authentication, access control or cryptographic plugin, links no
     * OpenSSL, and answers a peer's security tokens with "security is disabled"; checked by IhmcSecurityTest).
     */
    public static final String WHY_NOT_SECURE = "the Fast DDS 2.14 bundled in ihmc-pub-sub was built without the "
            + "DDS Security plugins";

    /**
     * Throws where {@code security} asks for DDS Security: this transport cannot provide it, and a node must not
     * run unsecured when security was asked for.
     *
     * @throws SecurityException with the reason, naming the enclave and keystore
     */
    public static void requireSecurityMet(SecurityRequest security) {
        String refusal = security.refusal("gpuvo's DDS transport", false, WHY_NOT_SECURE);
        if (refusal != null)
            throw new SecurityException(refusal);
    }

    /**
     * Loads Fast DDS (once per process) and creates the participant.
     *
     * @throws IllegalArgumentException    where a whitelisted address is on no interface of this machine (Fast DDS
     *                                     would log an error, open no socket and neither send nor receive)
     * @throws FastDdsUnavailableException where the native library cannot load or Fast DDS refuses the participant,
     *                                     with the reason
     */
    public static IhmcTransport open(IhmcTransportConfig config) {
        config.interfaceWhitelist().forEach(IhmcTransport::checkLocalAddress);
        Domain domain = FastDdsLibrary.domain();
        SocketBufferLimits.shortfall(config.socketBufferBytes(), SocketBufferLimits.PROC_NET_CORE).ifPresent(LOG::warn);
        try {
            return new IhmcTransport(config, domain, domain.createParticipant(FastDdsProfiles.participant(config)));
        } catch (IOException | RuntimeException e) {
            throw new FastDdsUnavailableException("Fast DDS refused the participant '" + config.participantName()
                    + "' of domain " + config.domainId() + " (interfaces " + config.interfaceWhitelist() + "): " + e,
                    e);
        }
    }

    @Override
    public String name() {
        return "ihmc-fastdds";
    }

    public IhmcTransportConfig config() {
        return config;
    }

    /**
     * @throws IllegalArgumentException where the topic or type name is not valid
     * @throws IllegalStateException    where Fast DDS refuses the writer, or after {@link #close}
     */
    @Override
    public byte[] participantGid() {
        return DdsNames.gid(participant.getGuid());
    }

    @Override
    public RawPublisher advertise(String topic, String rosType, QosProfile qos) {
        return advertiseAs(topic, DdsNames.topic(topic), rosType, qos);
    }

    /**
     * @throws IllegalArgumentException where the topic is empty or starts with '/', or the type name is not valid
     * @throws IllegalStateException    where Fast DDS refuses the writer, or after {@link #close}
     */
    @Override
    public RawPublisher advertiseDdsTopic(String ddsTopic, String rosType, QosProfile qos) {
        if (ddsTopic == null || ddsTopic.isEmpty() || ddsTopic.startsWith("/"))
            throw new IllegalArgumentException("not a DDS topic name: '" + ddsTopic + "'");
        return advertiseAs(ddsTopic, ddsTopic, rosType, qos);
    }

    private synchronized RawPublisher advertiseAs(String topic, String ddsTopic, String rosType, QosProfile qos) {
        return writer(topic, ddsTopic, DdsNames.type(rosType), config.maxMessageBytes(rosType), qos,
                typeHashUserData(rosType));
    }

    /** A writer of {@code ddsTopic}; {@code topic} names it in messages. Called with the lock held. */
    private IhmcPublisher writer(String topic, String ddsTopic, String ddsType, int maxBytes, QosProfile qos,
                                 String userData) {
        Objects.requireNonNull(qos, "qos");
        checkOpen();
        RawCdrType type = registeredType(ddsType, maxBytes);
        MatchCounter matches = new MatchCounter();
        Publisher writer;
        try {
            writer = domain.createPublisher(participant, FastDdsProfiles.writer(type, ddsTopic, qos, userData),
                    matches);
        } catch (IOException | RuntimeException e) {
            throw refused("writer", topic, ddsType, qos, e);
        }
        IhmcPublisher publisher = new IhmcPublisher(topic, ddsType, type.getTypeSize(), domain, writer, matches,
                this::forget);
        publishers.add(publisher);
        return publisher;
    }

    /**
     * @throws IllegalArgumentException where the topic or type name is not valid
     * @throws IllegalStateException    where Fast DDS refuses the reader, or after {@link #close}
     */
    @Override
    public synchronized Subscription subscribe(String topic, String rosType, QosProfile qos,
                                               Consumer<ReceivedMessage> callback) {
        Objects.requireNonNull(callback, "callback");
        return reader(topic, DdsNames.topic(topic), DdsNames.type(rosType), config.maxMessageBytes(rosType), qos,
                typeHashUserData(rosType), new IhmcSubscription(topic, callback, domain, this::forget));
    }

    /**
     * Offers a service as rmw does on DDS: requests on {@code rq/<service>Request}, replies on
     * {@code rr/<service>Reply} ({@link IhmcServiceServer} tells how they are paired).
     *
     * @throws IllegalArgumentException where the service or type name is not valid
     * @throws IllegalStateException    where Fast DDS refuses the reader or the writer, or after {@link #close}
     */
    @Override
    public synchronized ServiceServer serve(String service, String serviceType, QosProfile qos,
                                            ServiceHandler handler) {
        Objects.requireNonNull(handler, "handler");
        String[] types = DdsNames.serviceTypes(serviceType);
        int maxBytes = config.defaultMaxMessageBytes();
        IhmcPublisher replies = writer(service, DdsNames.replyTopic(service), types[1], maxBytes, qos, "");
        IhmcServiceServer server = new IhmcServiceServer(service, handler, replies);
        try {
            server.attach(reader(service, DdsNames.requestTopic(service), types[0], maxBytes, qos, "",
                    new IhmcSubscription(service, server::onRequest, domain, this::forget)));
        } catch (RuntimeException e) {
            replies.close();
            throw e;
        }
        return server;
    }

    /** Makes the reader of {@code subscription}. Called with the lock held. */
    private IhmcSubscription reader(String topic, String ddsTopic, String ddsType, int maxBytes, QosProfile qos,
                                    String userData, IhmcSubscription subscription) {
        Objects.requireNonNull(qos, "qos");
        checkOpen();
        RawCdrType type = registeredType(ddsType, maxBytes);
        try {
            @SuppressWarnings("unchecked")
            Subscriber<CdrSample> reader = domain.createSubscriber(participant,
                    FastDdsProfiles.reader(type, ddsTopic, qos, userData), subscription);
            subscription.attach(reader);
        } catch (IOException | RuntimeException e) {
            throw refused("reader", topic, ddsType, qos, e);
        }
        subscriptions.add(subscription);
        return subscription;
    }

    /** Closes every writer and reader, then removes the participant. Safe to call more than once. */
    @Override
    public void close() {
        List<IhmcSubscription> openSubscriptions;
        List<IhmcPublisher> openPublishers;
        synchronized (this) {
            if (closed)
                return;
            closed = true;
            openSubscriptions = new ArrayList<>(subscriptions);
            openPublishers = new ArrayList<>(publishers);
        }
        // outside the lock: a reader's close waits for a callback in progress, which may itself use this transport
        openSubscriptions.forEach(IhmcSubscription::close);
        openPublishers.forEach(IhmcPublisher::close);
        synchronized (this) {
            domain.removeParticipant(participant);
        }
    }

    /**
     * The USER_DATA rmw gives an endpoint from Iron on, {@code typehash=RIHS01_...;} (rmw_dds_common
     * {@code encode_type_hash_for_user_data_qos}), for the types gpuvo has codecs of; empty for others, which is
     * what rmw sends for a type without a hash and what its readers take as "no hash".
     */
    static String typeHashUserData(String rosType) {
        return MessageCodecs.forType(rosType).map(codec -> "typehash=" + codec.typeHash() + ";").orElse("");
    }

    private RawCdrType registeredType(String ddsName, int maxBytes) {
        TopicDataType<?> known = domain.getRegisteredType(participant, ddsName);
        if (known instanceof RawCdrType raw)
            return raw;
        RawCdrType type = new RawCdrType(ddsName, maxBytes);
        domain.registerType(participant, type);
        return type;
    }

    private synchronized void forget(AutoCloseable endpoint) {
        publishers.remove(endpoint);
        subscriptions.remove(endpoint);
    }

    private static void checkLocalAddress(String address) {
        try {
            if (NetworkInterface.getByInetAddress(InetAddress.getByName(address)) != null)
                return;
        } catch (IOException e) {
            throw new IllegalArgumentException("whitelisted address " + address + " cannot be checked: " + e, e);
        }
        throw new IllegalArgumentException("whitelisted address " + address + " is on no network interface of this "
                + "machine");
    }

    private void checkOpen() {
        if (closed)
            throw new IllegalStateException("transport " + name() + " (domain " + config.domainId() + ") is closed");
    }

    private static IllegalStateException refused(String what, String topic, String rosType, QosProfile qos,
                                                 Exception cause) {
        return new IllegalStateException("Fast DDS refused a " + what + " of " + topic + " (" + rosType + ", " + qos
                + "): " + cause, cause);
    }
}
