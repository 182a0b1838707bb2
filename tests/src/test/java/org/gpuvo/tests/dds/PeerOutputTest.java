package org.gpuvo.tests.dds;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Parsing of the peers' output lines, and the latency figures made from them. */
class PeerOutputTest {
    @Test
    void tokensUndoThePeersEscaping() {
        assertThat(PeerOutput.token("\"\"")).isEmpty();
        assertThat(PeerOutput.token("mono8")).isEqualTo("mono8");
        assertThat(PeerOutput.token("a\\x20b\\\\c")).isEqualTo("a b\\c");
        assertThat(PeerOutput.token("\\xc3\\xa9")).isEqualTo("é");
        assertThatThrownBy(() -> PeerOutput.token("bad\\q")).hasMessageContaining("bad escape");
    }

    @Test
    void linesOfEveryKindParse() {
        PeerOutput out = new PeerOutput(List.of(
                "ready",
                "pub rt/odom nav_msgs::msg::dds_::Odometry_",
                "image 1000000001 100 10 50 \"\" 1000 7f27dd6f camera 0 camera/image_raw 19219875250446",
                "info 1000000001 camera/camera_info camera 100 10 plumb_bob 2 0.5 -0.25 1 0 2 0 1 3 0 0 1"
                        + " 1 0 0 0 1 0 0 0 1 1 0 2 -0.5 0 1 3 0 0 0 1 0 42",
                "odom -1 999999999 odom base_link 1 0.5 -0.33333333333333331 0 0 0.59999999999999998 0.80000000000000004 7",
                "tf 3 5 odom base_link 0 0 0 0 0 0 1 8",
                "status {\"tracking\":\"waiting\",\"silent_inputs\":[\"/camera\\x20image\"],\"a\\\\b\":null} 9",
                "done 1 1 1 1 1"));
        assertThat(out.publications()).containsExactly(
                new PeerOutput.Publication("rt/odom", "nav_msgs::msg::dds_::Odometry_"));
        assertThat(out.images()).containsExactly(new PeerOutput.ReceivedImage(1000000001L, 100, 10, 50, "", 1000,
                0x7f27dd6fL, "camera", 0, "camera/image_raw", 19219875250446L));
        PeerOutput.ReceivedCameraInfo info = out.cameraInfos().get(0);
        assertThat(info.d()).containsExactly(0.5, -0.25);
        assertThat(info.k()).containsExactly(1, 0, 2, 0, 1, 3, 0, 0, 1);
        assertThat(info.p()[3]).isEqualTo(-0.5);
        assertThat(info.monotonicNs()).isEqualTo(42);
        PeerOutput.ReceivedPose odom = out.odometry().get(0);
        assertThat(odom.stampNs()).isEqualTo(-1);
        assertThat(odom.position()).containsExactly(1, 0.5, -1.0 / 3.0);
        assertThat(odom.orientation()).containsExactly(0, 0, 0.6, 0.8);
        assertThat(out.transforms()).extracting(PeerOutput.ReceivedPose::stampNs).containsExactly(3_000_000_005L);
        // the string comes back with its blank and its backslash as they were
        assertThat(out.statuses()).containsExactly(new PeerOutput.ReceivedStatus(
                "{\"tracking\":\"waiting\",\"silent_inputs\":[\"/camera image\"],\"a\\b\":null}", 9));
        assertThat(PeerOutput.statusOf("ready")).isNull();
    }

    @Test
    void aTruncatedLineIsRejectedWithTheLine() {
        PeerOutput out = new PeerOutput(List.of("odom 1 2 odom base_link 1 2 3"));
        assertThatThrownBy(out::odometry).hasMessageContaining("odom 1 2 odom base_link 1 2 3");
        PeerOutput info = new PeerOutput(List.of("info 1 t f 1 1 plumb_bob 99 1 2"));
        assertThatThrownBy(info::cameraInfos).hasMessageContaining("plumb_bob 99");
        // a string the consumer did not escape (a blank in it) cannot pass for one token
        assertThatThrownBy(() -> PeerOutput.statusOf("status {\"a\": 1} 9")).hasMessageContaining("{\"a\": 1}");
    }

    @Test
    void latencyIsMatchedByStampWithNearestRankPercentiles() {
        Map<Long, Long> sent = Map.of(1L, 100L, 2L, 200L, 3L, 300L, 4L, 400L);
        Map<Long, Long> received = Map.of(1L, 110L, 2L, 230L, 4L, 420L, 9L, 5L);
        LatencySummary s = LatencySummary.of(sent, received);
        assertThat(s.sent()).isEqualTo(4);
        assertThat(s.received()).isEqualTo(3);
        assertThat(s.medianNs()).isEqualTo(20);
        assertThat(s.p99Ns()).isEqualTo(30);
        assertThat(s.maxNs()).isEqualTo(30);
        assertThat(LatencySummary.of(sent, Map.of()).received()).isZero();
    }
}
