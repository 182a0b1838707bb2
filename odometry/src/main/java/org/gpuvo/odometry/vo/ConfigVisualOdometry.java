package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.struct.Configuration;
import org.gpuvo.odometry.bundle.BoofCvBundleAdjustment;
import org.gpuvo.odometry.bundle.BundleSolver;
import org.gpuvo.odometry.bundle.ConfigBundle;
import org.gpuvo.odometry.bundle.SchurBundleAdjustment;
import org.gpuvo.odometry.frontend.ConfigSiftThreshold;
import org.gpuvo.odometry.geometry.ConfigRansac;

/** Parameters of the visual odometry pipeline. Defaults suit 640×480 to 1280×720 cameras at 10–30 Hz. */
public final class ConfigVisualOdometry implements Configuration {
    public VoMode mode = VoMode.MONO;
    /** where features are extracted and matched */
    public Backend backend = Backend.AUTO;
    /** which features: ORB ({@link #orb}, matched by {@link #match}) or SIFT ({@link #sift}, matched by {@link #siftMatch}) */
    public FeatureType features = FeatureType.ORB;
    /**
     * ORB features per frame, on 4 pyramid levels: consecutive frames differ little in scale, and keypoints of coarse
     * levels sit on a coarse grid (1.2^level pixels), which costs accuracy
     */
    public ConfigOrb orb = orb();
    /**
     * frame-to-frame matching: mutual nearest neighbours passing Lowe's ratio test; {@code searchRadius} is the
     * window (pixels) around the motion prior's prediction once the pipeline tracks
     */
    public ConfigMatch match = new ConfigMatch(0.9, true, 64);
    /**
     * SIFT features per frame, at the input's resolution (first octave 0: an upsampled octave gives small features
     * that consecutive frames do not need, at four times the cost of the finest octave)
     */
    public ConfigSift sift = new ConfigSift(2000);
    /**
     * how SIFT's contrast threshold adapts to the feature count: {@code sift.contrastThreshold} is the first frame's
     * and the ceiling; while fewer than 70 % of {@code sift.maxFeatures} are found it steps down by 0.7 to 0.005 (on
     * sparse texture: sky, a highway), and back up after 5 frames in a row that reach the count
     * ({@link org.gpuvo.odometry.frontend.AdaptiveSiftThreshold}); {@code adaptive = false} keeps it fixed
     */
    public ConfigSiftThreshold siftThreshold = new ConfigSiftThreshold();
    /**
     * SIFT's frame-to-frame matching: mutual nearest neighbours passing Lowe's ratio test at his 0.8 (Lowe 2004, section
     * 7.1); {@code maxDistance} in {@link org.gpuvo.gpu.features.FloatDescriptors#DISTANCE_SCALE} units of Euclidean
     * distance (see {@link #SIFT_MAX_DISTANCE}); {@code searchRadius} as {@link #match}'s
     */
    public ConfigMatch siftMatch = new ConfigMatch(0.8, true, SIFT_MAX_DISTANCE);
    /** whether to narrow matching to a window around the rotation predicted by the constant-velocity prior */
    public boolean useMotionPrior = true;
    /**
     * whether local mapping (new map points, the bundle adjustment) keeps a fixed schedule in the frame sequence (each
     * frame taken in {@link #mappingLag} frames after it was tracked, adjusting every {@link #bundleInterval} frames),
     * so that runs repeat bit for bit; else tracking takes whatever mapping has published when a frame starts (the
     * live default)
     */
    public boolean deterministic = false;
    /**
     * with {@link #deterministic}: how many frames local mapping runs behind tracking, on a thread of its own. Tracking
     * of frame k uses the map as mapping left it after frame k − 1 − {@code mappingLag}, so that a bundle adjustment
     * runs while tracking goes on for this many frames and runs still repeat bit for bit; 0 runs mapping on the
     * tracking thread after each frame. The default is one {@link #bundleInterval} (each adjustment has until the next
     * to run) for stereo and RGB-D, whose points are measured, and 0 for monocular maps, whose points and scale come
     * from triangulation between frames: tracked against a map that does not yet hold the last adjustment, they lose
     * some accuracy (the rendered room: 0.016 m at 0, 0.023 m at 2 frames behind, 0.055 m at 5; docs/measurements.md)
     */
    public int mappingLag;
    /**
     * live (not {@link #deterministic}): the most frames local mapping may fall behind tracking. At a camera's rate it
     * keeps up and tracking never waits; fed far faster (a run from files), tracking waits for it here rather than
     * track against a map ever further behind
     */
    public int maxMappingLag = 10;

    /**
     * RANSAC of tracking (PnP against the map); it stops adaptively, before {@code maxIterations}. Its
     * {@code inlierThresholdPixels} is also the reprojection error allowed to new map points. The {@code seed}s of
     * both RANSACs are the pipeline's only random choices: with {@link #deterministic}, equal seeds and inputs give
     * equal trajectories
     */
    public ConfigRansac ransac = new ConfigRansac();
    /**
     * RANSAC of the monocular two-view initialisation (essential matrix): a looser threshold, 2 px, and at least 200
     * samples, since at low parallax an adaptive stop after a handful of samples can settle on a wrong motion that
     * fits most points (initialisation is rare, so the samples cost little)
     */
    public ConfigRansac initRansac = initRansac();
    /**
     * stereo and RGB-D: PnP RANSAC runs on at most this many map points, spread over all; the others are then
     * classified by reprojection (monocular tracking uses every point)
     */
    public int maxPnpPoints = 600;
    /** a frame is tracked when PnP keeps at least this many inliers */
    public int minTrackedPoints = 25;
    /** new map points are added when fewer than this many map points are tracked */
    public int keyframeTrackedPoints = 400;
    /** ... or when tracked map points fall below this fraction of those tracked right after the last keyframe */
    public double keyframeTrackedFraction = 0.6;
    /** ... or at the latest after this many frames */
    public int keyframeMaxInterval = 10;
    /**
     * the points created at this many of the last keyframes are searched again by projection in each frame where
     * frame-to-frame matching lost them (0: no search). The default is 8 for stereo and RGB-D, whose points are
     * measured, and 0 for monocular maps: there a search of 4 keyframes halved the drift on the rendered room but
     * raised the ATE on KITTI 06's first 51 frames, whose far points are triangulated from little parallax
     * (docs/measurements.md)
     */
    public int localMapKeyframes;
    /** the projection search's radius, pixels at a keypoint scale of 1 (grows with the point's scale) */
    public double projectionSearchRadius = 4;
    /**
     * the projection search's descriptor distance limit, a fraction of the frame-to-frame matcher's (ORB: 50 of 64
     * bits): a candidate near a predicted position passes the ratio test more easily than one among a frame's
     * features, and with the matcher's own limit the rendered street and highway drifted more
     */
    public double projectionSearchDistance = 0.78;
    /**
     * 0 (the default) keeps what a whole run's outputs need: every frame's pose for
     * {@link VisualOdometry#refinedPoses()} and every point made for {@link VisualOdometry#pointCloud()} (13 bytes for
     * each the map no longer holds). N keeps the poses of the last N frames (at least {@value #MIN_HISTORY_FRAMES}) and
     * no point the map let go, so that the memory stays bounded however long the pipeline runs; the node keeps 3,000.
     * Either way the map itself holds only the points tracking or the bundle adjustment may still use
     */
    public int historyFrames = 0;

    /** monocular initialisation: median displacement (pixels) of the tracked features before the first pose */
    public double initMinParallaxPixels = 12;
    /** monocular initialisation and map growth: minimum angle between the two rays of a new point, degrees */
    public double minTriangulationAngleDeg = 0.5;
    /** monocular initialisation: map points needed to start tracking */
    public int initMinPoints = 80;
    /**
     * monocular initialisation: the most frames it waits through that it keeps to place once the map exists (the
     * latest; older ones stay without a pose). A camera that stands still before it moves would otherwise fill the
     * memory, about 80 KB a frame
     */
    public int initMaxWaitingFrames = 300;

    /**
     * bundle adjustment window in frames (0: none): the newest frames and the points they share, adjusted together
     * with the {@link #bundleFixedFrames} oldest frames of the window held fixed
     */
    public int bundleWindow = 20;
    /**
     * the oldest frames of the bundle adjustment window, held fixed: they fix the gauge and, for a monocular camera,
     * the scale. Two adjacent frames pin a monocular scale only by their short baseline; five, with their longer
     * one, let it add less drift (docs/measurements.md)
     */
    public int bundleFixedFrames = 5;
    /** bundle adjustment every this many frames */
    public int bundleInterval = 5;
    /**
     * the bundle adjustment's Levenberg–Marquardt: at most 10 iterations, Huber's threshold at 1.5 px like the
     * tracking RANSAC's inlier threshold (the node's {@code ransac.threshold_px} sets both)
     */
    public ConfigBundle bundle = new ConfigBundle();

    /** Which solver adjusts the window. */
    public enum BundleSolverChoice {
        /**
         * gpuvo's {@link SchurBundleAdjustment}: about 15 times BoofCV's speed on a window of 10 frames and 2,000
         * points, and it keeps stereo and depth measurements as depth priors
         */
        SCHUR,
        /** BoofCV's sparse Schur Levenberg–Marquardt (DDogleg), for comparison */
        BOOFCV
    }

    /** which solver adjusts the window */
    public BundleSolverChoice bundleSolver = BundleSolverChoice.SCHUR;

    /**
     * stereo: rows may differ by this many pixels between matched keypoints, times the keypoint's detection scale
     * (ORB's pyramid scale, SIFT's σ / σ0)
     */
    public double stereoRowTolerance = 1.5;
    /**
     * stereo: points farther than this many times the baseline are not added, a cap on top of
     * {@link #stereoMinDisparityPixels} (1000: 120 m for a 12 cm rig, 540 m for KITTI's); RGB-D points beyond
     * {@link #maxDepth} are not added
     */
    public double stereoMaxDepthBaselines = 1000;
    /**
     * stereo: points whose disparity is below this many pixels are not added. The limit is in pixels because the
     * disparity's error is: on the rendered highway (12 cm baseline, 640×480, sub-pixel disparities against the
     * rendered depth), disparities of 1 px and more erred by about 0.1 px (median absolute) without bias, those below
     * 1 px were biased upwards by about as much (only positive ones are kept), which shortens every translation PnP
     * estimates from them. A cut at a fixed depth in baselines threw away what matters on a road: at 80 baselines,
     * everything beyond 43 m for KITTI's rig and beyond 10 m for a 12 cm one, where nearly all of a highway's
     * texture lies. Far points still constrain the rotation, and the bundle adjustment weighs their depth by its
     * uncertainty (f·b/z² px per metre).
     */
    public double stereoMinDisparityPixels = 1;
    /**
     * RGB-D: the depth image's noise as k in σ_z = k·z² (metres⁻¹), which weighs the measured depth of new points in
     * the bundle adjustment against 1 px of reprojection error; 0.0019 is a Kinect's axial noise far from the sensor
     * (Nguyen, Izadi, Lovell, "Modeling Kinect Sensor Noise for Improved 3D Reconstruction and Tracking", 3DIMPVT
     * 2012: σ_z = 0.0012 + 0.0019·(z − 0.4)²); 0 for no depth prior
     */
    public double depthNoiseCoefficient = 0.0019;
    /** RGB-D: depth range in metres that is trusted */
    public double minDepth = 0.1, maxDepth = 10;

    /** the fewest frames {@link #historyFrames} may keep: more than a bundle window and the mapping lag span */
    public static final int MIN_HISTORY_FRAMES = 100;

    /**
     * SIFT's distance limit: 256, a Euclidean distance of 0.5 between unit descriptors. Measured on KITTI 06 (frames
     * 0–1, 10–11, 20–21, 30–31, 40–41 and 0–5, 20–25, 40–45, CPU SIFT, nearest neighbours passing the 0.8 ratio
     * test, right = within 1 px Sampson distance of the ground-truth epipolar geometry): below 0.5 from 97 % (under
     * 0.06) down to 58 % (0.44–0.5) of the matches are right, beyond it fewer than half (57 of 123), and none lies
     * beyond 0.69; RootSIFT's matches all lie below 0.5. On KITTI 06 frames 0–50 mono the limit changed the ATE from
     * 0.044 m (no limit) to 0.034 m.
     */
    public static final int SIFT_MAX_DISTANCE = 256;

    public ConfigVisualOdometry() {
    }

    /** The solver {@link #bundleSolver} names, with {@link #bundle}'s settings. */
    public BundleSolver bundleSolver() {
        return bundleSolver == BundleSolverChoice.BOOFCV ? new BoofCvBundleAdjustment(bundle)
                : new SchurBundleAdjustment(bundle);
    }

    /**
     * The smallest disparity (pixels) of a new stereo point for a rectified focal length of {@code focal} pixels:
     * {@link #stereoMinDisparityPixels}, or more where {@link #stereoMaxDepthBaselines} asks for it.
     */
    public double stereoMinDisparity(double focal) {
        return Math.max(stereoMinDisparityPixels, focal / stereoMaxDepthBaselines);
    }

    /** The projection search's descriptor distance limit for the feature type in use. */
    public int projectionSearchMaxDistance() {
        return (int) Math.round(projectionSearchDistance * matching().maxDistance);
    }

    /** The matching of the chosen feature type: {@link #match} for ORB, {@link #siftMatch} for SIFT. */
    public ConfigMatch matching() {
        return features == FeatureType.SIFT ? siftMatch : match;
    }

    private static ConfigRansac initRansac() {
        ConfigRansac c = new ConfigRansac();
        c.inlierThresholdPixels = 2.0;
        c.minIterations = 200;
        return c;
    }

    private static ConfigOrb orb() {
        ConfigOrb orb = new ConfigOrb(2000);
        orb.levels = 4;
        return orb;
    }

    public ConfigVisualOdometry(VoMode mode) {
        this.mode = mode;
        this.mappingLag = mode == VoMode.MONO ? 0 : bundleInterval;
        this.localMapKeyframes = mode == VoMode.MONO ? 0 : 8;
    }

    @Override
    public ConfigVisualOdometry checkValidity() {
        if (mode == null || backend == null || features == null || orb == null || match == null || sift == null
                || siftMatch == null || siftThreshold == null || ransac == null || initRansac == null
                || bundle == null || bundleSolver == null)
            throw new IllegalArgumentException("mode, backend, features, orb, match, sift, siftMatch, siftThreshold,"
                    + " ransac, initRansac, bundle and bundleSolver must be set");
        Configuration.checkNested("orb", orb);
        Configuration.checkNested("match", match);
        Configuration.checkNested("sift", sift);
        Configuration.checkNested("siftMatch", siftMatch);
        Configuration.checkNested("siftThreshold", siftThreshold);
        Configuration.checkNested("ransac", ransac);
        Configuration.checkNested("initRansac", initRansac);
        Configuration.checkNested("bundle", bundle);
        if (minTrackedPoints < 6)
            throw new IllegalArgumentException("minTrackedPoints must be at least 6 (PnP's sample and one more), got "
                    + minTrackedPoints);
        if (maxPnpPoints < minTrackedPoints)
            throw new IllegalArgumentException("maxPnpPoints must be at least minTrackedPoints (" + minTrackedPoints
                    + "), got " + maxPnpPoints);
        if (keyframeTrackedPoints < 0)
            throw new IllegalArgumentException("keyframeTrackedPoints must be at least 0, got "
                    + keyframeTrackedPoints);
        if (!(keyframeTrackedFraction >= 0 && keyframeTrackedFraction <= 1))
            throw new IllegalArgumentException("keyframeTrackedFraction must be in [0, 1], got "
                    + keyframeTrackedFraction);
        if (keyframeMaxInterval < 1)
            throw new IllegalArgumentException("keyframeMaxInterval must be at least 1, got " + keyframeMaxInterval);
        if (localMapKeyframes < 0)
            throw new IllegalArgumentException("localMapKeyframes must be at least 0, got " + localMapKeyframes);
        if (!(projectionSearchRadius > 0) || projectionSearchRadius == Double.POSITIVE_INFINITY)
            throw new IllegalArgumentException("projectionSearchRadius must be positive and finite, got "
                    + projectionSearchRadius);
        if (!(projectionSearchDistance > 0 && projectionSearchDistance <= 1))
            throw new IllegalArgumentException("projectionSearchDistance must be in (0, 1], got "
                    + projectionSearchDistance);
        if (!(initMinParallaxPixels >= 0) || Double.isInfinite(initMinParallaxPixels))
            throw new IllegalArgumentException("initMinParallaxPixels must be finite and at least 0, got "
                    + initMinParallaxPixels);
        if (!(minTriangulationAngleDeg >= 0 && minTriangulationAngleDeg < 90))
            throw new IllegalArgumentException("minTriangulationAngleDeg must be in [0, 90), got "
                    + minTriangulationAngleDeg);
        if (initMinPoints < 1)
            throw new IllegalArgumentException("initMinPoints must be at least 1, got " + initMinPoints);
        if (historyFrames != 0 && historyFrames < MIN_HISTORY_FRAMES)
            throw new IllegalArgumentException("historyFrames must be 0 (all) or at least " + MIN_HISTORY_FRAMES
                    + ", got " + historyFrames);
        if (initMaxWaitingFrames < 1)
            throw new IllegalArgumentException("initMaxWaitingFrames must be at least 1, got " + initMaxWaitingFrames);
        if (mappingLag < 0 || mappingLag > 1000)
            throw new IllegalArgumentException("mappingLag must be in [0, 1000] frames, got " + mappingLag);
        if (maxMappingLag < 1 || maxMappingLag > 1000)
            throw new IllegalArgumentException("maxMappingLag must be in [1, 1000] frames, got " + maxMappingLag);
        if (bundleInterval < 1)
            throw new IllegalArgumentException("bundleInterval must be at least 1, got " + bundleInterval);
        if (bundleWindow < 0)
            throw new IllegalArgumentException("bundleWindow must be at least 0 (0: none), got " + bundleWindow);
        if (bundleWindow > 0 && (bundleFixedFrames < 2 || bundleFixedFrames > bundleWindow - 1))
            throw new IllegalArgumentException("bundleFixedFrames must be in [2, bundleWindow - 1] so that the window"
                    + " of " + bundleWindow + " frames has a free one, got " + bundleFixedFrames);
        if (!(stereoRowTolerance >= 0) || Double.isInfinite(stereoRowTolerance))
            throw new IllegalArgumentException("stereoRowTolerance must be finite and at least 0, got "
                    + stereoRowTolerance);
        if (!(stereoMaxDepthBaselines > 0))
            throw new IllegalArgumentException("stereoMaxDepthBaselines must be positive, got "
                    + stereoMaxDepthBaselines);
        if (!(stereoMinDisparityPixels > 0) || Double.isInfinite(stereoMinDisparityPixels))
            throw new IllegalArgumentException("stereoMinDisparityPixels must be positive and finite, got "
                    + stereoMinDisparityPixels);
        if (!(minDepth > 0))
            throw new IllegalArgumentException("minDepth must be positive, got " + minDepth);
        if (!(maxDepth > minDepth))
            throw new IllegalArgumentException("maxDepth must be above minDepth (" + minDepth + "), got " + maxDepth);
        if (!(depthNoiseCoefficient >= 0) || Double.isInfinite(depthNoiseCoefficient))
            throw new IllegalArgumentException("depthNoiseCoefficient must be finite and at least 0 (0: no depth"
                    + " prior), got " + depthNoiseCoefficient);
        return this;
    }

    @Override
    public ConfigVisualOdometry copy() {
        ConfigVisualOdometry c = new ConfigVisualOdometry(mode);
        c.backend = backend;
        c.features = features;
        c.orb = orb == null ? null : orb.copy();
        c.match = match == null ? null : match.copy();
        c.sift = sift == null ? null : sift.copy();
        c.siftThreshold = siftThreshold == null ? null : siftThreshold.copy();
        c.siftMatch = siftMatch == null ? null : siftMatch.copy();
        c.useMotionPrior = useMotionPrior;
        c.deterministic = deterministic;
        c.mappingLag = mappingLag;
        c.maxMappingLag = maxMappingLag;
        c.ransac = ransac == null ? null : ransac.copy();
        c.initRansac = initRansac == null ? null : initRansac.copy();
        c.maxPnpPoints = maxPnpPoints;
        c.minTrackedPoints = minTrackedPoints;
        c.keyframeTrackedPoints = keyframeTrackedPoints;
        c.keyframeTrackedFraction = keyframeTrackedFraction;
        c.keyframeMaxInterval = keyframeMaxInterval;
        c.localMapKeyframes = localMapKeyframes;
        c.projectionSearchRadius = projectionSearchRadius;
        c.projectionSearchDistance = projectionSearchDistance;
        c.historyFrames = historyFrames;
        c.initMinParallaxPixels = initMinParallaxPixels;
        c.minTriangulationAngleDeg = minTriangulationAngleDeg;
        c.initMinPoints = initMinPoints;
        c.initMaxWaitingFrames = initMaxWaitingFrames;
        c.bundleWindow = bundleWindow;
        c.bundleFixedFrames = bundleFixedFrames;
        c.bundleInterval = bundleInterval;
        c.bundle = bundle == null ? null : bundle.copy();
        c.bundleSolver = bundleSolver;
        c.stereoRowTolerance = stereoRowTolerance;
        c.stereoMaxDepthBaselines = stereoMaxDepthBaselines;
        c.stereoMinDisparityPixels = stereoMinDisparityPixels;
        c.depthNoiseCoefficient = depthNoiseCoefficient;
        c.minDepth = minDepth;
        c.maxDepth = maxDepth;
        return c;
    }
}
