package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.node.transport.RawPublisher;
import us.ihmc.pubsub.Domain;
import us.ihmc.pubsub.publisher.Publisher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.OptionalLong;
import java.util.function.Consumer;

/** A Fast DDS writer of serialized messages of one topic, made by {@link IhmcTransport#advertise}. */
final class IhmcPublisher implements RawPublisher {
    private static final int HEADER_BYTES = 4;

    private final String topic;
    private final String typeName;
    private final int maxBytes;
    private final Domain domain;
    private final Publisher publisher;
    private final MatchCounter matches;
    private final Consumer<AutoCloseable> onClose;
    private final CdrSample sample = new CdrSample();
    private boolean closed;

    IhmcPublisher(String topic, String typeName, int maxBytes, Domain domain, Publisher publisher, MatchCounter matches,
                  Consumer<AutoCloseable> onClose) {
        this.topic = topic;
        this.typeName = typeName;
        this.maxBytes = maxBytes;
        this.domain = domain;
        this.publisher = publisher;
        this.matches = matches;
        this.onClose = onClose;
    }

    @Override
    public String topic() {
        return topic;
    }

    /**
     * Sends one serialized message (it is copied; the array may be reused as soon as this returns).
     *
     * @throws IllegalArgumentException where the message is shorter than its header or longer than the type's limit
     * @throws IllegalStateException    after {@link #close}
     */
    @Override
    public synchronized void publish(byte[] cdr) {
        if (closed)
            throw new IllegalStateException("publisher of " + topic + " is closed");
        if (cdr.length < HEADER_BYTES)
            throw new IllegalArgumentException(topic + ": message of " + cdr.length + " bytes is shorter than the "
                    + "4-byte encapsulation header");
        if (cdr.length > maxBytes)
            throw new IllegalArgumentException(topic + ": message of " + cdr.length + " bytes exceeds the " + maxBytes
                    + "-byte limit of " + typeName + " (raise it with IhmcTransportConfig.withMaxMessageBytes)");
        sample.data = cdr;
        sample.length = cdr.length;
        try {
            publisher.write(sample);
        } catch (IOException e) {
            throw new UncheckedIOException("Fast DDS could not publish on " + topic, e);
        } finally {
            sample.data = null;
        }
    }

    @Override
    public byte[] gid() {
        return DdsNames.gid(publisher.getGuid());
    }

    /** Since when a reader of the participant that has {@code endpoint} (a GUID) is matched; empty where none is. */
    OptionalLong readerOfMatchedSince(byte[] endpoint) {
        return matches.participantMatchedSince(endpoint);
    }

    /** Tells {@code listener} the GUID of each reader matched from now on. */
    void onReaderMatched(Consumer<byte[]> listener) {
        matches.onMatched(listener);
    }

    @Override
    public int matchedSubscriptions() {
        return matches.matched();
    }

    @Override
    public synchronized void close() {
        if (closed)
            return;
        closed = true;
        domain.removePublisher(publisher);
        onClose.accept(this);
    }

    @Override
    public String toString() {
        return "IhmcPublisher[" + topic + ", " + typeName + "]";
    }
}
