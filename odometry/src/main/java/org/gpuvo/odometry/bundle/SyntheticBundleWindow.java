package org.gpuvo.odometry.bundle;

import org.gpuvo.odometry.geometry.Mat3;
import java.util.Random;

/**
 * A seeded synthetic bundle-adjustment window, for tests and benchmarks of the solvers: a camera moving forward
 * with small rotations and some sideways jitter, points in front of it, each seen by a run of consecutive views
 * inside the image, with Gaussian pixel noise and gross outliers; the free views' poses and all points start
 * perturbed from the truth, the fixed views at it. The same fields and seed give the same window.
 */
public final class SyntheticBundleWindow {
    public int views = 10, fixedViews = 2, points = 2000;
    /** Focal length (pixels) and image size; the principal point is the image centre. */
    public double focal = 500;
    public int width = 640, height = 480;
    /** Length of a point's run of consecutive views, uniform in [minTrack, maxTrack] (at most {@link #views}). */
    public int minTrack = 3, maxTrack = 7;
    /** Forward motion between views (metres), sideways jitter (metres) and rotation (degrees), standard deviations. */
    public double forwardStep = 0.3, jitterMeters = 0.03, rotationDegrees = 1.0;
    /** Depth of a point in the first view that sees it, uniform in [minDepth, maxDepth] metres. */
    public double minDepth = 2, maxDepth = 15;
    /** Standard deviation of the observation noise, pixels. */
    public double noisePixels = 0.5;
    /** Fraction of observations replaced by gross outliers, displaced 0.5 to 1.5 times {@link #outlierPixels}. */
    public double outlierFraction = 0.05, outlierPixels = 20;
    /** Perturbation of the free views' initial poses: rotation (degrees) and translation (metres), exact sizes. */
    public double poseErrorDegrees = 0.3, poseErrorMeters = 0.05;
    /** Initial error of a point per axis, standard deviation as a fraction of its depth in its first view. */
    public double pointErrorFraction = 0.02;
    public long seed = 1;

    private final BundleProblem truth = new BundleProblem();
    private final double[] exp = new double[9];

    /** The true window of the last {@link #generate} (no observations). */
    public BundleProblem truth() {
        return truth;
    }

    /** Fills {@code out} with the perturbed window and its observations, and {@link #truth()} with the truth. */
    public void generate(BundleProblem out) {
        if (views < 2 || fixedViews < 0 || fixedViews > views || points < 1 || minTrack < 1 || maxTrack < minTrack)
            throw new IllegalArgumentException("inconsistent window: " + views + " views, " + fixedViews
                    + " fixed, " + points + " points, tracks " + minTrack + ".." + maxTrack);
        Random random = new Random(seed);
        truth.reset(views, fixedViews, points, focal);
        out.reset(views, fixedViews, points, focal);
        double rad = Math.toRadians(rotationDegrees);
        for (int v = 0; v < views; v++) {
            Mat3.exp(rad * random.nextGaussian(), rad * random.nextGaussian(), rad * random.nextGaussian(), exp);
            System.arraycopy(exp, 0, truth.rotation, 9 * v, 9);
            double cx = jitterMeters * random.nextGaussian(), cy = jitterMeters * random.nextGaussian();
            double cz = forwardStep * v;
            for (int k = 0; k < 3; k++)
                truth.translation[3 * v + k] = -(exp[3 * k] * cx + exp[3 * k + 1] * cy + exp[3 * k + 2] * cz);
        }
        double[] depth = new double[points];
        for (int p = 0; p < points; p++)
            depth[p] = placePoint(random, p, out);

        System.arraycopy(truth.rotation, 0, out.rotation, 0, 9 * views);
        System.arraycopy(truth.translation, 0, out.translation, 0, 3 * views);
        double poseRad = Math.toRadians(poseErrorDegrees);
        for (int v = fixedViews; v < views; v++) {
            double[] w = direction(random, poseRad), t = direction(random, poseErrorMeters);
            Mat3.exp(w[0], w[1], w[2], exp);
            So3.multLeft(exp, truth.rotation, out.rotation, v);
            for (int k = 0; k < 3; k++)
                out.translation[3 * v + k] += t[k];
        }
        for (int p = 0; p < points; p++)
            for (int k = 0; k < 3; k++)
                out.xyz[3 * p + k] = truth.xyz[3 * p + k] + pointErrorFraction * depth[p] * random.nextGaussian();
    }

    /**
     * Draws point {@code p} visible throughout a run of views, stores it in the truth and its observations in
     * {@code out}; returns its depth in the first view of the run.
     */
    private double placePoint(Random random, int p, BundleProblem out) {
        int length = Math.min(views, minTrack + random.nextInt(maxTrack - minTrack + 1));
        int first = random.nextInt(views - length + 1);
        double cu = 0.5 * (width - 1), cv = 0.5 * (height - 1);
        for (int attempt = 0; ; attempt++) {
            double z = minDepth + (maxDepth - minDepth) * random.nextDouble();
            double x = (random.nextDouble() * (width - 1) - cu) / focal * z;
            double y = (random.nextDouble() * (height - 1) - cv) / focal * z;
            // world = Rᵀ·(x_cam − T) of the first view
            int r = 9 * first, q = 3 * first;
            double dx = x - truth.translation[q], dy = y - truth.translation[q + 1], dz = z - truth.translation[q + 2];
            double[] rot = truth.rotation;
            double wx = rot[r] * dx + rot[r + 3] * dy + rot[r + 6] * dz;
            double wy = rot[r + 1] * dx + rot[r + 4] * dy + rot[r + 7] * dz;
            double wz = rot[r + 2] * dx + rot[r + 5] * dy + rot[r + 8] * dz;
            if (attempt < 1000 && !visible(wx, wy, wz, first, length))
                continue;
            truth.setPoint(p, wx, wy, wz);
            for (int v = first; v < first + length; v++)
                observe(random, v, p, wx, wy, wz, out);
            return z;
        }
    }

    private boolean visible(double wx, double wy, double wz, int first, int length) {
        for (int v = first; v < first + length; v++) {
            int r = 9 * v, q = 3 * v;
            double[] rot = truth.rotation, t = truth.translation;
            double x = rot[r] * wx + rot[r + 1] * wy + rot[r + 2] * wz + t[q];
            double y = rot[r + 3] * wx + rot[r + 4] * wy + rot[r + 5] * wz + t[q + 1];
            double z = rot[r + 6] * wx + rot[r + 7] * wy + rot[r + 8] * wz + t[q + 2];
            if (z < 1)
                return false;
            double u = focal * x / z + 0.5 * (width - 1), vv = focal * y / z + 0.5 * (height - 1);
            if (u < 0 || u > width - 1 || vv < 0 || vv > height - 1)
                return false;
        }
        return true;
    }

    private void observe(Random random, int v, int p, double wx, double wy, double wz, BundleProblem out) {
        int r = 9 * v, q = 3 * v;
        double[] rot = truth.rotation, t = truth.translation;
        double x = rot[r] * wx + rot[r + 1] * wy + rot[r + 2] * wz + t[q];
        double y = rot[r + 3] * wx + rot[r + 4] * wy + rot[r + 5] * wz + t[q + 1];
        double z = rot[r + 6] * wx + rot[r + 7] * wy + rot[r + 8] * wz + t[q + 2];
        double ex = noisePixels * random.nextGaussian(), ey = noisePixels * random.nextGaussian();
        if (random.nextDouble() < outlierFraction) {
            double angle = 2 * Math.PI * random.nextDouble();
            double size = outlierPixels * (0.5 + random.nextDouble());
            ex = size * Math.cos(angle);
            ey = size * Math.sin(angle);
        }
        out.addObservation(v, p, x / z + ex / focal, y / z + ey / focal);
    }

    /** A random direction scaled to {@code length}. */
    private static double[] direction(Random random, double length) {
        double x = random.nextGaussian(), y = random.nextGaussian(), z = random.nextGaussian();
        double s = length / Math.sqrt(x * x + y * y + z * z);
        return new double[]{x * s, y * s, z * s};
    }
}
