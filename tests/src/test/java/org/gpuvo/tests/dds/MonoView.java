package org.gpuvo.tests.dds;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.dataset.Sequence;

/** The left images of a sequence alone, as a monocular camera gives them. */
record MonoView(Sequence of) implements Sequence {
    public String name() {
        return of.name();
    }

    public int size() {
        return of.size();
    }

    public double timestamp(int i) {
        return of.timestamp(i);
    }

    public CameraModel camera() {
        return of.camera();
    }

    public GrayImage left(int i) {
        return of.left(i);
    }
}
