package org.gpuvo.ros.replay;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.camera.StereoRectification;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.PoseWithCovariance;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.msg.TransformStamped;
import org.gpuvo.ros.msg.Twist;
import org.gpuvo.ros.msg.TwistWithCovariance;
import org.gpuvo.ros.msg.Vector3;

import java.io.IOException;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Writes a dataset sequence as the bag a camera driver would have recorded: per frame the images (mono8; depth as
 * 32FC1 metres) and their camera_info, stamped with the frame's time, under the topic names of ROS's camera
 * drivers; and the ground truth, where the sequence has it, as nav_msgs/Odometry on {@value #GROUND_TRUTH} and as
 * TF ({@value #WORLD_FRAME} → the camera's ground-truth frame). Messages are written in time order.
 */
public final class SequenceBagWriter {
    public static final String GROUND_TRUTH = ReplayTopics.DEFAULT_GROUND_TRUTH;
    public static final String WORLD_FRAME = "world";

    /** The topic names and frame ids of one camera: images, camera_info, frame. */
    public record CameraTopics(String image, String cameraInfo, String frameId) {
    }

    public static final CameraTopics MONO = new CameraTopics("/camera/image_raw", "/camera/camera_info", "camera");
    public static final CameraTopics LEFT_RAW = new CameraTopics("/left/image_raw", "/left/camera_info", "left_camera");
    public static final CameraTopics RIGHT_RAW = new CameraTopics("/right/image_raw", "/right/camera_info", "right_camera");
    public static final CameraTopics LEFT_RECT = new CameraTopics("/left/image_rect", "/left/camera_info", "left_camera");
    public static final CameraTopics RIGHT_RECT = new CameraTopics("/right/image_rect", "/right/camera_info", "right_camera");
    public static final CameraTopics RGB = new CameraTopics("/camera/rgb/image_raw", "/camera/rgb/camera_info", "camera_rgb");
    public static final CameraTopics DEPTH = new CameraTopics("/camera/depth/image_raw", "/camera/depth/camera_info", "camera_rgb");

    /** A stereo pair counts as rectified when rectification moves no pixel by more than this. */
    private static final double RECTIFIED_TOLERANCE_PX = 1e-6;

    private SequenceBagWriter() {
    }

    /** The camera topics {@link #write} uses for the sequence: one (mono), left and right, or colour and depth. */
    public static List<CameraTopics> layout(Sequence sequence) {
        if (sequence.hasRight()) {
            boolean rectified = StereoRectification.compute(sequence.stereo().orElseThrow()).imagesAreRectified(RECTIFIED_TOLERANCE_PX);
            return rectified ? List.of(LEFT_RECT, RIGHT_RECT) : List.of(LEFT_RAW, RIGHT_RAW);
        }
        if (sequence.hasDepth())
            return List.of(RGB, DEPTH);
        return List.of(MONO);
    }

    /**
     * Writes every frame and the ground truth into {@code bag}.
     *
     * @param progress told the number of each frame written (may be null)
     * @return the number of messages written
     */
    public static long write(Sequence sequence, BagWriter bag, IntConsumer progress) throws IOException {
        List<CameraTopics> cameras = layout(sequence);
        TypedBagWriter out = new TypedBagWriter(bag);
        for (CameraTopics c : cameras) {
            out.declare(c.cameraInfo(), CameraInfo.class);
            out.declare(c.image(), Image.class);
        }
        Trajectory truth = sequence.groundTruth().orElse(null);
        String truthFrame = "ground_truth_" + cameras.get(0).frameId();
        if (truth != null) {
            out.declare(GROUND_TRUTH, Odometry.class);
            out.declare("/tf", TFMessage.class);
        }
        CameraInfo[] infos = cameraInfos(sequence, cameras);
        long written = 0;
        int nextTruth = 0;
        for (int i = 0; i < sequence.size(); i++) {
            Time stamp = Time.ofSeconds(sequence.timestamp(i));
            long ns = stamp.toNanos();
            for (; truth != null && nextTruth < truth.size() && Time.ofSeconds(truth.time(nextTruth)).toNanos() <= ns; nextTruth++)
                written += writeTruth(out, truth, nextTruth, truthFrame);
            for (int c = 0; c < cameras.size(); c++) {
                CameraTopics topics = cameras.get(c);
                Header header = new Header(stamp, topics.frameId());
                out.write(topics.cameraInfo(), ns, withHeader(infos[c], header));
                Image image = c == 0 ? ImageMessages.fromGray(sequence.left(i), header)
                        : sequence.hasRight() ? ImageMessages.fromGray(sequence.right(i), header)
                        : ImageMessages.fromDepth(sequence.depth(i), header);
                out.write(topics.image(), ns, image);
                written += 2;
            }
            if (progress != null)
                progress.accept(i);
        }
        for (; truth != null && nextTruth < truth.size(); nextTruth++)
            written += writeTruth(out, truth, nextTruth, truthFrame);
        return written;
    }

    private static CameraInfo[] cameraInfos(Sequence sequence, List<CameraTopics> cameras) {
        Header none = new Header(new Time(0, 0), "");
        if (sequence.hasRight()) {
            StereoCalibration rig = sequence.stereo().orElseThrow();
            return CameraInfoMessages.of(rig, none, none);
        }
        CameraInfo info = CameraInfoMessages.of(sequence.camera(), none);
        return cameras.size() == 2 ? new CameraInfo[]{info, info} : new CameraInfo[]{info};
    }

    private static CameraInfo withHeader(CameraInfo i, Header h) {
        return new CameraInfo(h, i.height(), i.width(), i.distortionModel(), i.d(), i.k(), i.r(), i.p(), i.binningX(),
                i.binningY(), i.roi());
    }

    private static int writeTruth(TypedBagWriter out, Trajectory truth, int j, String childFrame) throws IOException {
        Time stamp = Time.ofSeconds(truth.time(j));
        Se3_F64 pose = truth.pose(j);
        Header header = new Header(stamp, WORLD_FRAME);
        Odometry odometry = new Odometry(header, childFrame, new PoseWithCovariance(PoseMessages.pose(pose), new double[36]),
                new TwistWithCovariance(new Twist(Vector3.ZERO, Vector3.ZERO), new double[36]));
        out.write(GROUND_TRUTH, stamp.toNanos(), odometry);
        out.write("/tf", stamp.toNanos(), new TFMessage(List.of(new TransformStamped(header, childFrame,
                PoseMessages.transform(pose)))));
        return 2;
    }
}
