package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point3D_F64;
import georegression.struct.point.Vector3D_F64;
import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;

/** Test helpers written independently of the renderer: brute-force ray casting, projection, interpolation. */
final class RayCast {
    private RayCast() {
    }

    /**
     * Depth along the optical axis of the nearest face (seen from its front) hit by the ray through normalized
     * image point (xn, yn) of a camera at {@code cameraToWorld}; +infinity if none.
     */
    static double depth(Scene scene, Se3_F64 cameraToWorld, double xn, double yn) {
        double[] r = cameraToWorld.R.data;
        // world direction of camera ray (xn, yn, 1): its camera z component is 1, so the ray parameter is the depth
        double dx = r[0] * xn + r[1] * yn + r[2], dy = r[3] * xn + r[4] * yn + r[5], dz = r[6] * xn + r[7] * yn + r[8];
        Vector3D_F64 t = cameraToWorld.T;
        double best = Double.POSITIVE_INFINITY;
        for (Face f : scene.faces()) {
            Vector3D_F64 n = f.normal(), u = f.axisU(), v = f.axisV();
            Point3D_F64 o = f.origin();
            double denom = n.x * dx + n.y * dy + n.z * dz;
            if (denom >= 0)
                continue; // parallel, or the back of the face
            double lambda = (n.x * (o.x - t.x) + n.y * (o.y - t.y) + n.z * (o.z - t.z)) / denom;
            if (!(lambda > 0) || lambda >= best)
                continue;
            double px = t.x + lambda * dx - o.x, py = t.y + lambda * dy - o.y, pz = t.z + lambda * dz - o.z;
            double s = u.x * px + u.y * py + u.z * pz, q = v.x * px + v.y * py + v.z * pz;
            if (s >= 0 && s <= f.width && q >= 0 && q <= f.height)
                best = lambda;
        }
        return best;
    }

    /** Bilinear interpolation of an image at (x, y) (pixel centres at integers); NaN outside. */
    static double bilinear(GrayImage g, double x, double y) {
        if (!(x >= 0 && y >= 0 && x <= g.width - 1 && y <= g.height - 1))
            return Double.NaN;
        int ix = Math.min((int) x, g.width - 2), iy = Math.min((int) y, g.height - 2);
        double ax = x - ix, ay = y - iy;
        double top = g.get(ix, iy) + ax * (g.get(ix + 1, iy) - g.get(ix, iy));
        double bottom = g.get(ix, iy + 1) + ax * (g.get(ix + 1, iy + 1) - g.get(ix, iy + 1));
        return top + ay * (bottom - top);
    }

    /** Gradient magnitude by central differences (0 at the border). */
    static double gradient(GrayImage g, int x, int y) {
        if (x < 1 || y < 1 || x >= g.width - 1 || y >= g.height - 1)
            return 0;
        return Math.hypot(g.get(x + 1, y) - g.get(x - 1, y), g.get(x, y + 1) - g.get(x, y - 1)) / 2;
    }

    static double percentile(double[] values, int n, double p) {
        double[] v = java.util.Arrays.copyOf(values, n);
        java.util.Arrays.sort(v);
        return v[Math.min(n - 1, (int) (p * n))];
    }
}
