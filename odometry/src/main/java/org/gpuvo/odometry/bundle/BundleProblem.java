package org.gpuvo.odometry.bundle;

import georegression.struct.se.Se3_F64;

import java.util.Arrays;

/**
 * A bundle-adjustment window in primitive arrays: the world-to-camera poses of its views, the world positions of its
 * points, and the normalized image coordinates at which views saw points. Views {@code 0..fixedViews-1} are held
 * fixed: they fix the gauge and, for a monocular window, the scale. Meant to be reused: {@link #reset} keeps the
 * arrays and grows them only when a window is larger than any before.
 */
public final class BundleProblem {
    int views, fixedViews, points, observations;
    double focal;
    /** Row-major R of x_cam = R·x_world + T, 9 per view. */
    double[] rotation = new double[0];
    /** T, 3 per view. */
    double[] translation = new double[0];
    /** World x, y, z, 3 per point. */
    double[] xyz = new double[0];
    /**
     * Per point, a prior on its depth as measured (stereo, depth image): the measured position (3), the unit ray it
     * was measured along (3) and the weight in pixels per metre (0: no prior); {@link #PRIOR_STRIDE} values a point.
     */
    double[] prior = new double[0];
    static final int PRIOR_STRIDE = 7;
    int[] obsView = new int[0], obsPoint = new int[0];
    /** Normalized x/z, y/z, 2 per observation. */
    double[] obsXy = new double[0];

    /**
     * Starts a new window: every pose the identity, every point at the origin, no observations.
     *
     * @param focal focal length in pixels, which turns normalized-coordinate errors into pixels
     */
    public void reset(int views, int fixedViews, int points, double focal) {
        if (views < 0 || points < 0)
            throw new IllegalArgumentException("views and points must not be negative: " + views + ", " + points);
        if (fixedViews < 0 || fixedViews > views)
            throw new IllegalArgumentException("fixedViews must lie in [0, views]: " + fixedViews);
        if (!(focal > 0) || Double.isInfinite(focal))
            throw new IllegalArgumentException("focal must be finite and positive: " + focal);
        this.views = views;
        this.fixedViews = fixedViews;
        this.points = points;
        this.focal = focal;
        this.observations = 0;
        if (rotation.length < 9 * views) {
            rotation = new double[9 * views];
            translation = new double[3 * views];
        }
        if (xyz.length < 3 * points)
            xyz = new double[3 * points];
        if (prior.length < PRIOR_STRIDE * points)
            prior = new double[PRIOR_STRIDE * points];
        Arrays.fill(prior, 0, PRIOR_STRIDE * points, 0.0);
        for (int v = 0; v < views; v++) {
            Arrays.fill(rotation, 9 * v, 9 * v + 9, 0.0);
            rotation[9 * v] = rotation[9 * v + 4] = rotation[9 * v + 8] = 1.0;
        }
        Arrays.fill(translation, 0, 3 * views, 0.0);
        Arrays.fill(xyz, 0, 3 * points, 0.0);
    }

    /** Makes this a copy of {@code src}, observations included; grows arrays only when needed. */
    public BundleProblem setTo(BundleProblem src) {
        reset(src.views, src.fixedViews, src.points, src.focal);
        System.arraycopy(src.rotation, 0, rotation, 0, 9 * views);
        System.arraycopy(src.translation, 0, translation, 0, 3 * views);
        System.arraycopy(src.xyz, 0, xyz, 0, 3 * points);
        System.arraycopy(src.prior, 0, prior, 0, PRIOR_STRIDE * points);
        if (obsView.length < src.observations) {
            obsView = new int[src.observations];
            obsPoint = new int[src.observations];
            obsXy = new double[2 * src.observations];
        }
        System.arraycopy(src.obsView, 0, obsView, 0, src.observations);
        System.arraycopy(src.obsPoint, 0, obsPoint, 0, src.observations);
        System.arraycopy(src.obsXy, 0, obsXy, 0, 2 * src.observations);
        observations = src.observations;
        return this;
    }

    /** Sets the world-to-camera pose of {@code view}: x_cam = R·x_world + T. */
    public void setPose(int view, Se3_F64 worldToCamera) {
        checkView(view);
        System.arraycopy(worldToCamera.R.data, 0, rotation, 9 * view, 9);
        translation[3 * view] = worldToCamera.T.x;
        translation[3 * view + 1] = worldToCamera.T.y;
        translation[3 * view + 2] = worldToCamera.T.z;
    }

    /** Writes the world-to-camera pose of {@code view} into {@code out}. */
    public void getPose(int view, Se3_F64 out) {
        checkView(view);
        System.arraycopy(rotation, 9 * view, out.R.data, 0, 9);
        out.T.setTo(translation[3 * view], translation[3 * view + 1], translation[3 * view + 2]);
    }

    /** Sets the world position of point {@code p}. */
    public void setPoint(int p, double x, double y, double z) {
        checkPoint(p);
        xyz[3 * p] = x;
        xyz[3 * p + 1] = y;
        xyz[3 * p + 2] = z;
    }

    public double pointX(int p) {
        checkPoint(p);
        return xyz[3 * p];
    }

    public double pointY(int p) {
        checkPoint(p);
        return xyz[3 * p + 1];
    }

    public double pointZ(int p) {
        checkPoint(p);
        return xyz[3 * p + 2];
    }

    /** Records that {@code view} saw {@code point} at normalized image coordinates (x/z, y/z) = (nx, ny). */
    public void addObservation(int view, int point, double nx, double ny) {
        checkView(view);
        checkPoint(point);
        if (observations == obsView.length) {
            int capacity = Math.max(64, 2 * observations);
            obsView = Arrays.copyOf(obsView, capacity);
            obsPoint = Arrays.copyOf(obsPoint, capacity);
            obsXy = Arrays.copyOf(obsXy, 2 * capacity);
        }
        obsView[observations] = view;
        obsPoint[observations] = point;
        obsXy[2 * observations] = nx;
        obsXy[2 * observations + 1] = ny;
        observations++;
    }

    public int views() {
        return views;
    }

    public int fixedViews() {
        return fixedViews;
    }

    public int points() {
        return points;
    }

    public int observations() {
        return observations;
    }

    /**
     * A prior on point {@code p}'s depth as a stereo pair or a depth image measured it: the residual
     * {@code pixelsPerMeter · ray · (X − measured)}, the point's offset from where it was measured along the ray it
     * was measured on, in pixels (as {@code f·b/z²} turns a depth error into a disparity error for a baseline b), with
     * the observations' Huber loss. Without it, a window's bundle adjustment sees only monocular observations of
     * such points, whose depth a short window constrains poorly, and gives up the measurement for them.
     *
     * @param rx ray along which it was measured, unit length (world frame)
     */
    public void setDepthPrior(int p, double mx, double my, double mz, double rx, double ry, double rz,
                              double pixelsPerMeter) {
        checkPoint(p);
        if (!(pixelsPerMeter >= 0) || Double.isInfinite(pixelsPerMeter))
            throw new IllegalArgumentException("a prior's weight must be finite and not negative: " + pixelsPerMeter);
        int b = PRIOR_STRIDE * p;
        prior[b] = mx;
        prior[b + 1] = my;
        prior[b + 2] = mz;
        prior[b + 3] = rx;
        prior[b + 4] = ry;
        prior[b + 5] = rz;
        prior[b + 6] = pixelsPerMeter;
    }

    public double focal() {
        return focal;
    }

    /** Whether every pose, point and observation is finite. */
    public boolean isFinite() {
        return allFinite(rotation, 9 * views) && allFinite(translation, 3 * views) && allFinite(xyz, 3 * points)
                && allFinite(obsXy, 2 * observations) && allFinite(prior, PRIOR_STRIDE * points);
    }

    private static boolean allFinite(double[] a, int n) {
        for (int i = 0; i < n; i++)
            if (!Double.isFinite(a[i]))
                return false;
        return true;
    }

    private void checkView(int view) {
        if (view < 0 || view >= views)
            throw new IndexOutOfBoundsException("view " + view + " of " + views);
    }

    private void checkPoint(int p) {
        if (p < 0 || p >= points)
            throw new IndexOutOfBoundsException("point " + p + " of " + points);
    }
}
