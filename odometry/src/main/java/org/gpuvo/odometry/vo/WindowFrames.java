package org.gpuvo.odometry.vo;

/**
 * The bundle adjustment's window as tracking can tell it from the updates it fills, without asking local mapping: the
 * last {@code size} frames that entered it ({@link FrameUpdate#windowReference}, {@link FrameUpdate#entersWindow})
 * since it was last cleared ({@link FrameUpdate#clearWindow}), in the order local mapping takes them in.
 */
final class WindowFrames {
    private final int size;
    /** the frames in the window, a ring from {@link #head} */
    private final int[] frames;
    private int head, count;
    /** frames entered so far, a clearing counted as a whole window's worth */
    private long entries;

    /** @param size the window's frames (0: no window) */
    WindowFrames(int size) {
        if (size < 0)
            throw new IllegalArgumentException("window size must be at least 0, got " + size);
        this.size = size;
        this.frames = new int[size];
    }

    /** Takes in a filled update, as local mapping will. */
    void take(FrameUpdate u) {
        if (u.clearWindow) {
            entries += size;
            count = 0;
        }
        if (u.windowReference >= 0)
            enter(u.windowReference);
        if (u.entersWindow)
            enter(u.frame);
    }

    private void enter(int frame) {
        entries++;
        if (size == 0)
            return;
        if (count == size) {
            head = (head + 1) % size;
            count--;
        }
        frames[(head + count++) % size] = frame;
    }

    int size() {
        return size;
    }

    /**
     * Frames entered so far, a clearing counted as a whole window's worth: a frame that entered when this was n has
     * left the window once it reaches n + {@link #size()}.
     */
    long entries() {
        return entries;
    }

    /** The oldest frame in the window, or -1 when it is empty. */
    int oldest() {
        return count == 0 ? -1 : frames[head];
    }
}
