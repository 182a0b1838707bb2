package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point3D_F64;
import georegression.struct.point.Vector3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.dataset.DepthImage;

/**
 * Test helpers written independently of the renderer: brute-force ray casting, projection, interpolation,
 * reprojection of one frame into another.
 */
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

    /**
     * |I_a(p) - I_b(p')| at sample pixels p of frame a (every other pixel of every other row) with a gradient of at
     * least {@code minGradient} that frame b sees unoccluded at p', where p goes with its depth and the ground-truth
     * motion turned by {@code yawError} about the camera's y axis; the last entry is their count.
     */
    static double[] reprojectionErrors(SyntheticSequence seq, int a, int b, double yawError, double minGradient) {
        CameraModel cam = seq.camera();
        GrayImage ia = seq.left(a), ib = seq.left(b);
        DepthImage da = seq.depth(a), db = seq.depth(b);
        Se3_F64 bToWorld = seq.scenePose(b);
        Se3_F64 aToB = seq.scenePose(a).concat(bToWorld.invert(null), null);
        Se3_F64 error = new Se3_F64();
        georegression.geometry.ConvertRotation3D_F64.rotY(yawError, error.R);
        aToB = aToB.concat(error, null);
        double[] errors = new double[cam.width * cam.height + 1];
        int n = 0;
        Point3D_F64 p = new Point3D_F64();
        for (int y = 2; y < cam.height - 2; y += 2)
            for (int x = 2; x < cam.width - 2; x += 2) {
                float z = da.at(x, y);
                if (Float.isNaN(z) || gradient(ia, x, y) < minGradient)
                    continue;
                p.setTo((x - cam.cx) / cam.fx * z, (y - cam.cy) / cam.fy * z, z);
                SePointOps_F64.transform(aToB, p, p);
                double u = cam.fx * p.x / p.z + cam.cx, v = cam.fy * p.y / p.z + cam.cy;
                if (!(p.z > 0) || u < 2 || v < 2 || u > cam.width - 3 || v > cam.height - 3)
                    continue;
                if (!unoccluded(db, u, v, p.z))
                    continue;
                errors[n++] = Math.abs(ia.get(x, y) - bilinear(ib, u, v));
            }
        errors[errors.length - 1] = n;
        return errors;
    }

    /** Whether frame b's depth around (u, v) is that of the point (not another surface in front or behind). */
    static boolean unoccluded(DepthImage db, double u, double v, double z) {
        for (int dy = -1; dy <= 2; dy++)
            for (int dx = -1; dx <= 2; dx++) {
                float d = db.at((int) u + dx, (int) v + dy);
                if (Float.isNaN(d) || Math.abs(d - z) > 0.02 * z)
                    return false;
            }
        return true;
    }
}
