package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.bundle.BundleProblem;
import org.gpuvo.odometry.bundle.BundleSolver;
import org.gpuvo.odometry.geometry.Selection;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Iterator;

/**
 * Bundle adjustment over a sliding window of the most recent frames, by a {@link BundleSolver}. The oldest
 * frames of the window are held fixed, which fixes the gauge and, for a monocular camera, the scale, so that the
 * window continues the scale of the map before it; several of them, spread over a longer baseline than two adjacent
 * frames, hold the scale better. Only points seen in at least two frames of the window take
 * part. It corrects what frame-by-frame PnP and two-view triangulation leave: the slow drift of a monocular map's
 * scale, above all, which comes from points triangulated with little parallax. Points measured by stereo or depth
 * keep their measurement as a depth prior. It runs where local mapping runs and writes back only a result that
 * ended at a cost no greater than the start's.
 *
 * <p>Where it follows the scale (monocular maps), it also records how far it rescaled the map about each frame it
 * moved: the median ratio of the depths of the frame's points after and before ({@link FramePoses#rescale}), which
 * frames and points tracked against that frame meanwhile follow ({@link AnchorCorrection}).
 */
final class LocalBundleAdjustment {
    /** one frame's inlier observations: map point ids and normalized coordinates */
    private static final class FrameObservations {
        final int frame;
        int size;
        int[] ids = new int[256];
        double[] x = new double[256], y = new double[256];

        FrameObservations(int frame) {
            this.frame = frame;
        }

        void add(int id, double nx, double ny) {
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, 2 * size);
                x = Arrays.copyOf(x, 2 * size);
                y = Arrays.copyOf(y, 2 * size);
            }
            ids[size] = id;
            x[size] = nx;
            y[size++] = ny;
        }
    }

    /** fewest points of a frame from which its rescaling is measured */
    private static final int MIN_SCALE_POINTS = 10;

    private final int windowSize, fixedViews;
    private final double focal;
    private final boolean followScale;
    private final Deque<FrameObservations> window = new ArrayDeque<>();
    private final BundleProblem problem = new BundleProblem();
    private final BundleSolver solver;
    /** by map point id: observations in the window, then the point's index in the problem (-1: not in it) */
    private int[] seen = new int[0], pointIndex = new int[0];
    /** by problem index: the map point id */
    private int[] pointIds = new int[0];
    private final Se3_F64 pose = new Se3_F64();
    /** the depths of the free frames' observations before the adjustment, in window order; a frame's ratios */
    private double[] depthBefore = new double[0], ratios = new double[0];
    private int lastIterations, lastPoints, lastObservations;

    /**
     * @param windowSize the frames in the window
     * @param fixedViews the oldest frames of the window, held fixed (at least 2, fewer than windowSize)
     * @param followScale whether to record how far each adjustment rescales the map about its frames (monocular)
     */
    LocalBundleAdjustment(int windowSize, int fixedViews, double focal, BundleSolver solver, boolean followScale) {
        if (fixedViews < 2 || fixedViews >= windowSize)
            throw new IllegalArgumentException("a window of " + windowSize + " frames cannot hold " + fixedViews
                    + " fixed ones and a free one");
        this.windowSize = windowSize;
        this.fixedViews = fixedViews;
        this.focal = focal;
        this.solver = solver;
        this.followScale = followScale;
    }

    /** Starts the observations of frame {@code frame}, the newest of the window; the oldest leaves if it is full. */
    void beginFrame(int frame) {
        window.addLast(new FrameObservations(frame));
        while (window.size() > windowSize)
            window.removeFirst();
    }

    /** Records that frame {@code frame} (still in the window) saw map point {@code id} at normalized (x, y). */
    void observe(int frame, int id, double x, double y) {
        for (Iterator<FrameObservations> it = window.descendingIterator(); it.hasNext(); ) {
            FrameObservations f = it.next();
            if (f.frame == frame) {
                f.add(id, x, y);
                return;
            }
            if (f.frame < frame)
                return;
        }
    }

    /** Forgets the window (after a loss of track). */
    void clear() {
        window.clear();
    }

    boolean full() {
        return window.size() == windowSize;
    }

    /** The last adjustment's iterations, points and observations. */
    int iterations() {
        return lastIterations;
    }

    int points() {
        return lastPoints;
    }

    int observations() {
        return lastObservations;
    }

    /**
     * Refines the poses of the window's frames (but the oldest, fixed ones) and the points they share, in place.
     *
     * @param poses world-to-camera poses of all frames, by frame index
     * @return whether the optimisation ran and ended at a finite cost no greater than where it started
     */
    boolean optimize(FramePoses poses, LandmarkMap map) {
        lastIterations = lastPoints = lastObservations = 0;
        if (window.size() <= fixedViews)
            return false;
        int points = selectPoints(map);
        lastPoints = points;
        if (points < 10)
            return false;
        problem.reset(window.size(), fixedViews, points, focal);
        int v = 0;
        for (FrameObservations f : window) {
            problem.setPose(v, poses.get(f.frame, pose));
            for (int o = 0; o < f.size; o++) {
                int p = pointIndex[f.ids[o]];
                if (p >= 0)
                    problem.addObservation(v, p, f.x[o], f.y[o]);
            }
            v++;
        }
        for (int p = 0; p < points; p++) {
            int id = pointIds[p];
            problem.setPoint(p, map.x(id), map.y(id), map.z(id));
            if (map.priorWeight(id) > 0)
                problem.setDepthPrior(p, map.prior(id, 0), map.prior(id, 1), map.prior(id, 2), map.prior(id, 3),
                        map.prior(id, 4), map.prior(id, 5), map.priorWeight(id));
        }
        lastObservations = problem.observations();
        if (followScale)
            freeDepths(depthBefore());
        boolean converged = solver.optimize(problem);
        lastIterations = solver.iterations();
        if (!converged)
            return false;
        int at = 0;
        v = 0;
        for (FrameObservations f : window) {
            if (v >= fixedViews) {
                problem.getPose(v, pose);
                poses.set(f.frame, pose);
                if (followScale)
                    at = rescale(poses, f, at);
            }
            v++;
        }
        for (int p = 0; p < points; p++) {
            double x = problem.pointX(p), y = problem.pointY(p), z = problem.pointZ(p);
            if (Double.isFinite(x + y + z))
                map.setPosition(pointIds[p], x, y, z);
        }
        return true;
    }

    private double[] depthBefore() {
        int n = 0, v = 0;
        for (FrameObservations f : window)
            if (v++ >= fixedViews)
                n += f.size;
        if (depthBefore.length < n)
            depthBefore = new double[Math.max(n, 2 * depthBefore.length)];
        return depthBefore;
    }

    /** The depths of the free frames' observations of the problem's points (NaN where not in it), in window order. */
    private void freeDepths(double[] out) {
        int at = 0, v = 0;
        for (FrameObservations f : window) {
            if (v >= fixedViews) {
                problem.getPose(v, pose);
                for (int o = 0; o < f.size; o++)
                    out[at++] = depth(pointIndex[f.ids[o]]);
            }
            v++;
        }
    }

    /** The depth of problem point {@code p} in the camera at {@link #pose}; NaN for a point not in the problem. */
    private double depth(int p) {
        if (p < 0)
            return Double.NaN;
        double[] r = pose.R.data;
        return r[6] * problem.pointX(p) + r[7] * problem.pointY(p) + r[8] * problem.pointZ(p) + pose.T.z;
    }

    /**
     * Records the rescaling about free frame {@code f} (at {@link #pose} after the adjustment): the median ratio of its
     * points' depths after to before, from its observations at {@code at} of {@link #depthBefore}; returns where the
     * next frame's observations start.
     */
    private int rescale(FramePoses poses, FrameObservations f, int at) {
        if (ratios.length < f.size)
            ratios = new double[Math.max(f.size, 2 * ratios.length)];
        int n = 0;
        for (int o = 0; o < f.size; o++) {
            double before = depthBefore[at + o], after = depth(pointIndex[f.ids[o]]);
            if (before > 0 && after > 0)
                ratios[n++] = after / before;
        }
        if (n >= MIN_SCALE_POINTS) {
            double ratio = Selection.median(ratios, n);
            if (Double.isFinite(ratio))
                poses.rescale(f.frame, ratio);
        }
        return at + f.size;
    }

    /**
     * Numbers the usable map points seen in at least two frames of the window, in the order the window first sees
     * them; returns how many. Touches only the window's points, not the whole map.
     */
    private int selectPoints(LandmarkMap map) {
        int n = map.size();
        if (seen.length < n) {
            int c = Math.max(n, 2 * seen.length);
            seen = Arrays.copyOf(seen, c);
            pointIndex = Arrays.copyOf(pointIndex, c);
        }
        for (FrameObservations f : window)
            for (int o = 0; o < f.size; o++) {
                seen[f.ids[o]] = 0;
                pointIndex[f.ids[o]] = -1;
            }
        for (FrameObservations f : window)
            for (int o = 0; o < f.size; o++)
                seen[f.ids[o]]++;
        int points = 0;
        for (FrameObservations f : window)
            for (int o = 0; o < f.size; o++) {
                int id = f.ids[o];
                if (seen[id] < 2 || pointIndex[id] >= 0 || !map.usable(id))
                    continue;
                if (points == pointIds.length)
                    pointIds = Arrays.copyOf(pointIds, Math.max(256, 2 * points));
                pointIds[points] = id;
                pointIndex[id] = points++;
            }
        return points;
    }
}
