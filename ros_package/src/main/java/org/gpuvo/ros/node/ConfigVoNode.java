package org.gpuvo.ros.node;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.struct.Configuration;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.VoMode;

/**
 * Everything the node is told at start, as plain fields that a launcher fills from ROS parameters. The mode is
 * {@code vo.mode}; it chooses the inputs ({@link ConfigNodeTopics}).
 */
public final class ConfigVoNode implements Configuration {
    /** the pipeline, and in {@code vo.mode} what it is fed */
    public ConfigVisualOdometry vo;
    public ConfigNodeTopics topics = new ConfigNodeTopics();
    public ConfigNodeQos qos = new ConfigNodeQos();
    /** whether images come as sensor_msgs/Image or as CompressedImage on {@code <topic>/compressed} */
    public ImageTransport imageTransport = ImageTransport.RAW;
    /**
     * whether the images are rectified already ({@code image_rect}): the cameras of camera_info's P are used, else
     * K and D (and for stereo the extrinsics from R and P). The default is true for stereo (whose default topics are
     * image_rect) and false otherwise.
     */
    public boolean rectified;

    /** REP-105 frames: the odometry frame and the robot's body frame */
    public String odomFrame = "odom", baseFrame = "base_link";
    /** the camera's frame for the mounting lookup on /tf_static; empty: the images' header.frame_id */
    public String cameraFrame = "";
    /**
     * the camera's pose in the base frame (the transform base_link → camera: {@code p_base = R p_camera + T}); null:
     * looked up on /tf_static, the identity until found there
     */
    public Se3_F64 cameraMounting;

    /** frames waiting for the pipeline; when it falls behind the oldest is dropped */
    public int queueSize = 2;
    /** largest stamp difference of a stereo or RGB-D pair in seconds; 0 pairs equal stamps only */
    public double syncToleranceSeconds = 0;
    /** whether odom → base_link goes on /tf */
    public boolean publishTf = true;
    /** poses kept on the path (the oldest go first); 0 publishes no path */
    public int pathLength = 1000;
    /** whether the debug image (matches drawn) is published, which happens only while someone subscribes */
    public boolean publishDebugImage = true;
    /** stamp status and diagnostics with /clock rather than the wall clock (outputs carry the images' stamps anyway) */
    public boolean useSimTime;
    /** how often status and diagnostics are published, seconds */
    public double statusPeriodSeconds = 1;
    /** an input silent this long (seconds) after it has been heard is reported as gone */
    public double inputTimeoutSeconds = 2;
    /**
     * how long (seconds from its arrival) a frame that comes before any camera_info waits for one before it is left
     * out: a driver sends the two on different topics, and the first image may come a little before the first
     * camera_info
     */
    public double cameraInfoWaitSeconds = 0.5;
    /** the node's name in diagnostics */
    public String nodeName = "gpuvo";
    /**
     * rendered frames the pipeline runs over before {@code gpuvo_node} joins the graph, so that the camera's first
     * frames find its code compiled and the GPU started ({@link org.gpuvo.odometry.vo.PipelineWarmUp}); 0 for none.
     * The ROS 2 parameter {@code warm_up_frames} defaults to 30
     */
    public int warmUpFrames = 0;

    /** A monocular node. */
    public ConfigVoNode() {
        this(VoMode.MONO);
    }

    public ConfigVoNode(VoMode mode) {
        vo = new ConfigVisualOdometry(mode);
        // the node exports no point cloud nor refined trajectory: keeping only its recent history bounds its memory
        vo.historyFrames = 3000;
        rectified = mode == VoMode.STEREO;
    }

    public VoMode mode() {
        return vo.mode;
    }

    /**
     * @throws IllegalArgumentException naming the first setting that is wrong
     */
    @Override
    public ConfigVoNode checkValidity() {
        if (vo == null || topics == null || qos == null || imageTransport == null)
            throw new IllegalArgumentException("vo, topics, qos and imageTransport must be set");
        if (nodeName == null || nodeName.isBlank())
            throw new IllegalArgumentException("nodeName must be a name, not blank");
        vo.checkValidity();
        topics.checkValidity();
        qos.checkValidity();
        requireFrame("odomFrame", odomFrame);
        requireFrame("baseFrame", baseFrame);
        if (cameraFrame == null)
            throw new IllegalArgumentException("cameraFrame must be a frame id or empty");
        if (odomFrame.equals(baseFrame))
            throw new IllegalArgumentException("odomFrame and baseFrame must differ, both are '" + odomFrame + "'");
        if (queueSize < 1)
            throw new IllegalArgumentException("queueSize must be at least 1, got " + queueSize);
        if (warmUpFrames < 0 || warmUpFrames > 10_000)
            throw new IllegalArgumentException("warmUpFrames must be between 0 and 10000, got " + warmUpFrames);
        if (!(syncToleranceSeconds >= 0) || !Double.isFinite(syncToleranceSeconds))
            throw new IllegalArgumentException("syncToleranceSeconds must be a finite number ≥ 0, got " + syncToleranceSeconds);
        if (pathLength < 0)
            throw new IllegalArgumentException("pathLength must be ≥ 0, got " + pathLength);
        if (!(statusPeriodSeconds > 0) || !Double.isFinite(statusPeriodSeconds))
            throw new IllegalArgumentException("statusPeriodSeconds must be positive, got " + statusPeriodSeconds);
        if (!(inputTimeoutSeconds > 0) || !Double.isFinite(inputTimeoutSeconds))
            throw new IllegalArgumentException("inputTimeoutSeconds must be positive, got " + inputTimeoutSeconds);
        if (!(cameraInfoWaitSeconds >= 0) || !(cameraInfoWaitSeconds <= 60))
            throw new IllegalArgumentException("cameraInfoWaitSeconds must be between 0 and 60, got "
                    + cameraInfoWaitSeconds);
        if (cameraMounting != null && !isRigid(cameraMounting))
            throw new IllegalArgumentException("cameraMounting is not a rigid transform: " + cameraMounting);
        return this;
    }

    @Override
    public ConfigVoNode copy() {
        ConfigVoNode c = new ConfigVoNode(vo == null ? VoMode.MONO : vo.mode);
        c.vo = vo == null ? null : vo.copy();
        c.topics = topics == null ? null : topics.copy();
        c.qos = qos == null ? null : qos.copy();
        c.imageTransport = imageTransport;
        c.rectified = rectified;
        c.odomFrame = odomFrame;
        c.baseFrame = baseFrame;
        c.cameraFrame = cameraFrame;
        c.cameraMounting = cameraMounting == null ? null : cameraMounting.copy();
        c.queueSize = queueSize;
        c.syncToleranceSeconds = syncToleranceSeconds;
        c.publishTf = publishTf;
        c.pathLength = pathLength;
        c.publishDebugImage = publishDebugImage;
        c.useSimTime = useSimTime;
        c.statusPeriodSeconds = statusPeriodSeconds;
        c.inputTimeoutSeconds = inputTimeoutSeconds;
        c.cameraInfoWaitSeconds = cameraInfoWaitSeconds;
        c.nodeName = nodeName;
        c.warmUpFrames = warmUpFrames;
        return c;
    }

    private static void requireFrame(String name, String frame) {
        if (frame == null || frame.isBlank())
            throw new IllegalArgumentException(name + " must be a frame id");
    }

    private static boolean isRigid(Se3_F64 pose) {
        double[] r = pose.R.data;
        for (double v : r)
            if (!Double.isFinite(v))
                return false;
        if (!Double.isFinite(pose.T.x + pose.T.y + pose.T.z))
            return false;
        double det = r[0] * (r[4] * r[8] - r[5] * r[7]) - r[1] * (r[3] * r[8] - r[5] * r[6])
                + r[2] * (r[3] * r[7] - r[4] * r[6]);
        if (!(det > 0))
            return false; // a reflection
        // RᵀR = I to 1e-6
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double dot = r[i] * r[j] + r[3 + i] * r[3 + j] + r[6 + i] * r[6 + j];
                if (Math.abs(dot - (i == j ? 1 : 0)) > 1e-6)
                    return false;
            }
        return true;
    }
}
