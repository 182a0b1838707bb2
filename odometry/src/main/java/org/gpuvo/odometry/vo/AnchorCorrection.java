package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;

/**
 * The move from the world a frame was tracked in to the map's world now, given by the frame's anchor: the anchor
 * camera's pose then and now, and the scale its surroundings had then and have now ({@link FramePoses#scale}).
 * Everything measured against the anchor keeps its place relative to the anchor camera, scaled about that camera by
 * the ratio of the two scales: a similarity, a rigid move where the scale did not change (stereo and depth maps).
 *
 * <p>The scale matters for monocular maps, whose bundle adjustment rescales the recent map by a few percent (KITTI 06:
 * 1–4 % about the window's newest frame): frames tracked and points measured against the anchor while the adjustment
 * ran follow that scale, as DSO's points follow their host keyframe (J. Engel et al., "Direct Sparse Odometry", TPAMI
 * 2018) and ORB-SLAM's loop correction carries a similarity to the frames and points it moves (R. Mur-Artal et al.,
 * "ORB-SLAM", T-RO 2015). A rigid move leaves them at the old scale, and with mapping 5 frames behind the next
 * adjustments had to rescale them by up to 8 %.
 *
 * <p>Tracking ({@link TrackedPoses}) and local mapping ({@link LocalMapping}) both use this class, so that tracking
 * sees a pending frame and its points where mapping will place them, to the bit.
 */
final class AnchorCorrection {
    private final Se3_F64 thenInverse = new Se3_F64(), now = new Se3_F64(), relative = new Se3_F64();
    private final Point3D_F64 inAnchor = new Point3D_F64();
    private double scale = 1;
    private boolean identity = true;

    /**
     * Sets the correction of an anchor at {@code anchorThen} with scale {@code scaleThen} when tracked, at
     * {@code anchorNow} and {@code scaleNow} now; returns false where nothing moved (the correction is the identity).
     */
    boolean set(Se3_F64 anchorThen, double scaleThen, Se3_F64 anchorNow, double scaleNow) {
        identity = scaleThen == scaleNow && FramePoses.equal(anchorThen, anchorNow);
        scale = scaleNow / scaleThen;
        if (!identity) {
            anchorThen.invert(thenInverse);
            now.setTo(anchorNow);
        }
        return !identity;
    }

    /** The identity: nothing moves. */
    void clear() {
        identity = true;
        scale = 1;
    }

    /** Lengths measured then are this many times longer now. */
    double scale() {
        return scale;
    }

    /**
     * A world-to-camera pose of the world then, in the world now: its motion relative to the anchor, the translation
     * scaled, after the anchor's pose now. {@code out} may be {@code poseThen}.
     */
    Se3_F64 pose(Se3_F64 poseThen, Se3_F64 out) {
        if (identity)
            return out.setTo(poseThen);
        thenInverse.concat(poseThen, relative);
        relative.T.scale(scale);
        return now.concat(relative, out);
    }

    /** A world point of the world then, in the world now. {@code out} may be {@code pointThen}. */
    Point3D_F64 point(Point3D_F64 pointThen, Point3D_F64 out) {
        if (identity)
            return out.setTo(pointThen);
        SePointOps_F64.transformReverse(thenInverse, pointThen, inAnchor);
        inAnchor.scale(scale);
        return SePointOps_F64.transformReverse(now, inAnchor, out);
    }
}
