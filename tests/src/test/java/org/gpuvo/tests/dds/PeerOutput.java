package org.gpuvo.tests.dds;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The stdout lines of the C peers, parsed (formats in the headers of gpuvo_camera.c and gpuvo_consumer.c). Every
 * accessor reads the lines of its kind and rejects a malformed one with the line in the message.
 */
public final class PeerOutput {
    /** A message written: its header stamp and the monotonic clock at the write. */
    public record Sent(long stampNs, long monotonicNs) {
    }

    /** A sensor_msgs/Image the consumer took; crc32 is java.util.zip.CRC32 of the data. */
    public record ReceivedImage(long stampNs, long width, long height, long step, String encoding, long bytes,
                                long crc32, String frameId, int isBigendian, String topic, long monotonicNs) {
    }

    /** A sensor_msgs/CameraInfo the consumer took. */
    public record ReceivedCameraInfo(long stampNs, String topic, String frameId, long width, long height,
                                     String distortionModel, double[] d, double[] k, double[] r, double[] p,
                                     long monotonicNs) {
    }

    /**
     * A nav_msgs/Odometry pose or one transform of a tf2_msgs/TFMessage: header stamp and frame, child frame,
     * position (or translation) and orientation (x, y, z, w).
     */
    public record ReceivedPose(int sec, long nanosec, String frameId, String childFrameId, double[] position,
                               double[] orientation, long monotonicNs) {
        public long stampNs() {
            return sec * 1_000_000_000L + nanosec;
        }
    }

    /** A std_msgs/String the consumer took on its {@code --status} topic: gpuvo's node puts one JSON object in each. */
    public record ReceivedStatus(String data, long monotonicNs) {
    }

    /** A remote writer from Cyclone's DCPSPublication built-in topic. */
    public record Publication(String topic, String type) {
    }

    private final List<String> lines;

    public PeerOutput(List<String> lines) {
        this.lines = List.copyOf(lines);
    }

    public static PeerOutput of(PeerProcess process) {
        return new PeerOutput(process.lines());
    }

    /** The camera's frames, the clock read just before the image write. */
    public List<Sent> published() {
        return parse("published", 2, f -> new Sent(integer(f[0]), integer(f[1])));
    }

    /** The stand-in's odometry and transform pairs, the clock read after both writes. */
    public List<Sent> echoed() {
        return parse("echoed", 2, f -> new Sent(integer(f[0]), integer(f[1])));
    }

    public List<ReceivedImage> images() {
        return parse("image", 11, f -> new ReceivedImage(integer(f[0]), integer(f[1]), integer(f[2]), integer(f[3]),
                token(f[4]), integer(f[5]), Long.parseLong(f[6], 16), token(f[7]), Integer.parseInt(f[8]), token(f[9]),
                integer(f[10])));
    }

    public List<ReceivedCameraInfo> cameraInfos() {
        List<ReceivedCameraInfo> out = new ArrayList<>();
        for (String line : lines) {
            if (!line.startsWith("info "))
                continue;
            String[] f = line.substring(5).split(" ");
            try {
                int nd = Integer.parseInt(f[6]);
                if (f.length != 7 + nd + 9 + 9 + 12 + 1)
                    throw new IllegalArgumentException("expected " + (7 + nd + 31) + " fields, got " + f.length);
                int at = 7;
                double[] d = doubles(f, at, nd), k = doubles(f, at += nd, 9), r = doubles(f, at += 9, 9),
                        p = doubles(f, at += 9, 12);
                out.add(new ReceivedCameraInfo(integer(f[0]), token(f[1]), token(f[2]), integer(f[3]), integer(f[4]),
                        token(f[5]), d, k, r, p, integer(f[f.length - 1])));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("malformed peer line '" + line + "': " + e.getMessage(), e);
            }
        }
        return out;
    }

    public List<ReceivedPose> odometry() {
        return parse("odom", 12, PeerOutput::pose);
    }

    public List<ReceivedPose> transforms() {
        return parse("tf", 12, PeerOutput::pose);
    }

    public List<Publication> publications() {
        return parse("pub", 2, f -> new Publication(token(f[0]), token(f[1])));
    }

    public List<ReceivedStatus> statuses() {
        return parse("status", 2, PeerOutput::status);
    }

    /**
     * One line as a status, for waiting on a status line as it comes: null where the line is of another kind.
     *
     * @throws IllegalArgumentException for a malformed status line, naming it
     */
    public static ReceivedStatus statusOf(String line) {
        return parseLine(line, "status", 2, PeerOutput::status);
    }

    private static ReceivedStatus status(String[] f) {
        return new ReceivedStatus(token(f[0]), integer(f[1]));
    }

    private static ReceivedPose pose(String[] f) {
        return new ReceivedPose(Integer.parseInt(f[0]), integer(f[1]), token(f[2]), token(f[3]), doubles(f, 4, 3),
                doubles(f, 7, 4), integer(f[11]));
    }

    private <T> List<T> parse(String kind, int fields, Function<String[], T> make) {
        List<T> out = new ArrayList<>();
        for (String line : lines) {
            T parsed = parseLine(line, kind, fields, make);
            if (parsed != null)
                out.add(parsed);
        }
        return out;
    }

    /** The line made into a {@code T} where it is of {@code kind}, else null. */
    private static <T> T parseLine(String line, String kind, int fields, Function<String[], T> make) {
        if (!line.startsWith(kind + " "))
            return null;
        String[] f = line.substring(kind.length() + 1).split(" ");
        if (f.length != fields)
            throw new IllegalArgumentException("malformed peer line '" + line + "': expected " + fields
                    + " fields after '" + kind + "', got " + f.length);
        try {
            return make.apply(f);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed peer line '" + line + "': " + e.getMessage(), e);
        }
    }

    private static long integer(String s) {
        return Long.parseLong(s);
    }

    private static double[] doubles(String[] f, int from, int n) {
        return Arrays.stream(f, from, from + n).mapToDouble(Double::parseDouble).toArray();
    }

    /** Undoes the peers' token escaping: "" is the empty string, \\ a backslash, \xHH a byte (UTF-8). */
    static String token(String s) {
        if (s.equals("\"\""))
            return "";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                bytes.write(c);
            } else if (i + 1 < s.length() && s.charAt(i + 1) == '\\') {
                bytes.write('\\');
                i++;
            } else if (i + 3 < s.length() && s.charAt(i + 1) == 'x') {
                bytes.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
                i += 3;
            } else {
                throw new IllegalArgumentException("bad escape in token '" + s + "'");
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
