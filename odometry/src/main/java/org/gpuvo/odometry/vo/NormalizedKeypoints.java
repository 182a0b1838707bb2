package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import org.gpuvo.odometry.camera.CameraModel;

import java.util.Arrays;

/**
 * Normalized (undistorted) coordinates of the keypoints of the current and the previous frame that tracking has
 * undistorted, by feature index. A keypoint matched in frame k is the train end of frame k + 1's matches; undistorting
 * it again (Newton steps per point) was a good part of the tracking thread's time on a lens with distortion, so the
 * previous frame's result is reused where the keypoint is the same pixel.
 */
final class NormalizedKeypoints {
    private int frame = Integer.MIN_VALUE;
    private Frame current = new Frame(), previous = new Frame();

    /** One frame's keypoints: pixel and normalized coordinates by feature index, valid where stamped with it. */
    private static final class Frame {
        int[] stamp = new int[0];
        float[] u = new float[0], v = new float[0];
        double[] x = new double[0], y = new double[0];

        void ensure(int feature) {
            if (feature < stamp.length)
                return;
            int n = Math.max(feature + 1, 2 * stamp.length);
            int old = stamp.length;
            stamp = Arrays.copyOf(stamp, n);
            Arrays.fill(stamp, old, n, Integer.MIN_VALUE);
            u = Arrays.copyOf(u, n);
            v = Arrays.copyOf(v, n);
            x = Arrays.copyOf(x, n);
            y = Arrays.copyOf(y, n);
        }
    }

    /** Starts frame {@code index}: the current frame's keypoints become the previous frame's. */
    void nextFrame(int index) {
        Frame swap = previous;
        previous = current;
        current = swap;
        frame = index;
    }

    /** Makes room for the current frame's features below {@code features}: {@link #current} then only writes. */
    void reserve(int features) {
        if (features > 0)
            current.ensure(features - 1);
    }

    /**
     * The normalized coordinates of the current frame's keypoint {@code feature} at pixel (u, v), into out. Calls
     * for different features may run on different threads once {@link #reserve} made room for them.
     */
    void current(CameraModel camera, int feature, float u, float v, Point2D_F64 out) {
        camera.pixelToNormalized(u, v, out);
        current.ensure(feature);
        current.stamp[feature] = frame;
        current.u[feature] = u;
        current.v[feature] = v;
        current.x[feature] = out.x;
        current.y[feature] = out.y;
    }

    /** The normalized coordinates of the previous frame's keypoint {@code feature} at (u, v), into out (only reads). */
    void previous(CameraModel camera, int feature, float u, float v, Point2D_F64 out) {
        Frame f = previous;
        if (feature < f.stamp.length && f.stamp[feature] == frame - 1 && f.u[feature] == u && f.v[feature] == v)
            out.setTo(f.x[feature], f.y[feature]);
        else
            camera.pixelToNormalized(u, v, out);
    }
}
