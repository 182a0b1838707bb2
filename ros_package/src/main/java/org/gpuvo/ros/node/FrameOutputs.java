package org.gpuvo.ros.node;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Int32Message;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.PoseStamped;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.Transport;
import org.gpuvo.ros.output.OdometryMessages;

import java.util.ArrayList;
import java.util.List;

/**
 * The outputs of each frame, stamped with the frame's stamp: /tf, pose, path (bounded), matches and inliers, the
 * debug image, and last odom (nav_msgs/Odometry, odom → base_link, twist in base_link, covariance inflated when not
 * tracking). Path and debug image are built only while someone subscribes (or where the transport cannot tell). Used
 * by the processing thread only.
 */
final class FrameOutputs implements AutoCloseable {
    private final ConfigVoNode config;
    private final IssueLog issues;
    private final RawPublisher odom, tf, pose, path, matches, inliers, debugImage;
    private final List<RawPublisher> all = new ArrayList<>();
    private final PathHistory history;
    private final MatchOverlay overlay;
    /** the base's result of the previous frame, for the twist; null after a restart */
    private FrameResult previous;

    /** Advertises the outputs; where the transport refuses one, those advertised before are closed again. */
    FrameOutputs(Transport transport, ConfigVoNode config, IssueLog issues) {
        this.config = config;
        this.issues = issues;
        ConfigNodeTopics t = config.topics;
        ConfigNodeQos q = config.qos;
        try {
            odom = advertise(transport, t.odom, Odometry.TYPE, q.odom);
            tf = config.publishTf ? advertise(transport, t.tf, TFMessage.TYPE, q.tf) : null;
            pose = advertise(transport, t.pose, PoseStamped.TYPE, q.pose);
            path = config.pathLength > 0 ? advertise(transport, t.path, NavPath.TYPE, q.path) : null;
            matches = advertise(transport, t.matches, Int32Message.TYPE, q.counts);
            inliers = advertise(transport, t.inliers, Int32Message.TYPE, q.counts);
            debugImage = config.publishDebugImage ? advertise(transport, t.debugImage, Image.TYPE, q.debugImage)
                    : null;
        } catch (RuntimeException e) {
            all.forEach(RawPublisher::close);
            throw e;
        }
        history = new PathHistory(config.pathLength);
        overlay = new MatchOverlay(config.vo);
    }

    private RawPublisher advertise(Transport transport, String topic, String type, QosProfile qos) {
        RawPublisher publisher = transport.advertise(topic, type, qos);
        all.add(publisher);
        return publisher;
    }

    /**
     * Publishes a frame's outputs.
     *
     * @param result      the pipeline's result (the camera's pose)
     * @param basePose    the base's pose in the odometry frame
     * @param image       the frame's (left) image, for the debug image
     * @param cameraFrame the image's frame id, for the debug image
     */
    void publish(FrameResult result, Se3_F64 basePose, Time stamp, GrayImage image, String cameraFrame) {
        FrameResult base = new FrameResult(result.timestamp, basePose, result.state, result.features, result.matches,
                result.inliers, result.keyframe, result.mapPointsTracked, result.reprojectionMatches,
                result.frontEndMillis, result.hostMillis);
        Header header = new Header(stamp, config.odomFrame);
        if (tf != null)
            tf.publish(MessageCodecs.of(TFMessage.class).encode(new TFMessage(List.of(
                    OdometryMessages.transform(base, stamp, config.odomFrame, config.baseFrame)))));
        PoseStamped stamped = new PoseStamped(header, PoseMessages.pose(basePose));
        pose.publish(MessageCodecs.of(PoseStamped.class).encode(stamped));
        history.add(stamped);
        if (path != null && path.matchedSubscriptions() != 0)
            path.publish(MessageCodecs.of(NavPath.class).encode(history.path(header)));
        matches.publish(MessageCodecs.of(Int32Message.class).encode(new Int32Message(result.matches)));
        inliers.publish(MessageCodecs.of(Int32Message.class).encode(new Int32Message(result.inliers)));
        if (debugImage != null)
            publishDebugImage(image, new Header(stamp, cameraFrame));
        // odom last: whoever waits for it finds the frame's other outputs out
        odom.publish(MessageCodecs.of(Odometry.class).encode(OdometryMessages.odometry(base, previous, stamp,
                config.odomFrame, config.baseFrame)));
        previous = base;
    }

    /** The debug image, while someone subscribes; its failure costs the debug image only, not the frame. */
    private void publishDebugImage(GrayImage image, Header header) {
        if (debugImage.matchedSubscriptions() == 0) {
            overlay.reset(); // so that matches are only ever drawn between consecutive frames
            return;
        }
        try {
            debugImage.publish(MessageCodecs.of(Image.class).encode(overlay.render(image, header)));
        } catch (RuntimeException e) {
            issues.report(NodeIssue.PROCESSING_ERROR, "the debug image failed: " + e);
            overlay.reset();
        }
    }

    /** After the odometry starts over: no twist from the old run, the path cleared. */
    void restart() {
        previous = null;
        history.clear();
        overlay.reset();
    }

    /** Poses on the path now. */
    int pathSize() {
        return history.size();
    }

    @Override
    public void close() {
        overlay.close();
        all.forEach(RawPublisher::close);
    }
}
