package org.gpuvo.ros.node;

import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.cdr.CdrException;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Clock;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.Subscription;
import org.gpuvo.ros.node.transport.Transport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The node's subscriptions and what each message does: images become frames (paired for stereo and RGB-D) in the
 * queue, camera_infos the calibration, /tf_static the mounting, /clock the node's time, a reset message a reset. A
 * message that cannot be used is counted and left out; a callback never throws into the transport.
 */
final class NodeInputs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("org.gpuvo.ros.node");
    /** images of a stereo or RGB-D pair kept waiting per side for their partner */
    private static final int PAIRING_WAIT = 8;

    private final ConfigVoNode config;
    private final FrameQueue queue;
    private final Calibration calibration;
    private final IssueLog issues;
    private final InputActivity activity;
    private final List<Subscription> subscriptions = new ArrayList<>();
    private final StampPairing pairing;

    /** The image topics subscribed in {@code config}'s mode, compressed ones with their suffix. */
    static List<String> imageTopics(ConfigVoNode config) {
        ConfigNodeTopics t = config.topics;
        String suffix = config.imageTransport.topicSuffix;
        return switch (config.mode()) {
            case MONO -> List.of(t.image + suffix);
            case STEREO -> List.of(t.leftImage + suffix, t.rightImage + suffix);
            case RGBD -> List.of(t.rgbImage + suffix, t.depthImage);
        };
    }

    /** The camera_info topics of the mode, camera 0 first. */
    static List<String> cameraInfoTopics(ConfigVoNode config) {
        ConfigNodeTopics t = config.topics;
        return switch (config.mode()) {
            case MONO -> List.of(t.cameraInfo);
            case STEREO -> List.of(t.leftCameraInfo, t.rightCameraInfo);
            case RGBD -> List.of(t.rgbCameraInfo);
        };
    }

    NodeInputs(ConfigVoNode config, FrameQueue queue, Calibration calibration, IssueLog issues,
               InputActivity activity) {
        this.config = config;
        this.queue = queue;
        this.calibration = calibration;
        this.issues = issues;
        this.activity = activity;
        this.pairing = config.mode() == VoMode.MONO ? null : new StampPairing(
                Math.round(config.syncToleranceSeconds * 1e9), PAIRING_WAIT,
                image -> issues.report(NodeIssue.UNPAIRED, image.topic() + ": an image of stamp " + image.stampText()
                        + " found no partner " + (config.syncToleranceSeconds == 0 ? "of the same stamp"
                        : "within " + config.syncToleranceSeconds + " s") + " and is left out"));
    }

    /**
     * Subscribes to everything the node reads.
     *
     * @param onReset   told of each reset message
     * @param mounting  given /tf_static where the mounting is not a parameter
     * @param clock     given /clock where use_sim_time is set
     */
    void subscribe(Transport transport, Runnable onReset, CameraMounting mounting, NodeClock clock) {
        ConfigNodeQos q = config.qos;
        List<String> images = imageTopics(config);
        boolean compressed = config.imageTransport == ImageTransport.COMPRESSED;
        String imageType = compressed ? CompressedImage.TYPE : Image.TYPE;
        subscribe(transport, images.get(0), imageType, q.images, m -> image(m, compressed, false, true));
        if (config.mode() == VoMode.STEREO)
            subscribe(transport, images.get(1), imageType, q.images, m -> image(m, compressed, false, false));
        else if (config.mode() == VoMode.RGBD)
            subscribe(transport, images.get(1), Image.TYPE, q.images, m -> image(m, false, true, false));
        List<String> infos = cameraInfoTopics(config);
        for (int i = 0; i < infos.size(); i++) {
            int camera = i;
            subscribe(transport, infos.get(i), CameraInfo.TYPE, q.cameraInfo, m -> cameraInfo(m, camera));
        }
        subscribe(transport, config.topics.reset, EmptyMessage.TYPE, q.reset, m -> {
            MessageCodecs.of(EmptyMessage.class).decode(m.data());
            onReset.run();
        });
        if (config.cameraMounting == null)
            subscribe(transport, config.topics.tfStatic, TFMessage.TYPE, q.tfStatic,
                    m -> mounting.addStatic(MessageCodecs.of(TFMessage.class).decode(m.data())));
        if (config.useSimTime)
            subscribe(transport, config.topics.clock, Clock.TYPE, q.clock,
                    m -> clock.tick(MessageCodecs.of(Clock.class).decode(m.data())));
    }

    /** Subscribes with a callback that counts what it cannot use and never throws. */
    private void subscribe(Transport transport, String topic, String type, QosProfile qos,
                           Consumer<ReceivedMessage> use) {
        subscriptions.add(transport.subscribe(topic, type, qos, message -> {
            try {
                use.accept(message);
            } catch (CdrException | IllegalArgumentException e) {
                issues.report(NodeIssue.MALFORMED, topic + ": a message that cannot be used is left out: "
                        + e.getMessage());
            } catch (RuntimeException e) {
                issues.report(NodeIssue.PROCESSING_ERROR, topic + ": handling a message failed: " + e);
                LOG.debug("callback failure", e);
            }
        }));
    }

    private void image(ReceivedMessage message, boolean compressed, boolean depth, boolean first) {
        activity.heard(message.topic(), message.receivedNanos());
        InputImage image = InputImage.decode(message, compressed, depth);
        InputFrame frame;
        if (pairing == null)
            frame = new InputFrame(image, null);
        else
            frame = first ? pairing.offerFirst(image) : pairing.offerSecond(image);
        if (frame == null)
            return;
        InputFrame dropped = queue.offer(frame);
        if (dropped != null)
            issues.report(NodeIssue.DROPPED, "processing falls behind: the frame at " + dropped.stampText()
                    + " was dropped (queue of " + queue.capacity() + ")");
    }

    private void cameraInfo(ReceivedMessage message, int camera) {
        CameraInfo info = MessageCodecs.of(CameraInfo.class).decode(message.data());
        try {
            if (calibration.offer(camera, info))
                LOG.info("{}: calibration {}x{} received", message.topic(), info.width(), info.height());
        } catch (IllegalArgumentException e) {
            issues.report(NodeIssue.INVALID_CAMERA_INFO, message.topic() + ": a camera_info that cannot be used is "
                    + "left out: " + e.getMessage());
        }
    }

    /** Forgets the images waiting for a partner. */
    void clearPairing() {
        if (pairing != null)
            pairing.clear();
    }

    @Override
    public void close() {
        subscriptions.forEach(Subscription::close);
    }
}
