package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.ddogleg.struct.DogArray_F64;
import org.ddogleg.struct.DogArray_I32;
import org.gpuvo.odometry.geometry.PnpEstimator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The frames a monocular initialisation waits through, between its reference frame and the frame that initialises
 * the map: what each saw of the tracks that start in the reference. Once the map exists, each is placed against the
 * points those tracks became (PnP RANSAC), instead of keeping the pose it was given while waiting; on fast forward
 * motion that pose lags metres behind.
 */
final class InitialisationFrames {
    /** one waiting frame: the reference features its tracks started at, and where they are seen (normalized) */
    private static final class Seen {
        final int frame;
        final double timestamp;
        final DogArray_I32 origin = new DogArray_I32();
        final DogArray_F64 x = new DogArray_F64(), y = new DogArray_F64();

        Seen(int frame, double timestamp) {
            this.frame = frame;
            this.timestamp = timestamp;
        }
    }

    /** the latest waiting frames, oldest first, at most {@link #capacity} */
    private final ArrayDeque<Seen> waiting = new ArrayDeque<>();
    private final int capacity;
    private double[] wx = new double[0], wy = new double[0], wz = new double[0], nx = new double[0],
            ny = new double[0];
    private final Se3_F64 worldToCamera = new Se3_F64();

    /**
     * @param capacity the most waiting frames kept (at least 1): older ones are forgotten and stay without a pose. A
     *                 camera standing still before it moves waits without end, and each frame's observations take
     *                 tens of kilobytes
     */
    InitialisationFrames(int capacity) {
        if (capacity < 1)
            throw new IllegalArgumentException("at least one waiting frame must be kept, got " + capacity);
        this.capacity = capacity;
    }

    void clear() {
        waiting.clear();
    }

    /**
     * Records frame {@code frame}'s observations of the tracks that start in {@code reference}: feature {@code i} of
     * {@code query} seen at normalized ({@code x[m]}, {@code y[m]}) for match m.
     */
    void record(int frame, double timestamp, int reference, FeatureTracks tracks, int[] query, int matches,
                double[] x, double[] y) {
        if (waiting.size() == capacity)
            waiting.removeFirst();
        Seen seen = new Seen(frame, timestamp);
        for (int m = 0; m < matches; m++) {
            int i = query[m];
            if (tracks.firstFrame[i] != reference)
                continue;
            seen.origin.add(tracks.origin[i]);
            seen.x.add(x[m]);
            seen.y.add(y[m]);
        }
        waiting.add(seen);
    }

    int size() {
        return waiting.size();
    }

    /**
     * Places the recorded frames against the initial map and forgets them.
     *
     * @param pointOf  map point id by reference feature index (-1: none); the point's world position in px, py, pz
     * @param start    a pose to score first (the reference's)
     * @param minInliers a frame is placed when PnP keeps at least this many points
     * @return the frames placed, with their world-to-camera pose, in order
     */
    List<PlacedFrame> place(int[] pointOf, double[] px, double[] py, double[] pz, PnpEstimator pnp, Se3_F64 start,
                            int minInliers) {
        List<PlacedFrame> placed = new ArrayList<>();
        for (Seen seen : waiting) {
            int n = 0;
            grow(seen.origin.size);
            for (int o = 0; o < seen.origin.size; o++) {
                int origin = seen.origin.get(o);
                if (origin >= pointOf.length || pointOf[origin] < 0)
                    continue;
                wx[n] = px[origin];
                wy[n] = py[origin];
                wz[n] = pz[origin];
                nx[n] = seen.x.get(o);
                ny[n++] = seen.y.get(o);
            }
            if (n >= minInliers && pnp.process(wx, wy, wz, nx, ny, n, start, worldToCamera)
                    && pnp.inlierCount() >= minInliers)
                placed.add(new PlacedFrame(seen.frame, seen.timestamp, worldToCamera.invert(null)));
        }
        waiting.clear();
        return placed;
    }

    private void grow(int n) {
        if (wx.length >= n)
            return;
        wx = new double[n];
        wy = new double[n];
        wz = new double[n];
        nx = new double[n];
        ny = new double[n];
    }
}
