package org.gpuvo.odometry.geometry;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;

import java.util.Random;

/**
 * Random scenes for the estimator tests and the benchmark: points uniformly over a 1280×720 image (f = 700) at
 * depths 4–40 in view 1, a random motion, Gaussian pixel noise on every observation, and a fraction of outliers
 * whose second observation (two-view) or observation (PnP) is replaced by a uniformly random image position.
 */
final class SyntheticScene {
    static final double FOCAL = 700;
    static final double HALF_WIDTH = 640 / FOCAL, HALF_HEIGHT = 360 / FOCAL;

    final int n;
    /** two-view: view 1 and view 2 observations; PnP: (x2, y2) is the observation */
    final double[] x1, y1, x2, y2;
    /** PnP: world points; two-view: the true points in view 1 */
    final double[] wx, wy, wz;
    final boolean[] inlier;
    /** two-view: view 1 → view 2; PnP: world → camera */
    final Se3_F64 truth;

    private SyntheticScene(int n, Se3_F64 truth) {
        this.n = n;
        this.truth = truth;
        x1 = new double[n];
        y1 = new double[n];
        x2 = new double[n];
        y2 = new double[n];
        wx = new double[n];
        wy = new double[n];
        wz = new double[n];
        inlier = new boolean[n];
    }

    /** A random rotation of up to {@code maxAngleDeg} about a random axis and a unit translation along {@code dir}. */
    static Se3_F64 motion(Random random, double maxAngleDeg, double dx, double dy, double dz) {
        Se3_F64 m = new Se3_F64();
        double ax = random.nextGaussian(), ay = random.nextGaussian(), az = random.nextGaussian();
        double norm = Math.sqrt(ax * ax + ay * ay + az * az);
        double angle = Math.toRadians(maxAngleDeg) * random.nextDouble();
        ConvertRotation3D_F64.rodriguesToMatrix(ax / norm, ay / norm, az / norm, angle, m.R);
        double tn = Math.sqrt(dx * dx + dy * dy + dz * dz);
        m.T.setTo(dx / tn, dy / tn, dz / tn);
        return m;
    }

    static Se3_F64 randomMotion(Random random) {
        return motion(random, 10, random.nextGaussian(), random.nextGaussian(), random.nextGaussian());
    }

    /** Two views related by {@code view1ToView2}; every true point is in front of both cameras and inside both images. */
    static SyntheticScene twoView(long seed, int n, double outlierFraction, double noisePixels, Se3_F64 view1ToView2) {
        Random random = new Random(seed);
        SyntheticScene s = new SyntheticScene(n, view1ToView2.copy());
        Point3D_F64 p1 = new Point3D_F64(), p2 = new Point3D_F64();
        int outliers = (int) Math.round(outlierFraction * n);
        for (int i = 0; i < n; i++) {
            do {
                double z = 4 + 36 * random.nextDouble();
                p1.setTo(uniform(random, HALF_WIDTH) * z, uniform(random, HALF_HEIGHT) * z, z);
                SePointOps_F64.transform(view1ToView2, p1, p2);
            } while (!(p2.z > 0.5 && Math.abs(p2.x / p2.z) < HALF_WIDTH && Math.abs(p2.y / p2.z) < HALF_HEIGHT));
            s.wx[i] = p1.x;
            s.wy[i] = p1.y;
            s.wz[i] = p1.z;
            s.x1[i] = p1.x / p1.z + noise(random, noisePixels);
            s.y1[i] = p1.y / p1.z + noise(random, noisePixels);
            s.x2[i] = p2.x / p2.z + noise(random, noisePixels);
            s.y2[i] = p2.y / p2.z + noise(random, noisePixels);
            s.inlier[i] = true;
        }
        s.corrupt(random, outliers);
        return s;
    }

    static SyntheticScene twoView(long seed, int n, double outlierFraction, double noisePixels) {
        return twoView(seed, n, outlierFraction, noisePixels, randomMotion(new Random(~seed)));
    }

    /**
     * World points seen by a camera with pose {@code worldToCamera} (random if null): observations in (x2, y2),
     * world points in (wx, wy, wz); (x1, y1) unused.
     */
    static SyntheticScene pnp(long seed, int n, double outlierFraction, double noisePixels) {
        Random random = new Random(seed);
        Se3_F64 worldToCamera = motion(random, 180, random.nextGaussian() * 5, random.nextGaussian() * 5,
                random.nextGaussian() * 5);
        worldToCamera.T.scale(1 + 4 * random.nextDouble());
        SyntheticScene s = new SyntheticScene(n, worldToCamera);
        Se3_F64 cameraToWorld = worldToCamera.invert(null);
        Point3D_F64 pc = new Point3D_F64(), pw = new Point3D_F64();
        for (int i = 0; i < n; i++) {
            double z = 4 + 36 * random.nextDouble();
            pc.setTo(uniform(random, HALF_WIDTH) * z, uniform(random, HALF_HEIGHT) * z, z);
            SePointOps_F64.transform(cameraToWorld, pc, pw);
            s.wx[i] = pw.x;
            s.wy[i] = pw.y;
            s.wz[i] = pw.z;
            s.x2[i] = pc.x / pc.z + noise(random, noisePixels);
            s.y2[i] = pc.y / pc.z + noise(random, noisePixels);
            s.inlier[i] = true;
        }
        s.corrupt(random, (int) Math.round(outlierFraction * n));
        return s;
    }

    /** Replaces the (x2, y2) observation of {@code count} randomly chosen correspondences by random positions. */
    private void corrupt(Random random, int count) {
        int done = 0;
        while (done < count) {
            int i = random.nextInt(n);
            if (!inlier[i])
                continue;
            inlier[i] = false;
            x2[i] = uniform(random, HALF_WIDTH);
            y2[i] = uniform(random, HALF_HEIGHT);
            done++;
        }
    }

    int inlierCount() {
        int c = 0;
        for (boolean b : inlier)
            if (b)
                c++;
        return c;
    }

    private static double uniform(Random random, double half) {
        return (2 * random.nextDouble() - 1) * half;
    }

    private static double noise(Random random, double pixels) {
        return random.nextGaussian() * pixels / FOCAL;
    }

    /** Rotation angle (degrees) of R_a·R_bᵀ. */
    static double rotationErrorDeg(Se3_F64 a, Se3_F64 b) {
        double[] ra = a.R.data, rb = b.R.data;
        double trace = 0;
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++)
                trace += ra[3 * i + k] * rb[3 * i + k];
        double c = Math.max(-1, Math.min(1, (trace - 1) / 2));
        // acos loses precision near 0: use the rotation vector's sine part too
        double[] m = new double[9];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double s = 0;
                for (int k = 0; k < 3; k++)
                    s += ra[3 * i + k] * rb[3 * j + k];
                m[3 * i + j] = s;
            }
        double sx = m[7] - m[5], sy = m[2] - m[6], sz = m[3] - m[1];
        double sin = 0.5 * Math.sqrt(sx * sx + sy * sy + sz * sz);
        return Math.toDegrees(Math.atan2(sin, c));
    }

    /** Angle (degrees) between the translations of two poses. */
    static double translationAngleDeg(Se3_F64 a, Se3_F64 b) {
        return Math.toDegrees(Triangulation.angle(a.T.x, a.T.y, a.T.z, b.T.x, b.T.y, b.T.z));
    }

    /** Precision and recall of {@code found} against the true inliers. */
    static double[] precisionRecall(boolean[] truth, java.util.function.IntPredicate found, int n) {
        int tp = 0, fp = 0, fn = 0;
        for (int i = 0; i < n; i++) {
            boolean f = found.test(i);
            if (f && truth[i])
                tp++;
            else if (f)
                fp++;
            else if (truth[i])
                fn++;
        }
        return new double[]{tp / (double) Math.max(1, tp + fp), tp / (double) Math.max(1, tp + fn)};
    }

}
