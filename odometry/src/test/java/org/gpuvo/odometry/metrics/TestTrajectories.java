package org.gpuvo.odometry.metrics;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Random;

/** Trajectories with known properties for the metric tests. */
final class TestTrajectories {
    private TestTrajectories() {
    }

    /** A random walk: each step moves up to 1 m and turns up to ±0.2 rad about each axis; 10 Hz from time 0. */
    static Trajectory randomWalk(long seed, int poses) {
        Random random = new Random(seed);
        Trajectory trajectory = new Trajectory();
        Se3_F64 pose = new Se3_F64(), step = new Se3_F64(), next = new Se3_F64();
        for (int i = 0; i < poses; i++) {
            trajectory.add(0.1 * i, pose);
            ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0.4 * (random.nextDouble() - 0.5),
                    0.4 * (random.nextDouble() - 0.5), 0.4 * (random.nextDouble() - 0.5), step.R);
            step.T.setTo(random.nextDouble() - 0.5, random.nextDouble() - 0.5, random.nextDouble());
            PoseAlgebra.multiply(pose, step, next);
            pose.setTo(next);
        }
        return trajectory;
    }

    /** Poses along the x axis, {@code spacing} metres apart, no rotation, at {@code period} seconds. */
    static Trajectory straightLine(int poses, double spacing, double period) {
        Trajectory trajectory = new Trajectory();
        Se3_F64 pose = new Se3_F64();
        for (int i = 0; i < poses; i++) {
            pose.T.setTo(spacing * i, 0, 0);
            trajectory.add(period * i, pose);
        }
        return trajectory;
    }

    /** Identity poses at the given times. */
    static Trajectory atTimes(double... times) {
        Trajectory trajectory = new Trajectory();
        for (double t : times)
            trajectory.add(t, new Se3_F64());
        return trajectory;
    }

    /** A similarity transform with a rotation given by XYZ Euler angles. */
    static SimilarityTransform similarity(double scale, double rx, double ry, double rz, double tx, double ty, double tz) {
        SimilarityTransform s = new SimilarityTransform();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, rx, ry, rz, s.R);
        s.T.setTo(tx, ty, tz);
        s.scale = scale;
        return s;
    }
}
