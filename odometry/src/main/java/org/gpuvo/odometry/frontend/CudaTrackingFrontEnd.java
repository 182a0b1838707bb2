package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.cuda.CudaFrontEnd;
import org.gpuvo.gpu.cuda.CudaOrbExtractor;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

import static org.gpuvo.odometry.frontend.FeatureDescriptors.binaryRows;

/**
 * ORB's {@link TrackingFrontEnd} on {@link CudaFrontEnd}: features stay on the device between frames; a second
 * extractor on the same context serves {@link #extract} (right images), created when first needed.
 */
final class CudaTrackingFrontEnd extends DeviceTrackingFrontEnd<CudaFrontEnd, CudaOrbExtractor> {
    CudaTrackingFrontEnd(String pipeline, ConfigOrb orb, ConfigMatch match) {
        this(orb.copy(), pipeline, match);
    }

    /** {@code orb}: the front end's copy, taken before the front end opens. */
    private CudaTrackingFrontEnd(ConfigOrb orb, String pipeline, ConfigMatch match) {
        super(new CudaFrontEnd(pipeline, orb, match), FeatureType.ORB, cuda -> new CudaOrbExtractor(cuda, orb));
    }

    @Override
    public int process(GrayImage image, double[] searchWindow, Matches out) {
        frontEnd.setSearchWindow(searchWindow);
        return frontEnd.process(image, out);
    }

    @Override
    public void currentFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
        frontEnd.downloadCurrent(keyPoints, binaryRows(descriptors));
    }

    @Override
    public void extract(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
        OrbFeatures features = new OrbFeatures(keyPoints, binaryRows(descriptors));
        secondary().detect(image, features);
    }
}
