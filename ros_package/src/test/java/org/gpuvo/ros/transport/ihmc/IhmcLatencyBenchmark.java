package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.Subscription;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Latency of camera frames through {@link IhmcTransport} between two participants of one JVM over UDP on 127.0.0.1:
 * one frame at a time (the next is sent once the last has arrived), from just before {@code publish} to the
 * subscriber's callback holding the frame's bytes in an array of their own. Prints the median, 90th percentile and
 * maximum for reliable and for sensor-data (best effort) QoS; frames lost under best effort are counted. Run from the
 * project root:
 * <pre>mvn -q -o -pl ros_package -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
 * java -cp ros_package/target/test-classes:ros_package/target/classes:$(cat ros_package/target/bench.classpath) \
 *     org.gpuvo.ros.transport.ihmc.IhmcLatencyBenchmark [--frames N] [--width W] [--height H] [--channels 1|3]</pre>
 * A benchmark, not a test: it asserts nothing and is not run by the build.
 */
public final class IhmcLatencyBenchmark {
    private static final int WARMUP = 20;
    private static final long LOST_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    public static void main(String[] args) throws InterruptedException {
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
        System.out.printf("%s, %s %s, %d processors visible (shared machine: figures vary with other load)%n",
                System.getProperty("os.arch"), System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        System.out.printf("%d×%d %s frames of %d bytes, %d measured after %d warm-up, one at a time%n", width, height,
                channels == 1 ? "mono8" : "rgb8", frame.length, frames, WARMUP);
        int domain = LoopbackPeers.domainId(19);
        try (IhmcTransport a = IhmcTransport.open(IhmcTransportConfig.loopbackOnly(domain, "bench_pub"));
             IhmcTransport b = IhmcTransport.open(IhmcTransportConfig.loopbackOnly(domain, "bench_sub"))) {
            for (QosProfile qos : List.of(QosProfile.RELIABLE, QosProfile.SENSOR_DATA))
                measure(a, b, qos, frame, frames);
        }
    }

    private static void measure(IhmcTransport a, IhmcTransport b, QosProfile qos, byte[] frame, int frames)
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
            System.out.printf("%-12s %s: median %.0f µs, p90 %.0f µs, max %.0f µs over %d frames; %d lost%n",
                    qos.reliability(), topic, got[got.length / 2], got[(int) (got.length * 0.9)],
                    got[got.length - 1], got.length, lost);
        }
    }
}
