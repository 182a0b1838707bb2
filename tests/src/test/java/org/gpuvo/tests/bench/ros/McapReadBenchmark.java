package org.gpuvo.tests.bench.ros;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.bag.mcap.McapBagFileReader;
import org.gpuvo.ros.bag.mcap.McapBagFileWriter;
import org.gpuvo.ros.bag.mcap.McapWriterOptions;
import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.tests.bench.BenchmarkReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Reading speed of MCAP image bags: writes N 1280×720 mono8 {@code sensor_msgs/Image} frames (real KITTI frames
 * tiled to that size where the shared data has them, else a synthetic textured scene with sensor-like noise) into
 * an MCAP file with zstd chunks in a temporary folder, then reads them back on one thread several times and prints
 * the median frames per second of (a) reading and decompressing (each message copied into its own array, as
 * {@link BagMessage} holds it) and (b) the same plus decoding the CDR into the grey image a replay serves. Also
 * prints write speed and size for zstd levels 1 and 3. Run as every benchmark of this module
 * ({@link org.gpuvo.tests.bench}):
 * <pre>java -cp ... org.gpuvo.tests.bench.ros.McapReadBenchmark [--frames N] [--repeats R] \
 *     [--read-levels 1,-1,-3]</pre>
 */
public final class McapReadBenchmark {
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 720;
    private static final String TOPIC = "/camera/image_raw";

    public static void main(String[] args) throws IOException {
        int frames = 1000;
        int repeats = 5;
        int[] readLevels = {1};
        for (int a = 0; a < args.length; a++) {
            switch (args[a]) {
                case "--frames" -> frames = Integer.parseInt(args[++a]);
                case "--repeats" -> repeats = Integer.parseInt(args[++a]);
                case "--read-levels" -> readLevels = Arrays.stream(args[++a].split(",")).mapToInt(Integer::parseInt)
                        .toArray();
                default -> throw new IllegalArgumentException("unknown argument " + args[a]);
            }
        }
        BenchmarkReport report = BenchmarkReport.start(McapReadBenchmark.class, args);
        List<byte[]> images = sourceImages(report);
        List<byte[]> messages = new ArrayList<>();
        MessageCodec<Image> codec = MessageCodecs.of(Image.class);
        for (int i = 0; i < images.size(); i++)
            messages.add(codec.encode(ImageMessages.fromGray(new GrayImage(WIDTH, HEIGHT, images.get(i)),
                    new Header(Time.ofNanos(1_000_000_000_000L + i * 50_000_000L), "camera"))));

        Path dir = Files.createTempDirectory("mcap-bench");
        try {
            for (int level : new int[]{1, 3}) {
                Path file = dir.resolve("images-zstd" + level + ".mcap");
                long t0 = System.nanoTime();
                write(file, McapWriterOptions.defaults().withZstdLevel(level), messages, frames);
                double seconds = (System.nanoTime() - t0) / 1e9;
                long raw = (long) frames * messages.get(0).length;
                String configuration = String.format(Locale.ROOT, "write zstd %d, %d frames", level, frames);
                report.value(configuration, "write speed", frames / seconds, "frames/s");
                report.value(configuration, "raw size", raw / 1e6, "MB");
                report.value(configuration, "file size", Files.size(file) / 1e6, "MB");
                report.value(configuration, "file size of raw", 100.0 * Files.size(file) / raw, "%");
                Files.delete(file);
            }
            for (int level : readLevels) {
                Path file = dir.resolve("images-read-zstd" + level + ".mcap");
                write(file, McapWriterOptions.defaults().withZstdLevel(level), messages, frames);
                double[] decode = new double[repeats];
                double[] copy = new double[repeats];
                for (int r = 0; r < repeats; r++) {
                    decode[r] = frames / timeRead(file, frames, false);
                    copy[r] = frames / timeRead(file, frames, true);
                }
                long raw = (long) frames * messages.get(0).length;
                String configuration = String.format(Locale.ROOT, "read zstd %d (%.1f %% of raw), %d frames",
                        level, 100.0 * Files.size(file) / raw, frames);
                report.value(configuration, "(a) read+decompress, median", median(decode), "frames/s");
                report.value(configuration, "(a) read+decompress, median bytes", median(decode) * messages.get(0).length
                        / 1e6, "MB/s");
                report.value(configuration, "(b) + CDR decode, median", median(copy), "frames/s");
                report.note(String.format(Locale.ROOT, "  all %d runs, frames/s: (a) %s, (b) %s", repeats,
                        Arrays.toString(round(decode)), Arrays.toString(round(copy))));
                Files.delete(file);
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList())
                    Files.delete(p);
            }
            Files.delete(dir);
        }
        report.finish();
    }

    /** 51 KITTI frames (1226×370) tiled to 1280×720, or 8 synthetic frames with noise where the data is absent. */
    private static List<byte[]> sourceImages(BenchmarkReport report) throws IOException {
        Path kitti = SharedData.root().resolve("kitti-06-0050/image_l");
        List<byte[]> images = new ArrayList<>();
        if (Files.isDirectory(kitti)) {
            List<GrayImage> frames = SharedData.pngs(kitti, 1).stream().map(SharedData::read).toList();
            int half = frames.size() / 2;
            for (int i = 0; i < frames.size(); i++)
                images.add(tile(frames.get(i), frames.get((i + half) % frames.size())));
            report.environment("frames", String.format(Locale.ROOT, "%d real KITTI 06 frames (%dx%d), each tiled to"
                            + " %dx%d: frame k above frame k+%d mirrored left-right (so no image repeats another's"
                            + " rows), the last %d columns wrapped from the left", frames.size(), frames.get(0).width,
                    frames.get(0).height, WIDTH, HEIGHT, half, WIDTH - frames.get(0).width));
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
            report.environment("frames", String.format(Locale.ROOT, "KITTI data absent (%s): 8 synthetic textured"
                    + " %dx%d frames with +-3 noise", kitti, WIDTH, HEIGHT));
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

    private static void write(Path file, McapWriterOptions options, List<byte[]> messages, int frames)
            throws IOException {
        try (McapBagFileWriter writer = McapBagFileWriter.create(file, options)) {
            writer.addTopic(new TopicInfo(TOPIC, "sensor_msgs/msg/Image", "cdr", "", ""), "");
            for (int i = 0; i < frames; i++)
                writer.write(TOPIC, 1_000_000_000L + i * 33_333_333L, messages.get(i % messages.size()));
        }
    }

    /** Seconds to read all frames; with {@code toImage}, each is decoded (CDR) into the grey image replay serves. */
    private static double timeRead(Path file, int frames, boolean toImage) throws IOException {
        MessageCodec<Image> codec = MessageCodecs.of(Image.class);
        long t0 = System.nanoTime();
        long checksum = 0;
        int n = 0;
        try (McapBagFileReader reader = McapBagFileReader.open(file);
             MessageCursor cursor = reader.messages(null)) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next()) {
                if (toImage) {
                    GrayImage image = ImageMessages.toGray(codec.decode(m.data()));
                    checksum += image.data[n % image.data.length];
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

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static long[] round(double[] v) {
        return Arrays.stream(v).mapToLong(Math::round).toArray();
    }
}
