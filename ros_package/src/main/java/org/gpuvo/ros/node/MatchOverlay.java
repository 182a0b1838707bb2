package org.gpuvo.ros.node;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.odometry.frontend.TrackingFrontEnd;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;

/**
 * The debug image: the frame with its matches against the previous frame drawn ({@link MatchDrawing}). The pipeline
 * does not hand out its matches, so this runs a front end of its own with the pipeline's feature (ORB or SIFT) and matcher settings
 * (matching against every previous keypoint, without the motion prior's window): the matches drawn are those
 * features, not the pipeline's very matches. It is made on first use and costs nothing while nobody watches. Not
 * thread safe: the processing thread uses it.
 */
final class MatchOverlay implements AutoCloseable {
    private final ConfigVisualOdometry config;
    private final Matches matches = new Matches();
    private TrackingFrontEnd frontEnd;

    MatchOverlay(ConfigVisualOdometry config) {
        this.config = config;
    }

    /** The mono8 debug image of a frame; matches are drawn from the second consecutive frame on. */
    Image render(GrayImage image, Header header) {
        if (frontEnd == null)
            frontEnd = FactoryVisualOdometry.frontEnd("debug image", config, config.backend);
        frontEnd.process(image, null, matches);
        return ImageMessages.fromGray(MatchDrawing.draw(image, matches), header);
    }

    /** Forgets the previous frame: the next image has no matches drawn. */
    void reset() {
        if (frontEnd != null)
            frontEnd.reset();
    }

    @Override
    public void close() {
        if (frontEnd != null)
            frontEnd.close();
        frontEnd = null;
    }
}
