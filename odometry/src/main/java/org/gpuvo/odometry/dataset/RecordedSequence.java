package org.gpuvo.odometry.dataset;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Optional;

/** What every sequence read from files holds: its name, frame times, calibration and optional ground truth. */
abstract class RecordedSequence implements Sequence {
    protected final String name;
    protected final double[] times;
    protected final CameraModel camera;
    /** null for a sequence without right images */
    protected final StereoCalibration stereo;
    /** null without ground truth */
    protected final Trajectory groundTruth;

    RecordedSequence(String name, double[] times, CameraModel camera, StereoCalibration stereo, Trajectory groundTruth) {
        this.name = name;
        this.times = times;
        this.camera = camera;
        this.stereo = stereo;
        this.groundTruth = groundTruth;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int size() {
        return times.length;
    }

    @Override
    public double timestamp(int i) {
        return times[i];
    }

    @Override
    public CameraModel camera() {
        return camera;
    }

    @Override
    public Optional<StereoCalibration> stereo() {
        return Optional.ofNullable(stereo);
    }

    @Override
    public Optional<Trajectory> groundTruth() {
        return Optional.ofNullable(groundTruth);
    }
}
