package org.gpuvo.tests.dds;

import org.gpuvo.odometry.synthetic.ConfigSynthetic;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Latency of gpuvo's ROS 2 node between Cyclone DDS peers on loopback: {@code gpuvo_camera} publishes a mono
 * sequence at a fixed rate, the node ({@code org.gpuvo.ros.node.NodeMain} in a JVM of its own, Fast DDS) answers each
 * frame with odometry, {@code gpuvo_consumer} takes the odometry and the node's status. Everything is the node's
 * default (images best effort, a queue of 2 frames that drops the oldest when the pipeline falls behind, live local
 * mapping) except what the options set. Per rate it prints the frames the camera published, the odometry the
 * consumer received, what the node did with the frames (processed, dropped by its queue, left out; from its status,
 * whose {@code dropped} counts the queue's drops), the latency from the camera's image write to the consumer's
 * receipt of that frame's odometry (both on the machine's monotonic clock), and the node's stage medians. The floor
 * of that latency, the same peers with the C stand-in {@code gpuvo_standin_vo} in the node's place (what
 * {@link CycloneLatencyBenchmark} measures), is measured in the same run on the same frames.
 *
 * <pre>
 * NodeLatencyBenchmark [--backend auto|cpu|cuda] [--frames 300] [--rates 30,60] [--deterministic]
 *                      [--sequence room|kitti] [--settle-seconds 1] [--no-stage-log] [--queue-size N]
 * </pre>
 * {@code --queue-size} sets the node's {@code queue_size} parameter (0, the default, leaves the node's default).
 * {@code room}: {@link ConfigSynthetic#room()} rendered at 640×480 at each rate (the rig moves 1 m/s whatever the
 * rate); {@code kitti}: KITTI 06's first frames (at most 51, 1226×370) from the shared data. Besides all frames, the
 * latency is also summed up without the first {@code --settle-seconds} of frames, where the node makes its pipeline
 * and its code is compiled. Percentiles are nearest rank over the frames received.
 *
 * <p>The node logs each frame's steps (its timing logger at debug level, unless {@code --no-stage-log}); with the
 * peers' times they take each frame's latency apart: camera to node (Cyclone to Fast DDS on loopback), waiting in
 * the queue, decoding, the pipeline (front end and host work; for the first frame also making the pipeline),
 * publishing all the frame's outputs, and from the last of them to the consumer's receipt of the odometry (which
 * went out first, so that step can be slightly negative). The log line is written after the frame's outputs are
 * out, so it delays only a frame already waiting.</p>
 *
 * <p>The C peers are built with the system's Cyclone DDS, or taken prebuilt from {@code -Dgpuvo.cyclone.peers=DIR}
 * or {@code GPUVO_CYCLONE_PEERS} (see {@link CycloneToolchain} and {@code tests/scripts/pack-cyclone-peers.sh}).
 * Run from the project root (with prebuilt peers, the tests module's sources are not needed):
 * <pre>
 * mvn -q -o test-compile dependency:build-classpath -pl tests -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * cd tests &amp;&amp; java -cp target/test-classes:$(cat /tmp/cp.txt) org.gpuvo.tests.dds.NodeLatencyBenchmark \
 *     --backend cpu
 * </pre>
 * On a machine with a packed runtime, {@code tests/scripts/node-latency.sh} runs it.
 */
public final class NodeLatencyBenchmark {
    /** The rendered room's frame size. */
    private static final int ROOM_WIDTH = 640, ROOM_HEIGHT = 480;
    private static final Duration STEP = Duration.ofSeconds(60);
    /** How often the node is asked to publish its status: the benchmark waits for one after the last frame. */
    private static final double STATUS_PERIOD_S = 0.5;
    /** How long the node's frame count must stand still, after the camera's end, for its queue to count as done. */
    private static final Duration QUIET = Duration.ofSeconds(2);
    /** The longest wait for that after the camera's end (a long queue before a slow pipeline). */
    private static final Duration DRAIN = Duration.ofSeconds(300);

    private final Options options;

    private NodeLatencyBenchmark(Options options) {
        this.options = options;
    }

    /** What to run. */
    record Options(String backend, int frames, double[] rates, boolean deterministic, String sequence,
                   double settleSeconds, boolean stageLog, int queueSize) {
        static Options parse(String[] args) {
            String backend = "auto", sequence = "room";
            int frames = 300;
            double[] rates = {30, 60};
            boolean deterministic = false, stageLog = true;
            double settle = 1;
            int queueSize = 0;
            for (int i = 0; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--backend" -> backend = oneOf(value, "--backend", "auto", "cpu", "cuda");
                    case "--frames" -> frames = Integer.parseInt(required(value, "--frames"));
                    case "--rates" -> rates = Arrays.stream(required(value, "--rates").split(","))
                            .mapToDouble(Double::parseDouble).toArray();
                    case "--sequence" -> sequence = oneOf(value, "--sequence", "room", "kitti");
                    case "--settle-seconds" -> settle = Double.parseDouble(required(value, "--settle-seconds"));
                    case "--queue-size" -> queueSize = Integer.parseInt(required(value, "--queue-size"));
                    case "--deterministic" -> {
                        deterministic = true;
                        continue;
                    }
                    case "--no-stage-log" -> {
                        stageLog = false;
                        continue;
                    }
                    default -> throw new IllegalArgumentException("unknown argument " + args[i] + "\n" + USAGE);
                }
                i++;
            }
            if (frames < 2 || Arrays.stream(rates).anyMatch(r -> !(r > 0 && r <= 1000)) || !(settle >= 0)
                    || queueSize < 0)
                throw new IllegalArgumentException("frames ≥ 2, rates in (0, 1000] Hz, settle ≥ 0 s and queue size "
                        + "≥ 0, got " + frames + ", " + Arrays.toString(rates) + ", " + settle + ", " + queueSize
                        + "\n" + USAGE);
            return new Options(backend, frames, rates, deterministic, sequence, settle, stageLog, queueSize);
        }

        private static String required(String value, String option) {
            if (value == null)
                throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
            return value;
        }

        private static String oneOf(String value, String option, String... allowed) {
            if (!Arrays.asList(allowed).contains(required(value, option)))
                throw new IllegalArgumentException(option + " takes one of " + String.join(", ", allowed) + ", got "
                        + value);
            return value;
        }
    }

    private static final String USAGE = "usage: NodeLatencyBenchmark [--backend auto|cpu|cuda] [--frames 300] "
            + "[--rates 30,60] [--deterministic] [--sequence room|kitti] [--settle-seconds 1] [--no-stage-log] "
            + "[--queue-size N]";

    public static void main(String[] args) {
        Options options = Options.parse(args);
        try (ScratchDir dir = ScratchDir.create("gpuvo-node-latency")) {
            new NodeLatencyBenchmark(options).measure(dir.path());
        }
    }

    private void measure(Path dir) {
        System.out.printf(Locale.ROOT, "gpuvo node between Cyclone DDS peers on loopback, mono, backend %s, local "
                        + "mapping %s, images best effort; %s; Java %s, %d cores%n",
                options.backend, options.deterministic ? "deterministic" : "live", options.sequence,
                Runtime.version(), Runtime.getRuntime().availableProcessors());
        for (double rate : options.rates) {
            int r = (int) Math.round(rate);
            SequenceFrames frames = frames(dir.resolve("frames-" + r), rate);
            OdometryChain floor;
            try (CyclonePeers peers = CyclonePeers.start(dir.resolve("floor-" + r))) {
                floor = OdometryChain.run(peers, frames, rate, false);
            }
            NodeRun node = runNode(dir.resolve("node-" + r), frames, rate);
            report(rate, frames, node, floor);
        }
    }

    /** The mono frames to publish at {@code rate}. */
    private SequenceFrames frames(Path dir, double rate) {
        if (options.sequence.equals("kitti"))
            return SequenceFrames.kitti(dir, Math.min(options.frames, 51));
        return SequenceFrames.roomMono(dir, ROOM_WIDTH, ROOM_HEIGHT, options.frames, rate);
    }

    /** What one run of the node gave: the peers' output, the node's last status and its log. */
    private record NodeRun(PeerOutput camera, PeerOutput consumer, NodeStatusReport status, String log) {
    }

    private NodeRun runNode(Path dir, SequenceFrames frames, double rate) {
        int n = frames.input().frames().size();
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            // --count 0: it runs until stopped, so that it takes the node's status after the last odometry
            PeerProcess consumer = peers.consumer("--count", "0", "--timeout",
                    Double.toString(120 + 2 * n / rate + DRAIN.toSeconds()), "--status", "status");
            consumer.awaitLine("ready"::equals, STEP);
            List<String> rosArgs = new ArrayList<>(List.of("-r", "image:=/camera/image_raw",
                    "-r", "camera_info:=/camera/camera_info", "-p", "mode:=mono", "-p", "backend:=" + options.backend,
                    "-p", "deterministic:=" + options.deterministic, "-p", "status_period:=" + STATUS_PERIOD_S));
            if (options.queueSize > 0)
                rosArgs.addAll(List.of("-p", "queue_size:=" + options.queueSize));
            if (options.stageLog)
                rosArgs.addAll(List.of("--log-level", "org.gpuvo.ros.node.timing:=debug"));
            try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), rosArgs.toArray(String[]::new))) {
                List<String> args = new ArrayList<>(frames.cameraArguments("camera/image_raw", null));
                // the calibration is out before the stream, as from a driver: frame 0 is not left out for the
                // want of it
                args.addAll(List.of("--rate", Double.toString(rate), "--wait-subscribers", "1", "--wait-timeout", "60",
                        "--info-lead-ms", "500"));
                PeerProcess camera = peers.camera(args.toArray(String[]::new));
                int exit = camera.waitFor(Duration.ofSeconds(90 + (long) (n / rate)));
                if (exit != 0)
                    throw new IllegalStateException("the camera failed (exit " + exit + "): " + camera.describe()
                            + "\nnode:\n" + node.log());
                NodeStatusReport status = settledStatus(consumer, PeerOutput.of(camera).published().size(),
                        System.nanoTime());
                String log = node.log();
                consumer.waitOrStop(Duration.ZERO);
                return new NodeRun(PeerOutput.of(camera), PeerOutput.of(consumer), status, log);
            }
        }
    }

    /**
     * The node's status once it is through with the frames it took: the first status after {@code after} (the
     * camera's end) in which every frame published is processed, dropped or left out, else the first after that sum
     * has stood still for {@link #QUIET} (frames lost before the queue never show up).
     *
     * @throws IllegalStateException when neither comes within {@link #DRAIN}
     */
    private static NodeStatusReport settledStatus(PeerProcess consumer, int published, long after) {
        long[] done = {-1}, changedAt = {after};
        String line = consumer.awaitLine(l -> {
            PeerOutput.ReceivedStatus s = PeerOutput.statusOf(l);
            if (s == null || s.monotonicNs() <= after)
                return false;
            NodeStatusReport r = NodeStatusReport.parse(s.data());
            long accounted = r.processed() + r.dropped() + r.leftOut();
            if (accounted >= published)
                return true;
            if (accounted != done[0]) {
                done[0] = accounted;
                changedAt[0] = s.monotonicNs();
                return false;
            }
            return s.monotonicNs() - changedAt[0] >= QUIET.toNanos();
        }, DRAIN);
        return NodeStatusReport.parse(PeerOutput.statusOf(line).data());
    }

    private void report(double rate, SequenceFrames frames, NodeRun run, OdometryChain floor) {
        NodeStatusReport s = run.status;
        List<CameraInput.Frame> list = frames.input().frames();
        int published = run.camera.published().size();
        int received = run.consumer.odometry().size();
        long unaccounted = published - s.processed() - s.dropped() - s.leftOut();
        System.out.printf(Locale.ROOT, "%n%.0f Hz, %d frames %dx%d: camera published %d, consumer received %d "
                + "odometry%n", rate, list.size(), list.get(0).width(), list.get(0).height(), published, received);
        System.out.printf(Locale.ROOT, "  node (%s): processed %d, dropped by its queue %d (deepest %d of %d), left "
                        + "out %d, never queued %d; tracking lost %d, restarts %d; issues %s%n", s.backend(),
                s.processed(), s.dropped(), s.queueMaxDepth(), s.queueCapacity(), s.leftOut(), unaccounted, s.lost(),
                s.restarts(), s.nonZeroIssues());

        Map<Long, Long> sent = LatencySummary.sentAt(run.camera.published());
        Map<Long, Long> got = LatencySummary.odometryReceivedAt(run.consumer);
        int settle = Math.min(list.size() - 1, (int) Math.ceil(options.settleSeconds * rate));
        long settleStamp = list.get(settle).stampNs();
        Map<Long, Long> settled = new HashMap<>(sent);
        settled.keySet().removeIf(stamp -> stamp < settleStamp);
        LatencySummary all = LatencySummary.of(sent, got);
        System.out.println("  image write -> odometry receipt, all frames:  " + all);
        System.out.printf(Locale.ROOT, "  from frame %d on (after %.1f s):  %s%n", settle, options.settleSeconds,
                LatencySummary.of(settled, got));
        System.out.println("  floor, the C stand-in in the node's place:    " + floor.imageToOdometry());
        System.out.println("  node's stage medians over its last 100 frames (ms): " + s.timingMillis());
        if (options.stageLog) {
            Map<Long, FrameSteps> node = FrameSteps.fromLog(run.log);
            unprocessed(list, node, settle);
            steps(list, sent, got, node);
        }
        boolean met = s.dropped() == 0 && received == published && all.p99Ns() <= 10_000_000L;
        System.out.println("  target (no frame dropped, p99 <= 10 ms): " + (met ? "met" : "not met"));
        // the node's warnings and errors; logback's own status lines ("|-WARN in ...") are not the node's
        run.log.lines().filter(l -> (l.contains("WARN") || l.contains("ERROR")) && !l.contains("|-"))
                .forEach(l -> System.out.println("  node log: " + l));
    }

    /** Which frames the node did not process (dropped, lost or left out): those before {@code settle} and after. */
    private static void unprocessed(List<CameraInput.Frame> frames, Map<Long, FrameSteps> node, int settle) {
        List<Integer> missing = IntStream.range(0, frames.size())
                .filter(i -> !node.containsKey(frames.get(i).stampNs())).boxed().toList();
        long early = missing.stream().filter(i -> i < settle).count();
        List<Integer> later = missing.stream().filter(i -> i >= settle).toList();
        System.out.printf(Locale.ROOT, "  frames the node did not process: %d before frame %d, %d from it on%s%n",
                early, settle, later.size(), later.isEmpty() ? "" : " (the first: " + later.subList(0,
                        Math.min(10, later.size())) + ")");
    }

    /** A frame's latency taken apart, in the order of its steps. */
    private static final String[] STEPS = {"camera -> node", "queued", "decode", "pipeline", "publish",
            "node -> consumer"};
    private static final int SLOWEST = 6;

    /** Prints each step's percentiles over the frames received, and the slowest frames step by step. */
    private static void steps(List<CameraInput.Frame> frames, Map<Long, Long> sent, Map<Long, Long> got,
                              Map<Long, FrameSteps> node) {
        List<Integer> known = IntStream.range(0, frames.size()).boxed().filter(i -> {
            long stamp = frames.get(i).stampNs();
            return sent.containsKey(stamp) && got.containsKey(stamp) && node.containsKey(stamp);
        }).toList();
        if (known.isEmpty()) {
            System.out.println("  (no frame has the node's timing line)");
            return;
        }
        long[][] byStep = new long[STEPS.length][known.size()];
        for (int k = 0; k < known.size(); k++) {
            long[] d = stepNanos(frames.get(known.get(k)).stampNs(), sent, got, node);
            for (int j = 0; j < STEPS.length; j++)
                byStep[j][k] = d[j];
        }
        System.out.printf(Locale.ROOT, "  steps over %d frames (ms)   p50     p90     p99     max%n", known.size());
        for (int j = 0; j < STEPS.length; j++) {
            long[] sorted = byStep[j].clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "    %-22s %7.3f %7.3f %7.3f %7.3f%n", STEPS[j],
                    LatencySummary.rank(sorted, 0.5) / 1e6, LatencySummary.rank(sorted, 0.9) / 1e6,
                    LatencySummary.rank(sorted, 0.99) / 1e6, sorted[sorted.length - 1] / 1e6);
        }
        System.out.println("  slowest frames: index, latency = " + String.join(" + ", STEPS) + " (ms; the "
                + "pipeline's front end, host)");
        known.stream().sorted(Comparator.comparingLong((Integer i) -> {
            long stamp = frames.get(i).stampNs();
            return got.get(stamp) - sent.get(stamp);
        }).reversed()).limit(SLOWEST).forEach(i -> {
            long stamp = frames.get(i).stampNs();
            long[] d = stepNanos(stamp, sent, got, node);
            List<String> parts = Arrays.stream(d).mapToObj(ns -> String.format(Locale.ROOT, "%.1f", ns / 1e6))
                    .toList();
            System.out.printf(Locale.ROOT, "    %4d  %7.1f = %s (%.1f, %.1f)%n", i, (got.get(stamp) - sent.get(stamp))
                    / 1e6, String.join(" + ", parts), node.get(stamp).frontEndMillis(), node.get(stamp).hostMillis());
        });
    }

    private static long[] stepNanos(long stamp, Map<Long, Long> sent, Map<Long, Long> got,
                                    Map<Long, FrameSteps> node) {
        FrameSteps f = node.get(stamp);
        return new long[]{f.arrivedNs() - sent.get(stamp), f.takenNs() - f.arrivedNs(), f.decodedNs() - f.takenNs(),
                f.estimatedNs() - f.decodedNs(), f.publishedNs() - f.estimatedNs(), got.get(stamp) - f.publishedNs()};
    }
}
