package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;

/**
 * A drive along the street of {@link StreetScene}: the camera rides 1.65 m above the ground in the right-hand lane
 * (1.75 m right of the centre line) at a constant speed along the centre line, taking its bends, with a slight
 * steering wobble and the pitch, roll and bounce of a car's suspension.
 */
public final class StreetDrivePath implements CameraPath {
    static final double LANE_OFFSET = -1.75, CAMERA_HEIGHT = 1.65;
    private final StreetCenterline line;
    private final double speed;

    StreetDrivePath(StreetCenterline line, double speed) {
        if (!(speed > 0) || !Double.isFinite(speed))
            throw new IllegalArgumentException("speed must be positive and finite, got " + speed);
        this.line = line;
        this.speed = speed;
    }

    @Override
    public Se3_F64 cameraToWorld(double time) {
        double s = speed * time;
        double[] c = new double[3];
        line.at(s, c);
        double h = c[2];
        double x = c[0] - Math.sin(h) * LANE_OFFSET, y = c[1] + Math.cos(h) * LANE_OFFSET;
        double z = CAMERA_HEIGHT + 0.02 * Math.sin(2 * Math.PI * s / 7.3);
        double yaw = h + Math.toRadians(1.5) * Math.sin(s / 13.0);
        double pitch = Math.toRadians(0.8) * Math.sin(2 * Math.PI * s / 9.1 + 1.0);
        double roll = Math.toRadians(0.6) * Math.sin(2 * Math.PI * s / 11.7 + 2.0);
        return PoseMath.cameraPose(x, y, z, yaw, pitch, roll);
    }
}
