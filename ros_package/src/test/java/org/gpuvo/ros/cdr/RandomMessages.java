package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Clock;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.DiagnosticStatus;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Int32Message;
import org.gpuvo.ros.msg.KeyValue;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.Point;
import org.gpuvo.ros.msg.Pose;
import org.gpuvo.ros.msg.PoseStamped;
import org.gpuvo.ros.msg.PoseWithCovariance;
import org.gpuvo.ros.msg.Quaternion;
import org.gpuvo.ros.msg.RegionOfInterest;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.msg.Transform;
import org.gpuvo.ros.msg.TransformStamped;
import org.gpuvo.ros.msg.Twist;
import org.gpuvo.ros.msg.TwistWithCovariance;
import org.gpuvo.ros.msg.Vector3;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Seeded random messages of every type with a codec, biased towards the values that break serializers: empty and
 * non-ASCII strings, empty and odd-length sequences (which leave the next field unaligned), NaN, infinities, -0.0,
 * the extremes of signed and unsigned integers.
 */
final class RandomMessages {
    private static final String[] STRINGS = {"", "cam0", "odom", "base_link", "kamera_é", "カメラ0", "🚗 wheel",
            "a", "ab", "abc", "frame/with/slashes"};
    private static final int[] INTS = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFF, 999_999_999};
    private static final double[] DOUBLES = {0.0, -0.0, 1.0, -1.5, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, -1e-300};

    private final Random random;

    RandomMessages(long seed) {
        random = new Random(seed);
    }

    /** A random message of each record class with a codec. */
    Map<Class<?>, Supplier<Object>> generators() {
        return Map.ofEntries(
                Map.entry(Image.class, this::image),
                Map.entry(CompressedImage.class, this::compressedImage),
                Map.entry(CameraInfo.class, this::cameraInfo),
                Map.entry(Odometry.class, this::odometry),
                Map.entry(NavPath.class, this::path),
                Map.entry(PoseStamped.class, this::poseStamped),
                Map.entry(TransformStamped.class, this::transformStamped),
                Map.entry(TFMessage.class, this::tfMessage),
                Map.entry(Header.class, this::header),
                Map.entry(StringMessage.class, () -> new StringMessage(string())),
                Map.entry(Int32Message.class, () -> new Int32Message(anyInt())),
                Map.entry(EmptyMessage.class, EmptyMessage::new),
                Map.entry(DiagnosticArray.class, this::diagnosticArray),
                Map.entry(Clock.class, () -> new Clock(time())));
    }

    String string() {
        if (random.nextInt(3) > 0)
            return STRINGS[random.nextInt(STRINGS.length)];
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(12);
        while (text.length() < length) {
            int codePoint = 1 + random.nextInt(0x1FFFF);
            if (Character.isDefined(codePoint) && Character.getType(codePoint) != Character.SURROGATE)
                text.appendCodePoint(codePoint);
        }
        return text.toString();
    }

    int anyInt() {
        return random.nextBoolean() ? INTS[random.nextInt(INTS.length)] : random.nextInt();
    }

    double anyDouble() {
        return random.nextBoolean() ? DOUBLES[random.nextInt(DOUBLES.length)] : random.nextGaussian() * 1e3;
    }

    byte[] bytes(int maxLength) {
        byte[] data = new byte[random.nextInt(maxLength + 1)];
        random.nextBytes(data);
        return data;
    }

    double[] doubles(int count) {
        double[] values = new double[count];
        for (int i = 0; i < count; i++)
            values[i] = anyDouble();
        return values;
    }

    Time time() {
        return new Time(anyInt(), anyInt());
    }

    Header header() {
        return new Header(time(), string());
    }

    Image image() {
        return new Image(header(), anyInt(), anyInt(), string(), random.nextBoolean(), anyInt(), bytes(37));
    }

    CompressedImage compressedImage() {
        return new CompressedImage(header(), string(), bytes(37));
    }

    CameraInfo cameraInfo() {
        return new CameraInfo(header(), anyInt(), anyInt(), string(), doubles(random.nextInt(9)), doubles(9),
                doubles(9), doubles(12), anyInt(), anyInt(),
                new RegionOfInterest(anyInt(), anyInt(), anyInt(), anyInt(), random.nextBoolean()));
    }

    Vector3 vector() {
        return new Vector3(anyDouble(), anyDouble(), anyDouble());
    }

    Quaternion quaternion() {
        return new Quaternion(anyDouble(), anyDouble(), anyDouble(), anyDouble());
    }

    Pose pose() {
        return new Pose(new Point(anyDouble(), anyDouble(), anyDouble()), quaternion());
    }

    Odometry odometry() {
        return new Odometry(header(), string(), new PoseWithCovariance(pose(), doubles(36)),
                new TwistWithCovariance(new Twist(vector(), vector()), doubles(36)));
    }

    PoseStamped poseStamped() {
        return new PoseStamped(header(), pose());
    }

    NavPath path() {
        List<PoseStamped> poses = new ArrayList<>();
        for (int i = random.nextInt(5); i > 0; i--)
            poses.add(poseStamped());
        return new NavPath(header(), poses);
    }

    TransformStamped transformStamped() {
        return new TransformStamped(header(), string(), new Transform(vector(), quaternion()));
    }

    TFMessage tfMessage() {
        List<TransformStamped> transforms = new ArrayList<>();
        for (int i = random.nextInt(5); i > 0; i--)
            transforms.add(transformStamped());
        return new TFMessage(transforms);
    }

    DiagnosticArray diagnosticArray() {
        List<DiagnosticStatus> status = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            List<KeyValue> values = new ArrayList<>();
            for (int j = random.nextInt(4); j > 0; j--)
                values.add(new KeyValue(string(), string()));
            status.add(new DiagnosticStatus((byte) random.nextInt(256), string(), string(), string(), values));
        }
        return new DiagnosticArray(header(), status);
    }
}
