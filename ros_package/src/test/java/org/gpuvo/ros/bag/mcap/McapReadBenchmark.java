package org.gpuvo.ros.bag.mcap;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Reading speed of MCAP image bags: writes N 1280×720 mono8 {@code sensor_msgs/Image} frames (real KITTI frames
 * tiled to that size where the shared data has them, else a synthetic textured scene with sensor-like noise) into
 * an MCAP file with zstd chunks in a temporary folder, then reads them back on one thread several times and prints
 * the median frames per second of (a) reading and decompressing (each message copied into its own array, as
 * {@link BagMessage} holds it) and (b) the same plus copying the pixels out of the CDR into an image buffer. Also
 * prints write speed and size for zstd levels 1 and 3. Run from the project root:
 * <pre>mvn -q -o -pl ros_package -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
 * java -cp ros_package/target/test-classes:ros_package/target/classes:$(cat ros_package/target/bench.classpath) \
 *     org.gpuvo.ros.bag.mcap.McapReadBenchmark [--frames N] [--repeats R]</pre>
 * A benchmark, not a test: it asserts nothing and is not run by the build.
 */
public final class McapReadBenchmark {
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 720;
    private static final String TOPIC = "/camera/image_raw";

    public static void main(String[] args) throws IOException {
        int frames = 1000;
        int repeats = 5;
        for (int a = 0; a < args.length; a++) {
            switch (args[a]) {
                case "--frames" -> frames = Integer.parseInt(args[++a]);
                case "--repeats" -> repeats = Integer.parseInt(args[++a]);
                default -> throw new IllegalArgumentException("unknown argument " + args[a]);
            }
        }
        System.out.printf("%s, %s %s, %d processors visible (shared machine: figures vary with other load)%n",
                System.getProperty("os.arch"), System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        List<byte[]> images = sourceImages();
        List<byte[]> messages = new ArrayList<>();
        for (int i = 0; i < images.size(); i++)
            messages.add(imageCdr(i, images.get(i)));

        Path dir = Files.createTempDirectory("mcap-bench");
        try {
            Path level1 = null;
            for (int level : new int[]{1, 3}) {
                Path file = dir.resolve("images-zstd" + level + ".mcap");
                long t0 = System.nanoTime();
                write(file, McapWriterOptions.defaults().withZstdLevel(level), messages, frames);
                double seconds = (System.nanoTime() - t0) / 1e9;
                long raw = (long) frames * messages.get(0).length;
                System.out.printf("write zstd level %d: %d frames in %.2f s = %.0f frames/s, %.1f MB -> %.1f MB"
                                + " (%.1f %%)%n", level, frames, seconds, frames / seconds, raw / 1e6,
                        Files.size(file) / 1e6, 100.0 * Files.size(file) / raw);
                if (level == 1)
                    level1 = file;
            }
            double[] decode = new double[repeats];
            double[] copy = new double[repeats];
            byte[] pixels = new byte[WIDTH * HEIGHT];
            for (int r = 0; r < repeats; r++) {
                decode[r] = frames / timeRead(level1, frames, null);
                copy[r] = frames / timeRead(level1, frames, pixels);
            }
            System.out.printf("read zstd level 1, one thread, median of %d: (a) read+decompress %.0f frames/s"
                            + " (%.0f MB/s), (b) +copy of the pixels %.0f frames/s%n", repeats, median(decode),
                    median(decode) * messages.get(0).length / 1e6, median(copy));
            System.out.printf("  all runs (a): %s%n  all runs (b): %s%n", Arrays.toString(round(decode)),
                    Arrays.toString(round(copy)));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList())
                    Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    /** 51 KITTI frames (1226×370) tiled to 1280×720, or 8 synthetic frames with noise where the data is absent. */
    static List<byte[]> sourceImages() throws IOException {
        Path kitti = SharedData.root().resolve("kitti-06-0050/image_l");
        List<byte[]> images = new ArrayList<>();
        if (Files.isDirectory(kitti)) {
            List<GrayImage> frames = SharedData.pngs(kitti, 1).stream().map(SharedData::read).toList();
            int half = frames.size() / 2;
            for (int i = 0; i < frames.size(); i++)
                images.add(tile(frames.get(i), frames.get((i + half) % frames.size())));
            System.out.printf("frames: %d real KITTI 06 frames (%dx%d), each tiled to %dx%d: frame k above frame"
                            + " k+%d mirrored left-right (so no image repeats another's rows), the last %d columns"
                            + " wrapped from the left%n", frames.size(), frames.get(0).width, frames.get(0).height,
                    WIDTH, HEIGHT, half, WIDTH - frames.get(0).width);
        } else {
            SplittableRandom noise = new SplittableRandom(7);
            for (int i = 0; i < 8; i++) {
                GrayImage g = SyntheticImages.pair(WIDTH, HEIGHT, 100 + i,
                        SyntheticImages.Homography.similarity(0, 1, 0, 0, 0, 0)).first().packed();
                byte[] p = Arrays.copyOf(g.data, WIDTH * HEIGHT);
                for (int k = 0; k < p.length; k++)
                    p[k] = (byte) Math.max(0, Math.min(255, (p[k] & 0xFF) + noise.nextInt(-3, 4)));
                images.add(p);
            }
            System.out.printf("frames: KITTI data absent (%s): 8 synthetic textured %dx%d frames with +-3 noise%n",
                    kitti, WIDTH, HEIGHT);
        }
        return images;
    }

    private static byte[] tile(GrayImage top, GrayImage bottom) {
        byte[] p = new byte[WIDTH * HEIGHT];
        for (int y = 0; y < HEIGHT; y++) {
            boolean upper = y < top.height;
            GrayImage src = upper ? top : bottom;
            int sy = upper ? y : Math.min(y - top.height, bottom.height - 1);
            for (int x = 0; x < WIDTH; x++) {
                int sx = x % src.width;
                p[y * WIDTH + x] = (byte) src.get(upper ? sx : src.width - 1 - sx, sy);
            }
        }
        return p;
    }

    static void write(Path file, McapWriterOptions options, List<byte[]> messages, int frames)
            throws IOException {
        try (McapBagFileWriter writer = McapBagFileWriter.create(file, options)) {
            writer.addTopic(new TopicInfo(TOPIC, "sensor_msgs/msg/Image", "cdr", "", ""), "");
            for (int i = 0; i < frames; i++)
                writer.write(TOPIC, 1_000_000_000L + i * 33_333_333L, messages.get(i % messages.size()));
        }
    }

    /** Seconds to read all frames; with {@code pixels}, each frame's pixels are copied there from the CDR. */
    private static double timeRead(Path file, int frames, byte[] pixels) throws IOException {
        long t0 = System.nanoTime();
        long checksum = 0;
        int n = 0;
        try (McapBagFileReader reader = McapBagFileReader.open(file);
             MessageCursor cursor = reader.messages(null)) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next()) {
                if (pixels != null) {
                    int at = pixelOffset(m.data());
                    System.arraycopy(m.data(), at, pixels, 0, pixels.length);
                    checksum += pixels[n % pixels.length];
                } else {
                    checksum += m.data().length;
                }
                n++;
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (n != frames || checksum == 42)
            System.out.println("unexpected: " + n + " frames read");
        return seconds;
    }

    /**
     * Minimal little-endian CDR of sensor_msgs/Image (the project's codec lives elsewhere): encapsulation header
     * 00 01 00 00, then header{stamp{int32 sec, uint32 nanosec}, string frame_id}, uint32 height, uint32 width,
     * string encoding, uint8 is_bigendian, uint32 step, uint8[] data; alignment counted after the 4-byte header.
     */
    static byte[] imageCdr(int index, byte[] pixels) {
        RawMcap.Fields f = RawMcap.fields().raw(new byte[]{0, 1, 0, 0});
        f.u32(1_000 + index).u32(index * 1000L);
        cdrString(f, "camera");
        f.u32(HEIGHT).u32(WIDTH);
        cdrString(f, "mono8");
        f.u8(0);
        align4(f);
        f.u32(WIDTH).u32(pixels.length).raw(pixels);
        return f.bytes();
    }

    private static void cdrString(RawMcap.Fields f, String s) {
        align4(f);
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        f.u32(b.length + 1L).raw(b).u8(0);
    }

    private static void align4(RawMcap.Fields f) {
        while ((f.out.size() - 4) % 4 != 0)
            f.u8(0);
    }

    /** Where the pixels start in {@link #imageCdr}'s layout, found by walking its fields. */
    private static int pixelOffset(byte[] cdr) {
        int at = 4 + 8;
        at += 4 + RecordInput.getIntLE(cdr, at); // frame_id
        at = align(at) + 8; // height, width
        at = align(at);
        at += 4 + RecordInput.getIntLE(cdr, at); // encoding
        at += 1; // is_bigendian
        at = align(at) + 4; // step
        at = align(at);
        int length = RecordInput.getIntLE(cdr, at);
        if (length != WIDTH * HEIGHT)
            throw new IllegalStateException("pixel count " + length);
        return at + 4;
    }

    private static int align(int at) {
        return 4 + ((at - 4 + 3) & ~3);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static long[] round(double[] v) {
        return Arrays.stream(v).mapToLong(Math::round).toArray();
    }
}
