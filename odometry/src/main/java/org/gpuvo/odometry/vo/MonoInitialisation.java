package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.geometry.PnpEstimator;
import org.gpuvo.odometry.geometry.RelativePoseEstimator;
import org.gpuvo.odometry.geometry.Triangulation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Monocular two-view initialisation between a reference frame and a later frame, from the tracks seen continuously
 * since the reference: it waits for enough parallax, then estimates the essential matrix (5-point RANSAC),
 * triangulates its inliers and starts the map. The scale is a unit distance between the two views, or after a loss
 * the last known speed. The frames it waited through are placed against the new map once it exists
 * ({@link InitialisationFrames}).
 */
final class MonoInitialisation {
    private final ConfigVisualOdometry config;
    private final CameraModel camera;
    private final RelativePoseEstimator essential;
    private final PnpEstimator pnp;
    private final FeatureTracks tracks;
    private final TrackedPoses poses;
    private final TrackingPoints points;
    private final MotionPrior prior;
    private final InitialisationFrames waitingFrames;
    /** the points the map started with, and the features of the frame that started it that observe them */
    private final KeyframePoints created = new KeyframePoints();
    /** frames placed after their result was returned, not yet taken */
    private final List<PlacedFrame> placed = new ArrayList<>();

    private int reference = -1;
    private double speedHint;
    private int inliers, mapPoints;

    private double[] x1 = new double[0], y1 = new double[0], x2 = new double[0], y2 = new double[0],
            parallax = new double[0], wx = new double[0], wy = new double[0], wz = new double[0];
    private int[] correspondence = new int[0], landmarkOf = new int[0];
    private final Point3D_F64 p3 = new Point3D_F64(), q3 = new Point3D_F64();
    private final Se3_F64 referencePose = new Se3_F64(), relative = new Se3_F64(), estimate = new Se3_F64(),
            last = new Se3_F64(), predicted = new Se3_F64();

    MonoInitialisation(ConfigVisualOdometry config, CameraModel camera, RelativePoseEstimator essential,
                       PnpEstimator pnp, FeatureTracks tracks, TrackedPoses poses, TrackingPoints points,
                       MotionPrior prior) {
        this.config = config;
        this.camera = camera;
        this.essential = essential;
        this.pnp = pnp;
        this.tracks = tracks;
        this.poses = poses;
        this.points = points;
        this.prior = prior;
        this.waitingFrames = new InitialisationFrames(config.initMaxWaitingFrames);
    }

    /**
     * Starts over from frame {@code frame} as the reference.
     *
     * @param speed the distance per frame the scale continues (after a loss), or 0 for a unit baseline
     */
    void restart(int frame, double speed) {
        reference = frame;
        waitingFrames.clear();
        speedHint = speed;
    }

    /**
     * Tries to initialise the map between the reference and the frame. While it waits, the frame holds (or
     * extrapolates) the last pose, unestimated.
     *
     * @return whether the map started, with the frame's pose estimated
     */
    boolean initialise(TrackingFrame frame) {
        int k = frame.index;
        inliers = 0;
        mapPoints = 0;
        int n = gatherTracksFromReference(frame);
        poses.get(k - 1, last);
        poses.add(prior.valid() ? prior.predict(last, predicted) : last, false);
        if (n < config.initMinPoints || reference < poses.firstKept()) {
            // the reference's features are gone, or its pose is (a camera waiting too long): start over from here
            restart(k, speedHint);
            tracks.clearCurrent();
            return false;
        }
        Arrays.sort(parallax, 0, n);
        if (parallax[n / 2] < config.initMinParallaxPixels || !essential.process(x1, y1, x2, y2, n, relative))
            return waitForParallax(frame);

        poses.get(reference, referencePose);
        relative.T.scale(speedHint > 0 ? speedHint * (k - reference) : 1.0);
        int triangulated = triangulate(frame, n);
        if (triangulated < config.initMinPoints) {
            for (int c = 0; c < n; c++)
                if (landmarkOf[c] >= 0)
                    points.reject(landmarkOf[c], frame.update);
            return waitForParallax(frame);
        }
        FrameUpdate update = frame.update;
        update.clearWindow = true;
        update.windowReference = reference;
        update.entersWindow = true;
        created.clear();
        for (int c = 0; c < n; c++)
            if (landmarkOf[c] >= 0) {
                int i = frame.matches.query[correspondence[c]];
                tracks.landmark[i] = landmarkOf[c];
                created.add(landmarkOf[c], i);
                update.observe(reference, landmarkOf[c], x1[c], y1[c]);
                update.observe(k, landmarkOf[c], x2[c], y2[c]);
            }
        referencePose.concat(relative, estimate);
        poses.setNewest(estimate, true);
        placeWaitingFrames(frame, n);
        if (k - reference == 1)
            prior.update(referencePose, estimate);
        else
            prior.invalidate();
        inliers = essential.inlierCount();
        mapPoints = triangulated;
        return true;
    }

    /** the essential matrix's inliers, once the map started */
    int inliers() {
        return inliers;
    }

    /** the points the map started with */
    int mapPoints() {
        return mapPoints;
    }

    /** the points the map started with, once it started, with the frame's features that observe them */
    KeyframePoints created() {
        return created;
    }

    /** The waiting frames placed since the last call, with their poses. */
    List<PlacedFrame> takePlaced() {
        List<PlacedFrame> taken = List.copyOf(placed);
        placed.clear();
        return taken;
    }

    /** Gathers the tracks seen since the reference: their ends (x1, y1) → (x2, y2) and parallax in pixels. */
    private int gatherTracksFromReference(TrackingFrame frame) {
        int matches = frame.matches.size();
        grow(matches);
        int n = 0;
        for (int m = 0; m < matches; m++) {
            int i = frame.matches.query[m];
            if (tracks.firstFrame[i] != reference)
                continue;
            x1[n] = tracks.firstX[i];
            y1[n] = tracks.firstY[i];
            x2[n] = frame.curX[m];
            y2[n] = frame.curY[m];
            parallax[n] = Math.hypot(x2[n] - x1[n], y2[n] - y1[n]) * camera.fx;
            correspondence[n++] = m;
        }
        return n;
    }

    /** Triangulates the essential matrix's inliers as new points (landmarkOf: their ids, else -1). */
    private int triangulate(TrackingFrame frame, int n) {
        double maxError = 2 * config.ransac.inlierThresholdPixels / camera.fx;
        int triangulated = 0;
        for (int c = 0; c < n; c++) {
            landmarkOf[c] = -1;
            if (!essential.isInlier(c) || !Triangulation.triangulate(x1[c], y1[c], x2[c], y2[c], relative,
                    config.minTriangulationAngleDeg, maxError, p3))
                continue;
            SePointOps_F64.transformReverse(referencePose, p3, q3);
            wx[c] = q3.x;
            wy[c] = q3.y;
            wz[c] = q3.z;
            int m = correspondence[c];
            landmarkOf[c] = points.add(frame.update, q3, frame.greyAt(frame.matches.queryX[m], frame.matches.queryY[m]),
                    reference, x1[c], y1[c], Triangulation.parallaxDeg(x1[c], y1[c], x2[c], y2[c], relative),
                    reference, p3);
            triangulated++;
        }
        return triangulated;
    }

    /** Initialisation must wait for more parallax: the frame is recorded, to be placed once the map exists. */
    private boolean waitForParallax(TrackingFrame frame) {
        waitingFrames.record(frame.index, frame.timestamp, reference, tracks, frame.matches.query,
                frame.matches.size(), frame.curX, frame.curY);
        return false;
    }

    /** Places the frames the initialisation waited through against its n correspondences' points (wx, wy, wz). */
    private void placeWaitingFrames(TrackingFrame frame, int n) {
        int origins = 0;
        for (int c = 0; c < n; c++)
            origins = Math.max(origins, tracks.origin[frame.matches.query[correspondence[c]]] + 1);
        int[] pointOf = new int[origins];
        Arrays.fill(pointOf, -1);
        double[] px = new double[origins], py = new double[origins], pz = new double[origins];
        for (int c = 0; c < n; c++) {
            if (landmarkOf[c] < 0)
                continue;
            int o = tracks.origin[frame.matches.query[correspondence[c]]];
            pointOf[o] = landmarkOf[c];
            px[o] = wx[c];
            py[o] = wy[c];
            pz[o] = wz[c];
        }
        placed.addAll(waitingFrames.place(pointOf, px, py, pz, pnp, referencePose, config.minTrackedPoints));
    }

    private void grow(int n) {
        if (x1.length >= n)
            return;
        int c = Math.max(n, 2 * x1.length);
        x1 = new double[c];
        y1 = new double[c];
        x2 = new double[c];
        y2 = new double[c];
        parallax = new double[c];
        wx = new double[c];
        wy = new double[c];
        wz = new double[c];
        correspondence = new int[c];
        landmarkOf = new int[c];
    }
}
