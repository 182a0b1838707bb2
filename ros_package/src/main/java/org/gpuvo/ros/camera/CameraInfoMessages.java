package org.gpuvo.ros.camera;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.LensDistortion;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.camera.StereoProjections;
import org.gpuvo.odometry.dataset.CameraInfoYaml;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.RegionOfInterest;

import java.util.Arrays;

/**
 * Converts {@code sensor_msgs/CameraInfo} messages to the pipeline's cameras and back. Checks what a driver gets
 * wrong: an uncalibrated camera (K all zero), NaN, a zero image size. Binning and a region of interest are not
 * supported and are rejected rather than silently ignored.
 */
public final class CameraInfoMessages {
    private CameraInfoMessages() {
    }

    /**
     * The raw camera of the message (K and D), for images as the camera delivers them ({@code image_raw}).
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static CameraModel camera(CameraInfo info) {
        checkCommon(info);
        return CameraInfoYaml.cameraModel(info.width(), info.height(), info.k(), info.distortionModel(), info.d());
    }

    /** The camera of the rectified image ({@code image_rect}): P's intrinsics, no distortion. */
    public static CameraModel rectifiedCamera(CameraInfo info) {
        checkCommon(info);
        checkProjection(info.p());
        return StereoProjections.pinhole(info.width(), info.height(), info.p());
    }

    /**
     * The stereo rig of a pair of messages, for raw images ({@code rectifiedImages} false: K, D, and the extrinsics
     * from R and P) or for rectified ones (the cameras of P).
     */
    public static StereoCalibration stereo(CameraInfo left, CameraInfo right, boolean rectifiedImages) {
        checkCommon(left);
        checkCommon(right);
        checkProjection(left.p());
        checkProjection(right.p());
        requireFinite("left R", left.r(), 9);
        requireFinite("right R", right.r(), 9);
        StereoProjections pair = new StereoProjections(left.r(), left.p(), right.r(), right.p());
        return rectifiedImages ? pair.rectified(left.width(), left.height()) : pair.raw(camera(left), camera(right));
    }

    /** The message of a single camera: K and D, R the identity, P = [K | 0]. */
    public static CameraInfo of(CameraModel camera, Header header) {
        double[] k = intrinsics(camera);
        double[] p = {k[0], 0, k[2], 0, 0, k[4], k[5], 0, 0, 0, 1, 0};
        return message(camera, header, new double[]{1, 0, 0, 0, 1, 0, 0, 0, 1}, p);
    }

    /** The messages of a stereo rig (left, right): raw K and D, R and P of its rectification. */
    public static CameraInfo[] of(StereoCalibration rig, Header left, Header right) {
        StereoProjections p = StereoProjections.of(rig);
        return new CameraInfo[]{message(rig.left, left, p.leftR, p.leftP), message(rig.right, right, p.rightR, p.rightP)};
    }

    private static CameraInfo message(CameraModel camera, Header header, double[] r, double[] p) {
        LensDistortion lens = camera.distortion;
        // ROS writes "no distortion" as plumb_bob with five zeros
        boolean none = lens == LensDistortion.NONE;
        String model = none ? "plumb_bob" : lens.name();
        double[] d = none ? new double[5] : lens.coefficients();
        return new CameraInfo(header, camera.height, camera.width, model, d, intrinsics(camera), r, p, 0, 0,
                RegionOfInterest.FULL);
    }

    private static double[] intrinsics(CameraModel c) {
        return new double[]{c.fx, 0, c.cx, 0, c.fy, c.cy, 0, 0, 1};
    }

    private static void checkCommon(CameraInfo info) {
        if (info.width() <= 0 || info.height() <= 0)
            throw new IllegalArgumentException("camera_info image size " + Integer.toUnsignedString(info.width()) + "x"
                    + Integer.toUnsignedString(info.height()) + " is not positive");
        requireFinite("K", info.k(), 9);
        if (Arrays.stream(info.k()).allMatch(v -> v == 0))
            throw new IllegalArgumentException("camera_info K is all zero: the camera is not calibrated");
        requireFinite("D", info.d(), -1);
        if (info.binningX() > 1 || info.binningY() > 1)
            throw new IllegalArgumentException("camera_info binning " + info.binningX() + "x" + info.binningY()
                    + " is not supported");
        RegionOfInterest roi = info.roi();
        if (roi != null && (roi.width() != 0 && roi.width() != info.width() || roi.height() != 0 && roi.height() != info.height()))
            throw new IllegalArgumentException("camera_info region of interest " + roi.width() + "x" + roi.height()
                    + " is not supported (only the full image)");
    }

    private static void checkProjection(double[] p) {
        requireFinite("P", p, 12);
        if (!(p[0] > 0) || !(p[5] > 0))
            throw new IllegalArgumentException("camera_info P has no focal lengths (fx'=" + p[0] + ", fy'=" + p[5]
                    + "): the camera is not calibrated for rectified images");
    }

    private static void requireFinite(String name, double[] values, int count) {
        if (values == null || count >= 0 && values.length != count)
            throw new IllegalArgumentException("camera_info " + name + " must hold " + count + " numbers, got "
                    + (values == null ? "none" : values.length));
        for (double v : values)
            if (!Double.isFinite(v))
                throw new IllegalArgumentException("camera_info " + name + " holds a non-finite number: " + Arrays.toString(values));
    }
}
