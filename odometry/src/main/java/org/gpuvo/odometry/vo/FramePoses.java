package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;

/**
 * Every frame's world-to-camera pose, by frame index, as local mapping holds it: rotation row by row, translation, and
 * the scale of the map about the frame's camera relative to when the frame was placed (1 until a bundle adjustment
 * rescales it; see {@link AnchorCorrection}).
 */
final class FramePoses {
    static final int STRIDE = 13;
    private static final int SCALE = 12;

    /** chunks of 64 frames: every frame changes the newest, which is published anew after it */
    private final PublishedRecords records = new PublishedRecords(STRIDE, 6);

    int size() {
        return records.size();
    }

    /** Sets the pose of {@code frame}: the next frame (appended) or one held already. */
    void set(int frame, Se3_F64 worldToCamera) {
        if (frame == records.size())
            records.set(records.add(), SCALE, 1.0);
        for (int i = 0; i < 9; i++)
            records.set(frame, i, worldToCamera.R.data[i]);
        records.set(frame, 9, worldToCamera.T.x);
        records.set(frame, 10, worldToCamera.T.y);
        records.set(frame, 11, worldToCamera.T.z);
    }

    Se3_F64 get(int frame, Se3_F64 out) {
        for (int i = 0; i < 9; i++)
            out.R.data[i] = records.get(frame, i);
        out.T.setTo(records.get(frame, 9), records.get(frame, 10), records.get(frame, 11));
        return out;
    }

    /** The map about {@code frame}'s camera was rescaled by {@code factor}. */
    void rescale(int frame, double factor) {
        records.set(frame, SCALE, records.get(frame, SCALE) * factor);
    }

    double scale(int frame) {
        return records.get(frame, SCALE);
    }

    static double readScale(PublishedRecords.View poses, int frame) {
        return poses.get(frame, SCALE);
    }

    /** Forgets the poses of the frames below {@code frame} (whole chunks of them). */
    void forgetBelow(int frame) {
        records.forgetBelow(frame);
    }

    PublishedRecords.View publish() {
        return records.publish();
    }

    /** Whether two poses are the same, bit for bit. */
    static boolean equal(Se3_F64 a, Se3_F64 b) {
        for (int i = 0; i < 9; i++)
            if (a.R.data[i] != b.R.data[i])
                return false;
        return a.T.x == b.T.x && a.T.y == b.T.y && a.T.z == b.T.z;
    }

    static Se3_F64 read(PublishedRecords.View poses, int frame, Se3_F64 out) {
        for (int i = 0; i < 9; i++)
            out.R.data[i] = poses.get(frame, i);
        out.T.setTo(poses.get(frame, 9), poses.get(frame, 10), poses.get(frame, 11));
        return out;
    }
}
