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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.cdr.SameMessage.assertSameMessage;

/** Every message survives encode → decode unchanged, little and big endian, with the values that break serializers. */
class MessageCodecRoundTripTest {
    private static final int UINT32_MAX = 0xFFFF_FFFF;
    private static final Header EMPTY_FRAME = new Header(new Time(0, 0), "");
    private static final Header ODD_FRAME = new Header(new Time(-2, 300_000_000), "kamera_é");
    private static final Header EXTREME = new Header(new Time(Integer.MIN_VALUE, UINT32_MAX), "カメラ0");

    /** Hand-picked messages of every type. */
    static List<Object> awkwardMessages() {
        double[] covariance = new double[36];
        Arrays.setAll(covariance, i -> i % 7 == 0 ? Double.NaN : -i * 0.25);
        Pose pose = new Pose(new Point(-0.0, Double.MAX_VALUE, Double.NEGATIVE_INFINITY),
                new Quaternion(Double.NaN, -1, 0.5, Double.MIN_VALUE));
        TransformStamped transform = new TransformStamped(ODD_FRAME, "",
                new Transform(new Vector3(1, -2, 3), Quaternion.IDENTITY));
        return List.of(
                new Image(EMPTY_FRAME, 0, 0, "", false, 0, new byte[0]),
                new Image(ODD_FRAME, UINT32_MAX, 1, "mono8", true, UINT32_MAX, new byte[]{-1, 0, 1}),
                new Image(EXTREME, 2, 3, "16UC1", false, 6, new byte[]{1, 2, 3, 4, 5, 6, 7}),
                new CompressedImage(EMPTY_FRAME, "", new byte[0]),
                new CompressedImage(ODD_FRAME, "png", new byte[]{(byte) 0x89, 'P', 'N', 'G', 13}),
                new CameraInfo(EMPTY_FRAME, 0, 0, "", new double[0], new double[9], new double[9], new double[12],
                        0, 0, RegionOfInterest.FULL),
                new CameraInfo(EXTREME, UINT32_MAX, UINT32_MAX, "rational_polynomial",
                        new double[]{Double.NaN, -0.0, 1e300, -1e-300, 0.5, 1, 2, 3},
                        sequence(9, -1), sequence(9, 0.5), sequence(12, Double.NaN), UINT32_MAX, 1,
                        new RegionOfInterest(UINT32_MAX, 1, 2, UINT32_MAX, true)),
                new CameraInfo(ODD_FRAME, 480, 752, "plumb_bob", new double[]{0.1}, sequence(9, 1), sequence(9, 2),
                        sequence(12, 3), 2, 2, new RegionOfInterest(10, 20, 30, 40, false)),
                new Odometry(EMPTY_FRAME, "", new PoseWithCovariance(pose, covariance),
                        new TwistWithCovariance(new Twist(Vector3.ZERO, new Vector3(Double.NaN, -0.0, 7)), covariance)),
                new Odometry(EXTREME, "base_link", new PoseWithCovariance(pose, new double[36]),
                        new TwistWithCovariance(new Twist(Vector3.ZERO, Vector3.ZERO), new double[36])),
                new NavPath(ODD_FRAME, List.of()),
                new NavPath(EXTREME, List.of(new PoseStamped(EMPTY_FRAME, pose), new PoseStamped(ODD_FRAME, pose),
                        new PoseStamped(EXTREME, pose))),
                new PoseStamped(ODD_FRAME, pose),
                transform,
                new TFMessage(List.of()),
                new TFMessage(List.of(transform, new TransformStamped(EXTREME, "x", transform.transform()))),
                EMPTY_FRAME,
                ODD_FRAME,
                EXTREME,
                new StringMessage(""),
                new StringMessage("a"),
                new StringMessage("🚗 ünïcödé"),
                new Int32Message(Integer.MIN_VALUE),
                new Int32Message(-1),
                new EmptyMessage(),
                new DiagnosticArray(EMPTY_FRAME, List.of()),
                new DiagnosticArray(EXTREME, List.of(
                        new DiagnosticStatus(DiagnosticStatus.STALE, "", "", "", List.of()),
                        new DiagnosticStatus((byte) -1, "gpuvo: vo", "🚗 lost", "cpu",
                                List.of(new KeyValue("", ""), new KeyValue("frames", "51"))))),
                new Clock(new Time(Integer.MAX_VALUE, 999_999_999)));
    }

    static Stream<Arguments> awkward() {
        List<Arguments> cases = new ArrayList<>();
        for (Object message : awkwardMessages())
            for (ByteOrder order : new ByteOrder[]{ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN})
                cases.add(Arguments.of(message.getClass().getSimpleName(), order, message));
        return cases.stream();
    }

    static Stream<Arguments> seeds() {
        return Stream.of(1L, 2L, 3L, 42L, 1234L).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("awkward")
    void awkwardMessageSurvivesTheRoundTrip(String name, ByteOrder order, Object message) {
        assertRoundTrip(message, order);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void randomMessagesOfEveryTypeSurviveTheRoundTrip(long seed) {
        RandomMessages random = new RandomMessages(seed);
        for (int i = 0; i < 40; i++) {
            for (Supplier<Object> generator : random.generators().values()) {
                Object message = generator.get();
                assertRoundTrip(message, ByteOrder.LITTLE_ENDIAN);
                assertRoundTrip(message, ByteOrder.BIG_ENDIAN);
            }
        }
    }

    @Test
    void theSamplesCoverEveryCodec() {
        assertThat(awkwardMessages()).extracting(m -> (Class) m.getClass()).containsAll(
                MessageCodecs.all().stream().map(c -> (Class) c.messageClass()).toList());
        assertThat(new RandomMessages(0).generators().keySet()).containsExactlyInAnyOrderElementsOf(
                MessageCodecs.all().stream().map(MessageCodec::messageClass).toList());
    }

    @Test
    void aBlobInsideALargerArrayDecodesInPlace() {
        // alignment counts from the encapsulation header, wherever the blob starts in the array
        for (Object message : awkwardMessages()) {
            MessageCodec<Object> codec = codecOf(message);
            byte[] blob = codec.encode(message);
            for (int shift = 1; shift < 9; shift++) {
                byte[] framed = new byte[shift + blob.length + 13];
                Arrays.fill(framed, (byte) 0x5A);
                System.arraycopy(blob, 0, framed, shift, blob.length);
                assertSameMessage(codec.decode(framed, shift, blob.length), message);
            }
        }
    }

    @Test
    void bigEndianBlobsHaveTheirOwnHeaderAndTheSameSize() {
        Odometry odometry = awkwardMessages().stream().filter(Odometry.class::isInstance).map(Odometry.class::cast)
                .findFirst().orElseThrow();
        MessageCodec<Odometry> codec = MessageCodecs.of(Odometry.class);
        byte[] little = codec.encode(odometry);
        byte[] big = codec.encode(odometry, ByteOrder.BIG_ENDIAN);
        assertThat(little).hasSameSizeAs(big);
        assertThat(little[1]).isEqualTo((byte) 1);
        assertThat(big[1]).isEqualTo((byte) 0);
        assertThat(little).isNotEqualTo(big);
    }

    private static void assertRoundTrip(Object message, ByteOrder order) {
        MessageCodec<Object> codec = codecOf(message);
        byte[] blob = codec.encode(message, order);
        Object decoded = codec.decode(blob);
        assertSameMessage(decoded, message);
        // encoding what was decoded gives the same bytes: nothing was lost or normalised
        assertThat(codec.encode(decoded, order)).isEqualTo(blob);
    }

    @SuppressWarnings("unchecked")
    private static MessageCodec<Object> codecOf(Object message) {
        return (MessageCodec<Object>) MessageCodecs.of(message.getClass());
    }

    private static double[] sequence(int count, double start) {
        double[] values = new double[count];
        for (int i = 0; i < count; i++)
            values[i] = start + i;
        return values;
    }
}
