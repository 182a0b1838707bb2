package org.gpuvo.ros.node;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.vo.SequenceOdometry;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.Time;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.node.NodeHarness.FRAME_WAIT;
import static org.gpuvo.ros.node.VoNodeKittiTest.assertSamePose;

/** The node in stereo mode on EuRoC's raw (distorted, unrectified) pairs, paired approximately by stamp. */
class VoNodeStereoTest {
    private static final int FRAMES = 30;

    /**
     * Camera infos with K, D and the rectification's R and P (CameraInfoMessages.of(rig, ...)), images raw; the
     * right image stamped 3 ms after the left and sent first every other frame, a 5 ms tolerance: every frame is
     * paired, stamped with its left image, and the poses are those of SequenceOdometry with the rig the camera infos
     * give.
     */
    @Test
    void eurocRawPairsGiveTheOdometryOfTheRigInTheirCameraInfos() throws Exception {
        Sequence euroc = Datasets.open(SharedData.require("euroc-v101-micro"));
        ConfigVoNode config = NodeHarness.cpu(VoMode.STEREO);
        config.rectified = false;
        config.syncToleranceSeconds = 0.005;
        try (NodeHarness h = NodeHarness.started(config, euroc)) {
            SequenceFeeder feeder = h.feeder;
            CameraInfo[] infos = feeder.cameraInfos(0);
            StereoCalibration rig = CameraInfoMessages.stereo(infos[0], infos[1], false);
            // the rig survives camera_info closely; what the node runs on is exactly this one
            assertThat(rig.baseline()).isCloseTo(euroc.stereo().orElseThrow().baseline(), Offset.offset(1e-9));
            SequenceRun reference = SequenceOdometry.run(new FirstFrames(euroc, FRAMES, rig), config.vo, null);
            for (int i = 0; i < FRAMES; i++) {
                feeder.publishCameraInfo(i);
                Image[] pair = feeder.images(i);
                Image left = pair[0], right = pair[1];
                Time later = Time.ofNanos(feeder.stamp(i).toNanos() + 3_000_000);
                right = new Image(new Header(later, "right"), right.height(), right.width(), right.encoding(),
                        right.bigEndian(), right.step(), right.data());
                if (i % 2 == 0) {
                    feeder.publishImages(left, right);
                } else {
                    // the right image first: published alone on its topic
                    feeder.publishSecondImage(right);
                    feeder.publishImages(left);
                }
                Odometry o = h.odom.next(FRAME_WAIT);
                assertThat(o.header().stamp()).as("frame %d", i).isEqualTo(feeder.stamp(i));
                assertSamePose(PoseMessages.se3(o.pose().pose()), reference.frames().get(i).cameraToWorld, i);
            }
            NodeStatus status = h.status();
            assertThat(status.framesProcessed()).isEqualTo(FRAMES);
            assertThat(status.issue(NodeIssue.UNPAIRED)).isZero();
            assertThat(status.framesLost()).isZero();
            assertThat(reference.framesTracked()).isEqualTo(FRAMES);
            assertThat(h.odom.count()).isEqualTo(FRAMES);
        }
    }
}
