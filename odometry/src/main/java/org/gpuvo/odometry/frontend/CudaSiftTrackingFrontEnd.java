package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.cuda.CudaSiftExtractor;
import org.gpuvo.gpu.cuda.CudaSiftFrontEnd;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

import static org.gpuvo.odometry.frontend.FeatureDescriptors.floatRows;

/**
 * SIFT's {@link TrackingFrontEnd} on {@link CudaSiftFrontEnd}: features stay on the device between frames and are
 * matched there; a second extractor on the same context serves {@link #extract} (right images), created when first
 * needed. The contrast threshold of each frame comes from {@link AdaptiveSiftThreshold}, fed the frames' counts as
 * the CPU front end feeds it; {@link #extract} detects with the threshold of the frame processed last, so that a
 * stereo pair's images are detected alike.
 */
final class CudaSiftTrackingFrontEnd extends DeviceTrackingFrontEnd<CudaSiftFrontEnd, CudaSiftExtractor> {
    private final ConfigSift sift;
    private final AdaptiveSiftThreshold threshold;
    /** the threshold of the frame processed last (before the first: the configured one) */
    private double frameThreshold;

    /** @param adaptation how the contrast threshold adapts ({@link ConfigSiftThreshold#fixed()}: not at all) */
    CudaSiftTrackingFrontEnd(String pipeline, ConfigSift sift, ConfigMatch match, ConfigSiftThreshold adaptation) {
        this(sift.copy(), new AdaptiveSiftThreshold(sift.contrastThreshold, adaptation), pipeline, match);
    }

    /** {@code sift} and {@code threshold}: made before the front end opens its context. */
    private CudaSiftTrackingFrontEnd(ConfigSift sift, AdaptiveSiftThreshold threshold, String pipeline,
                                     ConfigMatch match) {
        super(new CudaSiftFrontEnd(pipeline, sift, match), FeatureType.SIFT, cuda -> new CudaSiftExtractor(cuda, sift));
        this.sift = sift;
        this.threshold = threshold;
        this.frameThreshold = sift.contrastThreshold;
    }

    @Override
    public int process(GrayImage image, double[] searchWindow, Matches out) {
        frontEnd.setSearchWindow(searchWindow);
        frontEnd.setContrastThreshold(threshold.threshold());
        frameThreshold = threshold.threshold();
        int n = frontEnd.process(image, out);
        threshold.update(n, sift.maxFeatures);
        return n;
    }

    @Override
    public void currentFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
        frontEnd.downloadCurrent(new SiftFeatures(keyPoints, floatRows(descriptors)));
    }

    @Override
    public void extract(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
        SiftFeatures features = new SiftFeatures(keyPoints, floatRows(descriptors));
        CudaSiftExtractor extractor = secondary();
        extractor.setContrastThreshold(frameThreshold);
        extractor.detect(image, features);
    }

    @Override
    public double contrastThreshold() {
        return frameThreshold;
    }
}
