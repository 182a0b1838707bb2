package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;

/** Camera poses from a position and vehicle angles in a z-up world. */
final class PoseMath {
    private PoseMath() {
    }

    /**
     * The camera-to-world pose of a camera at (x, y, z) on a vehicle with heading {@code yaw} (from the world x
     * axis, counter-clockwise), {@code pitch} (nose up positive) and {@code roll} (right side down positive), all
     * radians. The vehicle frame is x forward, y left, z up (REP-103); the camera looks forward with x right and y
     * down (OpenCV), so R = Rz(yaw)·Ry(-pitch)·Rx(roll)·M with M's columns the camera axes in the vehicle frame.
     */
    static Se3_F64 cameraPose(double x, double y, double z, double yaw, double pitch, double roll) {
        double[] body = multiply(multiply(rotZ(yaw), rotY(-pitch)), rotX(roll));
        double[] cameraInBody = {0, 0, 1, -1, 0, 0, 0, -1, 0};
        double[] r = multiply(body, cameraInBody);
        Se3_F64 pose = new Se3_F64();
        for (int i = 0; i < 9; i++)
            pose.R.data[i] = r[i];
        pose.T.setTo(x, y, z);
        return pose;
    }

    private static double[] rotZ(double a) {
        double c = Math.cos(a), s = Math.sin(a);
        return new double[]{c, -s, 0, s, c, 0, 0, 0, 1};
    }

    private static double[] rotY(double a) {
        double c = Math.cos(a), s = Math.sin(a);
        return new double[]{c, 0, s, 0, 1, 0, -s, 0, c};
    }

    private static double[] rotX(double a) {
        double c = Math.cos(a), s = Math.sin(a);
        return new double[]{1, 0, 0, 0, c, -s, 0, s, c};
    }

    private static double[] multiply(double[] a, double[] b) {
        double[] c = new double[9];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                c[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
        return c;
    }
}
