package org.gpuvo.odometry.dataset;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.FactoryLensDistortion;
import org.gpuvo.odometry.camera.LensDistortion;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.camera.StereoProjections;

import java.nio.file.Path;

/**
 * A ROS {@code camera_info} calibration file as {@code camera_calibration} and {@code camera_calibration_parsers}
 * write it (image_width, image_height, camera_name, camera_matrix, distortion_model, distortion_coefficients,
 * rectification_matrix, projection_matrix; matrices as {rows, cols, data}). The meaning of K, D, R and P is that
 * of {@code sensor_msgs/CameraInfo}: K and D describe the raw image, R rotates the camera frame into the rectified
 * stereo frame, P = K' [I | t] projects into the rectified image, and for the right camera of a pair
 * {@code P[0][3] = Tx = -fx' · B}.
 */
public final class CameraInfoYaml {
    public final Path file;
    public final String cameraName;
    /** The raw camera: K and D. */
    public final CameraModel camera;
    /** R and P, row major (R defaults to identity and P to [K | 0] when the file has none). */
    private final double[] rectification, projection;

    private CameraInfoYaml(Path file, String cameraName, CameraModel camera, double[] rectification, double[] projection) {
        this.file = file;
        this.cameraName = cameraName;
        this.camera = camera;
        this.rectification = rectification;
        this.projection = projection;
    }

    /** Reads and checks a camera_info YAML file. */
    public static CameraInfoYaml read(Path file) {
        YamlFile y = YamlFile.read(file);
        int width = y.integer("image_width"), height = y.integer("image_height");
        if (width <= 0 || height <= 0)
            throw y.error(y.node("image_width"), "image size must be positive, got " + width + "x" + height);
        String name = y.has("camera_name") ? y.text("camera_name") : "";

        YamlFile.Matrix k = y.matrix("camera_matrix", 3, 3);
        checkIntrinsics(y, "camera_matrix", k, 3);

        String model = y.has("distortion_model") ? y.text("distortion_model") : "";
        double[] d = y.has("distortion_coefficients") ? y.matrix("distortion_coefficients", 1, -1).data : new double[0];
        LensDistortion distortion;
        try {
            distortion = FactoryLensDistortion.create(model, d);
        } catch (IllegalArgumentException e) {
            throw y.error(y.has("distortion_model") ? y.node("distortion_model") : y.node("distortion_coefficients"),
                    e.getMessage());
        }
        CameraModel camera = new CameraModel(width, height, k.get(0, 0), k.get(1, 1), k.get(0, 2), k.get(1, 2), distortion);

        double[] r = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        if (y.has("rectification_matrix")) {
            YamlFile.Matrix rm = y.matrix("rectification_matrix", 3, 3);
            String problem = rotationProblem(rm.data);
            if (problem != null)
                throw DatasetException.at(file, rm.line, "rectification_matrix is not a rotation: " + problem);
            r = rm.data;
        }
        double[] p = {k.data[0], k.data[1], k.data[2], 0, k.data[3], k.data[4], k.data[5], 0, 0, 0, 1, 0};
        if (y.has("projection_matrix")) {
            YamlFile.Matrix pm = y.matrix("projection_matrix", 3, 4);
            checkIntrinsics(y, "projection_matrix", pm, 4);
            p = pm.data;
        }
        return new CameraInfoYaml(file, name, camera, r, p);
    }

    /** fx, fy > 0, no skew, last row (0 0 1 [0]). */
    private static void checkIntrinsics(YamlFile y, String key, YamlFile.Matrix m, int cols) {
        double fx = m.get(0, 0), fy = m.get(1, 1);
        String focal = FocalLengths.problem("fx", fx, "fy", fy);
        if (focal != null)
            throw DatasetException.at(y.file, m.line, key + ": " + focal);
        if (Math.abs(m.get(0, 1)) > 1e-9 * fx)
            throw DatasetException.at(y.file, m.line, key + ": skew " + m.get(0, 1) + " is not supported (must be 0)");
        boolean lastRow = m.get(1, 0) == 0 && m.get(2, 0) == 0 && m.get(2, 1) == 0 && m.get(2, 2) == 1
                && (cols == 3 || m.get(2, 3) == 0);
        if (!lastRow)
            throw DatasetException.at(y.file, m.line, key + " must have the form [fx 0 cx" + (cols == 4 ? " Tx" : "")
                    + "; 0 fy cy" + (cols == 4 ? " Ty" : "") + "; 0 0 1" + (cols == 4 ? " 0" : "") + "]");
    }

    /** Null if {@code r} (3×3 row major) is a rotation to 1e-6, else what is wrong. */
    static String rotationProblem(double[] r) {
        return rotationProblem(r, 1e-6);
    }

    /** Null if {@code r} (3×3 row major) is a rotation to {@code tolerance}, else what is wrong. */
    public static String rotationProblem(double[] r, double tolerance) {
        DMatrixRMaj m = new DMatrixRMaj(3, 3, true, r);
        DMatrixRMaj rrt = new DMatrixRMaj(3, 3);
        CommonOps_DDRM.multTransB(m, m, rrt);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                if (!(Math.abs(rrt.get(i, j) - (i == j ? 1 : 0)) <= tolerance))
                    return "R·Rᵀ differs from I by " + Math.abs(rrt.get(i, j) - (i == j ? 1 : 0));
        double det = CommonOps_DDRM.det(m);
        if (!(det > 0))
            return "determinant " + det + " (a reflection)";
        return null;
    }

    /** The rectification rotation R (row major, a copy). */
    public double[] rectification() {
        return rectification.clone();
    }

    /** The projection matrix P (3×4 row major, a copy). */
    public double[] projection() {
        return projection.clone();
    }

    /** The camera of the rectified image (image_rect): P's intrinsics, no distortion. */
    public CameraModel rectifiedCamera() {
        return StereoProjections.pinhole(camera.width, camera.height, projection);
    }

    private static StereoProjections projections(CameraInfoYaml left, CameraInfoYaml right) {
        StereoProjections pair = new StereoProjections(left.rectification, left.projection, right.rectification,
                right.projection);
        try {
            pair.baseline();
        } catch (IllegalArgumentException e) {
            throw DatasetException.at(right.file, 0, e.getMessage() + " (is " + left.file.getFileName()
                    + " really the left one?)");
        }
        return pair;
    }

    /** The raw stereo rig (images as the cameras deliver them, {@code image_raw}); see {@link StereoProjections#raw}. */
    public static StereoCalibration stereo(CameraInfoYaml left, CameraInfoYaml right) {
        return projections(left, right).raw(left.camera, right.camera);
    }

    /** The rectified stereo pair ({@code image_rect}): pinhole cameras from P, the right one at (B, 0, 0). */
    public static StereoCalibration rectifiedStereo(CameraInfoYaml left, CameraInfoYaml right) {
        return projections(left, right).rectified(left.camera.width, left.camera.height);
    }

    /** Reads a raw stereo pair from its two files. */
    public static StereoCalibration readStereo(Path left, Path right) {
        return stereo(read(left), read(right));
    }

    /**
     * A camera from the fields of a {@code sensor_msgs/CameraInfo} message (for the ROS node).
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static CameraModel cameraModel(int width, int height, double[] k, String distortionModel, double[] d) {
        if (k == null || k.length != 9)
            throw new IllegalArgumentException("K must hold 9 numbers");
        for (double v : k)
            if (!Double.isFinite(v))
                throw new IllegalArgumentException("K must be finite, got " + java.util.Arrays.toString(k));
        if (k[1] != 0 || k[3] != 0 || k[6] != 0 || k[7] != 0 || k[8] != 1)
            throw new IllegalArgumentException("K must have the form [fx 0 cx; 0 fy cy; 0 0 1], got " + java.util.Arrays.toString(k));
        return new CameraModel(width, height, k[0], k[4], k[2], k[5], FactoryLensDistortion.create(distortionModel, d));
    }

    @Override
    public String toString() {
        return "CameraInfoYaml{" + cameraName + ", " + camera + "}";
    }
}
