package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.Matches;

import static org.gpuvo.odometry.frontend.FeatureDescriptors.binaryRows;

/** ORB features (binary descriptors, Hamming distance) for {@link HostTrackingFrontEnd}; the CPU backend's. */
final class OrbFeatureStage implements FeatureStage {
    private final OrbExtractor extractor;
    private final DescriptorMatcher matcher;

    OrbFeatureStage(OrbExtractor extractor, DescriptorMatcher matcher) {
        this.extractor = extractor;
        this.matcher = matcher;
    }

    @Override
    public FeatureType type() {
        return FeatureType.ORB;
    }

    @Override
    public void detect(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
        extractor.detect(image, new OrbFeatures(keyPoints, binaryRows(descriptors)));
    }

    @Override
    public void match(FeatureDescriptors query, FeatureDescriptors train, Matches out) {
        matcher.match(binaryRows(query), binaryRows(train), out);
    }

    @Override
    public void matchWithin(FeatureDescriptors query, float[] predictedX, float[] predictedY, FeatureDescriptors train,
                            KeyPoints trainPoints, Matches out) {
        matcher.matchWithin(binaryRows(query), predictedX, predictedY, binaryRows(train), trainPoints, out);
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
