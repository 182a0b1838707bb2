package org.gpuvo.tests.dds;

import org.gpuvo.tests.dds.PeerOutput.Publication;
import org.gpuvo.tests.dds.PeerOutput.ReceivedPose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole chain with gpuvo_standin_vo where the gpuvo node will be: KITTI frames from gpuvo_camera come back to
 * gpuvo_consumer as odometry and transforms with each image's stamp, the values exact after the text round trip,
 * the writers visible under their ROS 2 type names, the clocks of the three processes comparable, and every address
 * a loopback one. The node's test will swap the stand-in for the node and keep these checks.
 */
class CycloneOdometryChainTest {
    @TempDir
    Path dir;

    @Test
    void odometryAndTfComeBackWithEachImageStamp() {
        SequenceFrames kitti = SequenceFrames.kitti(dir.resolve("kitti"), 10);
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            OdometryChain chain = OdometryChain.run(peers, kitti, 10, true);
            List<Long> stamps = kitti.input().frames().stream().map(CameraInput.Frame::stampNs).toList();

            assertThat(chain.vo().echoed()).extracting(PeerOutput.Sent::stampNs).containsExactlyElementsOf(stamps);
            assertPoses(chain.consumer().odometry(), stamps);
            assertPoses(chain.consumer().transforms(), stamps);
            assertThat(chain.consumer().publications()).contains(
                    new Publication("rt/odom", "nav_msgs::msg::dds_::Odometry_"),
                    new Publication("rt/tf", "tf2_msgs::msg::dds_::TFMessage_"),
                    new Publication("rt/camera/image_raw", "sensor_msgs::msg::dds_::Image_"));

            LatencySummary latency = chain.imageToOdometry();
            assertThat(latency.received()).isEqualTo(10);
            // one clock for all processes: an odometry cannot arrive before its image was written, nor seconds later
            assertThat(latency.medianNs()).isPositive();
            assertThat(latency.maxNs()).isLessThan(5_000_000_000L);
            System.out.println("KITTI 10 frames at 10 Hz, reliable, camera -> stand-in -> consumer: " + latency);

            peers.trace().assertLoopbackOnly(3);
        }
    }

    /** What gpuvo_standin_vo writes for its i-th image: position (i, i/2, -1/3), orientation (0, 0, 0.6, 0.8). */
    private static void assertPoses(List<ReceivedPose> poses, List<Long> stamps) {
        assertThat(poses).extracting(ReceivedPose::stampNs).containsExactlyElementsOf(stamps);
        for (int i = 0; i < poses.size(); i++) {
            ReceivedPose p = poses.get(i);
            assertThat(p.frameId()).isEqualTo("odom");
            assertThat(p.childFrameId()).isEqualTo("base_link");
            assertThat(p.position()).containsExactly(i, i / 2.0, -1.0 / 3.0);
            assertThat(p.orientation()).containsExactly(0, 0, 0.6, 0.8);
        }
    }
}
