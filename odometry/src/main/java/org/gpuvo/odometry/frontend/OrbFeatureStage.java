package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.DescriptorMatcher;

/** ORB features (binary descriptors, Hamming distance) for {@link HostTrackingFrontEnd}; the CPU backend's. */
final class OrbFeatureStage extends HostMatchingStage<Descriptors> {
    private final OrbExtractor extractor;

    OrbFeatureStage(OrbExtractor extractor, DescriptorMatcher matcher) {
        super(matcher, FeatureDescriptors::binaryRows);
        this.extractor = extractor;
    }

    @Override
    public FeatureType type() {
        return FeatureType.ORB;
    }

    @Override
    public void detect(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
        extractor.detect(image, new OrbFeatures(keyPoints, rows(descriptors)));
    }

    @Override
    public String backend() {
        return extractor.backend();
    }

    @Override
    public void close() {
        extractor.close();
    }
}
