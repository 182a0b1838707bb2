package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryFrameTracker;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.FrameTracker;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.ProjectionSearch;

import static org.gpuvo.odometry.frontend.FeatureDescriptors.binaryRows;

/**
 * ORB's {@link TrackingFrontEnd} on the GPU: features stay on the device between frames, and the local map is
 * searched there.
 */
final class CudaTrackingFrontEnd extends DeviceTrackingFrontEnd<OrbFeatures, FrameTracker<OrbFeatures>> {
    CudaTrackingFrontEnd(String pipeline, ConfigOrb orb, ConfigMatch match) {
        super(FactoryFrameTracker.orbCuda(pipeline, orb, match), FeatureType.ORB);
    }

    @Override
    public ProjectionSearch mapSearch() {
        return tracker.projectionSearch();
    }

    @Override
    OrbFeatures hostFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
        return new OrbFeatures(keyPoints, binaryRows(descriptors));
    }
}
