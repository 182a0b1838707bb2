package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Int32Message;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.QosProfile.Durability;
import org.gpuvo.ros.node.transport.QosProfile.Reliability;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.Subscription;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Publishes and receives through two Fast DDS participants of this JVM, over UDP on 127.0.0.1. Each test uses topics
 * of its own, so that the tests share the two participants.
 */
class IhmcTransportTest {
    private static final MessageCodec<StringMessage> STRING = MessageCodecs.of(StringMessage.class);
    private static final MessageCodec<Image> IMAGE = MessageCodecs.of(Image.class);
    private static final MessageCodec<Int32Message> INT32 = MessageCodecs.of(Int32Message.class);
    private static final QosProfile BEST_EFFORT = new QosProfile(Reliability.BEST_EFFORT, Durability.VOLATILE, 5);

    private static LoopbackPeers peers;

    @BeforeAll
    static void openPeers() {
        peers = LoopbackPeers.open(0);
    }

    @AfterAll
    static void closePeers() {
        if (peers != null)
            peers.close();
    }

    @Test
    void aStringArrivesByteForByteOnItsTopic() throws InterruptedException {
        Inbox inbox = new Inbox();
        try (Subscription sub = peers.subscribing.subscribe("/chatter", StringMessage.TYPE, QosProfile.RELIABLE, inbox);
             RawPublisher pub = peers.publishing.advertise("/chatter", StringMessage.TYPE, QosProfile.RELIABLE)) {
            Inbox.awaitMatched(pub, 1);
            byte[] sent = STRING.encode(new StringMessage("hello from gpuvo"));
            // 25 bytes: RTPS carries whole words, so this also checks that the padding is taken off again
            assertThat(sent.length % 4).isNotZero();
            pub.publish(sent);
            ReceivedMessage got = inbox.next(Inbox.PATIENCE);

            assertThat(got).as("message on /chatter").isNotNull();
            assertThat(got.topic()).isEqualTo("/chatter");
            assertThat(got.data()).isEqualTo(sent);
            assertThat(STRING.decode(got.data()).data()).isEqualTo("hello from gpuvo");
            assertThat(sub.topic()).isEqualTo("/chatter");
        }
    }

    /** A writer that pads its message and counts the padding (DDS-XTypes 1.3): the reader gets it unpadded. */
    @Test
    void paddingCountedInTheHeaderIsRemovedOnArrival() throws InterruptedException {
        byte[] message = STRING.encode(new StringMessage("five!"));
        assertThat(message.length % 4).isNotZero();
        byte[] padded = Arrays.copyOf(message, message.length + 3 & ~3);
        padded[3] = (byte) (padded.length - message.length);
        Inbox inbox = new Inbox();
        try (Subscription sub = peers.subscribing.subscribe("/padded", StringMessage.TYPE, QosProfile.RELIABLE, inbox);
             RawPublisher pub = peers.publishing.advertise("/padded", StringMessage.TYPE, QosProfile.RELIABLE)) {
            Inbox.awaitMatched(pub, 1);
            pub.publish(padded);
            ReceivedMessage got = inbox.next(Inbox.PATIENCE);
            assertThat(got).isNotNull();
            assertThat(got.data()).isEqualTo(message);
        }
    }

    @Test
    void aMono8FrameOf1280x720ArrivesByteForByte() throws InterruptedException {
        byte[] sent = IMAGE.encode(mono8Frame(1280, 720, 7));
        assertThat(sent.length).isGreaterThan(1280 * 720);
        for (QosProfile qos : List.of(QosProfile.RELIABLE, QosProfile.SENSOR_DATA)) {
            String topic = "/camera_" + qos.reliability().name().toLowerCase() + "/image_raw";
            Inbox inbox = new Inbox();
            try (Subscription sub = peers.subscribing.subscribe(topic, Image.TYPE, qos, inbox);
                 RawPublisher pub = peers.publishing.advertise(topic, Image.TYPE, qos)) {
                Inbox.awaitMatched(pub, 1);
                // best effort gives no promise for one frame: send until one arrives, as a camera would
                ReceivedMessage got = null;
                for (int attempt = 0; attempt < 20 && got == null; attempt++) {
                    pub.publish(sent);
                    got = inbox.next(Duration.ofMillis(500));
                }
                assertThat(got).as("frame on " + topic).isNotNull();
                assertThat(got.data()).as(topic).isEqualTo(sent);
            }
        }
    }

    @Test
    void aReliableBurstArrivesWholeAndInOrder() throws InterruptedException {
        int count = 200;
        QosProfile deep = new QosProfile(Reliability.RELIABLE, Durability.VOLATILE, count);
        Inbox inbox = new Inbox();
        try (Subscription sub = peers.subscribing.subscribe("/burst", Int32Message.TYPE, deep, inbox);
             RawPublisher pub = peers.publishing.advertise("/burst", Int32Message.TYPE, deep)) {
            Inbox.awaitMatched(pub, 1);
            for (int i = 0; i < count; i++)
                pub.publish(INT32.encode(new Int32Message(i)));
            List<ReceivedMessage> got = inbox.take(count);

            assertThat(got).hasSize(count);
            for (int i = 0; i < count; i++)
                assertThat(INT32.decode(got.get(i).data()).data()).isEqualTo(i);
        }
    }

    /** DDS's request-offered rule: a reliable reader does not match a best-effort writer; the other way round does. */
    @Test
    void reliabilityReachesDds() throws InterruptedException {
        Inbox reliableReader = new Inbox();
        Inbox bestEffortReader = new Inbox();
        try (Subscription a = peers.subscribing.subscribe("/offered_best_effort", StringMessage.TYPE,
                QosProfile.RELIABLE, reliableReader);
             Subscription b = peers.subscribing.subscribe("/offered_reliable", StringMessage.TYPE, BEST_EFFORT,
                     bestEffortReader);
             RawPublisher bestEffortWriter = peers.publishing.advertise("/offered_best_effort", StringMessage.TYPE,
                     BEST_EFFORT);
             RawPublisher reliableWriter = peers.publishing.advertise("/offered_reliable", StringMessage.TYPE,
                     QosProfile.RELIABLE)) {
            Inbox.awaitMatched(reliableWriter, 1);
            byte[] message = STRING.encode(new StringMessage("x"));
            ReceivedMessage got = null;
            for (int attempt = 0; attempt < 20 && got == null; attempt++) {
                reliableWriter.publish(message);
                bestEffortWriter.publish(message);
                got = bestEffortReader.next(Duration.ofMillis(200));
            }
            assertThat(got).as("best-effort reader of a reliable writer").isNotNull();
            assertThat(bestEffortWriter.matchedSubscriptions()).isZero();
            assertThat(reliableReader.size()).as("reliable reader of a best-effort writer").isZero();
        }
    }

    @Test
    void aLateTransientLocalSubscriberGetsTheLastMessage() throws InterruptedException {
        try (RawPublisher pub = peers.publishing.advertise("/tf_static", StringMessage.TYPE,
                QosProfile.TRANSIENT_LOCAL)) {
            pub.publish(STRING.encode(new StringMessage("first")));
            pub.publish(STRING.encode(new StringMessage("last")));
            Inbox late = new Inbox();
            Inbox lateVolatile = new Inbox();
            try (Subscription sub = peers.subscribing.subscribe("/tf_static", StringMessage.TYPE,
                    QosProfile.TRANSIENT_LOCAL, late);
                 Subscription volatileSub = peers.subscribing.subscribe("/tf_static", StringMessage.TYPE,
                         QosProfile.RELIABLE, lateVolatile)) {
                ReceivedMessage got = late.next(Inbox.PATIENCE);
                assertThat(got).as("the stored message").isNotNull();
                assertThat(STRING.decode(got.data()).data()).isEqualTo("last");
                Inbox.awaitMatched(pub, 2);
                // depth 1 keeps only the last; a volatile reader gets nothing from before it joined
                assertThat(late.next(Duration.ofMillis(500))).isNull();
                assertThat(lateVolatile.size()).isZero();
            }
        }
    }

    @Test
    void severalTopicsAtOnceKeepTheirOwnMessages() throws Exception {
        int topics = 4;
        int perTopic = 50;
        QosProfile deep = new QosProfile(Reliability.RELIABLE, Durability.VOLATILE, perTopic);
        List<Inbox> inboxes = new ArrayList<>();
        List<Subscription> subs = new ArrayList<>();
        List<RawPublisher> pubs = new ArrayList<>();
        ExecutorService senders = Executors.newFixedThreadPool(topics);
        try {
            for (int t = 0; t < topics; t++) {
                Inbox inbox = new Inbox();
                inboxes.add(inbox);
                String type = t % 2 == 0 ? Int32Message.TYPE : Image.TYPE;
                subs.add(peers.subscribing.subscribe("/many/topic_" + t, type, deep, inbox));
                pubs.add(peers.publishing.advertise("/many/topic_" + t, type, deep));
            }
            for (RawPublisher pub : pubs)
                Inbox.awaitMatched(pub, 1);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> sending = new ArrayList<>();
            for (int t = 0; t < topics; t++) {
                int topic = t;
                sending.add(senders.submit(() -> {
                    start.await();
                    for (int i = 0; i < perTopic; i++)
                        pubs.get(topic).publish(message(topic, i));
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : sending)
                f.get(Inbox.PATIENCE.toSeconds(), TimeUnit.SECONDS);
            for (int t = 0; t < topics; t++) {
                List<ReceivedMessage> got = inboxes.get(t).take(perTopic);
                assertThat(got).as("topic " + t).hasSize(perTopic);
                for (int i = 0; i < perTopic; i++) {
                    assertThat(got.get(i).topic()).isEqualTo("/many/topic_" + t);
                    assertThat(got.get(i).data()).as("topic %d message %d", t, i).isEqualTo(message(t, i));
                }
            }
        } finally {
            senders.shutdownNow();
            subs.forEach(Subscription::close);
            pubs.forEach(RawPublisher::close);
        }
    }

    @Test
    void matchedSubscriptionsFollowReadersComingAndGoing() throws InterruptedException {
        try (RawPublisher pub = peers.publishing.advertise("/matched", StringMessage.TYPE, QosProfile.RELIABLE)) {
            assertThat(pub.matchedSubscriptions()).isZero();
            Subscription first = peers.subscribing.subscribe("/matched", StringMessage.TYPE, QosProfile.RELIABLE,
                    new Inbox());
            Subscription second = peers.subscribing.subscribe("/matched", StringMessage.TYPE, QosProfile.RELIABLE,
                    new Inbox());
            Inbox.awaitMatched(pub, 2);
            first.close();
            Inbox.awaitMatched(pub, 1);
            second.close();
            Inbox.awaitMatched(pub, 0);
        }
    }

    @Test
    void aClosedSubscriptionGetsNoMoreMessages() throws InterruptedException {
        Inbox inbox = new Inbox();
        try (RawPublisher pub = peers.publishing.advertise("/closing", StringMessage.TYPE, QosProfile.RELIABLE)) {
            Subscription sub = peers.subscribing.subscribe("/closing", StringMessage.TYPE, QosProfile.RELIABLE, inbox);
            Inbox.awaitMatched(pub, 1);
            pub.publish(STRING.encode(new StringMessage("before")));
            assertThat(inbox.next(Inbox.PATIENCE)).isNotNull();
            sub.close();
            sub.close();
            pub.publish(STRING.encode(new StringMessage("after")));
            assertThat(inbox.next(Duration.ofMillis(500))).isNull();
        }
    }

    @Test
    void aCallbackThatThrowsDoesNotStopTheSubscription() throws InterruptedException {
        Inbox inbox = new Inbox();
        int[] calls = {0};
        try (IhmcSubscription sub = (IhmcSubscription) peers.subscribing.subscribe("/throwing", Int32Message.TYPE,
                QosProfile.RELIABLE, m -> {
                    if (calls[0]++ == 0)
                        throw new IllegalStateException("the first message upsets the callback");
                    inbox.accept(m);
                });
             RawPublisher pub = peers.publishing.advertise("/throwing", Int32Message.TYPE, QosProfile.RELIABLE)) {
            Inbox.awaitMatched(pub, 1);
            pub.publish(INT32.encode(new Int32Message(1)));
            pub.publish(INT32.encode(new Int32Message(2)));
            ReceivedMessage got = inbox.next(Inbox.PATIENCE);
            assertThat(got).isNotNull();
            assertThat(INT32.decode(got.data()).data()).isEqualTo(2);
            assertThat(sub.callbackFailureCount()).isEqualTo(1);
        }
    }

    @Test
    void publishingRejectsMessagesItCannotCarry() {
        try (RawPublisher pub = peers.publishing.advertise("/limits", StringMessage.TYPE, QosProfile.RELIABLE)) {
            int limit = peers.publishing.config().maxMessageBytes(StringMessage.TYPE);
            assertThatThrownBy(() -> pub.publish(new byte[limit + 1]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("/limits").hasMessageContaining(String.valueOf(limit));
            assertThatThrownBy(() -> pub.publish(new byte[3]))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("header");
            pub.close();
            assertThatThrownBy(() -> pub.publish(STRING.encode(new StringMessage("late"))))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
        }
    }

    @Test
    void badNamesAreRefusedBeforeFastDdsSeesThem() {
        assertThatThrownBy(() -> peers.publishing.advertise("chatter", StringMessage.TYPE, QosProfile.RELIABLE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be absolute");
        assertThatThrownBy(() -> peers.publishing.advertise("/chatter", "std_msgs/srv/Trigger", QosProfile.RELIABLE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("package/msg/Type");
    }

    static Image mono8Frame(int width, int height, long seed) {
        byte[] pixels = new byte[width * height];
        new Random(seed).nextBytes(pixels);
        return new Image(new Header(new Time(1_700_000_000, 123_456_789), "camera"), height, width, "mono8", false,
                width, pixels);
    }

    private static byte[] message(int topic, int index) {
        if (topic % 2 == 0)
            return INT32.encode(new Int32Message(topic * 1000 + index));
        return IMAGE.encode(mono8Frame(64 + index, 48, topic * 1000L + index));
    }
}
