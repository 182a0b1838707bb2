package org.gpuvo.ros.bag.mcap;

import java.util.ArrayList;
import java.util.List;

/**
 * A few byte arrays kept for reuse, so that reading chunk after chunk does not allocate a new multi-megabyte
 * buffer each time. Not thread safe: one per cursor.
 */
final class BufferPool {
    private static final int KEEP = 4;
    private final List<byte[]> free = new ArrayList<>();

    /** An array of at least {@code minSize} bytes (contents undefined). */
    byte[] take(int minSize) {
        int best = -1;
        for (int i = 0; i < free.size(); i++) {
            int length = free.get(i).length;
            if (length >= minSize && (best < 0 || length < free.get(best).length))
                best = i;
        }
        if (best >= 0)
            return free.remove(best);
        if (free.size() >= KEEP)
            free.remove(0); // all too small: drop one rather than keep growing the pool
        // headroom, so that chunks a little larger than this one can reuse it
        return new byte[(int) Math.min(McapFormat.MAX_ARRAY, minSize + (long) minSize / 8)];
    }

    /** Returns an array taken before. */
    void give(byte[] buffer) {
        if (buffer != null && free.size() < KEEP)
            free.add(buffer);
    }
}
