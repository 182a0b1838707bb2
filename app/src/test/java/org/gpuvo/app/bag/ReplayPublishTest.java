package org.gpuvo.app.bag;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Clock;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.replay.BagPublisher;
import org.gpuvo.ros.replay.ReplayTopics;
import org.gpuvo.ros.transport.ihmc.FastDdsUnavailableException;
import org.gpuvo.ros.transport.ihmc.IhmcTransport;
import org.gpuvo.ros.transport.ihmc.IhmcTransportConfig;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code gpuvo replay --publish}: KITTI 06 0–50 written by {@code gpuvo bag-from}, played over the in-memory
 * transport ({@link BagPublisher}) and, through the command line, over Fast DDS on 127.0.0.1 to a subscriber in
 * this JVM.
 */
class ReplayPublishTest {
    private static final String IMAGE = "/camera/image_raw", INFO = "/camera/camera_info";
    private static final int FRAMES = 51;

    @TempDir
    Path dir;

    private Path kittiBag() {
        Path kitti = SharedData.require("kitti-06-0050");
        Path bag = dir.resolve("kitti-bag");
        CliRun written = CliRun.run("bag-from", kitti.toString(), bag.toString(), "-q");
        assertThat(written.exitCode()).as(written.err()).isZero();
        return bag;
    }

    private static List<BagMessage> messages(BagReader bag, Set<String> topics) throws Exception {
        List<BagMessage> all = new ArrayList<>();
        try (MessageCursor cursor = bag.messages(topics)) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                all.add(m);
        }
        return all;
    }

    private static long clockNs(ReceivedMessage m) {
        return MessageCodecs.of(Clock.class).decode(m.data()).clock().toNanos();
    }

    /**
     * Every camera message of the bag arrives byte-identical and in the bag's order; /clock never decreases, and the
     * clock last published before each message is that message's log time.
     */
    @Test
    void everyCameraMessageArrivesByteIdenticalInOrderAfterItsClock() throws Exception {
        Path path = kittiBag();
        try (BagReader bag = Bags.open(path); InMemoryTransport transport = new InMemoryTransport()) {
            Set<String> topics = BagPublisher.cameraTopics(
                    ReplayTopics.choose(bag.topics(), null, List.of(), null, ""));
            assertThat(topics).containsExactly(IMAGE, INFO);
            List<ReceivedMessage> got = Collections.synchronizedList(new ArrayList<>());
            transport.subscribe(IMAGE, Image.TYPE, QosProfile.SENSOR_DATA, got::add);
            transport.subscribe(INFO, CameraInfo.TYPE, QosProfile.SENSOR_DATA, got::add);
            transport.subscribe(BagPublisher.CLOCK_TOPIC, Clock.TYPE, BagPublisher.CLOCK_QOS, got::add);
            BagPublisher.Summary summary;
            try (BagPublisher publisher = BagPublisher.advertise(bag, topics, transport,
                    BagPublisher.Options.atRate(1000))) {
                assertThat(publisher.messagesToPublish()).isEqualTo(2 * FRAMES);
                summary = publisher.play(null);
            }
            assertThat(summary.completed()).isTrue();
            assertThat(summary.messagesByTopic()).containsEntry(IMAGE, (long) FRAMES)
                    .containsEntry(INFO, (long) FRAMES);
            assertThat(summary.failed()).isZero();

            List<BagMessage> expected = messages(bag, topics);
            List<ReceivedMessage> camera = new ArrayList<>();
            long clock = Long.MIN_VALUE;
            int clocks = 0;
            for (ReceivedMessage m : got) {
                if (m.topic().equals(BagPublisher.CLOCK_TOPIC)) {
                    assertThat(clockNs(m)).isGreaterThanOrEqualTo(clock);
                    clock = clockNs(m);
                    clocks++;
                    continue;
                }
                BagMessage recorded = expected.get(camera.size());
                assertThat(m.topic()).isEqualTo(recorded.topic().name());
                assertThat(m.data()).isEqualTo(recorded.data());
                assertThat(clock).as("clock before message %d", camera.size()).isEqualTo(recorded.timeNs());
                camera.add(m);
            }
            assertThat(camera).hasSize(2 * FRAMES);
            assertThat(clocks).isEqualTo(summary.clockMessages());
        }
    }

    /**
     * At 50× the 5 s of images take at least 0.1 s, and no image arrives before its log time allows: its arrival,
     * counted from before the play began, is at least its log time minus the first image's, over 50. (Lower bounds
     * only: a loaded machine may be late, never early.)
     */
    @Test
    void pacingAtFiftyTimesRealTimeIsNeverEarly() throws Exception {
        Path path = kittiBag();
        double rate = 50;
        try (BagReader bag = Bags.open(path); InMemoryTransport transport = new InMemoryTransport()) {
            List<ReceivedMessage> got = Collections.synchronizedList(new ArrayList<>());
            transport.subscribe(IMAGE, Image.TYPE, QosProfile.SENSOR_DATA, got::add);
            long start = System.nanoTime();
            BagPublisher.Summary summary;
            try (BagPublisher publisher = BagPublisher.advertise(bag, Set.of(IMAGE), transport,
                    BagPublisher.Options.atRate(rate))) {
                summary = publisher.play(null);
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            List<BagMessage> images = messages(bag, Set.of(IMAGE));
            assertThat(got).hasSize(FRAMES);
            double bagSeconds = (images.get(FRAMES - 1).timeNs() - images.get(0).timeNs()) / 1e9;
            assertThat(bagSeconds).isGreaterThan(4.9);
            assertThat(summary.bagSeconds()).isEqualTo(bagSeconds);
            assertThat(elapsed).isGreaterThanOrEqualTo(bagSeconds / rate);
            assertThat(summary.wallSeconds()).isGreaterThanOrEqualTo(bagSeconds / rate);
            for (int i = 1; i < FRAMES; i++) {
                long arrival = got.get(i).receivedNanos() - start;
                long due = (long) ((images.get(i).timeNs() - images.get(0).timeNs()) / rate);
                assertThat(arrival).as("image %d", i).isGreaterThanOrEqualTo(due);
            }
        }
    }

    /** A bag cut in half: the messages before the cut go out as recorded, the damage is counted, the play ends. */
    @Test
    void aTruncatedBagPlaysUpToTheDamageAndCountsIt() throws Exception {
        Path path = kittiBag();
        Path mcap;
        try (Stream<Path> files = Files.list(path)) {
            mcap = files.filter(f -> f.toString().endsWith(".mcap")).findFirst().orElseThrow();
        }
        Path cut = dir.resolve("cut.mcap");
        byte[] bytes = Files.readAllBytes(mcap);
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        Set<String> topics = Set.of(IMAGE, INFO);
        List<BagMessage> intact;
        try (BagReader bag = Bags.open(path)) {
            intact = messages(bag, topics);
        }
        try (BagReader bag = Bags.open(cut); InMemoryTransport transport = new InMemoryTransport()) {
            List<ReceivedMessage> got = Collections.synchronizedList(new ArrayList<>());
            transport.subscribe(IMAGE, Image.TYPE, QosProfile.SENSOR_DATA, got::add);
            transport.subscribe(INFO, CameraInfo.TYPE, QosProfile.SENSOR_DATA, got::add);
            BagPublisher.Summary summary;
            try (BagPublisher publisher = BagPublisher.advertise(bag, topics, transport,
                    BagPublisher.Options.atRate(1000))) {
                summary = publisher.play(null);
            }
            assertThat(summary.completed()).isTrue();
            assertThat(summary.damaged()).isPositive();
            assertThat(summary.messages()).isEqualTo(got.size());
            assertThat(got.size()).isBetween(2, 2 * FRAMES - 2);
            for (int i = 0; i < got.size(); i++) {
                assertThat(got.get(i).topic()).isEqualTo(intact.get(i).topic().name());
                assertThat(got.get(i).data()).as("message %d", i).isEqualTo(intact.get(i).data());
            }
        }
    }

    @Test
    void publishRefusesThePipelineOptionsAndItsOwnNeedIt() throws Exception {
        Path bag = dir.resolve("missing-is-not-reached");
        Files.createDirectories(bag);
        CliRun withOut = CliRun.run("replay", bag.toString(), "--publish", "--out", dir.resolve("o").toString(),
                "--backend", "cpu", "--deterministic", "--local-map-keyframes", "4");
        assertThat(withOut.exitCode()).isEqualTo(2);
        assertThat(withOut.err()).contains("--publish does not run the pipeline", "--out", "--backend",
                "--deterministic", "--local-map-keyframes");
        CliRun withoutPublish = CliRun.run("replay", bag.toString(), "--wait-subscribers", "1", "--no-localhost-only");
        // picocli reports a negated option under its positive name
        assertThat(withoutPublish.exitCode()).isEqualTo(2);
        assertThat(withoutPublish.err()).contains("--wait-subscribers", "--localhost-only", "only with --publish");
        CliRun badRate = CliRun.run("replay", bag.toString(), "--publish", "--rate", "0");
        assertThat(badRate.exitCode()).isEqualTo(2);
        assertThat(badRate.err()).contains("--rate must be positive");
        CliRun badDomain = CliRun.run("replay", bag.toString(), "--publish", "--domain-id", "300");
        assertThat(badDomain.exitCode()).isEqualTo(2);
        assertThat(badDomain.err()).contains("--domain-id 300");
    }

    /** A domain of this process for the Fast DDS tests, as the transport's own tests choose theirs; never 0. */
    private static int domainId() {
        return 20 + (int) (ProcessHandle.current().pid() % 10) * 20 + 12;
    }

    private static IhmcTransport subscriberOrSkip(int domain) {
        try {
            return IhmcTransport.open(IhmcTransportConfig.loopbackOnly(domain, "replay_publish_test"));
        } catch (FastDdsUnavailableException e) {
            Assumptions.abort("Fast DDS cannot run here: " + e.getMessage());
            throw e;
        }
    }

    /**
     * {@code gpuvo replay BAG --publish --rate 5} over Fast DDS on 127.0.0.1: a subscriber in this JVM on the same
     * domain gets every image, byte for byte and in order, and a /clock that never decreases and spans the bag;
     * the command's JSON counts what it published.
     */
    @Test
    void publishOverFastDdsOnLoopbackReachesASubscriber() throws Exception {
        Path path = kittiBag();
        int domain = domainId();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (IhmcTransport subscriber = subscriberOrSkip(domain); BagReader bag = Bags.open(path)) {
            List<ReceivedMessage> images = Collections.synchronizedList(new ArrayList<>());
            List<ReceivedMessage> infos = Collections.synchronizedList(new ArrayList<>());
            List<ReceivedMessage> clocks = Collections.synchronizedList(new ArrayList<>());
            subscriber.subscribe(IMAGE, Image.TYPE, QosProfile.SENSOR_DATA, images::add);
            subscriber.subscribe(INFO, CameraInfo.TYPE, QosProfile.SENSOR_DATA, infos::add);
            subscriber.subscribe(BagPublisher.CLOCK_TOPIC, Clock.TYPE, BagPublisher.CLOCK_QOS, clocks::add);
            CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.run("replay", path.toString(),
                    "--publish", "--rate", "5", "--domain-id", String.valueOf(domain), "--localhost-only",
                    "--wait-subscribers", "1", "--json", "-"), thread);
            CliRun result = run.get(120, TimeUnit.SECONDS);
            assertThat(result.exitCode()).as(result.err()).isZero();
            JsonNode json = JsonOutput.MAPPER.readTree(result.out());
            JsonNode publish = json.path("publish");
            assertThat(publish.path("topics").path(IMAGE).asInt()).isEqualTo(FRAMES);
            assertThat(publish.path("topics").path(INFO).asInt()).isEqualTo(FRAMES);
            assertThat(publish.path("completed").asBoolean()).isTrue();
            assertThat(publish.path("localhost_only").asBoolean()).isTrue();
            assertThat(publish.path("domain_id").asInt()).isEqualTo(domain);
            assertThat(publish.path("wall_s").asDouble()).isGreaterThanOrEqualTo(5.0 / 5);
            assertThat(result.err()).contains("gpuvo replay --publish: " + 2 * FRAMES + " messages");

            // best effort: the last samples may still be on their way when the command returns
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (images.size() < FRAMES && System.nanoTime() < deadline)
                Thread.sleep(20);
            List<BagMessage> recorded = messages(bag, Set.of(IMAGE));
            assertThat(images).hasSize(FRAMES);
            for (int i = 0; i < FRAMES; i++)
                assertThat(images.get(i).data()).as("image %d", i).isEqualTo(recorded.get(i).data());
            assertThat(infos).isNotEmpty();
            List<Long> times = new ArrayList<>();
            synchronized (clocks) {
                clocks.forEach(m -> times.add(clockNs(m)));
            }
            assertThat(times).isNotEmpty().isSorted();
            assertThat(times.get(times.size() - 1)).isEqualTo(recorded.get(FRAMES - 1).timeNs());
            assertThat(times.get(0)).isGreaterThanOrEqualTo(recorded.get(0).timeNs());
        } finally {
            thread.shutdownNow();
        }
    }

    /** Nobody subscribes: after --wait-timeout the command fails, naming the topic, and publishes nothing. */
    @Test
    void waitingForSubscribersThatNeverComeIsAnError() throws Exception {
        Path path = kittiBag();
        int domain = domainId() + 1;
        try (IhmcTransport probe = subscriberOrSkip(domain)) {
            // Fast DDS runs here; the probe subscribes to nothing the command publishes
            assertThat(probe.name()).isEqualTo("ihmc-fastdds");
        }
        CliRun result = CliRun.run("replay", path.toString(), "--publish", "--domain-id", String.valueOf(domain),
                "--localhost-only", "--wait-subscribers", "1", "--wait-timeout", "0.5");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(IMAGE, "0 of the 1 subscriptions", "nothing was published");
    }
}
