package org.gpuvo.odometry.vo;

import java.util.List;

/** Local mapping on the tracking thread: each update is taken in, and adjusted when due, as it is submitted. */
final class InlineMapping implements MappingRunner {
    private final LocalMapping mapping;
    private final FrameUpdate update = new FrameUpdate();
    private MapSnapshot latest = MapSnapshot.EMPTY;

    InlineMapping(LocalMapping mapping) {
        this.mapping = mapping;
    }

    @Override
    public FrameUpdate obtain(int frame) {
        return update.reset(frame);
    }

    @Override
    public void submit(FrameUpdate u) {
        latest = mapping.takeIn(u);
    }

    @Override
    public MapSnapshot latest() {
        return latest;
    }

    @Override
    public PointCloud pointCloud() {
        return mapping.pointCloud();
    }

    @Override
    public MapSnapshot settled() {
        return latest;
    }

    @Override
    public List<MappingRecord> takeRecords() {
        return mapping.takeRecords();
    }

    @Override
    public MappingStatus status() {
        return mapping.status(0);
    }

    @Override
    public void close() {
    }
}
