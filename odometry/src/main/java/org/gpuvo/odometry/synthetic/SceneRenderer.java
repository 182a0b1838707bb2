package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.point.Vector3D_F64;
import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.CameraModel;

import java.util.List;
import java.util.stream.IntStream;

/**
 * Renders a {@link Scene} as seen by a {@link CameraModel} at a given pose: grey levels (before any sensor effect)
 * and the exact depth along the optical axis.
 *
 * <p>A pixel's value is that of the surface point its centre's ray meets, which makes the image geometrically
 * exact: for the ray {@code d = (x, y, 1)} (normalized coordinates of the pixel, undistorted through the camera's
 * lens model when it has one) and a face with normal N, corner O and axes U, V in the camera frame, the hit lies
 * at depth {@code z = N·O / N·d} and at face coordinates {@code s = z·U·d - U·O}, {@code t = z·V·d - V·O}. The
 * inverse depth {@code N·d / N·O} is affine in the ray, so the nearest face of each pixel centre is found as in a
 * z-buffer, but with the exact intersection (no interpolation): each front-facing face is tested over the bounding
 * box of its projection, keeping the largest inverse depth whose (s, t) lies on the face.
 *
 * <p>Anti-aliasing, for precise feature locations: texture is filtered over the pixel's footprint by trilinear
 * mip-mapping (Williams 1983), the level chosen from the exact derivatives of (s, t) with respect to the pixel;
 * pixels on the silhouette of a face (a neighbour sees another face) are supersampled 3×3 among the faces seen
 * around them, each sample filtered over its own smaller footprint.
 *
 * <p>A pixel that sees no face shows the sky: a uniform grey, or the scene's gradient with the elevation of the
 * pixel's line of sight in the world (so that it moves with the camera's rotation only, as a sky at infinity does).
 *
 * <p>Work is split in bands of rows; each band's result depends only on the scene, so rendering in parallel gives
 * the same bits as rendering on one thread. An instance keeps its buffers and is not thread safe.
 */
final class SceneRenderer {
    private static final double NEAR = 0.05;
    private static final int EDGE_SAMPLES = 3;
    private static final int BAND_ROWS = 32;
    // per-face coefficients in the camera frame, divided as noted: stride C
    private static final int NX = 0, NY = 1, NZ = 2; // N / (N·O): inverse depth = NX·x + NY·y + NZ
    private static final int UX = 3, UY = 4, UZ = 5, UO = 6, UO_W = 7; // U, U·O, U·O + width
    private static final int VX = 8, VY = 9, VZ = 10, VO = 11, VO_H = 12; // V, V·O, V·O + height
    private static final int INV_TEXEL = 13;
    private static final int C = 14;
    private static final double[] INVERSE_POWERS_OF_TWO = new double[64];

    static {
        for (int l = 0; l < 64; l++)
            INVERSE_POWERS_OF_TWO[l] = Math.scalb(1.0, -l);
    }

    private final Scene scene;
    private final CameraModel camera;
    private final int w, h;
    private final boolean distorted;
    private final double invFx, invFy;
    /** Normalized ray of each pixel centre: pinhole rayX[x], rayY[y]; with distortion rayX[i], rayY[i]. */
    private final double[] rayX, rayY;
    private final double[] inverseDepth;
    private final int[] faceAt;
    private final boolean parallel;

    /** World z of the camera's x, y and z axes, for the elevation of a line of sight. */
    private double upX, upY, upZ;
    private int active;
    private double[] coef = new double[0];
    private int[] bounds = new int[0];
    /** Per active face, its texture and the levels fetched from it this frame (null until first needed). */
    private MipTexture[] textures = new MipTexture[0];
    private MipTexture.Level[][] levels = new MipTexture.Level[0][];

    SceneRenderer(Scene scene, CameraModel camera, boolean parallel) {
        this.scene = scene;
        this.camera = camera;
        this.parallel = parallel;
        this.w = camera.width;
        this.h = camera.height;
        this.distorted = camera.hasDistortion();
        this.invFx = 1 / camera.fx;
        this.invFy = 1 / camera.fy;
        if (distorted) {
            rayX = new double[w * h];
            rayY = new double[w * h];
            Point2D_F64 p = new Point2D_F64();
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    camera.pixelToNormalized(x, y, p);
                    rayX[y * w + x] = p.x;
                    rayY[y * w + x] = p.y;
                }
        } else {
            rayX = new double[w];
            rayY = new double[h];
            for (int x = 0; x < w; x++)
                rayX[x] = (x - camera.cx) * invFx;
            for (int y = 0; y < h; y++)
                rayY[y] = (y - camera.cy) * invFy;
        }
        inverseDepth = new double[w * h];
        faceAt = new int[w * h];
    }

    CameraModel camera() {
        return camera;
    }

    /**
     * Renders the view from {@code cameraToWorld} into {@code intensity} (grey levels, 0..255) and {@code depth}
     * (metres along the optical axis, 0 where no face is seen); either may be null.
     */
    void render(Se3_F64 cameraToWorld, float[] intensity, float[] depth) {
        prepareFaces(cameraToWorld);
        int bands = (h + BAND_ROWS - 1) / BAND_ROWS;
        forEachBand(bands, band -> findVisibleFaces(band * BAND_ROWS, Math.min(h, (band + 1) * BAND_ROWS)));
        forEachBand(bands, band -> shade(band * BAND_ROWS, Math.min(h, (band + 1) * BAND_ROWS), intensity, depth));
    }

    private void forEachBand(int bands, java.util.function.IntConsumer work) {
        if (parallel)
            IntStream.range(0, bands).parallel().forEach(work);
        else
            for (int band = 0; band < bands; band++)
                work.accept(band);
    }

    /** Transforms every face into the camera frame, culls those facing away or out of view, bounds the rest. */
    private void prepareFaces(Se3_F64 cameraToWorld) {
        List<Face> faces = scene.faces();
        if (coef.length < faces.size() * C) {
            coef = new double[faces.size() * C];
            bounds = new int[faces.size() * 4];
            textures = new MipTexture[faces.size()];
            levels = new MipTexture.Level[faces.size()][];
        }
        active = 0;
        double[] r = cameraToWorld.R.data;
        upX = r[6];
        upY = r[7];
        upZ = r[8];
        Vector3D_F64 t = cameraToWorld.T;
        double[] o = new double[3], u = new double[3], v = new double[3], n = new double[3];
        double[] polygon = new double[3 * 8], corner = new double[3];
        for (Face face : faces) {
            Point3D_F64 origin = face.origin();
            // world to camera: R^T (p - T)
            toCamera(r, origin.x - t.x, origin.y - t.y, origin.z - t.z, o);
            Vector3D_F64 a = face.axisU(), b = face.axisV(), nn = face.normal();
            toCamera(r, a.x, a.y, a.z, u);
            toCamera(r, b.x, b.y, b.z, v);
            toCamera(r, nn.x, nn.y, nn.z, n);
            double nDotO = n[0] * o[0] + n[1] * o[1] + n[2] * o[2];
            if (!(nDotO < -1e-12))
                continue; // the camera is behind the face or in its plane
            int count = 0;
            for (int k = 0; k < 4; k++) {
                double su = (k == 1 || k == 2) ? face.width : 0, tv = k >= 2 ? face.height : 0;
                corner[0] = o[0] + su * u[0] + tv * v[0];
                corner[1] = o[1] + su * u[1] + tv * v[1];
                corner[2] = o[2] + su * u[2] + tv * v[2];
                System.arraycopy(corner, 0, polygon, 3 * k, 3);
                count++;
            }
            double[] clipped = clipNear(polygon, count);
            if (clipped.length == 0)
                continue;
            int x0 = 0, x1 = w - 1, y0 = 0, y1 = h - 1;
            if (!distorted) {
                double minU = Double.POSITIVE_INFINITY, maxU = Double.NEGATIVE_INFINITY;
                double minV = Double.POSITIVE_INFINITY, maxV = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < clipped.length; k += 3) {
                    double pu = camera.fx * clipped[k] / clipped[k + 2] + camera.cx;
                    double pv = camera.fy * clipped[k + 1] / clipped[k + 2] + camera.cy;
                    minU = Math.min(minU, pu);
                    maxU = Math.max(maxU, pu);
                    minV = Math.min(minV, pv);
                    maxV = Math.max(maxV, pv);
                }
                x0 = (int) Math.max(0, Math.floor(minU) - 1);
                x1 = (int) Math.min(w - 1, Math.ceil(maxU) + 1);
                y0 = (int) Math.max(0, Math.floor(minV) - 1);
                y1 = (int) Math.min(h - 1, Math.ceil(maxV) + 1);
                if (x0 > x1 || y0 > y1)
                    continue;
            }
            int c = active * C;
            coef[c + NX] = n[0] / nDotO;
            coef[c + NY] = n[1] / nDotO;
            coef[c + NZ] = n[2] / nDotO;
            double uo = u[0] * o[0] + u[1] * o[1] + u[2] * o[2];
            double vo = v[0] * o[0] + v[1] * o[1] + v[2] * o[2];
            coef[c + UX] = u[0];
            coef[c + UY] = u[1];
            coef[c + UZ] = u[2];
            coef[c + UO] = uo;
            coef[c + UO_W] = uo + face.width;
            coef[c + VX] = v[0];
            coef[c + VY] = v[1];
            coef[c + VZ] = v[2];
            coef[c + VO] = vo;
            coef[c + VO_H] = vo + face.height;
            coef[c + INV_TEXEL] = 1 / face.texture.texel;
            bounds[4 * active] = x0;
            bounds[4 * active + 1] = x1;
            bounds[4 * active + 2] = y0;
            bounds[4 * active + 3] = y1;
            textures[active] = face.texture;
            levels[active] = new MipTexture.Level[face.texture.levels()];
            active++;
        }
    }

    private static void toCamera(double[] r, double x, double y, double z, double[] out) {
        out[0] = r[0] * x + r[3] * y + r[6] * z;
        out[1] = r[1] * x + r[4] * y + r[7] * z;
        out[2] = r[2] * x + r[5] * y + r[8] * z;
    }

    /** The part of a convex polygon in front of the near plane (Sutherland–Hodgman against z = NEAR). */
    private static double[] clipNear(double[] polygon, int count) {
        double[] out = new double[3 * (count + 1)];
        int m = 0;
        for (int k = 0; k < count; k++) {
            int a = 3 * k, b = 3 * ((k + 1) % count);
            boolean inA = polygon[a + 2] >= NEAR, inB = polygon[b + 2] >= NEAR;
            if (inA) {
                System.arraycopy(polygon, a, out, 3 * m, 3);
                m++;
            }
            if (inA != inB) {
                double f = (NEAR - polygon[a + 2]) / (polygon[b + 2] - polygon[a + 2]);
                for (int d = 0; d < 3; d++)
                    out[3 * m + d] = polygon[a + d] + f * (polygon[b + d] - polygon[a + d]);
                out[3 * m + 2] = NEAR;
                m++;
            }
        }
        return java.util.Arrays.copyOf(out, 3 * m);
    }

    /** Nearest face at every pixel centre of rows [rowBegin, rowEnd). */
    private void findVisibleFaces(int rowBegin, int rowEnd) {
        java.util.Arrays.fill(inverseDepth, rowBegin * w, rowEnd * w, 0.0);
        java.util.Arrays.fill(faceAt, rowBegin * w, rowEnd * w, -1);
        for (int f = 0; f < active; f++) {
            int x0 = bounds[4 * f], x1 = bounds[4 * f + 1];
            int y0 = Math.max(rowBegin, bounds[4 * f + 2]), y1 = Math.min(rowEnd - 1, bounds[4 * f + 3]);
            int c = f * C;
            double nx = coef[c + NX], ny = coef[c + NY], nz = coef[c + NZ];
            double ux = coef[c + UX], uy = coef[c + UY], uz = coef[c + UZ], uo = coef[c + UO], uoW = coef[c + UO_W];
            double vx = coef[c + VX], vy = coef[c + VY], vz = coef[c + VZ], vo = coef[c + VO], voH = coef[c + VO_H];
            for (int y = y0; y <= y1; y++) {
                int row = y * w;
                if (distorted) {
                    for (int x = x0; x <= x1; x++) {
                        int i = row + x;
                        double rx = rayX[i], ry = rayY[i];
                        double iz = nx * rx + ny * ry + nz;
                        if (iz > inverseDepth[i] && onFace(rx, ry, iz, ux, uy, uz, uo, uoW, vx, vy, vz, vo, voH)) {
                            inverseDepth[i] = iz;
                            faceAt[i] = f;
                        }
                    }
                } else {
                    double ry = rayY[y];
                    double izRow = ny * ry + nz, sRow = uy * ry + uz, tRow = vy * ry + vz;
                    for (int x = x0; x <= x1; x++) {
                        int i = row + x;
                        double rx = rayX[x];
                        double iz = nx * rx + izRow;
                        if (iz > inverseDepth[i]) {
                            // s = (U·d)/iz - U·O in [0, width], multiplied through by iz > 0
                            double sn = ux * rx + sRow;
                            if (sn >= uo * iz && sn <= uoW * iz) {
                                double tn = vx * rx + tRow;
                                if (tn >= vo * iz && tn <= voH * iz) {
                                    inverseDepth[i] = iz;
                                    faceAt[i] = f;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static boolean onFace(double rx, double ry, double iz, double ux, double uy, double uz, double uo,
                                  double uoW, double vx, double vy, double vz, double vo, double voH) {
        double sn = ux * rx + uy * ry + uz;
        if (sn < uo * iz || sn > uoW * iz)
            return false;
        double tn = vx * rx + vy * ry + vz;
        return tn >= vo * iz && tn <= voH * iz;
    }

    private void shade(int rowBegin, int rowEnd, float[] intensity, float[] depth) {
        float sky = scene.skyLevel();
        int[] candidates = new int[9];
        for (int y = rowBegin; y < rowEnd; y++) {
            int up = y > 0 ? -w : 0, down = y < h - 1 ? w : 0;
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                int f = faceAt[i];
                double z = f >= 0 ? 1 / inverseDepth[i] : 0;
                if (depth != null)
                    depth[i] = (float) z;
                if (intensity == null)
                    continue;
                double rx = distorted ? rayX[i] : rayX[x], ry = distorted ? rayY[i] : rayY[y];
                int left = x > 0 ? -1 : 0, right = x < w - 1 ? 1 : 0;
                boolean silhouette = faceAt[i + left] != f | faceAt[i + right] != f
                        | faceAt[i + up + left] != f | faceAt[i + up] != f | faceAt[i + up + right] != f
                        | faceAt[i + down + left] != f | faceAt[i + down] != f | faceAt[i + down + right] != f;
                if (silhouette)
                    intensity[i] = (float) supersample(x, y, rx, ry, candidates,
                            silhouetteCandidates(x, y, candidates), sky);
                else
                    intensity[i] = f >= 0 ? (float) sample(f, rx, ry, z, 1) : (float) sky(sky, rx, ry);
            }
        }
    }

    /** The distinct faces (and -1 for the sky) seen at the 3×3 pixel centres around (x, y). */
    private int silhouetteCandidates(int x, int y, int[] out) {
        int count = 0;
        for (int yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
            for (int xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
                int f = faceAt[yy * w + xx];
                boolean seen = false;
                for (int k = 0; k < count; k++)
                    seen |= out[k] == f;
                if (!seen)
                    out[count++] = f;
            }
        return count;
    }

    /** Mean of EDGE_SAMPLES² samples spread evenly over the pixel, each on the nearest candidate face. */
    private double supersample(int x, int y, double rx, double ry, int[] candidates, int count, float sky) {
        double jxx, jxy, jyx, jyy; // ray change per pixel step in x and in y
        if (distorted) {
            int xa = Math.max(0, x - 1), xb = Math.min(w - 1, x + 1), ya = Math.max(0, y - 1), yb = Math.min(h - 1, y + 1);
            jxx = (rayX[y * w + xb] - rayX[y * w + xa]) / (xb - xa);
            jxy = (rayY[y * w + xb] - rayY[y * w + xa]) / (xb - xa);
            jyx = (rayX[yb * w + x] - rayX[ya * w + x]) / (yb - ya);
            jyy = (rayY[yb * w + x] - rayY[ya * w + x]) / (yb - ya);
        } else {
            jxx = invFx;
            jxy = 0;
            jyx = 0;
            jyy = invFy;
        }
        double sum = 0;
        for (int b = 0; b < EDGE_SAMPLES; b++) {
            double oy = (b + 0.5) / EDGE_SAMPLES - 0.5;
            for (int a = 0; a < EDGE_SAMPLES; a++) {
                double ox = (a + 0.5) / EDGE_SAMPLES - 0.5;
                double sx = rx + ox * jxx + oy * jyx, sy = ry + ox * jxy + oy * jyy;
                int best = -1;
                double bestIz = 0;
                for (int k = 0; k < count; k++) {
                    int f = candidates[k];
                    if (f < 0)
                        continue;
                    int c = f * C;
                    double iz = coef[c + NX] * sx + coef[c + NY] * sy + coef[c + NZ];
                    if (iz > bestIz && onFace(sx, sy, iz, coef[c + UX], coef[c + UY], coef[c + UZ], coef[c + UO],
                            coef[c + UO_W], coef[c + VX], coef[c + VY], coef[c + VZ], coef[c + VO], coef[c + VO_H])) {
                        best = f;
                        bestIz = iz;
                    }
                }
                sum += best >= 0 ? sample(best, sx, sy, 1 / bestIz, 1.0 / EDGE_SAMPLES) : sky(sky, sx, sy);
            }
        }
        return sum / (EDGE_SAMPLES * EDGE_SAMPLES);
    }

    /** The sky seen along ray (rx, ry, 1): {@code uniform}, the scene's uniform sky level, if it has one. */
    private double sky(float uniform, double rx, double ry) {
        if (scene.uniformSky())
            return uniform;
        return scene.skyLevel((upX * rx + upY * ry + upZ) / Math.sqrt(rx * rx + ry * ry + 1));
    }

    /**
     * The texture of face {@code f} at the hit of ray (rx, ry, 1) at depth {@code z}, filtered over a footprint of
     * {@code footprint} pixels.
     */
    private double sample(int f, double rx, double ry, double z, double footprint) {
        int c = f * C;
        double ux = coef[c + UX], uy = coef[c + UY], vx = coef[c + VX], vy = coef[c + VY];
        double sz = (ux * rx + uy * ry + coef[c + UZ]) * z; // s + U·O
        double tz = (vx * rx + vy * ry + coef[c + VZ]) * z; // t + V·O
        double invTexel = coef[c + INV_TEXEL];
        // derivatives of (s, t) per pixel, from d(U·d / N'·d) with the ray moving 1/fx (1/fy) per pixel
        double nx = coef[c + NX], ny = coef[c + NY];
        double su = (ux - sz * nx) * z * invFx, tu = (vx - tz * nx) * z * invFx;
        double sv = (uy - sz * ny) * z * invFy, tv = (vy - tz * ny) * z * invFy;
        double scale = footprint * invTexel;
        double rho2 = Math.max(su * su + tu * tu, sv * sv + tv * tv) * scale * scale;
        return trilinear(f, (sz - coef[c + UO]) * invTexel, (tz - coef[c + VO]) * invTexel, rho2);
    }

    /**
     * Trilinear mip-map sample at (X, Y) level-0 texel units (texel edges at integers) for a footprint of
     * sqrt(rho2) level-0 texels. The level is log2 of the footprint, its fraction taken from the mantissa (a
     * piecewise-linear log2, exact at powers of two and monotonic).
     */
    private double trilinear(int f, double X, double Y, double rho2) {
        if (rho2 <= 1) {
            MipTexture.Level t = level(f, 0);
            return bilinear(t.data, t.width, t.height, X - 0.5, Y - 0.5);
        }
        long bits = Double.doubleToRawLongBits(rho2);
        int e = (int) (bits >>> 52) - 1023; // rho2 > 1: positive and normal
        double mantissa = Double.longBitsToDouble((bits & 0x000FFFFFFFFFFFFFL) | 0x3FF0000000000000L);
        double level = 0.5 * (e + mantissa - 1);
        int l = (int) level;
        int last = levels[f].length - 1;
        if (l >= last) {
            MipTexture.Level t = level(f, last);
            double k = INVERSE_POWERS_OF_TWO[last];
            return bilinear(t.data, t.width, t.height, X * k - 0.5, Y * k - 0.5);
        }
        double frac = level - l, k = INVERSE_POWERS_OF_TWO[l], k2 = 0.5 * k;
        MipTexture.Level t = level(f, l), t2 = level(f, l + 1);
        double a = bilinear(t.data, t.width, t.height, X * k - 0.5, Y * k - 0.5);
        double b = bilinear(t2.data, t2.width, t2.height, X * k2 - 0.5, Y * k2 - 0.5);
        return a + frac * (b - a);
    }

    /**
     * Level {@code l} of active face {@code f}, generated on first need: textures of faces in view but hidden, or
     * levels a face does not need at its distance, are never made. (Threads of a parallel render may both fetch
     * it; they get the same immutable level.)
     */
    private MipTexture.Level level(int f, int l) {
        MipTexture.Level t = levels[f][l];
        if (t == null)
            levels[f][l] = t = textures[f].level(l);
        return t;
    }

    /** Bilinear interpolation at (X, Y) in texel-centre units, clamped to the texture. */
    private static double bilinear(byte[] d, int tw, int th, double X, double Y) {
        if (X < 0) X = 0;
        else if (X > tw - 1) X = tw - 1;
        if (Y < 0) Y = 0;
        else if (Y > th - 1) Y = th - 1;
        int ix = (int) X, iy = (int) Y;
        if (ix > tw - 2) ix = tw - 2;
        if (iy > th - 2) iy = th - 2;
        double ax = X - ix, ay = Y - iy;
        int p = iy * tw + ix;
        double p00 = d[p] & 0xFF, p10 = d[p + 1] & 0xFF, p01 = d[p + tw] & 0xFF, p11 = d[p + tw + 1] & 0xFF;
        double top = p00 + ax * (p10 - p00), bottom = p01 + ax * (p11 - p01);
        return top + ay * (bottom - top);
    }
}
