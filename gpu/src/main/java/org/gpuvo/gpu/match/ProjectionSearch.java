package org.gpuvo.gpu.match;

/**
 * A search of map points by projection over the features of the frame a {@link org.gpuvo.gpu.features.FrameTracker}
 * processed last, where those features are (on CUDA: on the device). The caller keeps the map, projects its points
 * with the frame's pose and says which features are free; this finds the feature each point wins by
 * {@link ProjectionSearchRules}, and only the winners come back.
 */
public interface ProjectionSearch {
    /**
     * Holds {@code rows} binary descriptors (packed, row after row, of the tracker's descriptor size) as the map until
     * the next call; row r is slot r of {@link #search}.
     */
    void setMap(byte[] descriptors, int rows);

    /**
     * Finds, for the map's rows, the free features of the frame processed last that they win.
     *
     * @param slotValues  {@link ProjectionSearchRules#SLOT_VALUES} values per map row: the projection (u, v) in pixels,
     *                    the radius in pixels (negative: the row is not searched) and the point's scale
     * @param freeFeature by feature of the frame: 1 where it may be found (it has no usable map point), else 0
     * @param rules       which features are candidates and which wins
     * @param feature     out: the features won, increasing; {@code slot}: the row that won each; {@code x},
     *                    {@code y}: the feature's position in pixels. Each at least as long as the frame's features.
     * @return how many features were won
     */
    int search(double[] slotValues, byte[] freeFeature, ProjectionSearchRules rules, int[] feature, int[] slot,
               float[] x, float[] y);
}
