package org.gpuvo.ros.cdr;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.msg.Quaternion;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.TransformStamped;
import org.gpuvo.ros.msg.Vector3;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Messages recorded by ROS 2 tools, read straight out of sqlite3 bags of the shared data with JDBC. */
class RealBagMessagesTest {
    private static final MessageCodec<TFMessage> TF = MessageCodecs.of(TFMessage.class);
    private static final MessageCodec<StringMessage> STRING = MessageCodecs.of(StringMessage.class);

    private static Path tfExample() {
        return SharedData.require("rosbags/tf_example").resolve("tf_example.db3");
    }

    /*
     * Row 2, the first message on /tf (108 bytes):
     *   0001000001000000ACDF3466CBBA940A050000006F646F6D000000000F000000626173655F666F6F747072696E74
     *   00000000004C90DF4AEA90F23F5901C41B178A07C0000000000000000000000000000000000000000000000000
     *   2755175B25C9E53FB7DA4CE35B70E73F
     * 00 01 00 00        CDR little endian
     * 01 00 00 00        transforms: 1                                     (body offset 0)
     * ac df 34 66        header.stamp.sec = 0x6634dfac = 1714741164        (4)
     * cb ba 94 0a        header.stamp.nanosec = 0x0a94bacb = 177519307     (8)
     * 05 00 00 00 "odom" NUL, 3 bytes padding                             (12..23)
     * 0f 00 00 00 "base_footprint" NUL                                    (24..42)
     * 5 bytes padding to body offset 48
     * 3ff290ea4adf904c   translation.x = 1.1603796887148006                (48)
     * c0078a171bc40159   translation.y = -2.942426888388735
     * 0                  translation.z
     * 0, 0               rotation.x, rotation.y
     * 3fe5c9255b175527   rotation.z = 0.6808039454578293
     * 3fe7705be34cdab7   rotation.w = 0.7324656905610344                   (96..103, the end)
     */
    @Test
    void firstTfMessageOfTheTfExampleBag() throws SQLException {
        byte[] blob = SqliteBlobs.query(tfExample(), "select data from messages where id = 2").get(0);
        TFMessage tf = TF.decode(blob);
        assertThat(tf.transforms()).hasSize(1);
        TransformStamped t = tf.transforms().get(0);
        assertThat(t.header().stamp().sec()).isEqualTo(1714741164);
        assertThat(t.header().stamp().nanosec()).isEqualTo(177519307);
        assertThat(t.header().frameId()).isEqualTo("odom");
        assertThat(t.childFrameId()).isEqualTo("base_footprint");
        assertThat(t.transform().translation()).isEqualTo(new Vector3(1.1603796887148006, -2.942426888388735, 0));
        assertThat(t.transform().rotation())
                .isEqualTo(new Quaternion(0, 0, 0.6808039454578293, 0.7324656905610344));
        assertThat(TF.encode(tf)).isEqualTo(blob);
    }

    /*
     * Row 1, the only message on /tf_static:
     *   00010000 01000000 ACDE3466 0AB3E302 0F000000 "base_footprint" 00 | 00 | 0A000000 "base_link" 00 | 0000
     *   then 6 float64 of 0 and 000000000000F03F
     * sec = 0x6634deac = 1714740908, nanosec = 0x02e3b30a = 48476938; identity transform base_footprint → base_link
     */
    @Test
    void staticTransformOfTheTfExampleBag() throws SQLException {
        byte[] blob = SqliteBlobs.query(tfExample(), "select data from messages where id = 1").get(0);
        TransformStamped t = TF.decode(blob).transforms().get(0);
        assertThat(t.header().stamp().sec()).isEqualTo(1714740908);
        assertThat(t.header().stamp().nanosec()).isEqualTo(48476938);
        assertThat(t.header().frameId()).isEqualTo("base_footprint");
        assertThat(t.childFrameId()).isEqualTo("base_link");
        assertThat(t.transform().translation()).isEqualTo(Vector3.ZERO);
        assertThat(t.transform().rotation()).isEqualTo(Quaternion.IDENTITY);
    }

    @Test
    void everyMessageOfTheTfExampleBagDecodesAndEncodesToTheSameBytes() throws SQLException {
        List<byte[]> blobs = SqliteBlobs.query(tfExample(), "select data from messages order by id");
        assertThat(blobs).hasSize(518);
        long previousStamp = Long.MIN_VALUE;
        for (byte[] blob : blobs.subList(1, blobs.size())) {
            TFMessage tf = TF.decode(blob);
            assertThat(tf.transforms()).isNotEmpty();
            for (TransformStamped t : tf.transforms()) {
                Quaternion q = t.transform().rotation();
                // a field read from the wrong place would not give a unit quaternion
                assertThat(q.x() * q.x() + q.y() * q.y() + q.z() * q.z() + q.w() * q.w()).isCloseTo(1.0,
                        org.assertj.core.data.Offset.offset(1e-9));
                assertThat(t.header().frameId()).isEqualTo("odom");
                assertThat(t.childFrameId()).isEqualTo("base_footprint");
            }
            long stamp = tf.transforms().get(0).header().stamp().toNanos();
            assertThat(stamp).isGreaterThanOrEqualTo(previousStamp);
            previousStamp = stamp;
            assertThat(TF.encode(tf)).isEqualTo(blob);
        }
    }

    @Test
    void stringsPaddedToFourBytesByRmwFastrtps() throws SQLException {
        // multiple_files_0.db3 holds std_msgs/String "test" as 0001 0000 05000000 74657374 00 000000: three bytes of
        // padding after the NUL. Re-encoded, the message ends at the NUL.
        Path bag = SharedData.require("rosbags/rosbag2-test-resources/rosbag2_py/test/resources/sqlite3/"
                + "reindex_test_bags/multiple_files").resolve("multiple_files_0.db3");
        List<byte[]> blobs = SqliteBlobs.query(bag, "select data from messages");
        assertThat(blobs).hasSize(1324);
        for (byte[] blob : blobs) {
            StringMessage message = STRING.decode(blob);
            assertThat(message.data()).isEqualTo("test");
            assertThat(blob).hasSize(16);
            assertThat(STRING.encode(message)).isEqualTo(Arrays.copyOf(blob, 13));
        }
    }

    @Test
    void stringsOfTheTalkerBag() throws SQLException {
        Path bag = SharedData.require("rosbags/rosbag2-test-resources/rosbag2_py/test/resources/sqlite3/talker")
                .resolve("talker.db3");
        List<byte[]> blobs = SqliteBlobs.query(bag, "select m.data from messages m join topics t on t.id = m.topic_id "
                + "where t.type = 'std_msgs/msg/String' order by m.timestamp");
        assertThat(blobs).hasSize(10);
        for (int i = 0; i < blobs.size(); i++) {
            assertThat(STRING.decode(blobs.get(i)).data()).isEqualTo("Hello, world! " + i);
            assertThat(STRING.encode(STRING.decode(blobs.get(i)))).isEqualTo(blobs.get(i));
        }
    }
}
