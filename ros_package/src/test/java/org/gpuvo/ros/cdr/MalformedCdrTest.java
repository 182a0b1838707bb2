package org.gpuvo.ros.cdr;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Damaged blobs give a CdrException naming field and offset: never another exception, never an OutOfMemoryError. */
class MalformedCdrTest {
    private static final Header CAM0 = new Header(new Time(1, 2), "cam0");

    /** Valid blobs of the message types with sequences and strings, encoded here in both byte orders. */
    static Stream<Arguments> validBlobs() {
        List<Arguments> blobs = new ArrayList<>();
        RandomMessages random = new RandomMessages(7);
        for (Class<?> type : List.of(Image.class, CameraInfo.class, NavPath.class, TFMessage.class,
                DiagnosticArray.class))
            for (ByteOrder order : new ByteOrder[]{ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN})
                for (int i = 0; i < 3; i++)
                    blobs.add(Arguments.of(type.getSimpleName(), order, encode(type, random, order), type));
        return blobs.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("validBlobs")
    void everyTruncationThrowsCdrException(String name, ByteOrder order, byte[] blob, Class<?> type) {
        assertEveryTruncationFails(MessageCodecs.of(type), blob);
    }

    @ParameterizedTest
    @ValueSource(strings = {"image_golden.cdr", "camerainfo_golden.cdr"})
    void everyTruncationOfTheGoldenMessagesThrowsCdrException(String file) throws IOException {
        byte[] blob = Files.readAllBytes(SharedData.require("rosbags/golden-cdr").resolve(file));
        Class<?> type = file.startsWith("image") ? Image.class : CameraInfo.class;
        assertEveryTruncationFails(MessageCodecs.of(type), blob);
    }

    @Test
    void aTruncatedFrameSaysWhichFieldAndWhereInTheBlob() {
        Image image = new Image(CAM0, 720, 1280, "mono8", false, 1280, new byte[1280 * 720]);
        byte[] blob = MessageCodecs.of(Image.class).encode(image);
        // header 4 + stamp 8 + frame_id 4+5 (+3 padding) + height, width 8 + encoding 4+6 + is_bigendian 1
        // (+1 padding) + step 4 = 48: the count of data is at offset 48, the pixels at 52
        byte[] cut = Arrays.copyOf(blob, 152);
        CdrException e = (CdrException) catchThrowable(() -> MessageCodecs.of(Image.class).decode(cut));
        assertThat(e).hasMessage("sensor_msgs/msg/Image.data: sequence of 921600 bytes at offset 52 but only 100 bytes "
                + "left");
        assertThat(e.offset()).isEqualTo(52);
    }

    @ParameterizedTest(name = "count {0}")
    @ValueSource(longs = {0xFFFF_FFFFL, 0x8000_0000L, 0x7FFF_FFFFL, 0x2000_0000L, 10_000})
    void hugeCountsAreRejectedBeforeAllocating(long count) {
        int lie = (int) count;
        // Image.data: count at blob offset 48 (see above)
        byte[] image = MessageCodecs.of(Image.class).encode(new Image(CAM0, 1, 3, "mono8", false, 3, new byte[3]));
        assertRejected(Image.class, patch(image, 48, lie), "sensor_msgs/msg/Image.data: sequence of " + count
                + " bytes at offset 52 but only 3 bytes left");
        // Header.frame_id: length at blob offset 12
        assertRejected(Header.class, patch(MessageCodecs.of(Header.class).encode(CAM0), 12, lie),
                "std_msgs/msg/Header.frame_id: string of " + count + " bytes at offset 16 but only 5 bytes left");
        // CameraInfo.d: count at 48, elements at 52 (body offset 48, aligned to 8); 0x20000000 float64 are 2^32 bytes, 0 in 32-bit arithmetic
        CameraInfo info = new CameraInfo(CAM0, 1, 1, "plumb_bob", new double[]{1}, new double[9], new double[9],
                new double[12], 0, 0, org.gpuvo.ros.msg.RegionOfInterest.FULL);
        byte[] infoBlob = MessageCodecs.of(CameraInfo.class).encode(info);
        assertRejected(CameraInfo.class, patch(infoBlob, 48, lie), "sensor_msgs/msg/CameraInfo.d: sequence of "
                + count + " float64 at offset 52 but only " + (infoBlob.length - 52) + " bytes left");
        // TFMessage.transforms: count at 4
        assertRejected(TFMessage.class, patch(MessageCodecs.of(TFMessage.class).encode(new TFMessage(List.of())), 4,
                lie), "tf2_msgs/msg/TFMessage.transforms: sequence of " + count + " elements at offset 8 but only 0 "
                + "bytes left");
    }

    @Test
    void aHugeCountDeepInsideASequenceNamesTheElement() {
        RandomMessages random = new RandomMessages(3);
        NavPath path = new NavPath(CAM0, List.of(random.poseStamped(), new org.gpuvo.ros.msg.PoseStamped(CAM0,
                random.pose())));
        byte[] blob = MessageCodecs.of(NavPath.class).encode(path, ByteOrder.BIG_ENDIAN);
        byte[] second = MessageCodecs.of(org.gpuvo.ros.msg.PoseStamped.class).encode(path.poses().get(1),
                ByteOrder.BIG_ENDIAN);
        // a pose ends in a float64, so the second starts 8-aligned and lies at the end of the blob exactly as in a blob
        // of its own, less the 4-byte header: its frame_id length is 8 bytes into it (after the stamp)
        int at = blob.length - (second.length - 4) + 8;
        ByteBuffer.wrap(blob).putInt(at, 1_000_000);
        assertThatThrownBy(() -> MessageCodecs.of(NavPath.class).decode(blob)).isInstanceOf(CdrException.class)
                .hasMessageStartingWith("nav_msgs/msg/Path.poses[1].header.frame_id: string of 1000000 bytes at "
                        + "offset " + (at + 4));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("validBlobs")
    void randomlyDamagedBlobsDecodeOrThrowCdrException(String name, ByteOrder order, byte[] blob, Class<?> type) {
        MessageCodec<?> codec = MessageCodecs.of(type);
        Random random = new Random(blob.length);
        for (int trial = 0; trial < 2000; trial++) {
            byte[] damaged = blob.clone();
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                int at = 4 + random.nextInt(damaged.length - 4);
                if (random.nextBoolean())
                    damaged[at] = (byte) random.nextInt(256);
                else if (at + 4 <= damaged.length)
                    ByteBuffer.wrap(damaged).order(order).putInt(at, random.nextBoolean() ? -1 - random.nextInt(4)
                            : random.nextInt(64));
            }
            Throwable thrown = catchThrowable(() -> codec.decode(damaged));
            if (thrown != null)
                assertThat(thrown).isInstanceOf(CdrException.class);
        }
    }

    private static void assertEveryTruncationFails(MessageCodec<?> codec, byte[] blob) {
        codec.decode(blob); // the whole blob is valid
        for (int length = 0; length < blob.length; length++) {
            int cut = length;
            // a copy of that length (reading past it would throw ArrayIndexOutOfBounds) ...
            assertThat(catchThrowable(() -> codec.decode(Arrays.copyOf(blob, cut))))
                    .as("cut at %d of %d", cut, blob.length).isInstanceOf(CdrException.class);
            // ... and the same length inside the whole array (reading past it would go unnoticed)
            assertThat(catchThrowable(() -> codec.decode(blob, 0, cut)))
                    .as("cut at %d of %d", cut, blob.length).isInstanceOf(CdrException.class);
        }
    }

    private static void assertRejected(Class<?> type, byte[] blob, String message) {
        assertThatThrownBy(() -> MessageCodecs.of(type).decode(blob)).isInstanceOf(CdrException.class)
                .hasMessage(message);
    }

    private static byte[] patch(byte[] blob, int offset, int value) {
        ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN).putInt(offset, value);
        return blob;
    }

    @SuppressWarnings("unchecked")
    private static byte[] encode(Class<?> type, RandomMessages random, ByteOrder order) {
        Supplier<Object> generator = random.generators().get(type);
        return ((MessageCodec<Object>) MessageCodecs.of(type)).encode(generator.get(), order);
    }
}
