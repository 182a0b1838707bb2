package org.gpuvo.odometry.frontend;

import java.util.function.Function;

import org.gpuvo.gpu.cuda.CudaContext;
import org.gpuvo.gpu.cuda.CudaTracking;
import org.gpuvo.gpu.features.FeatureType;

/**
 * What the {@link TrackingFrontEnd}s on a GPU front end ({@link CudaTracking}) share whatever their features: the
 * front end, which keeps the features on the device between frames, and a second extractor on its context for
 * images outside the tracked stream (right images), created when first needed.
 *
 * @param <T> the GPU front end
 * @param <X> the second extractor
 */
abstract class DeviceTrackingFrontEnd<T extends CudaTracking<?, ?, ?>, X extends AutoCloseable>
        implements TrackingFrontEnd {
    final T frontEnd;
    private final FeatureType features;
    private final Function<CudaContext, X> secondaryOn;
    private X secondary;

    /** @param secondaryOn the second extractor on the front end's context */
    DeviceTrackingFrontEnd(T frontEnd, FeatureType features, Function<CudaContext, X> secondaryOn) {
        this.frontEnd = frontEnd;
        this.features = features;
        this.secondaryOn = secondaryOn;
    }

    /** The second extractor, created on the front end's context when first needed. */
    X secondary() {
        if (secondary == null)
            secondary = secondaryOn.apply(frontEnd.context());
        return secondary;
    }

    @Override
    public FeatureType features() {
        return features;
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
        try {
            if (secondary != null)
                secondary.close();
        } catch (Exception e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
            frontEnd.close();
        }
    }
}
