package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.FrameTracker;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;

/**
 * A {@link TrackingFrontEnd} on a GPU's {@link FrameTracker}, which keeps the features on the device between frames;
 * images outside the tracked stream (right images) are extracted by the tracker on the same device.
 *
 * @param <F> the tracker's host features
 * @param <T> the tracker
 */
abstract class DeviceTrackingFrontEnd<F, T extends FrameTracker<F>> implements TrackingFrontEnd {
    final T tracker;
    private final FeatureType features;

    DeviceTrackingFrontEnd(T tracker, FeatureType features) {
        this.tracker = tracker;
        this.features = features;
    }

    /** The tracker's host features over {@code keyPoints} and the rows of {@code descriptors}. */
    abstract F hostFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors);

    @Override
    public int process(GrayImage image, double[] searchWindow, Matches out) {
        tracker.setSearchWindow(searchWindow);
        return tracker.process(image, out);
    }

    @Override
    public void currentFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
        tracker.downloadCurrent(hostFeatures(keyPoints, descriptors));
    }

    @Override
    public void extract(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
        tracker.extract(image, hostFeatures(keyPoints, descriptors));
    }

    @Override
    public FeatureType features() {
        return features;
    }

    @Override
    public void reset() {
        tracker.reset();
    }

    @Override
    public String backend() {
        return "cuda";
    }

    @Override
    public void close() {
        tracker.close();
    }
}
