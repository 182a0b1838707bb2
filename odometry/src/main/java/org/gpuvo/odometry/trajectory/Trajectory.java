package org.gpuvo.odometry.trajectory;

import georegression.struct.se.Se3_F64;

import java.util.ArrayList;
import java.util.List;

/**
 * A sequence of timestamped poses. Each pose maps points of the moving frame (camera or body) into the world
 * frame: {@code p_world = R p_frame + t} (camera-to-world, as KITTI's poses.txt and TUM files store them).
 * Timestamps are seconds; a trajectory read from a format without time (KITTI) carries the frame index times
 * the frame period, or whatever time the caller supplies.
 */
public final class Trajectory {
    private double[] times = new double[16];
    private final List<Se3_F64> poses = new ArrayList<>();

    public Trajectory() {
    }

    /** Appends a copy of {@code pose} at {@code time} seconds. */
    public void add(double time, Se3_F64 pose) {
        if (poses.size() == times.length)
            times = java.util.Arrays.copyOf(times, times.length * 2);
        times[poses.size()] = time;
        poses.add(pose.copy());
    }

    public int size() {
        return poses.size();
    }

    public boolean isEmpty() {
        return poses.isEmpty();
    }

    /** Time of pose {@code i} in seconds. */
    public double time(int i) {
        if (i < 0 || i >= poses.size())
            throw new IndexOutOfBoundsException(i);
        return times[i];
    }

    /** Pose {@code i}, not a copy: callers must not modify it. */
    public Se3_F64 pose(int i) {
        return poses.get(i);
    }

    /** The poses {@code indices} in that order, with their times. */
    public Trajectory select(int[] indices) {
        Trajectory out = new Trajectory();
        for (int i : indices)
            out.add(time(i), pose(i));
        return out;
    }

    public Trajectory copy() {
        Trajectory out = new Trajectory();
        for (int i = 0; i < size(); i++)
            out.add(times[i], poses.get(i));
        return out;
    }

    /** Length of the path through the positions, in the trajectory's units. */
    public double pathLength() {
        double length = 0;
        for (int i = 1; i < size(); i++)
            length += poses.get(i).T.distance(poses.get(i - 1).T);
        return length;
    }

    @Override
    public String toString() {
        return "Trajectory{" + size() + " poses" + (isEmpty() ? "" : ", " + times[0] + " .. " + times[size() - 1] + " s") + "}";
    }
}
