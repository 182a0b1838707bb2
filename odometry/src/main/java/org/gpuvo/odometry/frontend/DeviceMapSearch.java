package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.match.ProjectionSearchRules;

/**
 * The search of the local map by projection where the frame's features are: on the GPU, so that they need not come
 * to the host for it. The caller keeps the map, projects its points with the frame's pose and says which features
 * are free; this finds the feature each point wins, by the rules of the host search (the same winners). Had from
 * {@link TrackingFrontEnd#mapSearch()}, for the frame processed last.
 */
public interface DeviceMapSearch {
    /** Holds the local map's descriptors (row r is map row r) on the device until the next call. */
    void setMap(FeatureDescriptors descriptors);

    /**
     * Finds, for the map's rows, the free features of the frame processed last that they win.
     *
     * @param slotValues  {@link ProjectionSearchRules#SLOT_VALUES} values per map row: the projection in pixels, the
     *                    search radius in pixels (negative: not searched) and the point's scale
     * @param freeFeature by feature: 1 where a point may be found (it has no usable map point), else 0
     * @param rules       which features are candidates and which wins
     * @param feature     out: the features won, increasing; {@code row}: the map row that won each; {@code x},
     *                    {@code y}: the feature's position in pixels (each array as long as the frame's features)
     * @return how many features were won, or -1 if the GPU failed: the front end then runs on the CPU, and the search
     *         is for the host to make
     */
    int search(double[] slotValues, byte[] freeFeature, ProjectionSearchRules rules, int[] feature, int[] row,
               float[] x, float[] y);
}
