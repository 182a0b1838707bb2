package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIFT features (128 floats, Euclidean distance) for {@link HostTrackingFrontEnd}: any {@link SiftExtractor} and
 * {@link FloatDescriptorMatcher} on host arrays (the CPU backend; CUDA keeps features on the device instead, in
 * {@link CudaSiftTrackingFrontEnd}). The contrast threshold of each tracked frame comes from
 * {@link AdaptiveSiftThreshold}, fed the frames' counts; images detected between two tracked frames (stereo's right)
 * get the threshold of the frame before them, as one extractor serves both.
 */
final class SiftFeatureStage extends HostMatchingStage<FloatDescriptors> {
    private static final Logger LOG = LoggerFactory.getLogger(SiftFeatureStage.class);

    private final SiftExtractor extractor;
    private final AdaptiveSiftThreshold threshold;
    private final int asked;

    /** @param adaptation how the contrast threshold adapts ({@link ConfigSiftThreshold#fixed()}: not at all) */
    SiftFeatureStage(SiftExtractor extractor, FloatDescriptorMatcher matcher, ConfigSiftThreshold adaptation) {
        super(matcher, FeatureDescriptors::floatRows);
        this.extractor = extractor;
        this.threshold = new AdaptiveSiftThreshold(extractor.config().contrastThreshold, adaptation);
        this.asked = extractor.config().maxFeatures;
    }

    @Override
    public FeatureType type() {
        return FeatureType.SIFT;
    }

    @Override
    public void detect(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
        extractor.detect(image, new SiftFeatures(keyPoints, rows(descriptors)));
    }

    @Override
    public void beforeFrame() {
        extractor.setContrastThreshold(threshold.threshold());
    }

    @Override
    public void afterFrame(int features) {
        threshold.update(features, asked);
    }

    @Override
    public double contrastThreshold() {
        return extractor.config().contrastThreshold;
    }

    @Override
    public String backend() {
        return extractor.backend();
    }

    @Override
    public void close() {
        extractor.close();
        // the CUDA matcher holds device memory and a context until closed
        if (matcher instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                LOG.warn("closing the SIFT matcher failed: {}", e.toString());
            }
        }
    }
}
