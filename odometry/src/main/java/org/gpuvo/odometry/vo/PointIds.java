package org.gpuvo.odometry.vo;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Tracking's ledger of map point ids: which are in use, and which may be given to a new point again, so that the map
 * holds the points a run can still use rather than every point it ever made (a node left running for hours would
 * otherwise fill its heap: about 25 KB a frame on a rendered stereo room, 90 KB on KITTI's monocular frames).
 *
 * <p>An id is <em>retired</em> by a {@link #beginSweep() sweep} that finds it referenced nowhere on the tracking thread
 * (no feature's track, no keyframe of the local map, not pending): tracking never refers to it again, so its last
 * observation lies in a frame up to the sweep's. Local mapping may still hold it in the bundle adjustment's window
 * until that frame has left the window, which tracking can tell without asking ({@link WindowFrames}). The id is
 * given again once the window has taken in as many more frames as it holds (or been cleared) and a snapshot shows that
 * mapping has taken that frame in. The rule uses nothing that depends on timing, so runs in the deterministic mode
 * repeat bit for bit. Local mapping keeps the position of a point whose id is given again as part of the exported
 * cloud, where asked ({@link LandmarkMap}).
 */
final class PointIds {
    private static final byte UNUSED = 0, LIVE = 1, RETIRED = 2;

    /** ids retired by one sweep: free once the window has taken in {@code targetEntries}, and mapping has seen it */
    private static final class Batch {
        int[] ids = new int[64];
        int count;
        long targetEntries;
        /** the frame whose update took the window to {@link #targetEntries} (-1: not yet) */
        int readyFrame = -1;
    }

    private final WindowFrames window;
    private byte[] state = new byte[1024];
    /** by id: the sweep that last found it referenced */
    private int[] mark = new int[1024];
    private int sweep;
    private int limit;
    private int[] free = new int[256];
    private int freeCount;
    private final ArrayDeque<Batch> waiting = new ArrayDeque<>(), spare = new ArrayDeque<>();
    private Batch sweeping;

    /** @param window the bundle adjustment's window, as tracking fills it */
    PointIds(WindowFrames window) {
        this.window = window;
    }

    /** An id for a new point: one given back, the lowest first, else a new one. */
    int allocate() {
        int id = freeCount > 0 ? free[--freeCount] : limit++;
        if (id >= state.length) {
            int n = Math.max(id + 1, 2 * state.length);
            state = Arrays.copyOf(state, n);
            mark = Arrays.copyOf(mark, n);
        }
        state[id] = LIVE;
        mark[id] = sweep;
        return id;
    }

    /** Ids are below this: the size of arrays indexed by id. */
    int limit() {
        return limit;
    }

    /** Ids given back and not yet used again. */
    int freeCount() {
        return freeCount;
    }

    boolean live(int id) {
        return id >= 0 && id < limit && state[id] == LIVE;
    }

    /** Starts a sweep: mark every id still referenced with {@link #keep}, then {@link #endSweep}. */
    void beginSweep() {
        sweep++;
    }

    void keep(int id) {
        if (id >= 0 && id < limit)
            mark[id] = sweep;
    }

    /** Retires every live id not kept since {@link #beginSweep()}; returns how many. */
    int endSweep() {
        Batch b = spare.isEmpty() ? new Batch() : spare.removeFirst();
        b.count = 0;
        b.readyFrame = -1;
        for (int id = 0; id < limit; id++) {
            if (state[id] != LIVE || mark[id] == sweep)
                continue;
            state[id] = RETIRED;
            if (b.count == b.ids.length)
                b.ids = Arrays.copyOf(b.ids, 2 * b.count);
            b.ids[b.count++] = id;
        }
        if (b.count == 0) {
            spare.addLast(b);
            return 0;
        }
        sweeping = b;
        return b.count;
    }

    /**
     * Frame {@code frame}'s update is filled and the window has taken it in: dates the ids retired in this frame, and
     * those the window has now moved past.
     */
    void frameDone(int frame) {
        long windowEntries = window.entries();
        if (sweeping != null) {
            sweeping.targetEntries = windowEntries + window.size();
            waiting.addLast(sweeping);
            sweeping = null;
        }
        for (Batch b : waiting) {
            if (b.readyFrame >= 0)
                continue;
            if (windowEntries < b.targetEntries)
                break;
            b.readyFrame = frame;
        }
    }

    /** Mapping has taken in every frame up to {@code newestFrame}: ids whose window it has left are free again. */
    void mappedUpTo(int newestFrame) {
        boolean freed = false;
        while (!waiting.isEmpty()) {
            Batch b = waiting.peekFirst();
            if (b.readyFrame < 0 || b.readyFrame > newestFrame)
                break;
            waiting.removeFirst();
            if (freeCount + b.count > free.length)
                free = Arrays.copyOf(free, Math.max(freeCount + b.count, 2 * free.length));
            for (int i = 0; i < b.count; i++) {
                int id = b.ids[i];
                state[id] = UNUSED;
                free[freeCount++] = id;
            }
            spare.addLast(b);
            freed = true;
        }
        if (freed) {
            // given out from the end: the lowest ids first, so that new points fill the map's oldest chunks
            Arrays.sort(free, 0, freeCount);
            for (int i = 0, j = freeCount - 1; i < j; i++, j--) {
                int t = free[i];
                free[i] = free[j];
                free[j] = t;
            }
        }
    }
}
