package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.gpu.cuda.CudaStageException;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoRectification;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.frontend.FeatureDescriptors;
import org.gpuvo.odometry.frontend.TrackingFrontEnd;
import org.gpuvo.odometry.geometry.ConfigRansac;
import org.gpuvo.odometry.geometry.PnpEstimator;
import org.gpuvo.odometry.geometry.RelativePoseEstimator;
import org.gpuvo.odometry.geometry.Triangulation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Visual odometry by tracking a map of triangulated points through frame-to-frame feature matches.
 *
 * <p>Each frame's features are matched against the previous frame's by the {@link TrackingFrontEnd} (on the GPU
 * where there is one). Chained matches form tracks ({@link FeatureTracks}); a track that observes a map point gives a
 * 2D–3D correspondence, and the frame's pose comes from PnP RANSAC on them, started from the constant-velocity
 * prediction ({@link MotionPrior}). When fewer map points remain tracked (a keyframe), new ones are added: in
 * monocular mode by triangulating tracks between their first observation and this frame, in stereo mode from the
 * disparity of left–right matches, in RGB-D mode from the depth image. The map's scale is therefore metric for
 * stereo and RGB-D, and for a monocular camera the scale fixed at initialisation (unit distance between the two
 * initial views, a 5-point essential-matrix estimate) carried from map point to map point.
 *
 * <p>A frame that cannot be tracked (too few inliers, a black or blurred frame) is reported {@link TrackingState#LOST}
 * with the constant-velocity extrapolation as its pose; the pipeline then re-initialises: at once from stereo or depth,
 * or in monocular mode by a new two-view initialisation whose scale continues the last known speed.
 *
 * <p>This class is the tracking thread: it reads the map from the latest {@link MapSnapshot} and writes nothing into
 * it. What a frame adds (its pose, its observations, the points it measured, the points it found wrong) goes to
 * {@link LocalMapping} as a {@link FrameUpdate}, on a thread of its own or, in the deterministic mode, at once. New
 * points get their ids here, so that the frame's tracks refer to them before mapping has placed them; they are used
 * for pose estimation from the snapshot that holds them on.
 */
final class MapTrackingOdometry implements VisualOdometry {
    private static final Logger LOG = LoggerFactory.getLogger(MapTrackingOdometry.class);

    private final ConfigVisualOdometry config;
    private final CameraModel camera;
    private final StereoRectification stereo;
    private TrackingFrontEnd frontEnd;
    private final RelativePoseEstimator essential;
    private final PnpEstimator pnp;
    private final StereoPointMatcher stereoMatcher;
    /** sub-pixel disparities where the raw images are rectified already (else null) */
    private final SubpixelDisparity subpixel;
    private final MappingRunner mapping;

    private final Matches matches = new Matches(4096);
    private final FeatureTracks tracks = new FeatureTracks();
    private final MotionPrior prior = new MotionPrior();
    /** world-to-camera pose of every frame so far, and whether it was estimated (not held or extrapolated) */
    private final TrackedPoses poses = new TrackedPoses();
    private final PointAnchors anchors = new PointAnchors();
    /** new points local mapping has not placed yet, which tracking uses meanwhile */
    private final PendingPoints pending = new PendingPoints();
    private final InitialisationFrames waitingFrames = new InitialisationFrames();
    /** frames placed after their result was returned, not yet taken */
    private final List<PlacedFrame> placed = new ArrayList<>();
    /** points tracking found wrong; mapping learns of them with the frame's update */
    private final BitSet rejected = new BitSet();
    private int nextPointId;
    /** the current frame's update to local mapping */
    private FrameUpdate update;
    private MapSnapshot map = MapSnapshot.EMPTY;

    private TrackingState state = TrackingState.INITIALIZING;
    private int initReference = -1;
    private double speedHint;
    private int lastKeyframe = -1, trackedAfterKeyframe;
    private double lastTimestamp = Double.NEGATIVE_INFINITY;
    /** front-end work done from the host side of a frame (right image, feature download), counted as front end */
    private long frontEndNanosInHost;
    /** the current frame's map correspondences */
    private int mapPointsTracked;

    // per-frame scratch, grown as needed
    private double[] curX = new double[0], curY = new double[0], prevX = new double[0], prevY = new double[0];
    private double[] wx = new double[0], wy = new double[0], wz = new double[0], nx = new double[0], ny = new double[0];
    private double[] x1 = new double[0], y1 = new double[0];
    private int[] corrMatch = new int[0];
    private boolean[] inlier = new boolean[0];
    private double[] sx = new double[0], sy = new double[0], sz = new double[0], su = new double[0], sv = new double[0];
    private final KeyPoints keyPoints = new KeyPoints(), rightKeyPoints = new KeyPoints();
    private final FeatureDescriptors descriptors, rightDescriptors;
    private final Point2D_F64 p2 = new Point2D_F64();
    private final Point3D_F64 p3 = new Point3D_F64(), q3 = new Point3D_F64();
    private final Se3_F64 predicted = new Se3_F64(), estimate = new Se3_F64(), relative = new Se3_F64(),
            last = new Se3_F64(), before = new Se3_F64(), current = new Se3_F64(), first = new Se3_F64();

    MapTrackingOdometry(ConfigVisualOdometry config, CameraModel camera, StereoRectification stereo) {
        this.config = config;
        this.camera = camera;
        this.stereo = stereo;
        ConfigRansac ransac = new ConfigRansac();
        ransac.maxIterations = config.maxRansacIterations;
        ransac.inlierThresholdPixels = config.inlierThresholdPixels;
        ransac.seed = config.seed;
        double focal = 0.5 * (camera.fx + camera.fy);
        // at low parallax an adaptive stop after a handful of samples can settle on a wrong motion that fits most
        // points; initialisation is rare, so it always draws a few hundred samples
        ConfigRansac init = ransac.copy();
        init.inlierThresholdPixels = config.initThresholdPixels;
        this.essential = new RelativePoseEstimator(init, focal).setMinimumIterations(200);
        this.pnp = new PnpEstimator(ransac, focal);
        this.stereoMatcher = stereo == null ? null : new StereoPointMatcher(stereo, config.stereoRowTolerance,
                KeyPointScale.of(config), config.matching().maxDistance, config.matching().ratio);
        this.descriptors = FeatureDescriptors.of(config.features);
        this.rightDescriptors = FeatureDescriptors.of(config.features);
        this.subpixel = stereo != null && stereo.imagesAreRectified(0.01) ? new SubpixelDisparity(3, 2) : null;
        this.frontEnd = FactoryVisualOdometry.frontEnd(config.mode.name().toLowerCase(java.util.Locale.ROOT), config,
                config.backend);
        LocalMapping local = new LocalMapping(config.bundleWindow >= 3 ? new LocalBundleAdjustment(config.bundleWindow,
                focal, config.bundleSolver()) : null, focal);
        this.mapping = config.deterministic ? MappingRunner.inline(local) : MappingRunner.threaded(local);
    }

    @Override
    public FrameResult process(double timestamp, GrayImage left, GrayImage right, DepthImage depth) {
        checkInputs(timestamp, left, right, depth);
        long start = System.nanoTime();
        frontEndNanosInHost = 0;
        mapPointsTracked = 0;
        takeLatestMap();
        boolean searchable = state == TrackingState.TRACKING && config.useMotionPrior;
        int features = extract(left, searchable ? prior.rotationHomography(camera) : null);
        long extracted = System.nanoTime();

        int k = poses.size();
        update = mapping.obtain(k);
        update.firstNewPoint = nextPointId;
        tracks.nextFrame(features);
        normalizeMatches();
        for (int m = 0; m < matches.size(); m++)
            tracks.continueTrack(matches.query[m], matches.train[m], k - 1, prevX[m], prevY[m]);

        int inliers = 0;
        boolean keyframe = false;
        TrackingState result;
        if (k == 0) {
            // the first frame is the origin: its pose is known by definition
            poses.add(new Se3_F64(), true);
            startMap(k, left, right, depth);
            result = TrackingState.TRACKING;
            keyframe = config.mode != VoMode.MONO;
        } else if (state == TrackingState.TRACKING) {
            inliers = trackMap(k);
            if (inliers >= 0) {
                result = TrackingState.TRACKING;
                if (needsKeyframe(k, inliers)) {
                    trackedAfterKeyframe = inliers + addMapPoints(k, left, right, depth);
                    lastKeyframe = k;
                    keyframe = true;
                }
                update.bundleDue = k % config.bundleInterval == 0;
            } else {
                inliers = 0;
                result = TrackingState.LOST;
                loseTrack(k, left, right, depth);
            }
        } else {
            inliers = initialiseMono(k, timestamp, left);
            result = state == TrackingState.TRACKING ? TrackingState.TRACKING : TrackingState.INITIALIZING;
            keyframe = result == TrackingState.TRACKING;
        }
        lastTimestamp = timestamp;
        poses.describeNewest(update);
        mapping.submit(update);
        update = null;
        // the frame's pose as best known now: adjusted where mapping has run (always, in the deterministic mode)
        takeLatestMap();
        poses.get(k, current);
        long end = System.nanoTime();
        return new FrameResult(timestamp, current.invert(null), result, features, matches.size(), inliers,
                keyframe, mapPointsTracked, (extracted - start + frontEndNanosInHost) / 1e6,
                (end - extracted - frontEndNanosInHost) / 1e6);
    }

    /**
     * Takes the latest map local mapping has published. When a bundle adjustment has moved the last two frames, the
     * motion prior follows their adjusted poses (where only older frames moved, the last motion is as it was: the
     * newer frames moved with their anchor).
     */
    private void takeLatestMap() {
        int k = poses.size();
        if (poses.adopt(mapping.latest()) && k >= 2 && k - 1 <= poses.snapshot().newestFrame && prior.valid())
            prior.update(poses.get(k - 2, before), poses.get(k - 1, last));
        map = poses.snapshot();
        pending.placedBelow(map.pointCount());
        pending.posesChanged();
    }

    private void checkInputs(double timestamp, GrayImage left, GrayImage right, DepthImage depth) {
        if (left == null)
            throw new IllegalArgumentException("no image");
        if (!(timestamp > lastTimestamp))
            throw new IllegalArgumentException("timestamps must increase: " + timestamp + " after " + lastTimestamp);
        if (left.width != camera.width || left.height != camera.height)
            throw new IllegalArgumentException("image is " + left.width + "x" + left.height + ", the camera "
                    + camera.width + "x" + camera.height);
        if (config.mode == VoMode.STEREO && (right == null || right.width != left.width || right.height != left.height))
            throw new IllegalArgumentException("stereo mode needs a right image of the left image's size");
        if (config.mode == VoMode.RGBD && (depth == null || depth.width != left.width || depth.height != left.height))
            throw new IllegalArgumentException("RGB-D mode needs a depth image of the image's size");
    }

    /** Runs the front end; a failing GPU falls back to the CPU for good, and the frame starts over there. */
    private int extract(GrayImage left, double[] window) {
        try {
            return frontEnd.process(left, window, matches);
        } catch (CudaStageException e) {
            LOG.warn("the GPU front end failed ({}); continuing on the CPU", e.getMessage());
            frontEnd.close();
            frontEnd = FactoryVisualOdometry.frontEnd("cpu", config, Backend.CPU);
            return frontEnd.process(left, null, matches);
        }
    }

    /** Normalized (undistorted) coordinates of both ends of every match. */
    private void normalizeMatches() {
        int n = matches.size();
        if (curX.length < n) {
            int c = Math.max(n, 2 * curX.length);
            curX = new double[c];
            curY = new double[c];
            prevX = new double[c];
            prevY = new double[c];
        }
        for (int m = 0; m < n; m++) {
            camera.pixelToNormalized(matches.queryX[m], matches.queryY[m], p2);
            curX[m] = p2.x;
            curY[m] = p2.y;
            camera.pixelToNormalized(matches.trainX[m], matches.trainY[m], p2);
            prevX[m] = p2.x;
            prevY[m] = p2.y;
        }
    }

    // ------------------------------------------------------------------------------------------------ tracking

    /** PnP of the frame against the tracked map points; returns the inlier count, or -1 if the frame is lost. */
    private int trackMap(int k) {
        int n = gatherMapCorrespondences();
        mapPointsTracked = n;
        poses.get(k - 1, last);
        prior.predict(last, predicted);
        if (n < config.minTrackedPoints)
            return -1;
        int tracked = estimatePose(n);
        if (tracked < config.minTrackedPoints)
            return -1;
        for (int c = 0; c < n; c++) {
            if (inlier[c])
                continue;
            int m = corrMatch[c], i = matches.query[m];
            reject(tracks.landmark[i]);
            tracks.restart(i, k, curX[m], curY[m]);
        }
        poses.add(estimate, true);
        prior.update(last, estimate);
        update.entersWindow = true;
        for (int c = 0; c < n; c++)
            if (inlier[c])
                update.observe(k, tracks.landmark[matches.query[corrMatch[c]]], nx[c], ny[c]);
        if (config.mode == VoMode.MONO)
            retriangulate(k, n);
        return tracked;
    }

    /**
     * PnP RANSAC of the frame's pose from the n correspondences, into {@code estimate}; marks {@code inlier} and
     * returns the inlier count (0 on failure). Stereo and RGB-D maps are dense, and their points measured: beyond
     * {@code maxPnpPoints} correspondences RANSAC and refinement run on an evenly spread subset, and every
     * correspondence is then classified by its reprojection error under that pose, so that the cost stays bounded.
     * Monocular points, triangulated from little parallax, are each worth more: there all of them are used
     * (measured: a 600-point cap doubled the drift of a rendered monocular run).
     */
    private int estimatePose(int n) {
        if (inlier.length < n)
            inlier = new boolean[Math.max(n, 2 * inlier.length)];
        if (n <= config.maxPnpPoints || config.mode == VoMode.MONO) {
            if (!pnp.process(wx, wy, wz, nx, ny, n, predicted, estimate))
                return 0;
            for (int c = 0; c < n; c++)
                inlier[c] = pnp.isInlier(c);
            return pnp.inlierCount();
        }
        int m = config.maxPnpPoints;
        if (sx.length < m) {
            sx = new double[m];
            sy = new double[m];
            sz = new double[m];
            su = new double[m];
            sv = new double[m];
        }
        for (int j = 0; j < m; j++) {
            int c = (int) ((long) j * n / m);
            sx[j] = wx[c];
            sy[j] = wy[c];
            sz[j] = wz[c];
            su[j] = nx[c];
            sv[j] = ny[c];
        }
        if (!pnp.process(sx, sy, sz, su, sv, m, predicted, estimate))
            return 0;
        double maxError = config.inlierThresholdPixels / (0.5 * (camera.fx + camera.fy));
        int count = 0;
        for (int c = 0; c < n; c++) {
            p3.setTo(wx[c], wy[c], wz[c]);
            SePointOps_F64.transform(estimate, p3, q3);
            inlier[c] = q3.z > 0 && Math.hypot(q3.x / q3.z - nx[c], q3.y / q3.z - ny[c]) <= maxError;
            if (inlier[c])
                count++;
        }
        return count;
    }

    /** Fills wx.. ny with the matches whose track observes a usable map point; returns their number. */
    private int gatherMapCorrespondences() {
        int n = 0;
        ensureCorrespondences(matches.size());
        for (int m = 0; m < matches.size(); m++) {
            int id = tracks.landmark[matches.query[m]];
            if (!usable(id))
                continue;
            if (pending.holds(id)) {
                pending.world(id, poses, q3);
                wx[n] = q3.x;
                wy[n] = q3.y;
                wz[n] = q3.z;
            } else {
                wx[n] = map.x(id);
                wy[n] = map.y(id);
                wz[n] = map.z(id);
            }
            nx[n] = curX[m];
            ny[n] = curY[m];
            corrMatch[n++] = m;
        }
        return n;
    }

    /**
     * Monocular map points improve as the baseline to their first observation grows: an inlier point whose parallax
     * between its first observation and this frame has grown by half since it was last triangulated is triangulated
     * again from these two views. Far points, first triangulated with little parallax, get their depth right this way.
     */
    private void retriangulate(int k, int n) {
        poses.get(k, current);
        double maxError = 2 * config.inlierThresholdPixels / camera.fx;
        int lastFrame = -1;
        for (int c = 0; c < n; c++) {
            if (!inlier[c])
                continue;
            int m = corrMatch[c], id = tracks.landmark[matches.query[m]], f = anchors.frame(id);
            if (f < 0 || f >= k || !poses.estimated(f))
                continue;
            if (f != lastFrame) {
                poses.get(f, first).invert(null).concat(current, relative);
                lastFrame = f;
            }
            double parallax = Triangulation.parallaxDeg(anchors.x(id), anchors.y(id), curX[m], curY[m], relative);
            if (parallax < 1.5 * anchors.parallaxDeg(id)
                    || !Triangulation.triangulate(anchors.x(id), anchors.y(id), curX[m], curY[m], relative,
                    config.minTriangulationAngleDeg, maxError, p3))
                continue;
            SePointOps_F64.transformReverse(first, p3, q3);
            anchors.setParallax(id, parallax);
            update.refine(id, q3.x, q3.y, q3.z);
        }
    }

    private boolean needsKeyframe(int k, int tracked) {
        return tracked < config.keyframeTrackedPoints
                || tracked < config.keyframeTrackedFraction * trackedAfterKeyframe
                || k - lastKeyframe >= config.keyframeMaxInterval;
    }

    /** The frame is lost: extrapolate its pose, count it, and re-initialise. */
    private void loseTrack(int k, GrayImage left, GrayImage right, DepthImage depth) {
        poses.add(prior.predict(poses.get(k - 1, last), predicted), false);
        tracks.clearCurrent();
        update.clearWindow = true;
        if (config.mode == VoMode.MONO) {
            state = TrackingState.INITIALIZING;
            initReference = k;
            waitingFrames.clear();
            speedHint = prior.speed();
        } else {
            trackedAfterKeyframe = addMapPoints(k, left, right, depth);
            lastKeyframe = k;
        }
    }

    // ------------------------------------------------------------------------------------------------ the map

    /** The first frame: stereo and RGB-D start their map at once; monocular waits for a second view. */
    private void startMap(int k, GrayImage left, GrayImage right, DepthImage depth) {
        if (config.mode == VoMode.MONO) {
            state = TrackingState.INITIALIZING;
            initReference = k;
            waitingFrames.clear();
            speedHint = 0;
        } else {
            state = TrackingState.TRACKING;
            trackedAfterKeyframe = addMapPoints(k, left, right, depth);
            lastKeyframe = k;
        }
    }

    /** Adds map points observed in frame {@code k} (its pose set); returns how many. */
    private int addMapPoints(int k, GrayImage left, GrayImage right, DepthImage depth) {
        if (config.mode != VoMode.MONO)
            update.entersWindow = true;
        return switch (config.mode) {
            case MONO -> triangulateTracks(k, left);
            case STEREO -> addStereoPoints(k, left, right);
            case RGBD -> addDepthPoints(k, left, depth);
        };
    }

    /** Monocular: triangulates tracks without a map point between their first observation and frame k. */
    private int triangulateTracks(int k, GrayImage left) {
        poses.get(k, current);
        double maxError = 2 * config.inlierThresholdPixels / camera.fx;
        int added = 0, lastFrame = -1;
        for (int m = 0; m < matches.size(); m++) {
            int i = matches.query[m], f = tracks.firstFrame[i];
            if (tracks.landmark[i] != FeatureTracks.NONE || f < 0 || f >= k || !poses.estimated(f))
                continue;
            if (f != lastFrame) {
                poses.get(f, first).invert(null).concat(current, relative); // first view → current view
                lastFrame = f;
            }
            if (!Triangulation.triangulate(tracks.firstX[i], tracks.firstY[i], curX[m], curY[m], relative,
                    config.minTriangulationAngleDeg, maxError, p3))
                continue;
            // p3 is in the first view's frame
            SePointOps_F64.transformReverse(first, p3, q3);
            tracks.landmark[i] = addPoint(q3, greyAt(left, matches.queryX[m], matches.queryY[m]), f, tracks.firstX[i],
                    tracks.firstY[i], Triangulation.parallaxDeg(tracks.firstX[i], tracks.firstY[i], curX[m], curY[m],
                            relative), f, p3);
            update.observe(f, tracks.landmark[i], tracks.firstX[i], tracks.firstY[i]);
            update.observe(k, tracks.landmark[i], curX[m], curY[m]);
            added++;
        }
        return added;
    }

    /** Stereo: points of the left–right matches of frame k that no tracked map point covers yet. */
    private int addStereoPoints(int k, GrayImage left, GrayImage right) {
        long t0 = System.nanoTime();
        frontEnd.currentFeatures(keyPoints, descriptors);
        frontEnd.extract(right, rightKeyPoints, rightDescriptors);
        frontEndNanosInHost += System.nanoTime() - t0;
        double f = stereo.focalLength();
        // disparities up to a point one baseline in front of the camera, at least as far as one baseline
        double maxDisparity = Math.min(stereo.rectifiedCamera().width, f);
        stereoMatcher.match(keyPoints, descriptors, rightKeyPoints, rightDescriptors, stereo.rectifiedCamera().height,
                maxDisparity);
        double minDisparity = config.stereoMinDisparity(f);
        Se3_F64 pose = poses.get(k, current);
        update.depthBaseline = stereo.baseline();
        int added = 0;
        for (int i = 0; i < keyPoints.size(); i++) {
            double d = stereoMatcher.disparity[i];
            if (subpixel != null && d > 0)
                d = subpixel.refine(left, right, stereoMatcher.leftX[i], stereoMatcher.leftY[i], d);
            if (!(d >= minDisparity) || tracks.landmark[i] != FeatureTracks.NONE
                    || !stereo.triangulate(stereoMatcher.leftX[i], stereoMatcher.leftY[i], d, q3))
                continue;
            added += addObservedPoint(k, i, pose, q3, left);
        }
        return added;
    }

    /** RGB-D: points of frame k's features with a trusted depth, where no tracked map point covers them yet. */
    private int addDepthPoints(int k, GrayImage left, DepthImage depth) {
        long t0 = System.nanoTime();
        frontEnd.currentFeatures(keyPoints, descriptors);
        frontEndNanosInHost += System.nanoTime() - t0;
        Se3_F64 pose = poses.get(k, current);
        // σ_z = k·z² is the depth error of a stereo pair of baseline 1 / (f·k) whose disparity errs by 1 px
        double focal = 0.5 * (camera.fx + camera.fy);
        update.depthBaseline = config.depthNoiseCoefficient > 0 ? 1 / (focal * config.depthNoiseCoefficient) : 0;
        int added = 0;
        for (int i = 0; i < keyPoints.size(); i++) {
            if (tracks.landmark[i] != FeatureTracks.NONE)
                continue;
            double z = DepthSampling.depthAt(depth, keyPoints.x[i], keyPoints.y[i]);
            if (!(z >= config.minDepth && z <= config.maxDepth))
                continue;
            camera.pixelToNormalized(keyPoints.x[i], keyPoints.y[i], p2);
            q3.setTo(p2.x * z, p2.y * z, z);
            added += addObservedPoint(k, i, pose, q3, left);
        }
        return added;
    }

    /** Adds a map point at {@code inCamera} (frame k's camera frame) observed by feature i; returns 1. */
    private int addObservedPoint(int k, int i, Se3_F64 worldToCamera, Point3D_F64 inCamera, GrayImage left) {
        SePointOps_F64.transformReverse(worldToCamera, inCamera, p3);
        camera.pixelToNormalized(keyPoints.x[i], keyPoints.y[i], p2);
        tracks.restart(i, k, p2.x, p2.y);
        tracks.landmark[i] = addPoint(p3, greyAt(left, keyPoints.x[i], keyPoints.y[i]), -1, 0, 0, 0, k, inCamera);
        update.observe(k, tracks.landmark[i], p2.x, p2.y);
        return 1;
    }

    // ------------------------------------------------------------------------------------------------ mono init

    /**
     * Monocular two-view initialisation between the reference frame and frame k, from the tracks seen
     * continuously since the reference: waits for enough parallax, then estimates the essential matrix,
     * triangulates its inliers and starts tracking. Returns the inlier count (0 while waiting).
     */
    private int initialiseMono(int k, double timestamp, GrayImage left) {
        Se3_F64 reference = poses.get(initReference, first);
        int n = 0;
        ensureCorrespondences(matches.size());
        double[] parallax = new double[matches.size()];
        for (int m = 0; m < matches.size(); m++) {
            int i = matches.query[m];
            if (tracks.firstFrame[i] != initReference)
                continue;
            x1[n] = tracks.firstX[i];
            y1[n] = tracks.firstY[i];
            nx[n] = curX[m];
            ny[n] = curY[m];
            parallax[n] = Math.hypot(nx[n] - x1[n], ny[n] - y1[n]) * camera.fx;
            corrMatch[n++] = m;
        }
        // hold (or extrapolate) the pose while waiting
        poses.get(k - 1, last);
        poses.add(prior.valid() ? prior.predict(last, predicted) : last, false);
        if (n < config.initMinPoints) {
            // the reference's features are gone: start over from this frame
            initReference = k;
            waitingFrames.clear();
            tracks.clearCurrent();
            return 0;
        }
        Arrays.sort(parallax, 0, n);
        if (parallax[n / 2] < config.initMinParallaxPixels || !essential.process(x1, y1, nx, ny, n, relative))
            return waitForParallax(k, timestamp);

        double scale = speedHint > 0 ? speedHint * (k - initReference) : 1.0;
        relative.T.scale(scale);
        double maxError = 2 * config.inlierThresholdPixels / camera.fx;
        int[] landmarkOf = new int[n];
        int triangulated = 0;
        for (int c = 0; c < n; c++) {
            landmarkOf[c] = -1;
            if (!essential.isInlier(c) || !Triangulation.triangulate(x1[c], y1[c], nx[c], ny[c], relative,
                    config.minTriangulationAngleDeg, maxError, p3))
                continue;
            SePointOps_F64.transformReverse(reference, p3, q3);
            wx[c] = q3.x;
            wy[c] = q3.y;
            wz[c] = q3.z;
            landmarkOf[c] = addPoint(q3, greyAt(left, matches.queryX[corrMatch[c]], matches.queryY[corrMatch[c]]),
                    initReference, x1[c], y1[c], Triangulation.parallaxDeg(x1[c], y1[c], nx[c], ny[c], relative),
                    initReference, p3);
            triangulated++;
        }
        if (triangulated < config.initMinPoints) {
            for (int c = 0; c < n; c++)
                if (landmarkOf[c] >= 0)
                    reject(landmarkOf[c]);
            return waitForParallax(k, timestamp);
        }
        update.clearWindow = true;
        update.windowReference = initReference;
        update.entersWindow = true;
        for (int c = 0; c < n; c++)
            if (landmarkOf[c] >= 0) {
                tracks.landmark[matches.query[corrMatch[c]]] = landmarkOf[c];
                update.observe(initReference, landmarkOf[c], x1[c], y1[c]);
                update.observe(k, landmarkOf[c], nx[c], ny[c]);
            }

        reference.concat(relative, estimate);
        poses.setNewest(estimate, true);
        placeWaitingFrames(n, landmarkOf, reference);
        if (k - initReference == 1)
            prior.update(reference, estimate);
        else
            prior.invalidate();
        state = TrackingState.TRACKING;
        lastKeyframe = k;
        trackedAfterKeyframe = triangulated;
        return essential.inlierCount();
    }

    /** Initialisation must wait for more parallax: frame k is recorded, to be placed once the map exists. */
    private int waitForParallax(int k, double timestamp) {
        waitingFrames.record(k, timestamp, initReference, tracks, matches.query, matches.size(), curX, curY);
        return 0;
    }

    /** Places the frames the initialisation waited through against its n correspondences' points (wx, wy, wz). */
    private void placeWaitingFrames(int n, int[] landmarkOf, Se3_F64 reference) {
        int origins = 0;
        for (int c = 0; c < n; c++)
            origins = Math.max(origins, tracks.origin[matches.query[corrMatch[c]]] + 1);
        int[] pointOf = new int[origins];
        Arrays.fill(pointOf, -1);
        double[] px = new double[origins], py = new double[origins], pz = new double[origins];
        for (int c = 0; c < n; c++) {
            if (landmarkOf[c] < 0)
                continue;
            int o = tracks.origin[matches.query[corrMatch[c]]];
            pointOf[o] = landmarkOf[c];
            px[o] = wx[c];
            py[o] = wy[c];
            pz[o] = wz[c];
        }
        placed.addAll(waitingFrames.place(pointOf, px, py, pz, pnp, reference, config.minTrackedPoints));
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /**
     * A new map point at world position {@code at} (in the snapshot's world), for local mapping to place; its id is
     * the next one, at once, and tracking uses it from its measurement ({@code inHost}, in the camera frame of frame
     * {@code hostFrame}) until mapping has placed it. A monocular point keeps its first observation (frame, x, y)
     * and parallax, else frame -1.
     */
    private int addPoint(Point3D_F64 at, int grey, int anchorFrame, double ax, double ay, double parallax,
                         int hostFrame, Point3D_F64 inHost) {
        int id = nextPointId++;
        update.addPoint(at.x, at.y, at.z, grey);
        anchors.set(id, anchorFrame, ax, ay, parallax);
        pending.add(id, hostFrame, inHost.x, inHost.y, inHost.z);
        return id;
    }

    /** Whether the map point can be tracked: placed by mapping or pending, and rejected neither there nor here. */
    private boolean usable(int id) {
        return id >= 0 && !rejected.get(id) && (map.usable(id) || pending.holds(id));
    }

    private void reject(int id) {
        rejected.set(id);
        update.rejected.add(id);
    }

    private void ensureCorrespondences(int n) {
        if (wx.length < n) {
            int c = Math.max(n, 2 * wx.length);
            wx = new double[c];
            wy = new double[c];
            wz = new double[c];
            nx = new double[c];
            ny = new double[c];
            x1 = new double[c];
            y1 = new double[c];
            corrMatch = new int[c];
        }
    }

    private static int greyAt(GrayImage image, float x, float y) {
        int u = Math.min(image.width - 1, Math.max(0, Math.round(x)));
        int v = Math.min(image.height - 1, Math.max(0, Math.round(y)));
        return image.get(u, v);
    }

    @Override
    public PointCloud pointCloud() {
        return mapping.pointCloud();
    }

    @Override
    public List<MappingRecord> takeMappingRecords() {
        return mapping.takeRecords();
    }

    @Override
    public List<PlacedFrame> takePlacedFrames() {
        List<PlacedFrame> taken = List.copyOf(placed);
        placed.clear();
        return taken;
    }

    @Override
    public MappingStatus mappingStatus() {
        return mapping.status();
    }

    @Override
    public VoMode mode() {
        return config.mode;
    }

    @Override
    public String backend() {
        return frontEnd.backend();
    }

    @Override
    public void close() {
        try {
            mapping.close();
        } finally {
            frontEnd.close();
        }
    }
}
