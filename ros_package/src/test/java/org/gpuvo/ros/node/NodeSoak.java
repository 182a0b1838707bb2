package org.gpuvo.ros.node;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.Transport;
import org.gpuvo.ros.transport.ihmc.IhmcTransport;
import org.gpuvo.ros.transport.ihmc.IhmcTransportConfig;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The node run for many frames, as a robot would run it for hours: small rendered frames (the room at 160×120,
 * mono, CPU backend) with increasing stamps and a bad message (random bytes on the image topic) every
 * {@value #BAD_EVERY} frames, on one of two schedules ({@link Schedule}): played in a loop with a reset every
 * {@value #RESET_EVERY} frames and a camera switch (a camera_info of another focal length) every
 * {@value #SWITCH_EVERY}; played forwards and backwards without either, so that one map lives for the whole run; or
 * the first frame only, a camera standing still. Every so many frames it samples the heap after a full GC, the JVM's
 * threads and the process's open files; {@link Result#slopePerThousand} fits a line to the samples after the first
 * quarter (the warm-up).
 *
 * <p>A benchmark, not a unit test: {@code java ... org.gpuvo.ros.node.NodeSoak FRAMES [memory|dds]
 * [mixed|to-and-fro|still]} prints the samples and the slopes (100,000 frames take about an hour on two cores);
 * {@code NodeSoakTest} runs 1,500 to 2,000 frames of each schedule in CI and bounds them.
 */
public final class NodeSoak {
    static final int RESET_EVERY = 500;
    static final int SWITCH_EVERY = 700;
    static final int BAD_EVERY = 50;

    /** What the camera shows, and what else happens. */
    public enum Schedule {
        /** the frames in a loop (each loop a jump back), resets, camera switches */
        MIXED,
        /** the frames forwards, then backwards, and so on: a robot going to and fro; no reset, no switch */
        TO_AND_FRO,
        /** the first frame again and again: a robot standing still, its monocular map waiting for parallax */
        STILL
    }

    /**
     * One sample: frames fed so far, heap used after GC (bytes), live threads, open file descriptors, and the GPU
     * memory the process holds (bytes, as nvidia-smi reports it; -1 where it cannot tell).
     */
    public record Sample(long frames, long heapBytes, int threads, long openFiles, long gpuBytes) {
        String row() {
            return String.format(Locale.ROOT, "%8d  %8.1f  %7d  %10d  %7.1f", frames, heapBytes / 1e6, threads,
                    openFiles, gpuBytes < 0 ? Double.NaN : gpuBytes / 1e6);
        }
    }

    /** The samples of a run, and what the node counted. */
    public record Result(List<Sample> samples, NodeStatus status, double seconds) {
        /** Least-squares slope of {@code value} per 1,000 frames over the samples after the first quarter. */
        public double slopePerThousand(java.util.function.ToDoubleFunction<Sample> value) {
            List<Sample> s = samples.subList(samples.size() / 4, samples.size());
            double n = s.size(), mx = 0, my = 0;
            for (Sample x : s) {
                mx += x.frames();
                my += value.applyAsDouble(x);
            }
            mx /= n;
            my /= n;
            double sxy = 0, sxx = 0;
            for (Sample x : s) {
                sxy += (x.frames() - mx) * (value.applyAsDouble(x) - my);
                sxx += (x.frames() - mx) * (x.frames() - mx);
            }
            return sxx == 0 ? 0 : 1000 * sxy / sxx;
        }
    }

    private NodeSoak() {
    }

    /**
     * Runs the node on {@code nodeSide} fed through {@code feedSide} (the same transport, or another participant of
     * the same DDS domain) for {@code frames} frames, sampling every {@code sampleEvery}.
     */
    static Result run(Transport nodeSide, Transport feedSide, int frames, int sampleEvery, Schedule schedule)
            throws InterruptedException, IOException {
        return run(nodeSide, feedSide, frames, sampleEvery, schedule, Backend.CPU, null);
    }

    /**
     * As {@link #run(Transport, Transport, int, int, Schedule)} on the given backend, telling {@code progress} of each
     * sample as it is taken (may be null).
     */
    static Result run(Transport nodeSide, Transport feedSide, int frames, int sampleEvery, Schedule schedule,
                      Backend backend, Consumer<Sample> progress) throws InterruptedException, IOException {
        boolean mixed = schedule == Schedule.MIXED;
        // to and fro: the whole room, so that the camera leaves places and comes back to them
        SyntheticSequence room = NodeHarness.smallRoom(schedule == Schedule.MIXED ? 60 : 300, 160, 120);
        ConfigVoNode config = NodeHarness.cpu(VoMode.MONO);
        config.vo.backend = backend;
        config.vo.deterministic = false; // the node's own default: local mapping on its thread
        config.statusPeriodSeconds = 1;
        CameraModel camera = room.camera();
        CameraModel switched = CameraModel.pinhole(camera.width, camera.height, camera.fx * 1.05, camera.fy * 1.05,
                camera.cx, camera.cy);
        RawPublisher image = feedSide.advertise(config.topics.image, Image.TYPE, QosProfile.SENSOR_DATA);
        RawPublisher info = feedSide.advertise(config.topics.cameraInfo, CameraInfo.TYPE, QosProfile.SENSOR_DATA);
        RawPublisher reset = feedSide.advertise(config.topics.reset, EmptyMessage.TYPE, QosProfile.RELIABLE);
        List<Sample> samples = new ArrayList<>();
        Random random = new Random(22);
        long start = System.nanoTime();
        VoNode node = VoNode.start(config, nodeSide);
        try {
            for (int i = 0; i < frames; i++) {
                if (i % sampleEvery == 0) {
                    samples.add(sample(i));
                    if (progress != null)
                        progress.accept(samples.get(samples.size() - 1));
                }
                if (mixed && i > 0 && i % RESET_EVERY == 0)
                    reset.publish(MessageCodecs.of(EmptyMessage.class).encode(new EmptyMessage()));
                if (i > 0 && i % BAD_EVERY == 0) {
                    // at least the 4-byte encapsulation header every DDS sample carries: a DDS publisher refuses less
                    byte[] junk = new byte[4 + random.nextInt(2000)];
                    random.nextBytes(junk);
                    image.publish(junk);
                }
                Header header = new Header(Time.ofSeconds(1000 + i * 0.05), SequenceFeeder.CAMERA_FRAME);
                boolean other = mixed && (i / SWITCH_EVERY) % 2 == 1;
                info.publish(MessageCodecs.of(CameraInfo.class).encode(
                        CameraInfoMessages.of(other ? switched : camera, header)));
                long before = node.status().framesProcessed();
                image.publish(MessageCodecs.of(Image.class).encode(
                        ImageMessages.fromGray(room.left(frameShown(i, room.size(), schedule)), header)));
                awaitProcessed(node, before);
            }
            samples.add(sample(frames));
            return new Result(samples, node.status(), (System.nanoTime() - start) / 1e9);
        } finally {
            node.close();
        }
    }

    /** The frame of the sequence shown as the {@code i}-th. */
    static int frameShown(int i, int size, Schedule schedule) {
        if (schedule == Schedule.STILL)
            return 0;
        if (schedule == Schedule.MIXED)
            return i % size;
        int period = 2 * (size - 1), m = i % period;
        return m < size ? m : period - m;
    }

    /** Waits until the node has processed a frame more than {@code before} (a frame it drops counts as an issue). */
    private static void awaitProcessed(VoNode node, long before) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            NodeStatus s = node.status();
            if (s.framesProcessed() > before)
                return;
            Thread.sleep(0, 200_000);
        }
        throw new IllegalStateException("the node processed no frame in 30 s");
    }

    static Sample sample(long frames) throws IOException {
        for (int i = 0; i < 2; i++)
            System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        int threads = ManagementFactory.getThreadMXBean().getThreadCount();
        long files = -1;
        Path fds = Path.of("/proc/self/fd");
        if (Files.isDirectory(fds)) {
            try (Stream<Path> list = Files.list(fds)) {
                files = list.count();
            }
        }
        return new Sample(frames, heap, threads, files, gpuMemory());
    }

    /** The GPU memory this process holds, from nvidia-smi; -1 where there is none or it does not list the process. */
    private static long gpuMemory() {
        long pid = ProcessHandle.current().pid();
        try {
            Process p = new ProcessBuilder("nvidia-smi", "--query-compute-apps=pid,used_memory",
                    "--format=csv,noheader,nounits").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
            if (!p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0)
                return -1;
            for (String line : out.split("\n")) {
                String[] f = line.split(",");
                if (f.length == 2 && f[0].trim().equals(Long.toString(pid)))
                    return Long.parseLong(f[1].trim()) << 20; // MiB
            }
            return -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    public static void main(String[] args) throws Exception {
        int frames = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        boolean dds = args.length > 1 && args[1].equals("dds");
        Schedule schedule = args.length < 3 ? Schedule.MIXED
                : Schedule.valueOf(args[2].toUpperCase(Locale.ROOT).replace('-', '_'));
        Backend backend = args.length > 3 && args[3].equals("cuda") ? Backend.CUDA : Backend.CPU;
        System.out.println("frames      heap_MB  threads  open_files  gpu_MB");
        Consumer<Sample> progress = s -> System.out.println(s.row());
        int sampleEvery = Math.max(100, frames / 100);
        Result result;
        if (dds) {
            try (Transport node = IhmcTransport.open(IhmcTransportConfig.loopbackOnly(57, "soak_node"));
                 Transport feed = IhmcTransport.open(IhmcTransportConfig.loopbackOnly(57, "soak_feed"))) {
                Thread.sleep(2000); // discovery on loopback
                result = run(node, feed, frames, sampleEvery, schedule, backend, progress);
            }
        } else {
            try (InMemoryTransport transport = new InMemoryTransport()) {
                result = run(transport, transport, frames, sampleEvery, schedule, backend, progress);
            }
        }
        System.out.println(result.samples().get(result.samples().size() - 1).row());
        System.out.printf(Locale.ROOT, "soak: %d frames (%s) over %s on %s in %.0f s (%.1f frames/s)%n", frames,
                schedule.name().toLowerCase(Locale.ROOT).replace('_', ' '),
                dds ? "loopback DDS" : "the in-memory transport",
                result.status().backend(), result.seconds(), frames / result.seconds());
        System.out.printf(Locale.ROOT, "slope per 1000 frames after warm-up: heap %+.3f MB, threads %+.3f, "
                        + "open files %+.3f%n", result.slopePerThousand(s -> s.heapBytes() / 1e6),
                result.slopePerThousand(Sample::threads), result.slopePerThousand(Sample::openFiles));
        // the GPU's context appears with the first frame: from the first sample that has one
        result.samples().stream().filter(s -> s.gpuBytes() >= 0).findFirst().ifPresent(first -> System.out.printf(
                Locale.ROOT, "GPU memory: %.1f MB at frame %d, %.1f MB at the end, slope %+.3f MB per 1000 frames%n",
                first.gpuBytes() / 1e6, first.frames(), result.samples().get(result.samples().size() - 1).gpuBytes()
                        / 1e6, result.slopePerThousand(s -> s.gpuBytes() / 1e6)));
        NodeStatus status = result.status();
        System.out.printf(Locale.ROOT, "node: processed %d, lost %d, resets %d, restarts %d, issues %s%n",
                status.framesProcessed(), status.framesLost(), status.resets(), status.restarts(), status.issues());
    }
}
