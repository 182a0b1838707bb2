package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;

/**
 * A walk around the room of {@link RoomScene}: counter-clockwise along an ellipse about the room's centre, looking
 * roughly along the direction of travel, with the heading swinging towards the walls and the room's centre, and
 * with smooth pitch, roll and height changes, so that the motion has all six degrees of freedom. The angle along
 * the ellipse grows uniformly with time; the speed along the path is {@code speed} on average (exactly so on a
 * circle), varying by the ellipse's eccentricity.
 */
public final class RoomLoopPath implements CameraPath {
    private final double angularRate;

    /** A loop at about {@code speed} metres per second. */
    public RoomLoopPath(double speed) {
        if (!(speed > 0) || !Double.isFinite(speed))
            throw new IllegalArgumentException("speed must be positive and finite, got " + speed);
        this.angularRate = speed / meanRadius();
    }

    /** Mean radius of the ellipse: Ramanujan's perimeter approximation divided by 2π. */
    private static double meanRadius() {
        double a = RoomScene.PATH_RADIUS_X, b = RoomScene.PATH_RADIUS_Y;
        double h = (a - b) * (a - b) / ((a + b) * (a + b));
        return (a + b) / 2 * (1 + 3 * h / (10 + Math.sqrt(4 - 3 * h)));
    }

    /** Time of one lap in seconds. */
    public double lapTime() {
        return 2 * Math.PI / angularRate;
    }

    @Override
    public Se3_F64 cameraToWorld(double time) {
        double theta = angularRate * time;
        double a = RoomScene.PATH_RADIUS_X, b = RoomScene.PATH_RADIUS_Y;
        double x = a * Math.cos(theta), y = b * Math.sin(theta);
        double z = 1.5 + 0.2 * Math.sin(2 * theta + 0.4);
        double travel = Math.atan2(b * Math.cos(theta), -a * Math.sin(theta));
        double yaw = travel + Math.toRadians(28) * Math.sin(1.5 * theta + 0.3);
        double pitch = Math.toRadians(7) * Math.sin(1.1 * theta + 0.5);
        double roll = Math.toRadians(5) * Math.sin(0.7 * theta + 1.0);
        return PoseMath.cameraPose(x, y, z, yaw, pitch, roll);
    }
}
