package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.geometry.Triangulation;

/**
 * Monocular map points: tracks without a map point are triangulated between their first observation and the
 * keyframe; tracked points are triangulated again as their baseline grows ({@link #refine}). The map's scale is the
 * one fixed at initialisation, carried from point to point.
 */
final class TrackTriangulation implements MapPointSource {
    private final ConfigVisualOdometry config;
    private final CameraModel camera;
    private final FeatureTracks tracks;
    private final TrackedPoses poses;
    private final TrackingPoints points;
    private final Point3D_F64 p3 = new Point3D_F64(), q3 = new Point3D_F64(), inCurrent = new Point3D_F64();
    private final Se3_F64 current = new Se3_F64(), first = new Se3_F64(), relative = new Se3_F64();
    private final KeyframePoints created = new KeyframePoints();

    TrackTriangulation(ConfigVisualOdometry config, CameraModel camera, FeatureTracks tracks, TrackedPoses poses,
                       TrackingPoints points) {
        this.config = config;
        this.camera = camera;
        this.tracks = tracks;
        this.poses = poses;
        this.points = points;
    }

    /** Triangulates the frame's tracks without a map point between their first observation and the frame. */
    @Override
    public int addPoints(TrackingFrame frame) {
        int k = frame.index;
        poses.get(k, current);
        double maxError = maxError();
        created.clear();
        int added = 0, lastFrame = -1;
        for (int m = 0; m < frame.matches.size(); m++) {
            int i = frame.matches.query[m], f = tracks.firstFrame[i];
            if (tracks.landmark[i] == FeatureTracks.NONE && f >= 0 && f < poses.firstKept()) {
                // its first frame's pose is forgotten: the track starts over here
                tracks.restart(i, k, frame.curX[m], frame.curY[m]);
                continue;
            }
            if (tracks.landmark[i] != FeatureTracks.NONE || f < 0 || f >= k || !poses.estimated(f))
                continue;
            if (f != lastFrame) {
                poses.get(f, first).invert(null).concat(current, relative); // first view → current view
                lastFrame = f;
            }
            double x = frame.curX[m], y = frame.curY[m];
            if (!Triangulation.triangulate(tracks.firstX[i], tracks.firstY[i], x, y, relative,
                    config.minTriangulationAngleDeg, maxError, p3))
                continue;
            // p3 is in the first view's frame
            SePointOps_F64.transformReverse(first, p3, q3);
            double parallax = Triangulation.parallaxDeg(tracks.firstX[i], tracks.firstY[i], x, y, relative);
            // held in this frame's camera: its pose moves with the anchor as mapping's placement does
            SePointOps_F64.transform(current, q3, inCurrent);
            int id = points.add(frame.update, q3, frame.greyAt(frame.matches.queryX[m], frame.matches.queryY[m]), f,
                    tracks.firstX[i], tracks.firstY[i], parallax, k, inCurrent);
            tracks.landmark[i] = id;
            frame.update.observe(f, id, tracks.firstX[i], tracks.firstY[i]);
            frame.update.observe(k, id, x, y);
            created.add(id, i);
            added++;
        }
        return added;
    }

    /**
     * Monocular map points improve as the baseline to their first observation grows: an inlier point whose parallax
     * between its first observation and this frame has grown by half since it was last triangulated is triangulated
     * again from these two views. Far points, first triangulated with little parallax, get their depth right this way.
     *
     * @param correspondence the match of each of the frame's n map correspondences
     * @param inlier         whether PnP kept it
     */
    void refine(TrackingFrame frame, int[] correspondence, boolean[] inlier, int n) {
        int k = frame.index;
        poses.get(k, current);
        double maxError = maxError();
        PointAnchors anchors = points.anchors();
        int lastFrame = -1;
        for (int c = 0; c < n; c++) {
            if (!inlier[c])
                continue;
            int m = correspondence[c], id = tracks.landmark[frame.matches.query[m]], f = anchors.frame(id);
            if (f < 0 || f >= k || !poses.estimated(f))
                continue;
            if (f != lastFrame) {
                poses.get(f, first).invert(null).concat(current, relative);
                lastFrame = f;
            }
            double x = frame.curX[m], y = frame.curY[m];
            double parallax = Triangulation.parallaxDeg(anchors.x(id), anchors.y(id), x, y, relative);
            if (parallax < 1.5 * anchors.parallaxDeg(id) || !Triangulation.triangulate(anchors.x(id), anchors.y(id),
                    x, y, relative, config.minTriangulationAngleDeg, maxError, p3))
                continue;
            SePointOps_F64.transformReverse(first, p3, q3);
            anchors.setParallax(id, parallax);
            SePointOps_F64.transform(current, q3, inCurrent);
            points.refine(frame.update, id, k, inCurrent, q3);
        }
    }

    @Override
    public KeyframePoints created() {
        return created;
    }

    @Override
    public double depthBaseline() {
        return 0;
    }

    /** the largest reprojection error (normalized) a triangulated point may leave */
    private double maxError() {
        return 2 * config.ransac.inlierThresholdPixels / camera.fx;
    }
}
