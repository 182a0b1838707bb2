package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;

/**
 * A drive along a road's {@link Centerline}: the camera rides at a fixed height above the ground in a lane (at a
 * fixed offset from the centre line) at a constant speed along the centre line, taking its bends, with a slight
 * steering wobble and the pitch, roll and bounce of a car's suspension, as set by a {@link Ride}.
 */
public final class DrivePath implements CameraPath {
    /**
     * Where the camera rides and how the car moves, as functions of the distance s travelled: height
     * {@code height + bounce·sin(2π s / bounceWavelength)}, heading the centre line's plus
     * {@code steer·sin(s / steerLength)}, pitch {@code pitch·sin(2π s / pitchWavelength + pitchPhase)} and roll
     * likewise (angles in radians, lengths in metres).
     *
     * @param laneOffset distance of the camera from the centre line, positive to the left
     */
    record Ride(double laneOffset, double height, double bounce, double bounceWavelength, double steer,
                double steerLength, double pitch, double pitchWavelength, double pitchPhase, double roll,
                double rollWavelength, double rollPhase) {
    }

    /** The street's right-hand lane, 1.75 m right of the centre line, 1.65 m above the ground (as KITTI's camera). */
    static final Ride STREET = new Ride(-1.75, 1.65, 0.02, 7.3, Math.toRadians(1.5), 13.0,
            Math.toRadians(0.8), 9.1, 1.0, Math.toRadians(0.6), 11.7, 2.0);

    private final Centerline line;
    private final Ride ride;
    private final double speed;

    DrivePath(Centerline line, Ride ride, double speed) {
        if (!(speed > 0) || !Double.isFinite(speed))
            throw new IllegalArgumentException("speed must be positive and finite, got " + speed);
        this.line = line;
        this.ride = ride;
        this.speed = speed;
    }

    @Override
    public Se3_F64 cameraToWorld(double time) {
        double s = speed * time;
        double[] c = new double[3];
        line.at(s, c);
        double h = c[2];
        double x = c[0] - Math.sin(h) * ride.laneOffset(), y = c[1] + Math.cos(h) * ride.laneOffset();
        double z = ride.height() + ride.bounce() * Math.sin(2 * Math.PI * s / ride.bounceWavelength());
        double yaw = h + ride.steer() * Math.sin(s / ride.steerLength());
        double pitch = ride.pitch() * Math.sin(2 * Math.PI * s / ride.pitchWavelength() + ride.pitchPhase());
        double roll = ride.roll() * Math.sin(2 * Math.PI * s / ride.rollWavelength() + ride.rollPhase());
        return PoseMath.cameraPose(x, y, z, yaw, pitch, roll);
    }
}
