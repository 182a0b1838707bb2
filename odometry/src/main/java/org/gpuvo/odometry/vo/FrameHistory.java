package org.gpuvo.odometry.vo;

/**
 * How far back a pipeline that keeps only its recent history ({@link ConfigVisualOdometry#historyFrames}) keeps the
 * frames' poses: the last {@code historyFrames} frames and every frame in the bundle adjustment's window. Tracking
 * forgets the older ones at once and tells local mapping with the update ({@link FrameUpdate#forgetBelow}), so that a
 * pipeline running for days holds a bounded number of poses (kept for good, each frame's took about 110 bytes). What
 * still refers to a forgotten frame starts over from a newer one: a monocular track without a point
 * ({@link TrackTriangulation}), a monocular initialisation's reference ({@link MonoInitialisation}); a monocular point
 * anchored there is no longer triangulated again.
 */
final class FrameHistory {
    private final int frames;
    private int firstKept;

    /** @param frames the frames kept (0: all of them) */
    FrameHistory(int frames) {
        if (frames < 0)
            throw new IllegalArgumentException("history frames must be at least 0, got " + frames);
        this.frames = frames;
    }

    /**
     * Frame {@code update.frame}'s update is filled and {@code window} has taken it in: sets the update's
     * {@link FrameUpdate#forgetBelow} and returns it, the oldest frame kept from now on.
     */
    int frameDone(FrameUpdate update, WindowFrames window) {
        if (frames > 0) {
            int first = update.frame + 1 - frames;
            int oldest = window.oldest();
            if (oldest >= 0)
                first = Math.min(first, oldest);
            firstKept = Math.max(firstKept, first);
        }
        update.forgetBelow = firstKept;
        return firstKept;
    }
}
