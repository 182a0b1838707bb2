package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.cuda.CudaFrontEnd;
import org.gpuvo.gpu.cuda.CudaMapSearch;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.ProjectionSearchRules;

import static org.gpuvo.odometry.frontend.FeatureDescriptors.binaryRows;

/**
 * ORB's {@link TrackingFrontEnd} on the GPU: features stay on the device between frames, and the local map is
 * searched there.
 */
final class CudaTrackingFrontEnd extends DeviceTrackingFrontEnd<OrbFeatures, CudaFrontEnd> {
    private DeviceMapSearch mapSearch;

    CudaTrackingFrontEnd(String pipeline, ConfigOrb orb, ConfigMatch match) {
        super(new CudaFrontEnd(pipeline, orb, match), FeatureType.ORB);
    }

    @Override
    public DeviceMapSearch mapSearch() {
        if (mapSearch == null) {
            CudaMapSearch device = tracker.mapSearch();
            mapSearch = new DeviceMapSearch() {
                @Override
                public void setMap(FeatureDescriptors descriptors) {
                    Descriptors rows = binaryRows(descriptors);
                    device.setMap(rows.data, rows.size());
                }

                @Override
                public int search(double[] slotValues, byte[] freeFeature, ProjectionSearchRules rules,
                                  int[] feature, int[] row, float[] x, float[] y) {
                    return device.search(slotValues, freeFeature, rules, feature, row, x, y);
                }
            };
        }
        return mapSearch;
    }

    @Override
    OrbFeatures hostFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
        return new OrbFeatures(keyPoints, binaryRows(descriptors));
    }
}
