package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Every frame's world-to-camera pose as the tracking thread sees it: local mapping's, from the latest
 * {@link MapSnapshot}, for the frames mapping has taken in; tracking's own estimate for the newer ones, each held
 * relative to the frame that anchored it (the snapshot's newest when it was tracked), so that it moves with the
 * anchor when a bundle adjustment moves the anchor ({@link AnchorCorrection}), as local mapping will place it.
 * Whether each pose was estimated (not held or extrapolated) is tracking's own record.
 */
final class TrackedPoses {
    /** a frame mapping has not taken in yet */
    private static final class Pending {
        final int frame;
        final Se3_F64 pose = new Se3_F64();
        final int anchorFrame;
        final Se3_F64 anchorPose = new Se3_F64();
        final double anchorScale;

        Pending(int frame, Se3_F64 pose, int anchorFrame, Se3_F64 anchorPose, double anchorScale) {
            this.frame = frame;
            this.pose.setTo(pose);
            this.anchorFrame = anchorFrame;
            this.anchorPose.setTo(anchorPose);
            this.anchorScale = anchorScale;
        }
    }

    private MapSnapshot snapshot = MapSnapshot.EMPTY;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    /** by frame from {@link #firstKept}: whether its pose was estimated */
    private boolean[] estimated = new boolean[256];
    private int size, firstKept;
    private final Se3_F64 anchorNow = new Se3_F64(), anchorThen = new Se3_F64();
    private final AnchorCorrection correction = new AnchorCorrection();

    /**
     * Takes a snapshot newer than the one held; returns whether a bundle adjustment was written back in between
     * (poses of recent frames moved).
     */
    boolean adopt(MapSnapshot latest) {
        if (latest == snapshot)
            return false;
        boolean adjusted = latest.adjustments != snapshot.adjustments;
        snapshot = latest;
        while (!pending.isEmpty() && pending.peekFirst().frame <= latest.newestFrame)
            pending.removeFirst();
        return adjusted;
    }

    MapSnapshot snapshot() {
        return snapshot;
    }

    int size() {
        return size;
    }

    /** Appends the next frame's pose, anchored to the snapshot's newest frame. */
    void add(Se3_F64 worldToCamera, boolean isEstimated) {
        if (size - firstKept == estimated.length)
            estimated = Arrays.copyOf(estimated, 2 * estimated.length);
        estimated[size - firstKept] = isEstimated;
        int anchor = snapshot.newestFrame;
        if (anchor >= 0)
            snapshot.pose(anchor, anchorThen);
        else
            anchorThen.reset();
        double anchorScale = anchor >= 0 ? snapshot.scale(anchor) : 1;
        pending.addLast(new Pending(size++, worldToCamera, anchor, anchorThen, anchorScale));
    }

    /** Replaces the newest frame's pose (a monocular initialisation that has just placed it). */
    void setNewest(Se3_F64 worldToCamera, boolean isEstimated) {
        pending.peekLast().pose.setTo(worldToCamera);
        estimated[size - 1 - firstKept] = isEstimated;
    }

    /** Whether {@code frame}'s pose was estimated; false for a frame forgotten. */
    boolean estimated(int frame) {
        return frame >= firstKept && estimated[frame - firstKept];
    }

    /**
     * The oldest frame whose pose is kept: the frames before it are forgotten ({@link FrameHistory}), here and, from
     * the update that says so, in local mapping's map.
     */
    int firstKept() {
        return firstKept;
    }

    /** Forgets the frames below {@code frame}, which nothing on the tracking thread reads any more. */
    void forgetBelow(int frame) {
        int first = Math.min(frame, size), drop = first - firstKept;
        if (drop <= 0)
            return;
        System.arraycopy(estimated, drop, estimated, 0, size - first);
        firstKept = first;
    }

    /** The pose of {@code frame} into {@code out}. */
    Se3_F64 get(int frame, Se3_F64 out) {
        if (frame <= snapshot.newestFrame)
            return snapshot.pose(frame, out);
        for (Pending p : pending)
            if (p.frame == frame)
                return anchored(p, out);
        throw new IllegalArgumentException("no pose of frame " + frame);
    }

    /**
     * How far lengths measured in {@code frame}'s camera when it was tracked have been rescaled since (1 for the frames
     * mapping has taken in).
     */
    double scaleSinceTracked(int frame) {
        if (frame <= snapshot.newestFrame)
            return 1;
        for (Pending p : pending)
            if (p.frame == frame)
                return correct(p).scale();
        throw new IllegalArgumentException("no pose of frame " + frame);
    }

    private Se3_F64 anchored(Pending p, Se3_F64 out) {
        return correct(p).pose(p.pose, out);
    }

    private AnchorCorrection correct(Pending p) {
        if (p.anchorFrame < 0)
            correction.clear();
        else
            correction.set(p.anchorPose, p.anchorScale, snapshot.pose(p.anchorFrame, anchorNow),
                    snapshot.scale(p.anchorFrame));
        return correction;
    }

    /** Fills the update's pose (the newest frame's, as tracked) and its anchor. */
    void describeNewest(FrameUpdate u) {
        Pending p = pending.peekLast();
        u.pose.setTo(p.pose);
        u.anchorFrame = p.anchorFrame;
        u.anchorPose.setTo(p.anchorPose);
        u.anchorScale = p.anchorScale;
    }
}
