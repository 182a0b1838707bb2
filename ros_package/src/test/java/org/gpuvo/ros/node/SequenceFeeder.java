package org.gpuvo.ros.node;

import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.Transport;

/**
 * Plays a {@link Sequence} to a node as a camera driver would: sensor_msgs/Image and CameraInfo messages (built
 * with ImageMessages and CameraInfoMessages) on the topics of the node's mode, with the sequence's times as stamps.
 */
final class SequenceFeeder {
    static final String CAMERA_FRAME = "camera";

    private final Sequence sequence;
    private final VoMode mode;
    private final RawPublisher firstImage, secondImage, firstInfo, secondInfo;

    SequenceFeeder(Transport transport, ConfigVoNode config, Sequence sequence) {
        this.sequence = sequence;
        this.mode = config.mode();
        ConfigNodeTopics t = config.topics;
        QosProfile qos = QosProfile.SENSOR_DATA;
        switch (mode) {
            case MONO -> {
                firstImage = transport.advertise(t.image, Image.TYPE, qos);
                firstInfo = transport.advertise(t.cameraInfo, CameraInfo.TYPE, qos);
                secondImage = secondInfo = null;
            }
            case STEREO -> {
                firstImage = transport.advertise(t.leftImage, Image.TYPE, qos);
                secondImage = transport.advertise(t.rightImage, Image.TYPE, qos);
                firstInfo = transport.advertise(t.leftCameraInfo, CameraInfo.TYPE, qos);
                secondInfo = transport.advertise(t.rightCameraInfo, CameraInfo.TYPE, qos);
            }
            default -> {
                firstImage = transport.advertise(t.rgbImage, Image.TYPE, qos);
                secondImage = transport.advertise(t.depthImage, Image.TYPE, qos);
                firstInfo = transport.advertise(t.rgbCameraInfo, CameraInfo.TYPE, qos);
                secondInfo = null;
            }
        }
    }

    /** The stamp of frame i: its time in the sequence. */
    Time stamp(int i) {
        return Time.ofSeconds(sequence.timestamp(i));
    }

    Header header(int i) {
        return new Header(stamp(i), CAMERA_FRAME);
    }

    /** The camera_info messages of frame i (one, or left and right). */
    CameraInfo[] cameraInfos(int i) {
        if (mode == VoMode.STEREO)
            return CameraInfoMessages.of(sequence.stereo().orElseThrow(), header(i), new Header(stamp(i), "right"));
        return new CameraInfo[]{CameraInfoMessages.of(sequence.camera(), header(i))};
    }

    void publishCameraInfo(int i) {
        CameraInfo[] infos = cameraInfos(i);
        firstInfo.publish(MessageCodecs.of(CameraInfo.class).encode(infos[0]));
        if (secondInfo != null)
            secondInfo.publish(MessageCodecs.of(CameraInfo.class).encode(infos[1]));
    }

    /** The image messages of frame i (one, or left / RGB and right / depth). */
    Image[] images(int i) {
        Image first = ImageMessages.fromGray(sequence.left(i), header(i));
        return switch (mode) {
            case MONO -> new Image[]{first};
            case STEREO -> new Image[]{first, ImageMessages.fromGray(sequence.right(i), new Header(stamp(i), "right"))};
            case RGBD -> new Image[]{first, ImageMessages.fromDepth(sequence.depth(i), header(i))};
        };
    }

    /** Publishes frame i's camera_info(s), then its image(s). */
    void publishFrame(int i) {
        publishCameraInfo(i);
        Image[] images = images(i);
        publishImages(images);
    }

    void publishImages(Image... images) {
        firstImage.publish(MessageCodecs.of(Image.class).encode(images[0]));
        if (images.length > 1)
            secondImage.publish(MessageCodecs.of(Image.class).encode(images[1]));
    }

    /** Publishes the right / depth image alone. */
    void publishSecondImage(Image image) {
        secondImage.publish(MessageCodecs.of(Image.class).encode(image));
    }

    /** Sends bytes as they are on the (first) image topic. */
    void publishRawImageBytes(byte[] cdr) {
        firstImage.publish(cdr);
    }

    /** The publisher of the (first) image topic. */
    RawPublisher firstImagePublisher() {
        return firstImage;
    }

    /** The publisher of the (first) camera_info topic. */
    RawPublisher firstInfoPublisher() {
        return firstInfo;
    }
}
