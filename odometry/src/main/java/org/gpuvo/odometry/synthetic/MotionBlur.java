package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point2D_F64;
import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.CameraModel;

import java.util.stream.IntStream;

/**
 * The motion blur of a camera that moves while its shutter is open: each pixel integrates what it sees over the
 * exposure. With the scene static and the camera's motion known, a pixel p that sees the surface point X at the
 * frame's time sees, at another time τ of the exposure, the point that was at p - (x_τ - p), where x_τ is where X
 * projects at τ (the image motion taken as locally uniform around p, the usual approximation of gathering motion
 * blur). The blurred value is the mean of the sharp image along that segment: from 2p - x_start to 2p - x_end,
 * with x_start and x_end X's projections at the start and end of the exposure, sampled by bilinear interpolation
 * (borders replicated) at the middles of ceil(length) equal parts (one sample, about p, for a segment shorter than a
 * pixel). The smear is therefore along the image motion:
 * radially from the focus of expansion for a camera moving forwards, over f·r·v·T / Z pixels for a point at depth
 * Z and normalized radius r from it, at speed v and exposure T; pixels that see no surface (the sky, at infinity)
 * move with the camera's rotation only.
 *
 * <p>Pixels are independent, so rendering rows in parallel gives the same bits as on one thread.
 */
final class MotionBlur {
    /** Most samples along one pixel's segment (longer segments are sampled more sparsely). */
    static final int MAX_SAMPLES = 128;
    private static final int BAND_ROWS = 32;
    private static final double NEAR = 1e-3;

    private MotionBlur() {
    }

    /**
     * Blurs {@code image} (grey levels, modified in place) of a camera that is at {@code frame} (camera-to-world) at
     * the frame's time and at {@code start} and {@code end} when the exposure starts and ends.
     *
     * @param depth depth along the optical axis of each pixel's surface point at the frame's time, 0 for none
     */
    static void apply(float[] image, float[] depth, CameraModel camera, Se3_F64 frame, Se3_F64 start, Se3_F64 end,
                      boolean parallel) {
        int w = camera.width, h = camera.height;
        boolean distorted = camera.hasDistortion();
        Se3_F64 toStart = frame.concat(start.invert(null), null), toEnd = frame.concat(end.invert(null), null);
        float[] sharp = image.clone();
        int bands = (h + BAND_ROWS - 1) / BAND_ROWS;
        IntStream range = IntStream.range(0, bands);
        (parallel ? range.parallel() : range).forEach(band -> {
            Point2D_F64 n = new Point2D_F64(), a = new Point2D_F64(), b = new Point2D_F64();
            for (int y = band * BAND_ROWS; y < Math.min(h, (band + 1) * BAND_ROWS); y++)
                for (int x = 0; x < w; x++) {
                    int i = y * w + x;
                    if (distorted)
                        camera.pixelToNormalized(x, y, n);
                    else
                        n.setTo((x - camera.cx) / camera.fx, (y - camera.cy) / camera.fy);
                    if (!project(camera, toStart, n.x, n.y, depth[i], a)
                            || !project(camera, toEnd, n.x, n.y, depth[i], b))
                        continue; // the point passes behind the camera: left sharp
                    // sample from 2p - a to 2p - b
                    double ax = 2 * x - a.x, ay = 2 * y - a.y, dx = a.x - b.x, dy = a.y - b.y;
                    double length = Math.sqrt(dx * dx + dy * dy);
                    int samples = (int) Math.max(1, Math.min(MAX_SAMPLES, Math.ceil(length)));
                    double sum = 0;
                    if (inside(ax, ay, w, h) && inside(ax + dx, ay + dy, w, h)) {
                        for (int k = 0; k < samples; k++) {
                            double f = (k + 0.5) / samples;
                            sum += interior(sharp, w, ax + f * dx, ay + f * dy);
                        }
                    } else {
                        for (int k = 0; k < samples; k++) {
                            double f = (k + 0.5) / samples;
                            sum += bilinear(sharp, w, h, ax + f * dx, ay + f * dy);
                        }
                    }
                    image[i] = (float) (sum / samples);
                }
        });
    }

    /**
     * Where the point seen along normalized ray (nx, ny, 1) at {@code depth} (0: a point at infinity along it)
     * projects after {@code motion} (frame camera to the other camera); false if it is behind that camera.
     */
    private static boolean project(CameraModel camera, Se3_F64 motion, double nx, double ny, double depth,
                                   Point2D_F64 out) {
        double[] r = motion.R.data;
        double px, py, pz;
        if (depth > 0) {
            double X = nx * depth, Y = ny * depth;
            px = r[0] * X + r[1] * Y + r[2] * depth + motion.T.x;
            py = r[3] * X + r[4] * Y + r[5] * depth + motion.T.y;
            pz = r[6] * X + r[7] * Y + r[8] * depth + motion.T.z;
        } else {
            px = r[0] * nx + r[1] * ny + r[2];
            py = r[3] * nx + r[4] * ny + r[5];
            pz = r[6] * nx + r[7] * ny + r[8];
        }
        if (!(pz > NEAR * (depth > 0 ? depth : 1)))
            return false;
        if (camera.hasDistortion())
            camera.normalizedToPixel(px / pz, py / pz, out);
        else
            out.setTo(camera.fx * px / pz + camera.cx, camera.fy * py / pz + camera.cy);
        return true;
    }

    /** Whether bilinear interpolation at (x, y) needs no pixel outside the image (and no clamping). */
    private static boolean inside(double x, double y, int w, int h) {
        return x >= 0 && y >= 0 && x < w - 1 && y < h - 1;
    }

    /** Bilinear interpolation at (x, y), pixel centres at integers, for (x, y) {@link #inside} the image. */
    private static double interior(float[] image, int w, double x, double y) {
        int ix = (int) x, iy = (int) y;
        double fx = x - ix, fy = y - iy;
        int p = iy * w + ix;
        double top = image[p] + fx * (image[p + 1] - image[p]);
        double bottom = image[p + w] + fx * (image[p + w + 1] - image[p + w]);
        return top + fy * (bottom - top);
    }

    /** Bilinear interpolation at (x, y), pixel centres at integers, the border replicated outside the image. */
    private static double bilinear(float[] image, int w, int h, double x, double y) {
        if (x < 0) x = 0;
        else if (x > w - 1) x = w - 1;
        if (y < 0) y = 0;
        else if (y > h - 1) y = h - 1;
        int ix = Math.min((int) x, w - 2), iy = Math.min((int) y, h - 2);
        double fx = x - ix, fy = y - iy;
        int p = iy * w + ix;
        double top = image[p] + fx * (image[p + 1] - image[p]);
        double bottom = image[p + w] + fx * (image[p + w + 1] - image[p + w]);
        return top + fy * (bottom - top);
    }
}
