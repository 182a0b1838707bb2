package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;

/**
 * The map as local mapping published it: every frame's world-to-camera pose up to the newest frame it has taken in,
 * and every point's position. Immutable, so that tracking reads it while mapping goes on; tracking takes the latest
 * at the start of each frame.
 */
final class MapSnapshot {
    static final MapSnapshot EMPTY = new MapSnapshot(-1, 0, PublishedRecords.View.EMPTY, PublishedRecords.View.EMPTY);

    /** the newest frame taken in (-1: none) */
    final int newestFrame;
    /** bundle adjustments written back so far: when it grows, poses of recent frames have moved */
    final int adjustments;
    private final PublishedRecords.View poses, points;

    MapSnapshot(int newestFrame, int adjustments, PublishedRecords.View poses, PublishedRecords.View points) {
        this.newestFrame = newestFrame;
        this.adjustments = adjustments;
        this.poses = poses;
        this.points = points;
    }

    /** The world-to-camera pose of a frame up to {@link #newestFrame}. */
    Se3_F64 pose(int frame, Se3_F64 out) {
        return FramePoses.read(poses, frame, out);
    }

    /** The scale of the map about a frame's camera, up to {@link #newestFrame} (see {@link FramePoses}). */
    double scale(int frame) {
        return FramePoses.readScale(poses, frame);
    }

    boolean usable(int point) {
        return point >= 0 && point < points.size() && !Double.isNaN(points.get(point, 0));
    }

    double x(int point) {
        return points.get(point, 0);
    }

    double y(int point) {
        return points.get(point, 1);
    }

    double z(int point) {
        return points.get(point, 2);
    }
}
