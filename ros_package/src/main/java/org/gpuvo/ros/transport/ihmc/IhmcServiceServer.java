package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.ServiceHandler;
import org.gpuvo.ros.node.transport.ServiceServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.ihmc.pubsub.common.SampleInfo;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A service on Fast DDS, made by {@link IhmcTransport#serve}: a reader of requests and a writer of replies, paired as
 * {@link RequestHeader} describes.
 *
 * <ul>
 *     <li>A request whose related sample identity names a GUID comes from an rmw_fastrtps_cpp client. It is
 *     handled, but the reply cannot go back: ihmc-pub-sub writes every sample without write parameters
 *     ({@code NativePublisherImpl::write}), so no reply of it can carry the related sample identity that such a
 *     client waits for. It is counted as unanswered and warned about once.</li>
 *     <li>Any other request is taken as an rmw_cyclonedds_cpp client's: the header is taken off, the rest handled,
 *     and the answer sent with the header in front.</li>
 *     <li>A request too short for a header, or one the handler gives no answer to (malformed), gets no reply and is
 *     counted.</li>
 * </ul>
 * Requests are handled on Fast DDS's reception thread, one at a time.
 *
 * <p>A client waits until its request writer and reply reader have matched the service as its side sees them, but
 * the node's reply writer may discover the client's reply reader only after the request has arrived, and a reply
 * sent just after the writer has matched the reader can still be lost to it: a Cyclone DDS reader took no reply
 * written within about 100 ms of the match (seen under load; the client waited in vain), which fits a volatile
 * reader taking what was written before its first heartbeat from the writer as history it does not want. So, as
 * rmw_fastrtps_cpp's server checks for its client's reply reader before it answers ({@code check_for_subscription}
 * in {@code __rmw_send_response}), a reply goes out once the reply writer has matched a reader of the requesting
 * participant (the GUID prefix of the request's writer) for {@link #SETTLE_NANOS}: at once where it has, else on a
 * timer thread, so that the requests behind it are not held up. A reply whose client is not matched within
 * {@link #PENDING_NANOS} is dropped.</p>
 */
final class IhmcServiceServer implements ServiceServer {
    private static final Logger LOG = LoggerFactory.getLogger(IhmcServiceServer.class);
    /** How long a reply waits for the client's reply reader to be matched. */
    static final long PENDING_NANOS = 30_000_000_000L;
    /** How long the client's reply reader must have been matched before a reply goes to it. */
    static final long SETTLE_NANOS = 1_000_000_000L;

    /** A reply waiting for its client's reader; {@code writer} is the GUID of the client's request writer. */
    private record Pending(byte[] writer, byte[] reply, long deadlineNanos) {
    }

    private final String service;
    private final ServiceHandler handler;
    private final IhmcPublisher replies;
    private final AtomicLong unanswered = new AtomicLong();
    private volatile IhmcSubscription requests;
    private volatile boolean warnedFastDds;
    /** replies waiting for their client's reader, oldest first; under {@code this} */
    private final List<Pending> pending = new ArrayList<>();
    private final ScheduledExecutorService timer;

    IhmcServiceServer(String service, ServiceHandler handler, IhmcPublisher replies) {
        this.service = service;
        this.handler = handler;
        this.replies = replies;
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gpuvo-service-replies " + service);
            t.setDaemon(true);
            return t;
        });
        replies.onReaderMatched(reader -> {
            try {
                timer.schedule(() -> sendPending(reader), SETTLE_NANOS, TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException e) {
                // closed: nothing is sent any more
            }
        });
    }

    void attach(IhmcSubscription requests) {
        this.requests = requests;
    }

    @Override
    public String service() {
        return service;
    }

    @Override
    public byte[] requestReaderGid() {
        IhmcSubscription r = requests;
        return r == null ? new byte[0] : r.gid();
    }

    @Override
    public byte[] replyWriterGid() {
        return replies.gid();
    }

    @Override
    public long unanswered() {
        return unanswered.get();
    }

    void onRequest(ReceivedMessage message, SampleInfo info) {
        byte[] payload = message.data();
        if (isKnown(DdsNames.gid(info.getRelatedSampleIdentity().getGuid()))) {
            handler.answer(payload);
            unanswered.incrementAndGet();
            if (!warnedFastDds) {
                warnedFastDds = true;
                LOG.warn("{}: a request from an rmw_fastrtps_cpp client was carried out, but it cannot be answered "
                        + "(the reply would need the request's identity, which this transport cannot attach)", service);
            }
            return;
        }
        RequestHeader header = RequestHeader.of(payload);
        byte[] answer = header == null ? null : handler.answer(RequestHeader.body(payload));
        if (answer == null) {
            unanswered.incrementAndGet();
            return;
        }
        byte[] writer = DdsNames.gid(info.getSampleIdentity().getGuid());
        byte[] reply = header.reply(answer);
        synchronized (this) {
            OptionalLong since = replies.readerOfMatchedSince(writer);
            if (since.isEmpty()) {
                pending.add(new Pending(writer, reply, System.nanoTime() + PENDING_NANOS));
                return;
            }
            long wait = SETTLE_NANOS - (System.nanoTime() - since.getAsLong());
            if (wait > 0) {
                try {
                    timer.schedule(() -> send(reply), wait, TimeUnit.NANOSECONDS);
                } catch (RejectedExecutionException e) {
                    unanswered.incrementAndGet(); // closed
                }
                return;
            }
        }
        send(reply);
    }

    /** Sends the replies waiting for the participant of a reader just matched; drops those waiting too long. */
    private void sendPending(byte[] reader) {
        List<byte[]> ready = new ArrayList<>();
        synchronized (this) {
            long now = System.nanoTime();
            for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
                Pending p = it.next();
                if (MatchCounter.sameParticipant(p.writer(), reader)) {
                    ready.add(p.reply());
                    it.remove();
                } else if (now - p.deadlineNanos() > 0) {
                    LOG.debug("{}: a reply whose client's reader never matched is dropped", service);
                    it.remove();
                }
            }
        }
        ready.forEach(this::send);
    }

    private void send(byte[] reply) {
        try {
            replies.publish(reply);
        } catch (RuntimeException e) {
            LOG.warn("{}: a reply could not be sent: {}", service, e.toString());
        }
    }

    private static boolean isKnown(byte[] guid) {
        for (byte b : guid)
            if (b != 0)
                return true;
        return false;
    }

    @Override
    public void close() {
        timer.shutdownNow();
        IhmcSubscription r = requests;
        if (r != null)
            r.close();
        replies.close();
    }
}
