package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactoryFrameTracker;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.features.SiftFrameTracker;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

import static org.gpuvo.odometry.frontend.FeatureDescriptors.floatRows;

/**
 * SIFT's {@link TrackingFrontEnd} on the GPU: features stay on the device between frames and are matched there. The
 * contrast threshold of each frame comes from {@link AdaptiveSiftThreshold}, fed the frames' counts as the CPU front
 * end feeds it; {@link #extract} detects with the threshold of the frame processed last, so that a stereo pair's
 * images are detected alike.
 */
final class CudaSiftTrackingFrontEnd extends DeviceTrackingFrontEnd<SiftFeatures, SiftFrameTracker> {
    private final int maxFeatures;
    private final AdaptiveSiftThreshold threshold;

    /** @param adaptation how the contrast threshold adapts ({@link ConfigSiftThreshold#fixed()}: not at all) */
    CudaSiftTrackingFrontEnd(String pipeline, ConfigSift sift, ConfigMatch match, ConfigSiftThreshold adaptation) {
        this(new AdaptiveSiftThreshold(sift.contrastThreshold, adaptation), sift.maxFeatures,
                FactoryFrameTracker.siftCuda(pipeline, sift, match));
    }

    /** {@code threshold}: made before the tracker opens its context. */
    private CudaSiftTrackingFrontEnd(AdaptiveSiftThreshold threshold, int maxFeatures, SiftFrameTracker tracker) {
        super(tracker, FeatureType.SIFT);
        this.maxFeatures = maxFeatures;
        this.threshold = threshold;
    }

    @Override
    SiftFeatures hostFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
        return new SiftFeatures(keyPoints, floatRows(descriptors));
    }

    @Override
    public int process(GrayImage image, double[] searchWindow, Matches out) {
        // the tracker keeps this frame's threshold until the next frame: extract() detects a pair's right image alike
        tracker.setContrastThreshold(threshold.threshold());
        int n = super.process(image, searchWindow, out);
        threshold.update(n, maxFeatures);
        return n;
    }

    @Override
    public double contrastThreshold() {
        return tracker.contrastThreshold();
    }
}
