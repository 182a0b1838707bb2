package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.RosTypeNames;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ReceivedMessage;
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
    public synchronized RawPublisher advertise(String topic, String rosType, QosProfile qos) {
        Objects.requireNonNull(qos, "qos");
        checkOpen();
        String ddsTopic = DdsNames.topic(topic);
        RawCdrType type = registeredType(rosType);
        MatchCounter matches = new MatchCounter();
        Publisher writer;
        try {
            writer = domain.createPublisher(participant, FastDdsProfiles.writer(type, ddsTopic, qos), matches);
        } catch (IOException | RuntimeException e) {
            throw refused("writer", topic, rosType, qos, e);
        }
        IhmcPublisher publisher = new IhmcPublisher(topic, RosTypeNames.canonical(rosType), type.getTypeSize(), domain,
                writer, matches, this::forget);
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
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(callback, "callback");
        checkOpen();
        String ddsTopic = DdsNames.topic(topic);
        RawCdrType type = registeredType(rosType);
        IhmcSubscription subscription = new IhmcSubscription(topic, callback, domain, this::forget);
        try {
            @SuppressWarnings("unchecked")
            Subscriber<CdrSample> reader = domain.createSubscriber(participant,
                    FastDdsProfiles.reader(type, ddsTopic, qos), subscription);
            subscription.attach(reader);
        } catch (IOException | RuntimeException e) {
            throw refused("reader", topic, rosType, qos, e);
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

    private RawCdrType registeredType(String rosType) {
        String ddsName = DdsNames.type(rosType);
        TopicDataType<?> known = domain.getRegisteredType(participant, ddsName);
        if (known instanceof RawCdrType raw)
            return raw;
        RawCdrType type = new RawCdrType(ddsName, config.maxMessageBytes(rosType));
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
