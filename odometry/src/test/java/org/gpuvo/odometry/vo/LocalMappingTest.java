package org.gpuvo.odometry.vo;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Local mapping places what tracking measured against an older map with the correction the anchor frame received
 * since: a frame and its points keep their geometry relative to the anchor, so that nothing measured before a
 * correction is left behind by it.
 */
class LocalMappingTest {
    @Test
    void anUpdateMeasuredAgainstAnOlderAnchorMovesWithTheAnchor() {
        LocalMapping mapping = new LocalMapping(null, 500, true);
        Se3_F64 anchorNow = pose(0.1, -0.05, 0.02, 1.0, 0.2, -0.3);
        FrameUpdate first = new FrameUpdate().reset(0);
        first.pose.setTo(anchorNow);
        mapping.apply(first);

        // tracking saw frame 0 where it was before a correction, and measured frame 1 and a point against that
        Se3_F64 anchorThen = pose(0, 0, 0, 0, 0, 0);
        Se3_F64 tracked = pose(0.01, 0.02, -0.01, 0.1, 0, 0.5);
        Point3D_F64 point = new Point3D_F64(1, -0.5, 4);
        FrameUpdate second = new FrameUpdate().reset(1);
        second.pose.setTo(tracked);
        second.anchorFrame = 0;
        second.anchorPose.setTo(anchorThen);
        second.addPoint(0, point.x, point.y, point.z, 128);
        mapping.apply(second);
        MapSnapshot map = mapping.publish();

        Se3_F64 placed = map.pose(1, new Se3_F64());
        // the frame's pose relative to its anchor is what tracking measured
        Se3_F64 measured = anchorThen.invert(null).concat(tracked, null);
        Se3_F64 kept = anchorNow.invert(null).concat(placed, null);
        assertSame(kept, measured);
        // the point is where tracking saw it from the frame
        Point3D_F64 seen = SePointOps_F64.transform(tracked, point, null);
        Point3D_F64 nowSeen = SePointOps_F64.transform(placed, new Point3D_F64(map.x(0), map.y(0), map.z(0)), null);
        assertThat(nowSeen.distance(seen)).isLessThan(1e-12);
    }

    @Test
    void anUnchangedAnchorLeavesTheUpdateAsItCame() {
        LocalMapping mapping = new LocalMapping(null, 500, true);
        Se3_F64 p0 = pose(0.1, 0.2, 0.3, 1, 2, 3);
        FrameUpdate first = new FrameUpdate().reset(0);
        first.pose.setTo(p0);
        mapping.apply(first);
        FrameUpdate second = new FrameUpdate().reset(1);
        second.pose.setTo(pose(0.2, 0.1, 0, 0.5, 0.5, 0.5));
        second.anchorFrame = 0;
        second.anchorPose.setTo(p0);
        second.addPoint(0, 1.5, 2.5, 3.5, 7);
        mapping.apply(second);
        MapSnapshot map = mapping.publish();
        assertThat(FramePoses.equal(map.pose(1, new Se3_F64()), second.pose)).isTrue();
        assertThat(new double[]{map.x(0), map.y(0), map.z(0)}).containsExactly(1.5, 2.5, 3.5);
    }

    @Test
    void aFailingUpdateIsCountedAndTheNextOnesStillLineUp() {
        LocalMapping mapping = new LocalMapping(null, 500, true);
        FrameUpdate first = new FrameUpdate().reset(0);
        first.addPoint(0, 0, 0, 1, 0);
        first.rejected.add(99); // no such point: the update fails part way
        mapping.apply(first);
        FrameUpdate second = new FrameUpdate().reset(1);
        second.addPoint(1, 0, 0, 2, 0);
        mapping.apply(second);
        MapSnapshot map = mapping.publish();
        assertThat(mapping.status(0).errors()).isEqualTo(1);
        assertThat(mapping.status(0).lastError()).contains("frame 0");
        assertThat(map.newestFrame).isEqualTo(1);
        assertThat(map.usable(1)).isTrue();
        assertThat(map.z(1)).isEqualTo(2);
    }

    @Test
    void anIdGivenAgainPlacesTheNewPointAndTheCloudKeepsTheOldOneWhereAskedFor() {
        for (boolean keep : new boolean[]{true, false}) {
            LocalMapping mapping = new LocalMapping(null, 500, keep);
            FrameUpdate first = new FrameUpdate().reset(0);
            first.addPoint(0, 1, 1, 1, 10);
            first.addPoint(1, 2, 2, 2, 20);
            first.rejected.add(1);
            mapping.apply(first);
            FrameUpdate second = new FrameUpdate().reset(1);
            second.addPoint(0, 3, 3, 3, 30);
            second.addPoint(1, 4, 4, 4, 40);
            second.addPoint(2, 5, 5, 5, 50);
            mapping.apply(second);
            MapSnapshot map = mapping.publish();
            assertThat(new double[]{map.x(0), map.y(0), map.z(0)}).containsExactly(3, 3, 3);
            assertThat(map.usable(1)).as("a rejected point's id given again").isTrue();
            PointCloud cloud = mapping.pointCloud();
            // the old point 0 where kept (the rejected old point 1 never), then the map's three
            assertThat(cloud.size()).isEqualTo(keep ? 4 : 3);
            assertThat(cloud.z(0)).isEqualTo(keep ? 1 : 3);
            assertThat(cloud.grey(0)).isEqualTo(keep ? 10 : 30);
        }
    }

    @Test
    void rejectedPointsAreNotPublishedAsUsable() {
        LocalMapping mapping = new LocalMapping(null, 500, true);
        FrameUpdate u = new FrameUpdate().reset(0);
        u.addPoint(0, 1, 1, 1, 0);
        u.addPoint(1, 2, 2, 2, 0);
        u.rejected.add(0);
        mapping.apply(u);
        MapSnapshot map = mapping.publish();
        assertThat(map.usable(0)).isFalse();
        assertThat(map.usable(1)).isTrue();
        assertThat(map.usable(2)).isFalse();
        assertThat(mapping.pointCloud().size()).isEqualTo(1);
    }

    static Se3_F64 pose(double rx, double ry, double rz, double x, double y, double z) {
        Se3_F64 p = new Se3_F64();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, rx, ry, rz, p.R);
        p.T.setTo(x, y, z);
        return p;
    }

    static void assertSame(Se3_F64 a, Se3_F64 b) {
        for (int i = 0; i < 9; i++)
            assertThat(a.R.data[i]).isCloseTo(b.R.data[i], within(1e-12));
        assertThat(a.T.distance(b.T)).isLessThan(1e-12);
    }
}
