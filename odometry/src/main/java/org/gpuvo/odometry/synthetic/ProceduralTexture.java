package org.gpuvo.odometry.synthetic;

import java.util.Arrays;

/**
 * Grey-level surface texture as a pure function of a seed and a metric position on the surface, so that detail
 * density is physical and adjacent tiles of one surface join without a seam. It is rich in corners at many scales
 * and has no period:
 * <ul>
 * <li>value noise (K. Perlin's lattice interpolation with the quintic fade of "Improving Noise", SIGGRAPH 2002, on
 * hashed lattice values) in six octaves from 2.4 m to 7.5 cm, for smooth shading at every scale;</li>
 * <li>over it, six layers of shapes from coarse to fine (cells of 1.6 m down to 5 cm): in each cell of a layer's
 * grid, with some probability, one rotated rectangle, disc or triangle of random size, position and grey level,
 * painted over what is below. Their corners and blobs are what FAST and Harris respond to; random placement
 * (jittered cells) keeps repetition out.</li>
 * </ul>
 * Shapes are anti-aliased by their signed distance (coverage {@code clamp(0.5 + d/texel)}), so edges are located to
 * a fraction of a texel.
 */
final class ProceduralTexture {
    private static final double[] NOISE_WAVELENGTHS = {2.4, 1.2, 0.6, 0.3, 0.15, 0.075};
    private static final float[] NOISE_AMPLITUDES = {42, 30, 22, 15, 10, 7};
    private static final double[] SHAPE_CELLS = {1.6, 0.8, 0.4, 0.2, 0.1, 0.05};
    private static final double SHAPE_PRESENCE = 0.55;
    private static final long SHAPE_SALT = 0x5A17E5L;

    private ProceduralTexture() {
    }

    /** The texture of {@code seed} as a pattern. */
    static TexturePattern pattern(long seed) {
        return (x0, y0, nx, ny, texel) -> generate(seed, x0, y0, nx, ny, texel);
    }

    /**
     * Texels of the region whose texel (0, 0) has its lower corner at ({@code x0}, {@code y0}) metres: texel
     * (i, j) covers [x0 + i·texel, x0 + (i+1)·texel) × [y0 + j·texel, ...). Values are in [0, 255], row-major.
     */
    static float[] generate(long seed, double x0, double y0, int nx, int ny, double texel) {
        float[] out = new float[nx * ny];
        Arrays.fill(out, 128f);
        for (int octave = 0; octave < NOISE_WAVELENGTHS.length; octave++)
            addValueNoise(out, seed, octave, NOISE_WAVELENGTHS[octave], NOISE_AMPLITUDES[octave], x0, y0, nx, ny,
                    texel);
        for (int layer = 0; layer < SHAPE_CELLS.length; layer++)
            paintShapes(out, seed ^ SHAPE_SALT, layer, x0, y0, nx, ny, texel);
        for (int i = 0; i < out.length; i++)
            out[i] = Math.max(0f, Math.min(255f, out[i]));
        return out;
    }

    /**
     * Adds value noise of wavelength {@code lambda} metres and values in [-amplitude, amplitude] to the texels of
     * a region (laid out as in {@link #generate}); {@code octave} picks the lattice values of the seed.
     */
    static void addValueNoise(float[] out, long seed, int octave, double lambda, float amplitude, double x0,
                              double y0, int nx, int ny, double texel) {
        int gx0 = (int) Math.floor(x0 / lambda), gx1 = (int) Math.floor((x0 + nx * texel) / lambda) + 1;
        int gy0 = (int) Math.floor(y0 / lambda), gy1 = (int) Math.floor((y0 + ny * texel) / lambda) + 1;
        int lw = gx1 - gx0 + 1, lh = gy1 - gy0 + 1;
        float[] lattice = new float[lw * lh];
        for (int j = 0; j < lh; j++)
            for (int i = 0; i < lw; i++)
                lattice[j * lw + i] = (float) (2 * Hashing.unit(Hashing.hash(seed, octave, gx0 + i, gy0 + j), 0) - 1);
        int[] cellX = new int[nx];
        float[] fadeX = new float[nx];
        for (int i = 0; i < nx; i++) {
            double g = (x0 + (i + 0.5) * texel) / lambda;
            double floor = Math.floor(g);
            cellX[i] = (int) floor - gx0;
            fadeX[i] = (float) fade(g - floor);
        }
        for (int j = 0; j < ny; j++) {
            double g = (y0 + (j + 0.5) * texel) / lambda;
            double floor = Math.floor(g);
            int row = ((int) floor - gy0) * lw;
            float wy = (float) fade(g - floor);
            int o = j * nx;
            for (int i = 0; i < nx; i++) {
                int p = row + cellX[i];
                float wx = fadeX[i];
                float top = lattice[p] + wx * (lattice[p + 1] - lattice[p]);
                float bottom = lattice[p + lw] + wx * (lattice[p + lw + 1] - lattice[p + lw]);
                out[o + i] += amplitude * (top + wy * (bottom - top));
            }
        }
    }

    /** Perlin's quintic fade 6t^5 - 15t^4 + 10t^3: C2 continuous lattice interpolation. */
    private static double fade(double t) {
        return t * t * t * (t * (t * 6 - 15) + 10);
    }

    private static void paintShapes(float[] out, long seed, int layer, double x0, double y0, int nx, int ny,
                                    double texel) {
        double cell = SHAPE_CELLS[layer];
        // a shape's centre lies in its cell and its extent is below 0.7 cell: one cell of margin finds them all
        int ci0 = (int) Math.floor(x0 / cell) - 1, ci1 = (int) Math.floor((x0 + nx * texel) / cell) + 1;
        int cj0 = (int) Math.floor(y0 / cell) - 1, cj1 = (int) Math.floor((y0 + ny * texel) / cell) + 1;
        double[] halfPlanes = new double[12];
        for (int cj = cj0; cj <= cj1; cj++) {
            for (int ci = ci0; ci <= ci1; ci++) {
                long h = Hashing.hash(seed, layer, ci, cj);
                if (Hashing.unit(h, 0) >= SHAPE_PRESENCE)
                    continue;
                double cx = (ci + Hashing.unit(h, 1)) * cell;
                double cy = (cj + Hashing.unit(h, 2)) * cell;
                float grey = (float) (255 * Hashing.unit(h, 3));
                double kind = Hashing.unit(h, 4);
                double angle = Math.PI * 2 * Hashing.unit(h, 5);
                double radius;
                int edges;
                if (kind < 0.55) { // rotated rectangle: four half-planes
                    double hx = cell * Hashing.uniform(h, 6, 0.1, 0.45), hy = cell * Hashing.uniform(h, 7, 0.1, 0.45);
                    double c = Math.cos(angle), s = Math.sin(angle);
                    setHalfPlane(halfPlanes, 0, c, s, cx, cy, hx);
                    setHalfPlane(halfPlanes, 1, -c, -s, cx, cy, hx);
                    setHalfPlane(halfPlanes, 2, -s, c, cx, cy, hy);
                    setHalfPlane(halfPlanes, 3, s, -c, cx, cy, hy);
                    edges = 4;
                    radius = Math.sqrt(hx * hx + hy * hy);
                } else if (kind < 0.8) { // disc
                    paintDisc(out, cx, cy, cell * Hashing.uniform(h, 6, 0.1, 0.35), grey, x0, y0, nx, ny, texel);
                    continue;
                } else { // triangle: three half-planes through vertices at increasing random angles
                    double r = cell * Hashing.uniform(h, 6, 0.2, 0.5);
                    double a0 = angle, a1 = a0 + Hashing.uniform(h, 7, 1.2, 2.6);
                    double a2 = Math.min(a1 + Hashing.uniform(h, 8, 1.2, 2.6), a0 + 2 * Math.PI - 0.6);
                    double[] vx = {cx + r * Math.cos(a0), cx + r * Math.cos(a1), cx + r * Math.cos(a2)};
                    double[] vy = {cy + r * Math.sin(a0), cy + r * Math.sin(a1), cy + r * Math.sin(a2)};
                    for (int e = 0; e < 3; e++) {
                        int f = (e + 1) % 3;
                        double ex = vx[f] - vx[e], ey = vy[f] - vy[e], len = Math.hypot(ex, ey);
                        // counter-clockwise vertices: the inside is on the left of each edge
                        double ax = -ey / len, ay = ex / len;
                        halfPlanes[3 * e] = ax;
                        halfPlanes[3 * e + 1] = ay;
                        halfPlanes[3 * e + 2] = ax * vx[e] + ay * vy[e];
                    }
                    edges = 3;
                    radius = r;
                }
                paintPolygon(out, halfPlanes, edges, cx, cy, radius, grey, x0, y0, nx, ny, texel);
            }
        }
    }

    /** Half-plane {@code k} of a box: inside where (a, b)·(p - c) >= -half, stored as a·x + b·y >= a·cx + b·cy - half. */
    private static void setHalfPlane(double[] planes, int k, double a, double b, double cx, double cy, double half) {
        planes[3 * k] = a;
        planes[3 * k + 1] = b;
        planes[3 * k + 2] = a * cx + b * cy - half;
    }

    /**
     * Paints the convex polygon given as inward half-planes (a, b, c): inside where a·x + b·y >= c, with (a, b) unit.
     * Its signed distance is the smallest of a·x + b·y - c.
     */
    private static void paintPolygon(float[] out, double[] planes, int count, double cx, double cy, double radius,
                                     float grey, double x0, double y0, int nx, int ny, double texel) {
        int i0 = Math.max(0, (int) Math.floor((cx - radius - x0) / texel) - 1);
        int i1 = Math.min(nx - 1, (int) Math.floor((cx + radius - x0) / texel) + 1);
        int j0 = Math.max(0, (int) Math.floor((cy - radius - y0) / texel) - 1);
        int j1 = Math.min(ny - 1, (int) Math.floor((cy + radius - y0) / texel) + 1);
        double invTexel = 1 / texel;
        for (int j = j0; j <= j1; j++) {
            double py = y0 + (j + 0.5) * texel;
            for (int i = i0; i <= i1; i++) {
                double px = x0 + (i + 0.5) * texel;
                double d = Double.POSITIVE_INFINITY;
                for (int k = 0; k < count; k++)
                    d = Math.min(d, planes[3 * k] * px + planes[3 * k + 1] * py - planes[3 * k + 2]);
                blend(out, j * nx + i, grey, 0.5 + d * invTexel);
            }
        }
    }

    /** Paints a disc (anti-aliased by its signed distance) over the texels of a region laid out as in generate. */
    static void paintDisc(float[] out, double cx, double cy, double radius, float grey, double x0, double y0,
                          int nx, int ny, double texel) {
        int i0 = Math.max(0, (int) Math.floor((cx - radius - x0) / texel) - 1);
        int i1 = Math.min(nx - 1, (int) Math.floor((cx + radius - x0) / texel) + 1);
        int j0 = Math.max(0, (int) Math.floor((cy - radius - y0) / texel) - 1);
        int j1 = Math.min(ny - 1, (int) Math.floor((cy + radius - y0) / texel) + 1);
        double invTexel = 1 / texel;
        for (int j = j0; j <= j1; j++) {
            double dy = y0 + (j + 0.5) * texel - cy;
            for (int i = i0; i <= i1; i++) {
                double dx = x0 + (i + 0.5) * texel - cx;
                blend(out, j * nx + i, grey, 0.5 + (radius - Math.sqrt(dx * dx + dy * dy)) * invTexel);
            }
        }
    }

    /**
     * Paints the axis-aligned rectangle [xa, xb] × [ya, yb] (anti-aliased by its signed distance) over the texels of
     * a region laid out as in {@link #generate}.
     */
    static void paintRectangle(float[] out, double xa, double ya, double xb, double yb, float grey, double x0,
                               double y0, int nx, int ny, double texel) {
        int i0 = Math.max(0, (int) Math.floor((xa - x0) / texel) - 1);
        int i1 = Math.min(nx - 1, (int) Math.floor((xb - x0) / texel) + 1);
        int j0 = Math.max(0, (int) Math.floor((ya - y0) / texel) - 1);
        int j1 = Math.min(ny - 1, (int) Math.floor((yb - y0) / texel) + 1);
        double invTexel = 1 / texel;
        for (int j = j0; j <= j1; j++) {
            double py = y0 + (j + 0.5) * texel, dy = Math.min(py - ya, yb - py);
            for (int i = i0; i <= i1; i++) {
                double px = x0 + (i + 0.5) * texel;
                blend(out, j * nx + i, grey, 0.5 + Math.min(dy, Math.min(px - xa, xb - px)) * invTexel);
            }
        }
    }

    private static void blend(float[] out, int index, float grey, double coverage) {
        if (coverage <= 0)
            return;
        float a = coverage >= 1 ? 1f : (float) coverage;
        out[index] += a * (grey - out[index]);
    }
}
