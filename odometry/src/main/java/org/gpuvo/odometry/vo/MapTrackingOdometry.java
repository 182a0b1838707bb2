package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoRectification;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.frontend.TrackingFrontEnd;
import org.gpuvo.odometry.geometry.Mat3;
import org.gpuvo.odometry.geometry.PnpEstimator;
import org.gpuvo.odometry.geometry.RelativePoseEstimator;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/**
 * Visual odometry by tracking a map of points through frame-to-frame feature matches: the tracking thread.
 *
 * <p>Each frame's features are matched against the previous frame's by the {@link TrackingFrontEnd} (on the GPU
 * where there is one). Chained matches form tracks ({@link FeatureTracks}); a track that observes a map point gives a
 * 2D–3D correspondence, and the frame's pose comes from PnP RANSAC on them, started from the constant-velocity
 * prediction ({@link MotionPrior}). When fewer map points remain tracked (a keyframe), new ones come from the mode's
 * {@link MapPointSource}: triangulated tracks (mono), stereo disparity, or the depth image. The map's scale is
 * therefore metric for stereo and RGB-D; a monocular map ({@link MonoInitialisation}) keeps the scale fixed at its
 * two-view start.
 *
 * <p>A frame that cannot be tracked (too few inliers, a black or blurred frame) is reported {@link TrackingState#LOST}
 * with the constant-velocity extrapolation as its pose; the pipeline then re-initialises: at once from stereo or depth,
 * or in monocular mode by a new two-view initialisation whose scale continues the last known speed.
 *
 * <p>Tracking reads the map from the latest {@link MapSnapshot} and writes nothing into it. What a frame adds (its
 * pose, its observations, the points it measured, the points it found wrong) goes to {@link LocalMapping} as a
 * {@link FrameUpdate}, on a thread of its own ({@link MappingRunner}). New points get their ids on this thread
 * ({@link TrackingPoints}), so that the frame's tracks refer to them before mapping has placed them.
 */
final class MapTrackingOdometry implements VisualOdometry {
    private final ConfigVisualOdometry config;
    private final CameraModel camera;
    private final TrackingFrontEnd frontEnd;
    private final PnpEstimator pnp;
    private final MappingRunner mapping;

    private final TrackingFrame frame = new TrackingFrame();
    private final FeatureTracks tracks = new FeatureTracks();
    private final MotionPrior prior = new MotionPrior();
    /** world-to-camera pose of every frame so far, and whether it was estimated (not held or extrapolated) */
    private final TrackedPoses poses = new TrackedPoses();
    private final TrackingPoints points;
    /** the bundle adjustment's window as tracking fills it, and how far back poses are kept */
    private final WindowFrames window;
    private final FrameHistory history;
    private final MapPointSource pointSource;
    /** the monocular map's start, and its re-starts after a loss (null for stereo and RGB-D) */
    private final MonoInitialisation initialisation;
    /** the recent keyframes' points, searched again by projection (stereo and RGB-D), or null */
    private final LocalMapSearch localMap;
    private MapSnapshot map = MapSnapshot.EMPTY;

    private TrackingState state = TrackingState.INITIALIZING;
    private int lastKeyframe = -1, trackedAfterKeyframe;
    private double lastTimestamp = Double.NEGATIVE_INFINITY;
    /** the current frame's map correspondences, and its map points found again by projection */
    private int mapPointsTracked, reprojectionMatches;

    // the frame's map correspondences (world point, normalized observation, match), grown as needed
    private double[] wx = new double[0], wy = new double[0], wz = new double[0], nx = new double[0], ny = new double[0];
    private int[] corrMatch = new int[0];
    private boolean[] inlier = new boolean[0];
    private double[] sx = new double[0], sy = new double[0], sz = new double[0], su = new double[0], sv = new double[0];
    private final Point3D_F64 p3 = new Point3D_F64(), q3 = new Point3D_F64();
    private final Se3_F64 predicted = new Se3_F64(), estimate = new Se3_F64(), last = new Se3_F64(),
            before = new Se3_F64(), current = new Se3_F64();

    MapTrackingOdometry(ConfigVisualOdometry config, CameraModel camera, StereoRectification stereo) {
        this.config = config;
        this.camera = camera.prepareUndistortion();
        if (stereo != null)
            stereo.calibration().right.prepareUndistortion();
        double focal = 0.5 * (camera.fx + camera.fy);
        this.pnp = new PnpEstimator(config.ransac, focal);
        this.window = new WindowFrames(config.bundleWindow);
        this.history = new FrameHistory(config.historyFrames);
        this.points = new TrackingPoints(window);
        this.pointSource = switch (config.mode) {
            case MONO -> new TrackTriangulation(config, camera, tracks, poses, points);
            case STEREO -> new StereoPoints(config, camera, stereo, tracks, poses, points);
            case RGBD -> new DepthPoints(config, camera, tracks, poses, points);
        };
        this.localMap = config.localMapKeyframes == 0 ? null
                : new LocalMapSearch(camera, config.features, KeyPointScale.of(config), config.localMapKeyframes,
                config.projectionSearchRadius, config.projectionSearchMaxDistance(), config.matching().ratio,
                config.ransac.inlierThresholdPixels / focal, ForkJoinPool.commonPool());
        if (config.mode == VoMode.MONO) {
            RelativePoseEstimator essential = new RelativePoseEstimator(config.initRansac, focal);
            this.initialisation = new MonoInitialisation(config, camera, essential, pnp, tracks, poses, points, prior);
        } else {
            this.initialisation = null;
        }
        this.frontEnd = FactoryVisualOdometry.frontEnd(config.mode.name().toLowerCase(java.util.Locale.ROOT), config,
                config.backend);
        LocalMapping local = new LocalMapping(config.bundleWindow > 0 ? new LocalBundleAdjustment(config.bundleWindow,
                config.bundleFixedFrames, focal, config.bundleSolver(), config.mode == VoMode.MONO) : null, focal,
                config.historyFrames == 0);
        if (!config.deterministic)
            this.mapping = MappingRunner.threaded(local, config.maxMappingLag, false);
        else if (config.mappingLag > 0)
            this.mapping = MappingRunner.threaded(local, config.mappingLag, true);
        else
            this.mapping = MappingRunner.inline(local);
    }

    @Override
    public FrameResult process(double timestamp, GrayImage left, GrayImage right, DepthImage depth) {
        checkInputs(timestamp, left, right, depth);
        long start = System.nanoTime();
        mapPointsTracked = reprojectionMatches = 0;
        takeLatestMap();
        boolean searchable = state == TrackingState.TRACKING && config.useMotionPrior;
        int features = extract(left, searchable ? prior.rotationHomography(camera) : null);
        long extracted = System.nanoTime();

        int k = poses.size();
        frame.start(k, timestamp, left, right, depth, frontEnd);
        frame.update = mapping.obtain(k);
        frame.update.depthBaseline = pointSource.depthBaseline();
        Matches matches = frame.matches;
        tracks.nextFrame(features);
        frame.normalizeMatches(camera, features);
        for (int m = 0; m < matches.size(); m++)
            tracks.continueTrack(matches.query[m], matches.train[m], k - 1, frame.prevX[m], frame.prevY[m]);

        int inliers = 0;
        boolean keyframe = false;
        TrackingState result;
        if (k == 0) {
            // the first frame is the origin: its pose is known by definition
            poses.add(new Se3_F64(), true);
            startMap();
            result = TrackingState.TRACKING;
            keyframe = config.mode != VoMode.MONO;
        } else if (state == TrackingState.TRACKING) {
            inliers = trackMap(k);
            if (inliers >= 0) {
                result = TrackingState.TRACKING;
                if (needsKeyframe(k, inliers)) {
                    trackedAfterKeyframe = inliers + addMapPoints();
                    lastKeyframe = k;
                    keyframe = true;
                }
                frame.update.bundleDue = k % config.bundleInterval == 0;
            } else {
                inliers = 0;
                result = TrackingState.LOST;
                loseTrack(k);
            }
        } else if (initialisation.initialise(frame)) {
            inliers = initialisation.inliers();
            state = result = TrackingState.TRACKING;
            lastKeyframe = k;
            trackedAfterKeyframe = initialisation.mapPoints();
            keyframe = true;
            if (localMap != null)
                initialisation.created().addTo(localMap, frame);
        } else {
            result = TrackingState.INITIALIZING;
        }
        lastTimestamp = timestamp;
        poses.describeNewest(frame.update);
        if (frame.update.newPoints() > 0)
            retireUnreferencedPoints();
        window.take(frame.update);
        points.frameDone(k);
        poses.forgetBelow(history.frameDone(frame.update, window));
        mapping.submit(frame.update);
        frame.update = null;
        // the frame's pose as best known now: adjusted where mapping has run
        takeLatestMap();
        poses.get(k, current);
        long end = System.nanoTime();
        return new FrameResult(timestamp, current.invert(null), result, features, matches.size(), inliers,
                keyframe, mapPointsTracked, reprojectionMatches, (extracted - start + frame.frontEndNanos) / 1e6,
                (end - extracted - frame.frontEndNanos) / 1e6);
    }

    /**
     * Takes the latest map local mapping has published. When a bundle adjustment has moved the last two frames, or
     * rescaled the anchor of the last, the motion prior follows their poses now (where only older frames moved
     * rigidly, the last motion is as it was: the newer frames moved with their anchor).
     */
    private void takeLatestMap() {
        int k = poses.size();
        if (poses.adopt(mapping.latest()) && k >= 2 && prior.valid()
                && (k - 1 <= poses.snapshot().newestFrame || poses.scaleSinceTracked(k - 1) != 1))
            prior.update(poses.get(k - 2, before), poses.get(k - 1, last));
        map = poses.snapshot();
        points.mapChanged(map);
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

    /** Runs the front end (one on a GPU goes on on the CPU should the GPU fail, without losing the frame). */
    private int extract(GrayImage left, double[] window) {
        return frontEnd.process(left, window, frame.matches);
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
        Matches matches = frame.matches;
        for (int c = 0; c < n; c++) {
            if (inlier[c])
                continue;
            int m = corrMatch[c], i = matches.query[m];
            points.reject(tracks.landmark[i], frame.update);
            tracks.restart(i, k, frame.curX[m], frame.curY[m]);
        }
        poses.add(estimate, true);
        prior.update(last, estimate);
        frame.update.entersWindow = true;
        for (int c = 0; c < n; c++)
            if (inlier[c])
                frame.update.observe(k, tracks.landmark[matches.query[corrMatch[c]]], nx[c], ny[c]);
        if (pointSource instanceof TrackTriangulation triangulation)
            triangulation.refine(frame, corrMatch, inlier, n);
        if (localMap != null)
            reprojectionMatches = localMap.search(frame, estimate, tracks, points, map, poses);
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
        double maxError = config.ransac.inlierThresholdPixels / (0.5 * (camera.fx + camera.fy));
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
        Matches matches = frame.matches;
        int n = 0;
        ensureCorrespondences(matches.size());
        for (int m = 0; m < matches.size(); m++) {
            int id = tracks.landmark[matches.query[m]];
            if (!points.usable(id, map))
                continue;
            points.world(id, map, poses, q3);
            wx[n] = q3.x;
            wy[n] = q3.y;
            wz[n] = q3.z;
            nx[n] = frame.curX[m];
            ny[n] = frame.curY[m];
            corrMatch[n++] = m;
        }
        return n;
    }

    private boolean needsKeyframe(int k, int tracked) {
        return tracked < config.keyframeTrackedPoints
                || tracked < config.keyframeTrackedFraction * trackedAfterKeyframe
                || k - lastKeyframe >= config.keyframeMaxInterval;
    }

    /** The frame is lost: extrapolate its pose, count it, and re-initialise. */
    private void loseTrack(int k) {
        poses.add(prior.predict(poses.get(k - 1, last), predicted), false);
        tracks.clearCurrent();
        if (localMap != null)
            localMap.clear();
        frame.update.clearWindow = true;
        if (initialisation != null) {
            state = TrackingState.INITIALIZING;
            initialisation.restart(k, prior.speed());
        } else {
            trackedAfterKeyframe = addMapPoints();
            lastKeyframe = k;
        }
    }

    /** The first frame: stereo and RGB-D start their map at once; monocular waits for a second view. */
    private void startMap() {
        if (initialisation != null) {
            state = TrackingState.INITIALIZING;
            initialisation.restart(frame.index, 0);
        } else {
            state = TrackingState.TRACKING;
            trackedAfterKeyframe = addMapPoints();
            lastKeyframe = frame.index;
        }
    }

    /**
     * Retires the points no feature's track and no keyframe of the local map refers to any more, so that their ids
     * are given again: done where a frame adds points, which is where ids are wanted.
     */
    private void retireUnreferencedPoints() {
        points.retireUnreferenced(ids -> {
            for (int i = 0; i < tracks.count(); i++)
                ids.keep(tracks.landmark[i]);
            if (localMap != null)
                localMap.keepPoints(ids);
        });
    }

    /** Adds map points observed in the frame (its pose set); returns how many. */
    private int addMapPoints() {
        if (config.mode != VoMode.MONO)
            frame.update.entersWindow = true;
        int added = pointSource.addPoints(frame);
        if (localMap != null)
            pointSource.created().addTo(localMap, frame);
        return added;
    }

    private void ensureCorrespondences(int n) {
        if (wx.length < n) {
            int c = Math.max(n, 2 * wx.length);
            wx = new double[c];
            wy = new double[c];
            wz = new double[c];
            nx = new double[c];
            ny = new double[c];
            corrMatch = new int[c];
        }
    }

    @Override
    public PointCloud pointCloud() {
        return mapping.pointCloud();
    }

    /** The map's size in points: the ids given so far, each point or a place for one given again. */
    int mapCapacity() {
        return points.idLimit();
    }

    @Override
    public List<Se3_F64> refinedPoses() {
        if (config.historyFrames != 0)
            throw new IllegalStateException("the refined trajectory needs every frame's pose: historyFrames is "
                    + config.historyFrames + ", not 0");
        MapSnapshot settled = mapping.settled();
        List<Se3_F64> refined = new ArrayList<>(settled.newestFrame + 1);
        double[] e = new double[9], next = new double[9];
        for (int f = 0; f <= settled.newestFrame; f++) {
            Se3_F64 pose = settled.pose(f, new Se3_F64()).invert(null);
            Mat3.orthonormalize(pose.R.data, 0, e, next);
            refined.add(pose);
        }
        return refined;
    }

    @Override
    public List<MappingRecord> takeMappingRecords() {
        return mapping.takeRecords();
    }

    @Override
    public List<PlacedFrame> takePlacedFrames() {
        return initialisation == null ? List.of() : initialisation.takePlaced();
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
    public int cpuFallbackFrame() {
        return frontEnd.cpuFallbackFrame();
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
