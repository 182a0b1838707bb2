package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.odometry.vo.LocalMappingTest.assertSame;
import static org.gpuvo.odometry.vo.LocalMappingTest.pose;

/**
 * Tracking's poses: mapping's for the frames it has taken in, tracking's own for newer frames, which move with the
 * frame that anchored them when a bundle adjustment moves it, as mapping will place them.
 */
class TrackedPosesTest {
    @Test
    void framesNotYetMappedFollowTheirAnchorAsMappingWillPlaceThem() {
        LocalMapping mapping = new LocalMapping(null, 500, true);
        TrackedPoses poses = new TrackedPoses();
        Se3_F64 p0 = pose(0, 0, 0, 0, 0, 0);
        poses.add(p0, true);
        FrameUpdate u0 = new FrameUpdate().reset(0);
        poses.describeNewest(u0);
        mapping.apply(u0);
        poses.adopt(mapping.publish());

        // frame 1 is tracked against the map that holds frame 0 at p0 ...
        Se3_F64 p1 = pose(0.01, 0.02, 0.03, 0.1, 0.2, 0.3);
        poses.add(p1, true);
        FrameUpdate u1 = new FrameUpdate().reset(1);
        poses.describeNewest(u1);
        assertThat(u1.anchorFrame).isZero();

        // ... while mapping moves frame 0 (as a bundle adjustment would, here by an update that replaces it)
        LocalMapping moved = new LocalMapping(null, 500, true);
        FrameUpdate corrected = new FrameUpdate().reset(0);
        corrected.pose.setTo(pose(0.1, -0.1, 0.05, 1, 2, 3));
        moved.apply(corrected);
        poses.adopt(moved.publish());
        Se3_F64 tracking = poses.get(1, new Se3_F64());
        moved.apply(u1);
        Se3_F64 placed = moved.publish().pose(1, new Se3_F64());
        assertSame(tracking, placed);
        // and with an unmoved anchor the frame keeps tracking's pose bit for bit
        mapping.apply(u1);
        assertThat(FramePoses.equal(mapping.publish().pose(1, new Se3_F64()), p1)).isTrue();
    }
}
