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
final class CudaSiftTrackingFrontEnd implements TrackingFrontEnd {
    private final CudaSiftFrontEnd frontEnd;
    private final ConfigSift sift;
    private final AdaptiveSiftThreshold threshold;
    /** the threshold of the frame processed last (before the first: the configured one) */
    private double frameThreshold;
    private CudaSiftExtractor secondary;

    /** @param adaptation how the contrast threshold adapts ({@link ConfigSiftThreshold#fixed()}: not at all) */
    CudaSiftTrackingFrontEnd(String pipeline, ConfigSift sift, ConfigMatch match, ConfigSiftThreshold adaptation) {
        this.sift = sift.copy();
        this.threshold = new AdaptiveSiftThreshold(sift.contrastThreshold, adaptation);
        this.frameThreshold = sift.contrastThreshold;
        this.frontEnd = new CudaSiftFrontEnd(pipeline, sift, match);
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
        if (secondary == null)
            secondary = new CudaSiftExtractor(frontEnd.context(), sift);
        secondary.setContrastThreshold(frameThreshold);
        secondary.detect(image, features);
    }

    @Override
    public double contrastThreshold() {
        return frameThreshold;
    }

    @Override
    public FeatureType features() {
        return FeatureType.SIFT;
    }

    @Override
    public void reset() {
        frontEnd.reset();
    }

    @Override
    public String backend() {
        return "cuda";
    }

    @Override
    public void close() {
        if (secondary != null)
            secondary.close();
        frontEnd.close();
    }
}
