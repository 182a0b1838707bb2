package org.gpuvo.odometry.metrics;

import georegression.struct.point.Point3D_F64;
import georegression.struct.point.Vector3D_F64;
import georegression.struct.se.Se3_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.gpuvo.odometry.trajectory.Trajectory;

/**
 * A similarity transform {@code p' = s R p + t} of 3-D space (a rigid one when {@code s = 1}). Applied to a pose
 * (camera-to-world), it moves the camera's position by that map and turns its orientation by R.
 */
public final class SimilarityTransform {
    /** Rotation, row-major 3×3. */
    public final DMatrixRMaj R = CommonOps_DDRM.identity(3);
    public final Vector3D_F64 T = new Vector3D_F64();
    public double scale = 1;

    public static SimilarityTransform identity() {
        return new SimilarityTransform();
    }

    /** {@code out = this(p)}; {@code out} may be {@code p}. */
    public void transform(Point3D_F64 p, Point3D_F64 out) {
        double[] r = R.data;
        double x = p.x, y = p.y, z = p.z;
        out.x = scale * (r[0] * x + r[1] * y + r[2] * z) + T.x;
        out.y = scale * (r[3] * x + r[4] * y + r[5] * z) + T.y;
        out.z = scale * (r[6] * x + r[7] * y + r[8] * z) + T.z;
    }

    /** The pose with its position mapped by this transform and its orientation turned by R. */
    public void transform(Se3_F64 pose, Se3_F64 out) {
        Point3D_F64 position = new Point3D_F64(pose.T.x, pose.T.y, pose.T.z);
        transform(position, position);
        CommonOps_DDRM.mult(R, pose.R, out.R);
        out.T.setTo(position.x, position.y, position.z);
    }

    /** A copy of {@code trajectory} with every pose transformed; times unchanged. */
    public Trajectory transform(Trajectory trajectory) {
        Trajectory out = new Trajectory();
        Se3_F64 pose = new Se3_F64();
        for (int i = 0; i < trajectory.size(); i++) {
            transform(trajectory.pose(i), pose);
            out.add(trajectory.time(i), pose);
        }
        return out;
    }

    public SimilarityTransform copy() {
        SimilarityTransform c = new SimilarityTransform();
        c.R.setTo(R);
        c.T.setTo(T);
        c.scale = scale;
        return c;
    }

    @Override
    public String toString() {
        return "SimilarityTransform{scale=" + scale + ", T=" + T + ", R=" + java.util.Arrays.toString(R.data) + "}";
    }
}
