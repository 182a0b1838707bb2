package org.gpuvo.odometry.vo;

import boofcv.abst.geo.bundle.BundleAdjustment;
import boofcv.abst.geo.bundle.SceneObservations;
import boofcv.abst.geo.bundle.SceneStructureMetric;
import boofcv.factory.geo.ConfigBundleAdjustment;
import boofcv.factory.geo.FactoryMultiView;
import boofcv.struct.calib.CameraPinhole;
import georegression.struct.se.Se3_F64;
import org.ddogleg.optimization.ConfigLoss;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Iterator;

/**
 * Bundle adjustment over a sliding window of the most recent frames (Triggs et al., "Bundle Adjustment — A Modern
 * Synthesis", 2000; sparse Schur-complement Levenberg–Marquardt as BoofCV implements it, with a Huber loss). The
 * two oldest frames of the window are held fixed, which fixes the gauge and, for a monocular camera, the scale, so
 * that the window continues the scale of the map before it. Only points seen in at least two frames of the window
 * take part. It corrects what frame-by-frame PnP and two-view triangulation leave: the slow drift of a monocular
 * map's scale, above all, which comes from points triangulated with little parallax.
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

    private final int windowSize;
    private final double focal;
    private final Deque<FrameObservations> window = new ArrayDeque<>();
    private final BundleAdjustment<SceneStructureMetric> bundle;
    private int[] pointIndex = new int[0], seen = new int[0];
    private int lastIterations, lastPoints, lastObservations;

    LocalBundleAdjustment(int windowSize, double focal, double huberPixels, int iterations) {
        this.windowSize = windowSize;
        this.focal = focal;
        ConfigBundleAdjustment config = new ConfigBundleAdjustment();
        config.loss = new ConfigLoss(ConfigLoss.Type.HUBER, huberPixels);
        this.bundle = FactoryMultiView.bundleSparseMetric(config);
        this.bundle.configure(1e-6, 1e-6, iterations);
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

    /** Whether frame {@code frame} is the newest of the window. */
    boolean hasFrame(int frame) {
        return !window.isEmpty() && window.peekLast().frame == frame;
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
     * Refines the poses of the window's frames (but the two oldest) and the points they share, in place.
     *
     * @param poses world-to-camera poses of all frames, by frame index
     * @return whether the optimisation ran and converged to a finite result
     */
    boolean optimize(FramePoses poses, LandmarkMap map) {
        lastIterations = lastPoints = lastObservations = 0;
        if (window.size() < 3)
            return false;
        int points = selectPoints(map);
        lastPoints = points;
        if (points < 10)
            return false;
        int views = window.size();
        SceneStructureMetric structure = new SceneStructureMetric(false);
        structure.initialize(1, views, points);
        structure.setCamera(0, true, new CameraPinhole(focal, focal, 0, 0, 0, 0, 0));
        SceneObservations observations = new SceneObservations();
        observations.initialize(views);
        int v = 0;
        for (FrameObservations f : window) {
            structure.setView(v, 0, v < 2, poses.get(f.frame, new Se3_F64()));
            SceneObservations.View view = observations.getView(v);
            for (int o = 0; o < f.size; o++) {
                int p = pointIndex[f.ids[o]];
                if (p < 0)
                    continue;
                view.add(p, (float) (f.x[o] * focal), (float) (f.y[o] * focal));
                structure.connectPointToView(p, v);
                lastObservations++;
            }
            v++;
        }
        for (int id = 0; id < map.size(); id++)
            if (pointIndex[id] >= 0)
                structure.setPoint(pointIndex[id], map.x(id), map.y(id), map.z(id));

        bundle.setParameters(structure, observations);
        if (!bundle.optimize(structure) || !Double.isFinite(bundle.getFitScore()))
            return false;

        v = 0;
        for (FrameObservations f : window) {
            if (v >= 2)
                poses.set(f.frame, structure.getParentToView(v));
            v++;
        }
        for (int id = 0; id < map.size(); id++) {
            int p = pointIndex[id];
            if (p < 0)
                continue;
            double[] xyz = structure.points.get(p).coordinate;
            if (Double.isFinite(xyz[0] + xyz[1] + xyz[2]))
                map.setPosition(id, xyz[0], xyz[1], xyz[2]);
        }
        return true;
    }

    /** Numbers the usable map points seen in at least two frames of the window; returns how many. */
    private int selectPoints(LandmarkMap map) {
        int n = map.size();
        if (pointIndex.length < n) {
            pointIndex = new int[Math.max(n, 2 * pointIndex.length)];
            seen = new int[pointIndex.length];
        }
        Arrays.fill(seen, 0, n, 0);
        Arrays.fill(pointIndex, 0, n, -1);
        for (FrameObservations f : window)
            for (int o = 0; o < f.size; o++)
                seen[f.ids[o]]++;
        int points = 0;
        for (int id = 0; id < n; id++)
            if (seen[id] >= 2 && map.usable(id))
                pointIndex[id] = points++;
        return points;
    }
}
