package org.gpuvo.ros.bag;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.Point;
import org.gpuvo.ros.msg.Quaternion;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.TransformStamped;
import org.gpuvo.ros.msg.Vector3;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.gpuvo.ros.bag.Cursors.assertInTimeOrder;
import static org.gpuvo.ros.bag.Cursors.drain;

/**
 * Conformance on a real bag: {@code nav2_turtlebot.mcap} (a ROS 2 recording with zstd chunks), opened with
 * {@link Bags#open} and decoded with {@link MessageCodecs}, gives the values of an independent decode, bit for bit.
 *
 * <p>The expected values come from a throwaway Python 3 decode of the file, done once outside Java and outside the
 * repository: it walked the MCAP records by the spec (opcode u8, length u64; each Chunk's records piped through the
 * {@code zstd -d} command line tool, then Schema, Channel and Message records), ordered messages by log time, and
 * read the CDR by hand with {@code struct.unpack('<...')}, aligning from the byte after the {@code 00 01 00 00}
 * header. Doubles are written as Python's {@code repr} prints them (shortest text that reads back to the same
 * double), so they are compared by their bits.
 */
class Nav2BagValuesTest {
    private static final MessageCodec<Odometry> ODOMETRY = MessageCodecs.of(Odometry.class);
    private static final MessageCodec<TFMessage> TF = MessageCodecs.of(TFMessage.class);

    private static Path nav2() {
        return SharedData.require("rosbags").resolve("nav2_turtlebot.mcap");
    }

    /** The Odometry and TF topics, streamed together as a reader of poses would. */
    private static final Set<String> DECODED = Set.of("/odom", "/tf", "/tf_static");

    /** The messages of {@code topic}, taken from a stream of {@link #DECODED}. */
    private static List<BagMessage> read(String topic) throws IOException {
        try (BagReader bag = Bags.open(nav2())) {
            return ofTopic(drain(bag.messages(DECODED)), topic);
        }
    }

    private static List<BagMessage> ofTopic(List<BagMessage> messages, String topic) {
        return messages.stream().filter(m -> m.topic().name().equals(topic)).toList();
    }

    @Test
    void countsPerTopicAndTimeOrderAgreeWithTheIndependentDecode() throws IOException {
        Map<String, Long> expected = Map.of("/odom", 2639L, "/tf", 5422L, "/tf_static", 1L, "/amcl_pose", 135L);
        try (BagReader bag = Bags.open(nav2())) {
            assertThat(bag.storageId()).isEqualTo("mcap");
            assertThat(bag.topics()).extracting(TopicInfo::name, TopicInfo::type).containsExactlyInAnyOrder(
                    tuple("/odom", Odometry.TYPE),
                    tuple("/tf", TFMessage.TYPE),
                    tuple("/tf_static", TFMessage.TYPE),
                    tuple("/amcl_pose", "geometry_msgs/msg/PoseWithCovarianceStamped"));
            // the counts the file states (its summary) and those of the messages actually streamed
            assertThat(bag.messageCounts()).containsExactlyInAnyOrderEntriesOf(expected);
            List<BagMessage> all = drain(bag.messages(null));
            Map<String, Long> streamed = new LinkedHashMap<>();
            all.forEach(m -> streamed.merge(m.topic().name(), 1L, Long::sum));
            assertThat(streamed).containsExactlyInAnyOrderEntriesOf(expected);
            assertInTimeOrder(all);
            BagMessage first = all.get(0), last = all.get(all.size() - 1);
            assertThat(first.topic().name()).isEqualTo("/odom");
            assertThat(first.timeNs()).isEqualTo(1778234353382747000L);
            assertThat(last.topic().name()).isEqualTo("/tf");
            assertThat(last.timeNs()).isEqualTo(1778234450738043000L);

            // choosing topics drops the others and keeps the merged order
            List<BagMessage> chosen = drain(bag.messages(DECODED));
            assertThat(chosen).hasSize(2639 + 5422 + 1);
            assertThat(chosen).extracting(m -> m.topic().name(), BagMessage::timeNs).containsExactlyElementsOf(
                    all.stream().filter(m -> DECODED.contains(m.topic().name()))
                            .map(m -> tuple(m.topic().name(), m.timeNs())).toList());
        }
    }

    @Test
    void odometryAgreesWithTheIndependentDecode() throws IOException {
        List<BagMessage> odom = read("/odom");
        assertThat(odom).hasSize(2639);

        assertOdometry(odom.get(0), 1778234353382747000L, 928, 800000000,
                new double[]{-2.8019166340612314, 1.0977901491292252, 0.0},
                new double[]{-0.0, 0.0, 0.08457359616958599, -0.9964172353140746},
                new double[]{0.0, 0.0, 0.0},
                new double[]{0.0, 0.0, 0.0});
        assertOdometry(odom.get(999), 1778234389588870000L, 964, 764000000, // the 1000th
                new double[]{9.991261627629557, -4.326124311319422, 0.0},
                new double[]{-0.0, 0.0, 0.04208933996651858, -0.9991138511006555},
                new double[]{0.2363463133574347, 0.0, 0.0},
                new double[]{0.0, 0.0, 0.3329544300806});
        assertOdometry(odom.get(2638), 1778234450738021000L, 1025, 496000000, // the last
                new double[]{0.21005680059713844, 1.7384547450994159, 0.0},
                new double[]{-0.0, 0.0, 0.3112033518579038, -0.9503433452139315},
                new double[]{0.0, 0.0, 0.0},
                new double[]{0.0, 0.0, 0.0});
    }

    private static void assertOdometry(BagMessage m, long logTimeNs, int sec, int nanosec, double[] position,
                                       double[] orientation, double[] linear, double[] angular) {
        String what = "/odom at " + logTimeNs;
        assertThat(m.timeNs()).isEqualTo(logTimeNs);
        Odometry o = ODOMETRY.decode(m.data());
        assertHeader(what, o.header(), sec, nanosec, "odom");
        assertThat(o.childFrameId()).as(what).isEqualTo("base_link");
        assertBits(what + " position", xyz(o.pose().pose().position()), position);
        assertBits(what + " orientation", xyzw(o.pose().pose().orientation()), orientation);
        assertBits(what + " linear", xyz(o.twist().twist().linear()), linear);
        assertBits(what + " angular", xyz(o.twist().twist().angular()), angular);
        // The independent decode found every covariance entry of every /odom message of this recording 0.0; the
        // entries 0, 7 and 35 are those it printed.
        double[] pose = o.pose().covariance(), twist = o.twist().covariance();
        assertBits(what + " pose covariance 0, 7, 35", new double[]{pose[0], pose[7], pose[35]}, 0.0, 0.0, 0.0);
        assertBits(what + " twist covariance 0, 7, 35", new double[]{twist[0], twist[7], twist[35]}, 0.0, 0.0, 0.0);
        assertThat(pose).hasSize(36);
        assertThat(twist).hasSize(36);
    }

    @Test
    void tfAgreesWithTheIndependentDecode() throws IOException {
        List<BagMessage> tf = read("/tf");
        assertThat(tf).hasSize(5422);

        assertThat(tf.get(0).timeNs()).isEqualTo(1778234353382761000L);
        assertTransforms("first /tf", TF.decode(tf.get(0).data()), List.of(
                tf(928, 800000000, "odom", "base_link", -2.8019166340612314, 1.0977901491292252, 0.0,
                        -0.0, 0.0, 0.08457359616958599, -0.9964172353140746)));

        assertThat(tf.get(1999).timeNs()).isEqualTo(1778234388433462000L); // the 2000th
        assertTransforms("2000th /tf", TF.decode(tf.get(1999).data()), List.of(
                tf(964, 600000000, "map", "odom", 7.35396973477144, 8.007020958556152, 0.0,
                        -0.0, -0.0, 0.15337724506881387, 0.9881677087899103)));
    }

    @Test
    void tfStaticAgreesWithTheIndependentDecode() throws IOException {
        List<BagMessage> tfStatic = read("/tf_static");
        assertThat(tfStatic).hasSize(1);
        assertThat(tfStatic.get(0).timeNs()).isEqualTo(1778234353404134000L);
        // the robot description's fixed frames, all stamped 0
        assertTransforms("/tf_static", TF.decode(tfStatic.get(0).data()), List.of(
                tf(0, 0, "base_link", "base_footprint", 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "base_link", "bump_front_center", 0.175, 0.0, 0.039, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "base_link", "bump_front_left",
                        0.02345, -0.0875, 0.025, 0.0, 0.0, 0.25881891199876106, 0.9659258619541035),
                tf(0, 0, "base_link", "bump_front_right",
                        0.02345, 0.0875, 0.025, 0.0, 0.0, -0.25881891199876106, 0.9659258619541035),
                tf(0, 0, "base_link", "bump_left",
                        0.0875, -0.15155, 0.025, 0.0, 0.0, 0.49999802927276993, 0.8660265415813457),
                tf(0, 0, "base_link", "bump_right",
                        0.0875, 0.15155, 0.025, 0.0, 0.0, -0.49999802927276993, 0.8660265415813457),
                tf(0, 0, "base_link", "bumper", 0.0, 0.0, 0.039200000000000006, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "base_link", "front_caster_link",
                        0.125, 0.0, 0.013900000000000003, -0.7071067811865475, 0.0, 0.0, 0.7071067811865476),
                tf(0, 0, "base_link", "front_left_bottom_weight_block",
                        0.06005267, 0.08758841, 0.09788546000000001, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "base_link", "front_left_top_weight_block",
                        0.06005267, 0.08758841, 0.10688546, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "shell_link", "front_left_tower_standoff", 0.03063, 0.11431, 0.14757, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "base_link", "front_right_bottom_weight_block",
                        0.06005267, -0.08758841, 0.09788546000000001, 1.0, 0.0, 0.0, 6.123233995736766e-17),
                tf(0, 0, "base_link", "front_right_top_weight_block",
                        0.06005267, -0.08758841, 0.10688546, 1.0, 0.0, 0.0, 6.123233995736766e-17),
                tf(0, 0, "shell_link", "front_right_tower_standoff", 0.03063, -0.11431, 0.14757, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "base_link", "imu_link", 0.050613, 0.043673, 0.0844, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "shell_link", "oakd_camera_bracket", -0.11800000000000001, 0.0, 0.05257, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "oakd_link", "oakd_imu_frame",
                        0.0, 0.0, 0.0, 0.5, -0.4999999999999999, 0.5, -0.5000000000000001),
                tf(0, 0, "oakd_camera_bracket", "oakd_link", 0.0584, 0.0, 0.09676, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "oakd_link", "oakd_left_camera_frame", 0.0, 0.0375, 0.0, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "oakd_left_camera_frame", "oakd_left_camera_optical_frame",
                        0.0, 0.0, 0.0, 0.5, -0.4999999999999999, 0.5, -0.5000000000000001),
                tf(0, 0, "oakd_link", "oakd_rgb_camera_frame", 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "oakd_rgb_camera_frame", "oakd_rgb_camera_optical_frame",
                        0.0, 0.0, 0.0, 0.5, -0.4999999999999999, 0.5, -0.5000000000000001),
                tf(0, 0, "oakd_link", "oakd_right_camera_frame", 0.0, -0.0375, 0.0, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "oakd_right_camera_frame", "oakd_right_camera_optical_frame",
                        0.0, 0.0, 0.0, 0.5, -0.4999999999999999, 0.5, -0.5000000000000001),
                tf(0, 0, "shell_link", "rear_left_tower_standoff", -0.07607, 0.09066, 0.14757, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "shell_link", "rear_right_tower_standoff", -0.07607, -0.09066, 0.14757, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "shell_link", "rplidar_link",
                        -0.04, 0.0, 0.098715, 0.0, 0.0, 0.7071067811865475, 0.7071067811865476),
                tf(0, 0, "base_link", "shell_link", 0.0, 0.0, 0.0942, 0.0, 0.0, 0.0, 1.0),
                tf(0, 0, "shell_link", "tower_sensor_plate", 0.0, 0.0, 0.25257, 0.0, 0.0, 0.0, 1.0)));
    }

    /** One transform as the independent decode printed it: stamp, frames, translation xyz, rotation xyzw. */
    private record Expected(int sec, int nanosec, String frameId, String childFrameId, double[] translation,
                            double[] rotation) {
    }

    private static Expected tf(int sec, int nanosec, String frameId, String childFrameId, double tx, double ty,
                               double tz, double qx, double qy, double qz, double qw) {
        return new Expected(sec, nanosec, frameId, childFrameId, new double[]{tx, ty, tz},
                new double[]{qx, qy, qz, qw});
    }

    private static void assertTransforms(String what, TFMessage actual, List<Expected> expected) {
        assertThat(actual.transforms()).as(what).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            TransformStamped t = actual.transforms().get(i);
            Expected e = expected.get(i);
            String which = what + " transform " + i + " (" + e.childFrameId() + ")";
            assertHeader(which, t.header(), e.sec(), e.nanosec(), e.frameId());
            assertThat(t.childFrameId()).as(which).isEqualTo(e.childFrameId());
            assertBits(which + " translation", xyz(t.transform().translation()), e.translation());
            assertBits(which + " rotation", xyzw(t.transform().rotation()), e.rotation());
        }
    }

    private static void assertHeader(String what, Header h, int sec, int nanosec, String frameId) {
        assertThat(h.stamp().sec()).as(what + " stamp sec").isEqualTo(sec);
        assertThat(h.stamp().nanosec()).as(what + " stamp nanosec").isEqualTo(nanosec);
        assertThat(h.frameId()).as(what + " frame id").isEqualTo(frameId);
    }

    /** Bit for bit: -0.0 is not 0.0 here, since the decode must copy the stored bytes. */
    private static void assertBits(String what, double[] actual, double... expected) {
        assertThat(actual).as(what).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(Double.doubleToRawLongBits(actual[i]))
                    .as("%s[%d]: %s, expected %s", what, i, actual[i], expected[i])
                    .isEqualTo(Double.doubleToRawLongBits(expected[i]));
        }
    }

    private static double[] xyz(Point p) {
        return new double[]{p.x(), p.y(), p.z()};
    }

    private static double[] xyz(Vector3 v) {
        return new double[]{v.x(), v.y(), v.z()};
    }

    private static double[] xyzw(Quaternion q) {
        return new double[]{q.x(), q.y(), q.z(), q.w()};
    }
}
