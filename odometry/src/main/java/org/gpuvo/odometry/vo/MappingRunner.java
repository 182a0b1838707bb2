package org.gpuvo.odometry.vo;

import java.util.List;

/**
 * Runs {@link LocalMapping} for the tracking thread: {@link #inline} at fixed points of the frame sequence (each
 * update taken in before the next frame, the bundle adjustment exactly when due) or {@link #threaded} on a thread
 * of its own, a bounded number of frames behind tracking ({@link MappingThread}).
 */
interface MappingRunner extends AutoCloseable {
    static MappingRunner inline(LocalMapping mapping) {
        return new InlineMapping(mapping);
    }

    /**
     * @param lag   the frames mapping may run behind tracking
     * @param exact whether tracking takes exactly the map {@code lag} frames back, for repeatable runs
     */
    static MappingRunner threaded(LocalMapping mapping, int lag, boolean exact) {
        return new MappingThread(mapping, lag, exact);
    }

    /** An update to fill for the next frame (recycled where possible). */
    FrameUpdate obtain(int frame);

    /** Hands a filled update to local mapping; the caller no longer touches it. */
    void submit(FrameUpdate update);

    /** The latest map local mapping has published. */
    MapSnapshot latest();

    /** The map's points once every update submitted has been taken in. */
    PointCloud pointCloud();

    /** The map once every update submitted has been taken in (the bundle adjustments due among them included). */
    MapSnapshot settled();

    List<MappingRecord> takeRecords();

    MappingStatus status();

    /** Ends local mapping (its thread, if any) after the updates submitted so far. */
    @Override
    void close();
}
