package org.gpuvo.ros.node;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.struct.so.Quaternion_F64;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.node.args.NameResolver;
import org.gpuvo.ros.node.args.Parameters;
import org.gpuvo.ros.node.transport.QosProfile;

import java.util.Locale;

/**
 * The node's ROS parameters (the table in {@code docs/ros-node.md}) as a {@link ConfigVoNode}: every parameter the
 * table names is read here, with its default; topic names are the node's relative names resolved with the node's
 * namespace and the command line's remappings.
 */
public final class NodeParameters {
    /**
     * rendered frames the pipeline runs over before the node joins the graph
     * ({@link org.gpuvo.odometry.vo.PipelineWarmUp})
     */
    static final int WARM_UP_FRAMES = 30;

    private NodeParameters() {
    }

    /**
     * @throws IllegalArgumentException naming the parameter whose value is wrong
     */
    public static ConfigVoNode config(Parameters p, NameResolver names) {
        VoMode mode = enumValue(VoMode.class, "mode", p.getString("mode", "mono"));
        ConfigVoNode c = new ConfigVoNode(mode);
        ConfigVisualOdometry vo = c.vo;
        vo.backend = enumValue(Backend.class, "backend", p.getString("backend", "auto"));
        vo.features = enumValue(FeatureType.class, "features", p.getString("features", vo.features.id()));
        vo.deterministic = p.getBoolean("deterministic", vo.deterministic);
        c.useSimTime = p.getBoolean("use_sim_time", false);
        c.odomFrame = p.getString("odom_frame", c.odomFrame);
        c.baseFrame = p.getString("base_frame", c.baseFrame);
        c.cameraFrame = p.getString("camera_frame", c.cameraFrame);
        c.cameraMounting = mounting(p.getDoubleArray("camera_mounting", new double[0]));
        c.publishTf = p.getBoolean("publish_tf", c.publishTf);
        c.pathLength = p.getBoolean("publish_path", true) ? p.getInt("path_max_poses", c.pathLength) : 0;
        c.publishDebugImage = p.getBoolean("publish_debug_image", c.publishDebugImage);
        c.queueSize = p.getInt("queue_size", c.queueSize);
        c.syncToleranceSeconds = p.getDouble("sync_tolerance", c.syncToleranceSeconds);
        c.imageTransport = enumValue(ImageTransport.class, "image_transport", p.getString("image_transport", "raw"));
        c.rectified = p.getBoolean("rectified", c.rectified);
        c.statusPeriodSeconds = p.getDouble("status_period", c.statusPeriodSeconds);
        c.inputTimeoutSeconds = p.getDouble("input_timeout", c.inputTimeoutSeconds);
        c.cameraInfoWaitSeconds = p.getDouble("camera_info_wait", c.cameraInfoWaitSeconds);
        c.warmUpFrames = p.getInt("warm_up_frames", WARM_UP_FRAMES);

        QosProfile images = qos(p, "qos.image", c.qos.images);
        c.qos.images = images;
        c.qos.cameraInfo = images;
        QosProfile outputs = qos(p, "qos.output", c.qos.odom);
        c.qos.odom = outputs;
        c.qos.pose = outputs;
        c.qos.path = outputs;
        c.qos.counts = outputs;
        c.qos.tf = qos(p, "qos.tf", c.qos.tf);
        c.qos.tfStatic = qos(p, "qos.tf_static", c.qos.tfStatic);

        vo.orb.maxFeatures = p.getInt("orb.max_features", vo.orb.maxFeatures);
        vo.orb.levels = p.getInt("orb.levels", vo.orb.levels);
        vo.orb.scaleFactor = p.getDouble("orb.scale_factor", vo.orb.scaleFactor);
        vo.orb.fastThreshold = p.getInt("orb.fast_threshold", vo.orb.fastThreshold);
        vo.match.ratio = p.getDouble("match.ratio", vo.match.ratio);
        vo.match.mutual = p.getBoolean("match.mutual", vo.match.mutual);
        vo.match.maxDistance = p.getInt("match.max_distance", vo.match.maxDistance);
        vo.match.searchRadius = p.getDouble("match.search_radius", vo.match.searchRadius);
        sift(p, vo);
        vo.ransac.inlierThresholdPixels = p.getDouble("ransac.threshold_px", vo.ransac.inlierThresholdPixels);
        // the bundle adjustment's Huber threshold is the tracking's inlier threshold
        vo.bundle.huberPixels = vo.ransac.inlierThresholdPixels;
        // the iteration bound and the seed are those of both RANSACs, tracking's and the monocular initialisation's
        vo.ransac.maxIterations = p.getInt("ransac.max_iterations", vo.ransac.maxIterations);
        vo.initRansac.maxIterations = vo.ransac.maxIterations;
        vo.ransac.seed = p.getLong("ransac.seed", vo.ransac.seed);
        vo.initRansac.seed = vo.ransac.seed;
        vo.keyframeMaxInterval = p.getInt("keyframe.max_interval", vo.keyframeMaxInterval);
        vo.localMapKeyframes = p.getInt("keyframe.local_map", vo.localMapKeyframes);
        vo.projectionSearchRadius = p.getDouble("keyframe.search_radius_px", vo.projectionSearchRadius);
        vo.bundleWindow = p.getInt("bundle.window", vo.bundleWindow);
        vo.bundleFixedFrames = p.getInt("bundle.fixed_frames", vo.bundleFixedFrames);
        vo.bundleInterval = p.getInt("bundle.interval", vo.bundleInterval);
        vo.mappingLag = p.getInt("mapping.lag_frames", vo.mappingLag);
        vo.maxMappingLag = p.getInt("mapping.max_lag_frames", vo.maxMappingLag);
        vo.initMinParallaxPixels = p.getDouble("mono.init_min_parallax_px", vo.initMinParallaxPixels);
        vo.initMinPoints = p.getInt("mono.init_min_points", vo.initMinPoints);
        vo.stereoRowTolerance = p.getDouble("stereo.row_tolerance_px", vo.stereoRowTolerance);
        vo.stereoMaxDepthBaselines = p.getDouble("stereo.max_depth_baselines", vo.stereoMaxDepthBaselines);
        vo.stereoMinDisparityPixels = p.getDouble("stereo.min_disparity_px", vo.stereoMinDisparityPixels);
        vo.minDepth = p.getDouble("depth.min", vo.minDepth);
        vo.maxDepth = p.getDouble("depth.max", vo.maxDepth);

        topics(c.topics, names);
        return c.checkValidity();
    }

    /**
     * The {@code sift.*} parameters; SIFT matches with its own ratio and distance limit (another unit than ORB's bits)
     * and with {@code match.mutual} and {@code match.search_radius}, which mean the same for both feature types.
     */
    private static void sift(Parameters p, ConfigVisualOdometry vo) {
        vo.sift.maxFeatures = p.getInt("sift.max_features", vo.sift.maxFeatures);
        vo.sift.firstOctave = p.getInt("sift.first_octave", vo.sift.firstOctave);
        vo.sift.contrastThreshold = p.getDouble("sift.contrast_threshold", vo.sift.contrastThreshold);
        vo.siftThreshold.adaptive = p.getBoolean("sift.adaptive_threshold", vo.siftThreshold.adaptive);
        vo.sift.edgeThreshold = p.getDouble("sift.edge_threshold", vo.sift.edgeThreshold);
        vo.sift.rootSift = p.getBoolean("sift.root_sift", vo.sift.rootSift);
        vo.siftMatch.ratio = p.getDouble("sift.match.ratio", vo.siftMatch.ratio);
        vo.siftMatch.maxDistance = p.getInt("sift.match.max_distance", vo.siftMatch.maxDistance);
        vo.siftMatch.mutual = vo.match.mutual;
        vo.siftMatch.searchRadius = vo.match.searchRadius;
        try {
            vo.sift.checkValidity();
            vo.siftMatch.checkValidity();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("parameters sift.*: " + e.getMessage(), e);
        }
    }

    /** The node's relative topic names, resolved: remappings and the namespace apply as rcl applies them. */
    private static void topics(ConfigNodeTopics t, NameResolver names) {
        t.image = names.resolveTopic("image");
        t.cameraInfo = names.resolveTopic("camera_info");
        t.leftImage = names.resolveTopic("left/image_rect");
        t.rightImage = names.resolveTopic("right/image_rect");
        t.leftCameraInfo = names.resolveTopic("left/camera_info");
        t.rightCameraInfo = names.resolveTopic("right/camera_info");
        t.rgbImage = names.resolveTopic("rgb/image");
        t.depthImage = names.resolveTopic("depth/image");
        t.rgbCameraInfo = names.resolveTopic("rgb/camera_info");
        t.reset = names.resolveTopic("~/reset");
        t.clock = names.resolveTopic("/clock");
        t.tfStatic = names.resolveTopic("/tf_static");
        t.odom = names.resolveTopic("odom");
        t.tf = names.resolveTopic("/tf");
        t.pose = names.resolveTopic("pose");
        t.path = names.resolveTopic("path");
        t.matches = names.resolveTopic("matches");
        t.inliers = names.resolveTopic("inliers");
        t.status = names.resolveTopic("status");
        t.diagnostics = names.resolveTopic("/diagnostics");
        t.debugImage = names.resolveTopic("debug_image");
    }

    /**
     * {@code <prefix>.reliability} (best_effort or reliable), {@code <prefix>.durability} (volatile or
     * transient_local) and {@code <prefix>.depth} (keep last), each over {@code defaults}.
     */
    private static QosProfile qos(Parameters p, String prefix, QosProfile defaults) {
        String reliability = p.getString(prefix + ".reliability", defaults.reliability().name().toLowerCase(Locale.ROOT));
        String durability = p.getString(prefix + ".durability", defaults.durability().name().toLowerCase(Locale.ROOT));
        return new QosProfile(enumValue(QosProfile.Reliability.class, prefix + ".reliability", reliability),
                enumValue(QosProfile.Durability.class, prefix + ".durability", durability),
                p.getInt(prefix + ".depth", defaults.depth()));
    }

    /** x y z qx qy qz qw of base_link → camera, or null (from /tf_static) for an empty array. */
    private static Se3_F64 mounting(double[] v) {
        if (v.length == 0)
            return null;
        if (v.length != 7)
            throw new IllegalArgumentException("parameter camera_mounting: expected 7 numbers (x y z qx qy qz qw), got "
                    + v.length);
        double norm = Math.sqrt(v[3] * v[3] + v[4] * v[4] + v[5] * v[5] + v[6] * v[6]);
        if (!(Math.abs(norm - 1) < 1e-3))
            throw new IllegalArgumentException("parameter camera_mounting: the quaternion (qx qy qz qw) must have unit "
                    + "length, got " + norm);
        Se3_F64 pose = new Se3_F64();
        pose.T.setTo(v[0], v[1], v[2]);
        ConvertRotation3D_F64.quaternionToMatrix(new Quaternion_F64(v[6] / norm, v[3] / norm, v[4] / norm, v[5] / norm),
                pose.R);
        return pose;
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String parameter, String value) {
        for (E e : type.getEnumConstants())
            if (e.name().equalsIgnoreCase(value.trim()))
                return e;
        StringBuilder allowed = new StringBuilder();
        for (E e : type.getEnumConstants())
            allowed.append(allowed.length() == 0 ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT));
        throw new IllegalArgumentException("parameter " + parameter + ": '" + value + "' is not one of " + allowed);
    }
}
