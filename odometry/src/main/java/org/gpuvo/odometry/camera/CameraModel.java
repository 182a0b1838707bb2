package org.gpuvo.odometry.camera;

import georegression.struct.point.Point2D_F64;

/**
 * A calibrated camera: pinhole intrinsics, a lens distortion, and the image size. Keypoints are undistorted
 * point by point ({@link #pixelToNormalized}); images are never resampled. Immutable (a cache of the undistortion is
 * made at first use).
 */
public final class CameraModel {
    public final int width, height;
    public final double fx, fy, cx, cy;
    public final LensDistortion distortion;
    /** where {@link #pixelToNormalized} starts inverting the distortion; made at its first call */
    private volatile UndistortionGrid grid;

    public CameraModel(int width, int height, double fx, double fy, double cx, double cy, LensDistortion distortion) {
        if (width <= 0 || height <= 0)
            throw new IllegalArgumentException("image size must be positive, got " + width + "x" + height);
        for (double v : new double[]{fx, fy, cx, cy})
            if (!Double.isFinite(v))
                throw new IllegalArgumentException("intrinsics must be finite, got fx=" + fx + " fy=" + fy + " cx=" + cx + " cy=" + cy);
        if (fx <= 0 || fy <= 0)
            throw new IllegalArgumentException("focal lengths must be positive, got fx=" + fx + " fy=" + fy);
        if (distortion == null)
            throw new IllegalArgumentException("distortion is null: use LensDistortion.NONE");
        this.width = width;
        this.height = height;
        this.fx = fx;
        this.fy = fy;
        this.cx = cx;
        this.cy = cy;
        this.distortion = distortion;
    }

    /** A pinhole camera without distortion. */
    public static CameraModel pinhole(int width, int height, double fx, double fy, double cx, double cy) {
        return new CameraModel(width, height, fx, fy, cx, cy, LensDistortion.NONE);
    }

    /**
     * Pixel (distorted, as detected) to ideal normalized image coordinates. Inside the image the lens model's
     * inversion starts from a grid of precomputed values (made at the first call), to the model's own tolerance.
     * Thread safe.
     */
    public void pixelToNormalized(double u, double v, Point2D_F64 out) {
        double xd = (u - cx) / fx, yd = (v - cy) / fy;
        if (distortion == LensDistortion.NONE) {
            out.setTo(xd, yd);
            return;
        }
        UndistortionGrid g = grid();
        if (g.estimate(u, v, out))
            distortion.undistort(xd, yd, out.x, out.y, out);
        else
            distortion.undistort(xd, yd, out);
    }

    /**
     * Makes the grid {@link #pixelToNormalized} starts from now rather than at its first call: a pipeline does so when
     * it is made, so that its first frame does not pay for it (on a cold JVM, where the inversion is not compiled
     * yet, making it took about 15 ms). Returns this camera.
     */
    public CameraModel prepareUndistortion() {
        if (distortion != LensDistortion.NONE)
            grid();
        return this;
    }

    private UndistortionGrid grid() {
        UndistortionGrid g = grid;
        if (g == null)
            grid = g = new UndistortionGrid(this); // two threads may both make it: the same values
        return g;
    }

    /** Ideal normalized coordinates to the pixel where the lens images them. */
    public void normalizedToPixel(double x, double y, Point2D_F64 out) {
        distortion.distort(x, y, out);
        out.setTo(fx * out.x + cx, fy * out.y + cy);
    }

    /** Projects a point in the camera frame (z forward) to a pixel; false if it is behind the camera. */
    public boolean project(double x, double y, double z, Point2D_F64 out) {
        if (!(z > 0))
            return false;
        normalizedToPixel(x / z, y / z, out);
        return true;
    }

    public boolean hasDistortion() {
        return distortion != LensDistortion.NONE;
    }

    /** The same intrinsics without distortion (for images that are already undistorted). */
    public CameraModel withoutDistortion() {
        return pinhole(width, height, fx, fy, cx, cy);
    }

    @Override
    public String toString() {
        return String.format("CameraModel{%dx%d fx=%.3f fy=%.3f cx=%.3f cy=%.3f %s}",
                width, height, fx, fy, cx, cy, distortion.name());
    }
}
