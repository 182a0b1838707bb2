package org.gpuvo.ros.replay;

import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.Clock;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.Transport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** {@link BagPublisher} over the in-memory transport, on a small bag of several kinds of topic. */
class BagPublisherTest {
    private static final String IMAGE = "/camera/image_raw", CHATTER = "/chatter", TF_STATIC = "/tf_static";
    private static final long SECOND = 1_000_000_000L;
    /** the bag's own /clock: far from the other messages' times, so that it is told apart from the player's */
    private static final long RECORDED_CLOCK_NS = 999 * SECOND;

    @TempDir
    Path dir;

    /** threads of their own: the common pool may have a single one on a small machine */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    /**
     * Images and chatter every {@code stepNs} from 10 s on ({@code count} of each), two /tf_static messages at the
     * start, and a recorded /clock.
     */
    private Path bag(int count, long stepNs) throws Exception {
        Path path = dir.resolve("bag-" + count + "-" + stepNs);
        try (BagWriter writer = Bags.create(path)) {
            TypedBagWriter out = new TypedBagWriter(writer);
            out.declare(IMAGE, Image.class);
            out.declare(CHATTER, StringMessage.class);
            out.declare(TF_STATIC, TFMessage.class);
            out.declare(BagPublisher.CLOCK_TOPIC, Clock.class);
            long t0 = 10 * SECOND;
            out.write(TF_STATIC, t0, new TFMessage(List.of()));
            out.write(TF_STATIC, t0, new TFMessage(List.of()));
            out.write(BagPublisher.CLOCK_TOPIC, t0, new Clock(Time.ofNanos(RECORDED_CLOCK_NS)));
            for (int i = 0; i < count; i++) {
                long t = t0 + i * stepNs;
                byte[] pixels = {(byte) i, 1, 2, 3};
                out.write(IMAGE, t, new Image(new Header(Time.ofNanos(t), "camera"), 2, 2, "mono8", false, 2, pixels));
                out.write(CHATTER, t, new StringMessage("message " + i));
            }
        }
        return path;
    }

    /** Every message received, in the order of delivery, /clock included. */
    private static List<ReceivedMessage> subscribeAll(Transport transport, BagReader bag) {
        List<ReceivedMessage> got = Collections.synchronizedList(new ArrayList<>());
        for (TopicInfo t : bag.topics()) {
            if (t.name().equals(BagPublisher.CLOCK_TOPIC))
                continue;
            QosProfile qos = BagPublisher.qosFor(t, 1);
            transport.subscribe(t.name(), t.type(), new QosProfile(qos.reliability(), QosProfile.Durability.VOLATILE,
                    qos.depth()), got::add);
        }
        transport.subscribe(BagPublisher.CLOCK_TOPIC, Clock.TYPE, BagPublisher.CLOCK_QOS, got::add);
        return got;
    }

    /** A play on a thread of {@link #threads}. */
    private CompletableFuture<BagPublisher.Summary> playAsync(BagPublisher publisher, BagPublisher.Listener listener) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return publisher.play(listener);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, threads);
    }

    private static long clockNs(ReceivedMessage m) {
        return MessageCodecs.of(Clock.class).decode(m.data()).clock().toNanos();
    }

    @Test
    void qosIsSensorDataForCamerasTransientLocalForTfStaticAndReliableOtherwise() {
        assertThat(BagPublisher.qosFor(TopicInfo.of("/cam/image", "sensor_msgs/msg/Image"), 10))
                .isEqualTo(QosProfile.SENSOR_DATA);
        assertThat(BagPublisher.qosFor(TopicInfo.of("/cam/image/compressed", "sensor_msgs/CompressedImage"), 10))
                .isEqualTo(QosProfile.SENSOR_DATA);
        assertThat(BagPublisher.qosFor(TopicInfo.of("/cam/camera_info", "sensor_msgs/msg/CameraInfo"), 10))
                .isEqualTo(QosProfile.SENSOR_DATA);
        assertThat(BagPublisher.qosFor(TopicInfo.of("/odom", "nav_msgs/msg/Odometry"), 10))
                .isEqualTo(QosProfile.RELIABLE);
        QosProfile tfStatic = BagPublisher.qosFor(TopicInfo.of(TF_STATIC, "tf2_msgs/msg/TFMessage"), 3);
        assertThat(tfStatic.reliability()).isEqualTo(QosProfile.Reliability.RELIABLE);
        assertThat(tfStatic.durability()).isEqualTo(QosProfile.Durability.TRANSIENT_LOCAL);
        assertThat(tfStatic.depth()).isEqualTo(3);
        assertThat(BagPublisher.qosFor(TopicInfo.of(TF_STATIC, "tf2_msgs/msg/TFMessage"), 0).depth()).isEqualTo(1);
        assertThat(BagPublisher.qosFor(TopicInfo.of(TF_STATIC, "tf2_msgs/msg/TFMessage"), 1 << 20).depth())
                .isEqualTo(BagPublisher.MAX_KEPT);
        assertThat(BagPublisher.CLOCK_QOS).isEqualTo(new QosProfile(QosProfile.Reliability.BEST_EFFORT,
                QosProfile.Durability.VOLATILE, 1));
    }

    @Test
    void badOptionsAndTopicsAreRefusedWithTheReason() throws Exception {
        assertThatThrownBy(() -> BagPublisher.Options.atRate(0)).hasMessageContaining("rate");
        assertThatThrownBy(() -> BagPublisher.Options.atRate(Double.NaN)).hasMessageContaining("rate");
        assertThatThrownBy(() -> new BagPublisher.Options(1, -1, 0)).hasMessageContaining("clock");
        assertThatThrownBy(() -> new BagPublisher.Options(1, 40, Double.POSITIVE_INFINITY)).hasMessageContaining("delay");
        Path path = bag(2, SECOND);
        try (BagReader bag = Bags.open(path); InMemoryTransport transport = new InMemoryTransport()) {
            BagPublisher.Options options = BagPublisher.Options.atRate(1);
            assertThatThrownBy(() -> BagPublisher.advertise(bag, Set.of("/nowhere"), transport, options))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("/nowhere is not in the bag").hasMessageContaining(IMAGE);
            assertThatThrownBy(() -> BagPublisher.advertise(bag, Set.of(BagPublisher.CLOCK_TOPIC), transport, options))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/clock");
            assertThatThrownBy(() -> BagPublisher.advertise(bag, Set.of(), transport, options))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no topics");
            assertThat(BagPublisher.withAllTopics(Set.of(IMAGE), bag)).containsExactly(IMAGE, CHATTER, TF_STATIC);
        }
    }

    /**
     * All topics: each in time order, byte for byte; the bag's own /clock is not replayed (the player's is); a late
     * transient-local subscription to /tf_static gets both of the bag's static transforms.
     */
    @Test
    void allTopicsArriveWithTheirBytesAndTfStaticStaysForLateSubscribers() throws Exception {
        Path path = bag(5, SECOND / 10);
        try (BagReader bag = Bags.open(path); InMemoryTransport transport = new InMemoryTransport()) {
            List<ReceivedMessage> got = subscribeAll(transport, bag);
            Set<String> topics = BagPublisher.withAllTopics(Set.of(IMAGE), bag);
            try (BagPublisher publisher = BagPublisher.advertise(bag, topics, transport,
                    new BagPublisher.Options(1000, 0, 0))) {
                assertThat(publisher.messagesToPublish()).isEqualTo(12);
                BagPublisher.Summary summary = publisher.play(null);
                assertThat(summary.completed()).isTrue();
                assertThat(summary.messagesByTopic()).containsExactly(Map.entry(IMAGE, 5L), Map.entry(CHATTER, 5L),
                        Map.entry(TF_STATIC, 2L));
                assertThat(summary.clockMessages()).isEqualTo(12);
                assertThat(summary.bagSeconds()).isEqualTo(0.4, within(1e-9));

                List<byte[]> expected = new ArrayList<>();
                try (MessageCursor cursor = bag.messages(topics)) {
                    for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                        expected.add(m.data());
                }
                List<byte[]> published = got.stream().filter(m -> !m.topic().equals(BagPublisher.CLOCK_TOPIC))
                        .map(ReceivedMessage::data).toList();
                assertThat(published).hasSize(12);
                for (int i = 0; i < expected.size(); i++)
                    assertThat(published.get(i)).as("message %d", i).isEqualTo(expected.get(i));
                assertThat(got.stream().filter(m -> m.topic().equals(BagPublisher.CLOCK_TOPIC))
                        .mapToLong(BagPublisherTest::clockNs)).doesNotContain(RECORDED_CLOCK_NS);

                List<ReceivedMessage> late = new ArrayList<>();
                transport.subscribe(TF_STATIC, TFMessage.TYPE, new QosProfile(QosProfile.Reliability.RELIABLE,
                        QosProfile.Durability.TRANSIENT_LOCAL, 10), late::add);
                assertThat(late).hasSize(2);
            }
        }
    }

    /**
     * At the recorded speed with messages 50 ms apart and /clock at 200 Hz, ticks come between the messages: each
     * below the next message's time, never decreasing, and the tick before each message is its log time.
     */
    @Test
    void clockTicksBetweenMessagesWithoutRunningAhead() throws Exception {
        Path path = bag(6, SECOND / 20);
        try (BagReader bag = Bags.open(path); InMemoryTransport transport = new InMemoryTransport()) {
            List<ReceivedMessage> got = subscribeAll(transport, bag);
            try (BagPublisher publisher = BagPublisher.advertise(bag, Set.of(IMAGE), transport,
                    new BagPublisher.Options(1, 200, 0))) {
                BagPublisher.Summary summary = publisher.play(null);
                assertThat(summary.messagesByTopic()).containsEntry(IMAGE, 6L);
                // 250 ms at 5 ms a tick: many ticks; at least one is all that a loaded machine must manage
                assertThat(summary.clockMessages()).isGreaterThan(6);
            }
            long lastClock = Long.MIN_VALUE;
            int between = 0;
            List<Long> imageTimes = new ArrayList<>();
            for (int i = 0; i < 6; i++)
                imageTimes.add(10 * SECOND + i * SECOND / 20);
            int images = 0;
            for (ReceivedMessage m : got) {
                if (m.topic().equals(BagPublisher.CLOCK_TOPIC)) {
                    long t = clockNs(m);
                    assertThat(t).isGreaterThanOrEqualTo(lastClock);
                    if (images < 6)
                        assertThat(t).isLessThanOrEqualTo(imageTimes.get(images));
                    if (images > 0 && images < 6 && t > imageTimes.get(images - 1) && t < imageTimes.get(images))
                        between++;
                    lastClock = t;
                } else {
                    assertThat(lastClock).isEqualTo(imageTimes.get(images));
                    images++;
                }
            }
            assertThat(images).isEqualTo(6);
            assertThat(between).isPositive();
        }
    }

    /** A message the transport refuses is counted, and the rest of the bag still goes out. */
    @Test
    void refusedMessagesAreCountedAndThePlayGoesOn() throws Exception {
        Path path = bag(4, SECOND / 100);
        try (BagReader bag = Bags.open(path); CountingTransport refusingImages = new CountingTransport(IMAGE)) {
            List<ReceivedMessage> got = subscribeAll(refusingImages, bag);
            try (BagPublisher publisher = BagPublisher.advertise(bag, Set.of(IMAGE, CHATTER), refusingImages,
                    new BagPublisher.Options(100, 0, 0))) {
                BagPublisher.Summary summary = publisher.play(null);
                assertThat(summary.failed()).isEqualTo(4);
                assertThat(summary.firstFailure()).contains(IMAGE, "too long");
                assertThat(summary.messagesByTopic()).containsEntry(IMAGE, 0L).containsEntry(CHATTER, 4L);
                assertThat(summary.completed()).isTrue();
            }
            assertThat(got.stream().filter(m -> m.topic().equals(CHATTER))).hasSize(4);
        }
    }

    /**
     * {@link BagPublisher#stop} from another thread, or an interrupt of the playing thread, ends a long wait for the
     * next message at once; the playing thread has its interrupt status after an interrupt, and only then.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void stopOrInterruptEndsAPlayWaitingForItsNextMessage(boolean interrupt) throws Exception {
        Path path = bag(3, 1000 * SECOND);
        try (BagReader bag = Bags.open(path); InMemoryTransport transport = new InMemoryTransport();
             BagPublisher publisher = BagPublisher.advertise(bag, Set.of(IMAGE), transport,
                     BagPublisher.Options.atRate(1))) {
            CountDownLatch first = new CountDownLatch(1);
            AtomicBoolean interruptKept = new AtomicBoolean();
            CompletableFuture<BagPublisher.Summary> result = new CompletableFuture<>();
            Thread player = new Thread(() -> {
                try {
                    result.complete(publisher.play((m, n) -> first.countDown()));
                    interruptKept.set(Thread.currentThread().isInterrupted());
                } catch (Exception e) {
                    result.completeExceptionally(e);
                }
            });
            player.start();
            assertThat(first.await(30, TimeUnit.SECONDS)).isTrue();
            if (interrupt)
                player.interrupt();
            else
                publisher.stop();
            // a liveness guard, not a timing: the next message is 1000 s away
            player.join(30_000);
            assertThat(player.isAlive()).isFalse();
            BagPublisher.Summary summary = result.get();
            assertThat(summary.completed()).isFalse();
            assertThat(summary.messagesByTopic()).containsEntry(IMAGE, 1L);
            assertThat(summary.messages()).isEqualTo(1);
            assertThat(interruptKept.get()).isEqualTo(interrupt);
            assertThat(publisher.stopped()).isTrue();
        }
    }

    /**
     * The wait for subscribers: it sees a matched subscription, gives up after its timeout with the count seen, and
     * ends at a stop from another thread; a topic not played is an error.
     */
    @Test
    void awaitSubscribersSeesMatchesTimesOutAndEndsAtAStop() throws Exception {
        Path path = bag(2, SECOND);
        try (BagReader bag = Bags.open(path); InMemoryTransport transport = new InMemoryTransport();
             BagPublisher publisher = BagPublisher.advertise(bag, Set.of(IMAGE, CHATTER), transport,
                     BagPublisher.Options.atRate(1))) {
            transport.subscribe(IMAGE, Image.TYPE, QosProfile.SENSOR_DATA, m -> { });
            // a reliable subscription does not match the best-effort images, as with a camera driver
            transport.subscribe(IMAGE, Image.TYPE, QosProfile.RELIABLE, m -> { });
            assertThat(publisher.awaitSubscribers(IMAGE, 1, Duration.ofSeconds(30))).isEqualTo(1);
            assertThat(publisher.awaitSubscribers(IMAGE, 2, Duration.ofMillis(100))).isEqualTo(1);
            assertThat(publisher.awaitSubscribers(CHATTER, 1, Duration.ofMillis(100))).isZero();
            assertThatThrownBy(() -> publisher.awaitSubscribers("/other", 1, Duration.ZERO))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/other");
            CompletableFuture<Integer> waiting = CompletableFuture.supplyAsync(
                    () -> publisher.awaitSubscribers(CHATTER, 1, Duration.ofSeconds(1000)), threads);
            Thread.sleep(50);
            publisher.stop();
            // a liveness guard: the timeout is 1000 s
            assertThat(waiting.get(30, TimeUnit.SECONDS)).isZero();
            assertThat(publisher.stopped()).isTrue();
        }
    }

    /**
     * {@link BagPublisher#close} from another thread stops the play, waits for it to return (here: for its listener,
     * which holds the play up), and only then closes the publishers.
     */
    @Test
    void closeStopsThePlayAndClosesThePublishersAfterIt() throws Exception {
        Path path = bag(3, 1000 * SECOND);
        try (BagReader bag = Bags.open(path); CountingTransport transport = new CountingTransport(null)) {
            BagPublisher publisher = BagPublisher.advertise(bag, Set.of(IMAGE), transport, BagPublisher.Options.atRate(1));
            assertThat(transport.openPublishers()).isEqualTo(2);
            CountDownLatch first = new CountDownLatch(1), release = new CountDownLatch(1);
            CompletableFuture<BagPublisher.Summary> play = playAsync(publisher, (m, n) -> {
                first.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertThat(first.await(30, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Void> closing = CompletableFuture.runAsync(publisher::close, threads);
            Thread.sleep(200);
            assertThat(closing).isNotDone();
            assertThat(transport.openPublishers()).isEqualTo(2);
            release.countDown();
            closing.get(30, TimeUnit.SECONDS);
            assertThat(transport.openPublishers()).isZero();
            BagPublisher.Summary summary = play.get(30, TimeUnit.SECONDS);
            assertThat(summary.completed()).isFalse();
            assertThat(summary.messages()).isEqualTo(1);
            assertThatThrownBy(() -> publisher.play(null)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
        }
    }
}
