package org.gpuvo.odometry.dataset;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.FactoryLensDistortion;
import org.gpuvo.odometry.camera.LensDistortion;
import org.gpuvo.odometry.camera.StereoCalibration;

import java.nio.file.Path;

/**
 * A camera's {@code sensor.yaml} of the EuRoC MAV datasets (ASL format, as Kalibr writes it): {@code T_BS}
 * (sensor-to-body 4×4, {rows, cols, data}), {@code rate_hz}, {@code resolution: [w, h]},
 * {@code camera_model: pinhole}, {@code intrinsics: [fu, fv, cu, cv]}, {@code distortion_model}
 * (radial-tangential: k1 k2 p1 p2; equidistant: k1 k2 k3 k4) and {@code distortion_coefficients}.
 * Reference: Burri et al., "The EuRoC micro aerial vehicle datasets", IJRR 2016, and the files themselves.
 */
public final class EurocCalibration {
    public final Path file;
    public final CameraModel camera;
    /** The camera's pose in the body (IMU) frame: {@code p_body = R p_camera + t}. */
    private final Se3_F64 cameraToBody;
    /** Frame rate, or NaN if the file does not say. */
    public final double rateHz;

    private EurocCalibration(Path file, CameraModel camera, Se3_F64 cameraToBody, double rateHz) {
        this.file = file;
        this.camera = camera;
        this.cameraToBody = cameraToBody;
        this.rateHz = rateHz;
    }

    /** T_BS (a copy). */
    public Se3_F64 cameraToBody() {
        return cameraToBody.copy();
    }

    public static EurocCalibration read(Path file) {
        YamlFile y = YamlFile.read(file);
        if (y.has("sensor_type") && !"camera".equals(y.text("sensor_type")))
            throw y.error(y.node("sensor_type"), "sensor_type is '" + y.text("sensor_type") + "', expected camera");
        String model = y.text("camera_model");
        if (!"pinhole".equals(model))
            throw y.error(y.node("camera_model"), "camera_model '" + model + "' is not supported (only pinhole)");
        double[] size = y.numbers("resolution", 2);
        int width = (int) size[0], height = (int) size[1];
        if (width != size[0] || height != size[1] || width <= 0 || height <= 0)
            throw y.error(y.node("resolution"), "resolution must be two positive integers, got " + size[0] + ", " + size[1]);
        double[] k = y.numbers("intrinsics", 4);
        String focal = FocalLengths.problem("fu", k[0], "fv", k[1]);
        if (focal != null)
            throw y.error(y.node("intrinsics"), focal);
        LensDistortion distortion;
        try {
            distortion = FactoryLensDistortion.create(y.text("distortion_model"), y.numbers("distortion_coefficients"));
        } catch (IllegalArgumentException e) {
            throw y.error(y.node("distortion_model"), e.getMessage());
        }
        CameraModel camera = new CameraModel(width, height, k[0], k[1], k[2], k[3], distortion);
        Se3_F64 tbs = transform(y, "T_BS");
        double rate = y.has("rate_hz") ? y.number(y.node("rate_hz"), "rate_hz") : Double.NaN;
        return new EurocCalibration(file, camera, tbs, rate);
    }

    /** A rigid 4×4 transform {rows: 4, cols: 4, data: [16]} with a rotation block and last row 0 0 0 1. */
    static Se3_F64 transform(YamlFile y, String key) {
        YamlFile.Matrix m = y.matrix(key, 4, 4);
        if (m.get(3, 0) != 0 || m.get(3, 1) != 0 || m.get(3, 2) != 0 || m.get(3, 3) != 1)
            throw DatasetException.at(y.file, m.line, key + ": last row must be 0 0 0 1");
        double[] r = {m.get(0, 0), m.get(0, 1), m.get(0, 2), m.get(1, 0), m.get(1, 1), m.get(1, 2),
                m.get(2, 0), m.get(2, 1), m.get(2, 2)};
        String problem = CameraInfoYaml.rotationProblem(r);
        if (problem != null)
            throw DatasetException.at(y.file, m.line, key + ": not a rigid transform: " + problem);
        Se3_F64 out = new Se3_F64();
        out.R.setData(r);
        out.T.setTo(m.get(0, 3), m.get(1, 3), m.get(2, 3));
        return out;
    }

    /** The rig of two cameras: the right (cam1) pose in the left (cam0) frame, {@code T_C0C1 = T_BS0⁻¹ · T_BS1}. */
    public static StereoCalibration stereo(EurocCalibration left, EurocCalibration right) {
        Se3_F64 rightToLeft = right.cameraToBody.concat(left.cameraToBody.invert(null), null);
        return new StereoCalibration(left.camera, right.camera, rightToLeft);
    }

    @Override
    public String toString() {
        return "EurocCalibration{" + camera + ", T_BS.t=" + cameraToBody.T + "}";
    }
}
