package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.ihmc.pubsub.Domain;
import us.ihmc.pubsub.common.ChangeKind;
import us.ihmc.pubsub.common.MatchingInfo;
import us.ihmc.pubsub.common.SampleInfo;
import us.ihmc.pubsub.subscriber.Subscriber;
import us.ihmc.pubsub.subscriber.SubscriberListener;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A Fast DDS reader of serialized messages of one topic, made by {@link IhmcTransport#subscribe}. Each sample is taken
 * on Fast DDS's reception thread, copied into an array of its own and handed to the callback there; an exception from
 * the callback is logged and counted, never thrown into the native thread.
 */
final class IhmcSubscription implements Subscription, SubscriberListener<CdrSample> {
    private static final Logger LOG = LoggerFactory.getLogger(IhmcSubscription.class);
    private static final int HEADER_BYTES = 4;

    private final String topic;
    private final SampleCallback callback;
    private final Domain domain;
    private final Consumer<AutoCloseable> onClose;
    private final CdrSample sample = new CdrSample();
    private final SampleInfo info = new SampleInfo();
    /** Held while a callback runs, so that no callback runs once {@link #close} has returned. */
    private final Object callbackLock = new Object();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong callbackFailures = new AtomicLong();
    private volatile Subscriber<CdrSample> subscriber;
    private boolean closed;

    /** What a subscription hands each sample to: the message and Fast DDS's information about the sample. */
    @FunctionalInterface
    interface SampleCallback {
        void accept(ReceivedMessage message, SampleInfo info);
    }

    IhmcSubscription(String topic, Consumer<ReceivedMessage> callback, Domain domain,
                     Consumer<AutoCloseable> onClose) {
        this(topic, (SampleCallback) (message, info) -> callback.accept(message), domain, onClose);
    }

    IhmcSubscription(String topic, SampleCallback callback, Domain domain, Consumer<AutoCloseable> onClose) {
        this.topic = topic;
        this.callback = callback;
        this.domain = domain;
        this.onClose = onClose;
    }

    /** Set once Fast DDS has made the reader (its first samples may come before). */
    void attach(Subscriber<CdrSample> reader) {
        this.subscriber = reader;
    }

    @Override
    public String topic() {
        return topic;
    }

    @Override
    public byte[] gid() {
        Subscriber<CdrSample> reader = subscriber;
        return reader == null ? new byte[0] : DdsNames.gid(reader.getGuid());
    }

    /**
     * Samples announced but not delivered: not handed over, or of an impossible length. Samples larger than the
     * type's limit are not among them: Fast DDS drops those before announcing them (and logs it).
     */
    long droppedCount() {
        return dropped.get();
    }

    /** Messages whose callback threw. */
    long callbackFailureCount() {
        return callbackFailures.get();
    }

    @Override
    public void onNewDataMessage(Subscriber<CdrSample> reader) {
        synchronized (callbackLock) {
            if (closed)
                return;
            long arrived = System.nanoTime();
            // one take per notice, as ihmc-ros2-library does: Fast DDS gives one notice per sample
            if (!reader.takeNextData(sample, info)) {
                drop("a sample Fast DDS announced but could not hand over");
                return;
            }
            if (info.getSampleKind() != ChangeKind.ALIVE)
                return;
            int length = info.getDataLength();
            if (length < HEADER_BYTES || length > sample.length) {
                drop("sample of " + length + " bytes (" + sample.length + " copied)");
                return;
            }
            length = RawCdrType.unpaddedLength(sample.data, length);
            ReceivedMessage message = new ReceivedMessage(topic, Arrays.copyOf(sample.data, length), arrived);
            try {
                callback.accept(message, info);
            } catch (RuntimeException e) {
                callbackFailures.incrementAndGet();
                LOG.warn("callback of {} failed on a message of {} bytes", topic, length, e);
            }
        }
    }

    @Override
    public void onSubscriptionMatched(Subscriber<CdrSample> reader, MatchingInfo matching) {
        LOG.debug("{}: writer {}", topic, matching.getStatus());
    }

    private void drop(String why) {
        // logged at the first drop and then every 100th, so that a stream of bad samples does not flood the log
        long n = dropped.incrementAndGet();
        if (n == 1 || n % 100 == 0)
            LOG.warn("{}: dropped {} ({} dropped so far)", topic, why, n);
    }

    /** Waits for a callback in progress, then removes the reader: no callback comes once this has returned. */
    @Override
    public void close() {
        synchronized (callbackLock) {
            if (closed)
                return;
            closed = true;
        }
        Subscriber<CdrSample> reader = subscriber;
        if (reader != null)
            domain.removeSubscriber(reader);
        onClose.accept(this);
    }

    @Override
    public String toString() {
        return "IhmcSubscription[" + topic + "]";
    }
}
