package org.gpuvo.ros.node;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.image.CompressedImages;
import org.gpuvo.ros.image.ImageEncoding;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.image.MalformedImageException;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.node.transport.ReceivedMessage;

import java.util.Locale;

/**
 * One image message as it arrived, sensor_msgs/Image or CompressedImage, decoded from CDR but not yet to pixels (a
 * frame dropped from the queue costs no pixel work). Raw images have their geometry checked on arrival, compressed
 * ones their format and header, so that a malformed one rarely takes a place in the queue.
 */
record InputImage(String topic, Header header, Image raw, CompressedImage compressed, long receivedNanos) {
    /** The stamp in nanoseconds. */
    long stampNanos() {
        return header.stamp().toNanos();
    }

    /** The stamp as seconds with all nine digits, for messages. */
    String stampText() {
        return String.format(Locale.ROOT, "%d.%09d s", header.stamp().sec(), header.stamp().nanosec());
    }

    /**
     * Decodes a received message of {@code topic}.
     *
     * @param depth whether it is a depth image (16UC1 or 32FC1), else an intensity one
     * @throws org.gpuvo.ros.cdr.CdrException where the CDR is not a message of the type
     * @throws MalformedImageException        where a raw image's geometry, data or encoding is wrong
     */
    static InputImage decode(ReceivedMessage message, boolean compressed, boolean depth) {
        if (compressed) {
            CompressedImage c = MessageCodecs.of(CompressedImage.class).decode(message.data());
            CompressedImages.size(c); // JPEG or PNG with a readable header; the pixels wait
            return new InputImage(message.topic(), c.header(), null, c, message.receivedNanos());
        }
        Image image = MessageCodecs.of(Image.class).decode(message.data());
        ImageEncoding encoding = ImageMessages.check(image);
        if (depth != encoding.isDepth())
            throw new MalformedImageException(depth ? "a depth image must be 16UC1 (mm) or 32FC1 (m), not "
                    + encoding.rosName : "a " + encoding.rosName + " image is depth, not intensity");
        return new InputImage(message.topic(), image.header(), image, null, message.receivedNanos());
    }

    /** The pixels as 8-bit grey. */
    GrayImage toGray() {
        return raw != null ? ImageMessages.toGray(raw) : CompressedImages.toGray(compressed);
    }

    /** The depth in metres. */
    DepthImage toDepth() {
        if (raw == null)
            throw new MalformedImageException("compressed depth images are not supported");
        return ImageMessages.toDepth(raw);
    }
}
