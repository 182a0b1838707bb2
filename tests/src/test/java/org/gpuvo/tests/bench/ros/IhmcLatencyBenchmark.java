package org.gpuvo.tests.bench.ros;

import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.Subscription;
import org.gpuvo.ros.transport.ihmc.IhmcTransport;
import org.gpuvo.ros.transport.ihmc.IhmcTransportConfig;
import org.gpuvo.tests.bench.BenchmarkReport;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Latency of camera frames through {@link IhmcTransport} between two participants of one JVM over UDP on 127.0.0.1:
 * one frame at a time (the next is sent once the last has arrived), from just before {@code publish} to the
 * subscriber's callback holding the frame's bytes in an array of their own. Prints the median, 90th percentile and
 * maximum for reliable and for sensor-data (best effort) QoS; frames lost under best effort are counted. Run as
 * every benchmark of this module ({@link org.gpuvo.tests.bench}):
 * <pre>java -cp ... org.gpuvo.tests.bench.ros.IhmcLatencyBenchmark [--frames N] [--width W] [--height H] \
 *     [--channels 1|3]</pre>
 */
public final class IhmcLatencyBenchmark {
    private static final int WARMUP = 20;
    private static final long LOST_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    public static void main(String[] args) throws Exception {
        int frames = 100;
        int width = 1280;
        int height = 720;
        int channels = 1;
        for (int a = 0; a < args.length; a++) {
            switch (args[a]) {
                case "--frames" -> frames = Integer.parseInt(args[++a]);
                case "--width" -> width = Integer.parseInt(args[++a]);
                case "--height" -> height = Integer.parseInt(args[++a]);
                case "--channels" -> channels = Integer.parseInt(args[++a]);
                default -> throw new IllegalArgumentException("unknown argument " + args[a]);
            }
        }
        MessageCodec<Image> codec = MessageCodecs.of(Image.class);
        byte[] pixels = new byte[width * height * channels];
        new Random(1).nextBytes(pixels);
        byte[] frame = codec.encode(new Image(new Header(new Time(0, 0), "camera"), height, width,
                channels == 1 ? "mono8" : "rgb8", false, width * channels, pixels));
        BenchmarkReport report = BenchmarkReport.start(IhmcLatencyBenchmark.class, args);
        report.environment("frames", String.format(Locale.ROOT, "%d×%d %s frames of %d bytes, %d measured after %d "
                + "warm-up, one at a time", width, height, channels == 1 ? "mono8" : "rgb8", frame.length, frames,
                WARMUP));
        // a domain of this process (as the transport's tests pick theirs), so that runs side by side stay apart
        int domain = 20 + (int) (ProcessHandle.current().pid() % 10) * 20 + 19;
        try (IhmcTransport a = IhmcTransport.open(IhmcTransportConfig.loopbackOnly(domain, "bench_pub"));
             IhmcTransport b = IhmcTransport.open(IhmcTransportConfig.loopbackOnly(domain, "bench_sub"))) {
            for (QosProfile qos : List.of(QosProfile.RELIABLE, QosProfile.SENSOR_DATA))
                measure(report, a, b, qos, frame, frames);
        }
        report.finish();
    }

    private static void measure(BenchmarkReport report, IhmcTransport a, IhmcTransport b, QosProfile qos,
                                byte[] frame, int frames)
            throws InterruptedException {
        String topic = "/bench/" + qos.reliability().name().toLowerCase() + "/image_raw";
        LinkedBlockingQueue<long[]> arrivals = new LinkedBlockingQueue<>();
        try (Subscription sub = b.subscribe(topic, Image.TYPE, qos,
                m -> arrivals.add(new long[]{System.nanoTime(), m.data().length}));
             RawPublisher pub = a.advertise(topic, Image.TYPE, qos)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (pub.matchedSubscriptions() < 1 && System.nanoTime() < deadline)
                Thread.sleep(10);
            Thread.sleep(200);
            double[] micros = new double[frames];
            int measured = 0;
            int lost = 0;
            for (int i = 0; i < WARMUP + frames; i++) {
                long sent = System.nanoTime();
                pub.publish(frame);
                long[] arrival = arrivals.poll(LOST_AFTER_NANOS, TimeUnit.NANOSECONDS);
                if (arrival == null || arrival[1] != frame.length) {
                    lost++;
                    continue;
                }
                if (i >= WARMUP)
                    micros[measured++] = (arrival[0] - sent) / 1e3;
            }
            double[] got = Arrays.copyOf(micros, measured);
            Arrays.sort(got);
            String configuration = qos.reliability() + " " + topic;
            report.timing(configuration, "publish to callback", got[got.length / 2] / 1e3,
                    got[(int) (got.length * 0.9)] / 1e3, got.length);
            report.timing(configuration, "publish to callback, slowest", got[got.length - 1] / 1e3, Double.NaN, 1);
            report.value(configuration, "frames lost", lost, "frames");
        }
    }
}
