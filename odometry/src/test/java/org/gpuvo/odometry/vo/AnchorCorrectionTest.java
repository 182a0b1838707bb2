package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.odometry.vo.LocalMappingTest.assertSame;
import static org.gpuvo.odometry.vo.LocalMappingTest.pose;

/**
 * The move of what was measured against an anchor frame when a bundle adjustment moved and rescaled the anchor: a
 * similarity about the anchor camera, under which a frame still sees its points where it measured them, scaled.
 */
class AnchorCorrectionTest {
    private final Se3_F64 anchorThen = pose(0.1, -0.2, 0.05, 0.5, -0.3, 2.0);
    private final Se3_F64 anchorNow = pose(0.12, -0.18, 0.04, 0.55, -0.2, 2.1);
    private final Se3_F64 frameThen = pose(0.15, -0.25, 0.1, 0.2, -0.1, 1.0);
    private final Point3D_F64 inFrame = new Point3D_F64(0.4, -0.3, 5.0);

    @Test
    void aFrameSeesItsPointsWhereItMeasuredThemScaled() {
        double scale = 1.07;
        AnchorCorrection correction = new AnchorCorrection();
        assertThat(correction.set(anchorThen, 1.5, anchorNow, 1.5 * scale)).isTrue();
        assertThat(correction.scale()).isCloseTo(scale, org.assertj.core.data.Offset.offset(1e-15));

        Point3D_F64 worldThen = SePointOps_F64.transformReverse(frameThen, inFrame, null);
        Point3D_F64 worldNow = correction.point(worldThen, new Point3D_F64());
        Se3_F64 frameNow = correction.pose(frameThen, new Se3_F64());
        Point3D_F64 seen = SePointOps_F64.transform(frameNow, worldNow, null);
        assertThat(seen.distance(inFrame.x * scale, inFrame.y * scale, inFrame.z * scale)).isLessThan(1e-12);

        // the anchor sees the point as it did, scaled about its camera
        Point3D_F64 fromAnchorThen = SePointOps_F64.transform(anchorThen, worldThen, null);
        Point3D_F64 fromAnchorNow = SePointOps_F64.transform(anchorNow, worldNow, null);
        assertThat(fromAnchorNow.distance(fromAnchorThen.x * scale, fromAnchorThen.y * scale,
                fromAnchorThen.z * scale)).isLessThan(1e-12);

        // the frame's motion from the anchor keeps its rotation, its translation scaled
        Se3_F64 relativeThen = anchorThen.invert(null).concat(frameThen, null);
        Se3_F64 relativeNow = anchorNow.invert(null).concat(frameNow, null);
        for (int i = 0; i < 9; i++)
            assertThat(relativeNow.R.data[i]).isCloseTo(relativeThen.R.data[i],
                    org.assertj.core.data.Offset.offset(1e-12));
        assertThat(relativeNow.T.distance(relativeThen.T.x * scale, relativeThen.T.y * scale,
                relativeThen.T.z * scale)).isLessThan(1e-12);
    }

    @Test
    void whereTheScaleStayedTheMoveIsRigid() {
        AnchorCorrection correction = new AnchorCorrection();
        correction.set(anchorThen, 1, anchorNow, 1);
        Point3D_F64 a = new Point3D_F64(1, 2, 3), b = new Point3D_F64(-2, 0.5, 7);
        Point3D_F64 movedA = correction.point(a, new Point3D_F64()), movedB = correction.point(b, new Point3D_F64());
        assertThat(movedA.distance(movedB)).isCloseTo(a.distance(b), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(movedA.distance(a)).isGreaterThan(0.01);
    }

    @Test
    void whereNothingMovedEverythingStaysToTheBit() {
        AnchorCorrection correction = new AnchorCorrection();
        assertThat(correction.set(anchorThen, 1.2, anchorThen.copy(), 1.2)).isFalse();
        Se3_F64 same = correction.pose(frameThen, new Se3_F64());
        assertThat(FramePoses.equal(same, frameThen)).isTrue();
        Point3D_F64 p = new Point3D_F64(1, 2, 3);
        assertThat(correction.point(p, new Point3D_F64())).isEqualTo(p);
        // a rescaled anchor that did not move still moves what was measured against it
        assertThat(correction.set(anchorThen, 1.2, anchorThen.copy(), 1.3)).isTrue();
    }

    /**
     * Tracking holds a point it measured in a frame mapping has not taken in where mapping will place it, however the
     * frame's anchor moved and was rescaled meanwhile.
     */
    @Test
    void pendingPointsGoWhereMappingWillPlaceThem() {
        FramePoses mapped = new FramePoses();
        mapped.set(0, anchorThen);
        TrackedPoses poses = new TrackedPoses();
        poses.add(anchorThen, true);
        poses.adopt(new MapSnapshot(0, 0, mapped.publish(), PublishedRecords.View.EMPTY));
        poses.add(frameThen, true);
        FrameUpdate update = new FrameUpdate().reset(1);
        poses.describeNewest(update);
        PendingPoints pending = new PendingPoints();
        pending.add(0, 1, 1, inFrame.x, inFrame.y, inFrame.z);
        Point3D_F64 worldThen = SePointOps_F64.transformReverse(frameThen, inFrame, null);

        // a bundle adjustment moves frame 0 and rescales the map about it
        mapped.set(0, anchorNow);
        mapped.rescale(0, 1.25);
        assertThat(poses.adopt(new MapSnapshot(0, 1, mapped.publish(), PublishedRecords.View.EMPTY))).isTrue();
        pending.posesChanged();
        assertThat(poses.scaleSinceTracked(1)).isEqualTo(1.25);

        AnchorCorrection mapping = new AnchorCorrection();
        mapping.set(update.anchorPose, update.anchorScale, mapped.get(0, new Se3_F64()), mapped.scale(0));
        assertSame(poses.get(1, new Se3_F64()), mapping.pose(update.pose, new Se3_F64()));
        Point3D_F64 tracked = pending.world(0, poses, new Point3D_F64());
        assertThat(tracked.distance(mapping.point(worldThen, new Point3D_F64()))).isLessThan(1e-12);
    }
}
