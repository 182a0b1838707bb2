package org.gpuvo.odometry.synthetic;

import java.util.Arrays;

/**
 * The surfaces of the {@link HighwayScene}, as {@link TexturePattern}s: large uniform areas with fine, weak grain and
 * few corners, as a motorway's are, unlike the corner-rich {@link ProceduralTexture}. Noise is
 * {@link ProceduralTexture#addValueNoise value noise} whose octaves finer than two texels fade out (their mean is 0:
 * the mip-map's box filter would average them away), so that every texel size shows the same surface. Edges are
 * anti-aliased by their signed distance, as the procedural texture's are.
 */
final class HighwayTextures {
    // the road across, in metres from the centre line, the same on both carriageways
    static final double BARRIER_HALF = 0.3, INNER_EDGE = 1.5, LANE = 3.75;
    static final int LANES = 3;
    static final double OUTER_EDGE = INNER_EDGE + LANES * LANE, SHOULDER_END = OUTER_EDGE + 2.5;
    static final double GRASS_START = SHOULDER_END + 1.25;
    /** Solid lines along the inner and outer edges, dashes between lanes: widths, dash length and period. */
    static final double EDGE_LINE = 0.25, LANE_LINE = 0.15, DASH = 3, DASH_PERIOD = 12;
    private static final float MEDIAN = 100, ASPHALT = 86, SHOULDER = 95, GRAVEL = 122, GRASS = 96, PAINT = 205;
    private static final double[] GRAIN_WAVELENGTHS = {0.5, 0.25, 0.12, 0.06};
    private static final float[] GRAIN_AMPLITUDES = {4, 4, 5, 6};
    /** Stones of the asphalt's aggregate: at most one per cell, of this radius; light or dark. */
    private static final double STONE_CELL = 0.08, STONE_PRESENCE = 0.35, STONE_MIN = 0.012, STONE_MAX = 0.025;
    private static final double[] FIELD_WAVELENGTHS = {6, 2.4, 1.0, 0.4, 0.15};
    private static final float[] FIELD_AMPLITUDES = {10, 8, 6, 4, 3};
    /** Road coordinates are found exactly on a grid of this many metres and interpolated bilinearly between. */
    private static final double ROAD_GRID = 1.0;
    private static final double PATCH_CELL = 30;

    private HighwayTextures() {
    }

    /**
     * The ground of the motorway in world coordinates (x, y): median, three lanes with worn wheel tracks and
     * repair patches, the hard shoulder, a gravel strip and grass beyond, on both sides of {@code line}, with
     * solid edge lines and dashed lane lines ({@value #DASH} m every {@value #DASH_PERIOD} m of arc length).
     */
    static TexturePattern road(long seed, Centerline line) {
        return (x0, y0, nx, ny, texel) -> {
            int gx = (int) Math.ceil(nx * texel / ROAD_GRID) + 2, gy = (int) Math.ceil(ny * texel / ROAD_GRID) + 2;
            double[] gridS = new double[gx * gy], gridD = new double[gx * gy], sd = new double[2];
            for (int j = 0; j < gy; j++)
                for (int i = 0; i < gx; i++) {
                    line.roadCoordinates(x0 + i * ROAD_GRID, y0 + j * ROAD_GRID, sd);
                    gridS[j * gx + i] = sd[0];
                    gridD[j * gx + i] = sd[1];
                }
            float[] grain = new float[nx * ny], field = new float[nx * ny], out = new float[nx * ny];
            noise(grain, seed, GRAIN_WAVELENGTHS, GRAIN_AMPLITUDES, x0, y0, nx, ny, texel);
            stones(grain, seed, x0, y0, nx, ny, texel);
            noise(field, seed ^ 0xF1E1DL, FIELD_WAVELENGTHS, FIELD_AMPLITUDES, x0, y0, nx, ny, texel);
            for (int j = 0; j < ny; j++) {
                double fy = (j + 0.5) * texel / ROAD_GRID;
                int cj = (int) fy;
                double ty = fy - cj;
                for (int i = 0; i < nx; i++) {
                    double fx = (i + 0.5) * texel / ROAD_GRID;
                    int ci = (int) fx, p = cj * gx + ci;
                    double tx = fx - ci;
                    double s = lerp(lerp(gridS[p], gridS[p + 1], tx), lerp(gridS[p + gx], gridS[p + gx + 1], tx), ty);
                    double d = lerp(lerp(gridD[p], gridD[p + 1], tx), lerp(gridD[p + gx], gridD[p + gx + 1], tx), ty);
                    int k = j * nx + i;
                    out[k] = (float) clamp(roadValue(seed, s, d, grain[k], field[k], texel), 0, 255);
                }
            }
            return out;
        };
    }

    /**
     * Adds the aggregate's stones, 1.2–2.5 cm discs 18–30 grey levels lighter or 12–20 darker, to {@code out}. They
     * are drawn on texels of up to 3 cm, fading out by 6 cm: on coarser ones they would be wider than they are (the
     * mip-map's box filter averages them away there instead).
     */
    private static void stones(float[] out, long seed, double x0, double y0, int nx, int ny, double texel) {
        double weight = clamp(0.06 / texel - 1, 0, 1);
        if (weight == 0)
            return;
        float[] layer = new float[nx * ny];
        long salted = seed ^ 0x570AEL;
        long lastRow = (long) Math.floor((y0 + ny * texel) / STONE_CELL) + 1;
        for (long cj = (long) Math.floor(y0 / STONE_CELL) - 1; cj <= lastRow; cj++)
            for (long ci = (long) Math.floor(x0 / STONE_CELL) - 1; ci <= Math.floor((x0 + nx * texel) / STONE_CELL) + 1;
                 ci++) {
                long h = Hashing.hash(salted, 0, ci, cj);
                if (Hashing.unit(h, 0) >= STONE_PRESENCE)
                    continue;
                float change = (float) (Hashing.unit(h, 4) < 0.6 ? Hashing.uniform(h, 5, 18, 30)
                        : -Hashing.uniform(h, 5, 12, 20));
                ProceduralTexture.paintDisc(layer, (ci + Hashing.unit(h, 1)) * STONE_CELL,
                        (cj + Hashing.unit(h, 2)) * STONE_CELL, Hashing.uniform(h, 3, STONE_MIN, STONE_MAX), change,
                        x0, y0, nx, ny, texel);
            }
        for (int i = 0; i < out.length; i++)
            out[i] += (float) (weight * layer[i]);
    }

    /** The ground at road coordinates (s, d) with the grain and field noise there, for a texel of {@code texel} m. */
    private static double roadValue(long seed, double s, double d, float grain, float field, double texel) {
        double a = Math.abs(d);
        int side = d < 0 ? 0 : 1;
        double lanes = step(a - INNER_EDGE, texel), shoulder = step(a - OUTER_EDGE, texel);
        double gravel = step(a - SHOULDER_END, texel), grass = step(a - GRASS_START, texel);
        double v = MEDIAN + lanes * (ASPHALT - MEDIAN) + shoulder * (SHOULDER - ASPHALT) + gravel * (GRAVEL - SHOULDER)
                + grass * (GRASS - GRAVEL);
        v += (1 - gravel) * grain + (gravel - grass) * 2.5 * grain + grass * (field + 0.3 * grain);
        if (a > INNER_EDGE && a < OUTER_EDGE) { // wheel tracks, darker, 0.85 m either side of the lane's middle
            double e = a - INNER_EDGE, off = e - (Math.floor(e / LANE) + 0.5) * LANE;
            v -= 7 * (Math.exp(-sq(off - 0.85) / (2 * 0.25 * 0.25)) + Math.exp(-sq(off + 0.85) / (2 * 0.25 * 0.25)));
        }
        if (a > INNER_EDGE - 0.5 && a < SHOULDER_END + 0.5)
            v += patches(seed, side, s, a, texel);
        // markings over everything
        double line = cover(EDGE_LINE / 2 - Math.abs(a - (INNER_EDGE - EDGE_LINE / 2)), texel)
                + cover(EDGE_LINE / 2 - Math.abs(a - (OUTER_EDGE + EDGE_LINE / 2)), texel);
        for (int k = 1; k < LANES; k++) {
            double across = cover(LANE_LINE / 2 - Math.abs(a - (INNER_EDGE + k * LANE)), texel);
            if (across > 0) {
                double u = s - side * DASH_PERIOD / 2 - DASH / 2;
                u -= DASH_PERIOD * Math.floor(u / DASH_PERIOD + 0.5);
                line += across * cover(DASH / 2 - Math.abs(u), texel);
            }
        }
        line = Math.min(1, line);
        return v + line * (PAINT + 0.5 * grain - v);
    }

    /**
     * Repair patches: in each cell of {@value #PATCH_CELL} m along a lane or the shoulder, with probability 0.3, a
     * rectangle of 1.2–8 m over part of its width, a little darker or lighter; the brightness change here.
     */
    private static double patches(long seed, int side, double s, double a, double texel) {
        int band = (int) Math.min(LANES, Math.max(0, Math.floor((a - INNER_EDGE) / LANE)));
        double lo = INNER_EDGE + band * LANE, width = band < LANES ? LANE : SHOULDER_END - OUTER_EDGE;
        double change = 0;
        long cell = (long) Math.floor(s / PATCH_CELL);
        for (long c = cell - 1; c <= cell; c++) {
            long h = Hashing.hash(seed ^ 0x9A7C4L, side * 8L + band, c, 0);
            if (Hashing.unit(h, 0) >= 0.3)
                continue;
            double s0 = c * PATCH_CELL + Hashing.uniform(h, 1, 0, PATCH_CELL - 8);
            double s1 = s0 + Hashing.uniform(h, 2, 1.2, 8);
            double w = Hashing.uniform(h, 3, 0.8, width), a0 = lo + Hashing.uniform(h, 4, 0, width - w);
            double inside = Math.min(Math.min(s - s0, s1 - s), Math.min(a - a0, a0 + w - a));
            double tone = Hashing.uniform(h, 5, 5, 12) * (Hashing.unit(h, 6) < 0.6 ? -1 : 1);
            change += tone * cover(inside, texel);
        }
        return change;
    }

    /** Precast concrete (the central barrier): joints every 6 m of x, and with {@code dirt} a darker foot (y up). */
    static TexturePattern concrete(long seed, boolean dirt) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = filled(nx, ny, 150);
            noise(out, seed, new double[]{1.2, 0.4, 0.15, 0.06}, new float[]{7, 5, 3, 2}, x0, y0, nx, ny, texel);
            if (dirt)
                for (int j = 0; j < ny; j++) {
                    float darker = (float) (25 * Math.exp(-(y0 + (j + 0.5) * texel) / 0.08));
                    for (int i = 0; i < nx; i++)
                        out[j * nx + i] -= darker;
                }
            for (double x = 6 * Math.floor(x0 / 6); x <= x0 + nx * texel + 6; x += 6)
                ProceduralTexture.paintRectangle(out, x - 0.01, y0 - 1, x + 0.01, y0 + ny * texel + 1, 95, x0, y0, nx,
                        ny, texel);
            return clamped(out);
        };
    }

    /**
     * A W-beam guard rail, x along it and y up from its lower edge: two ridges (light upper and dark lower
     * facets) along its length, bolted to a post every {@code spacing} m of x, with a splice beside each post.
     */
    static TexturePattern guardRail(long seed, double spacing) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = new float[nx * ny];
            for (int j = 0; j < ny; j++) {
                double y = y0 + (j + 0.5) * texel;
                // the ridges' profile, filtered over the texel (its mean over a period is 150)
                double period = 0.175, blur = Math.exp(-sq(Math.PI * texel / period) / 2);
                float v = (float) (150 + 38 * blur * Math.sin(2 * Math.PI * y / period + 0.3));
                Arrays.fill(out, j * nx, (j + 1) * nx, v);
            }
            noise(out, seed, new double[]{2.0, 0.5, 0.1}, new float[]{6, 4, 2}, x0, y0, nx, ny, texel);
            for (double x = spacing * Math.floor(x0 / spacing); x <= x0 + nx * texel + spacing; x += spacing) {
                ProceduralTexture.paintRectangle(out, x + 0.155, y0 - 1, x + 0.165, y0 + ny * texel + 1, 110, x0, y0,
                        nx, ny, texel);
                for (double y : new double[]{0.1, 0.25})
                    ProceduralTexture.paintDisc(out, x, y, 0.02, 55, x0, y0, nx, ny, texel);
            }
            return clamped(out);
        };
    }

    /** Galvanised or painted metal: posts, the back of signs. */
    static TexturePattern metal(long seed) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = filled(nx, ny, 128);
            noise(out, seed, new double[]{0.5, 0.1}, new float[]{5, 3}, x0, y0, nx, ny, texel);
            return clamped(out);
        };
    }

    /** A white marker post with a black band from 0.75 m to 0.95 m (y up from its foot). */
    static TexturePattern markerPost(long seed) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = filled(nx, ny, 210);
            noise(out, seed, new double[]{0.3, 0.08}, new float[]{4, 3}, x0, y0, nx, ny, texel);
            ProceduralTexture.paintRectangle(out, x0 - 1, 0.75, x0 + nx * texel + 1, 0.95, 35, x0, y0, nx, ny, texel);
            return clamped(out);
        };
    }

    /**
     * Grass in the plane of a slope: smooth unevenness at every scale and, in each 4 m cell with probability 0.12,
     * a darker bush.
     */
    static TexturePattern grass(long seed) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = filled(nx, ny, 102);
            noise(out, seed, FIELD_WAVELENGTHS, FIELD_AMPLITUDES, x0, y0, nx, ny, texel);
            double cell = 4;
            for (long cj = (long) Math.floor(y0 / cell) - 1; cj <= Math.floor((y0 + ny * texel) / cell) + 1; cj++)
                for (long ci = (long) Math.floor(x0 / cell) - 1; ci <= Math.floor((x0 + nx * texel) / cell) + 1; ci++) {
                    long h = Hashing.hash(seed ^ 0xB05L, 0, ci, cj);
                    if (Hashing.unit(h, 0) >= 0.12)
                        continue;
                    ProceduralTexture.paintDisc(out, (ci + Hashing.unit(h, 1)) * cell, (cj + Hashing.unit(h, 2)) * cell,
                            Hashing.uniform(h, 3, 0.3, 0.9), (float) Hashing.uniform(h, 4, 60, 82), x0, y0, nx, ny,
                            texel);
                }
            return clamped(out);
        };
    }

    /**
     * A direction sign of {@code width} × {@code height} m (x across, y up from its lower edge): a dark face with a
     * white border and two or three lines of white "words".
     */
    static TexturePattern sign(long seed, double width, double height) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = filled(nx, ny, 70);
            ProceduralTexture.paintRectangle(out, 0.05, 0.05, width - 0.05, height - 0.05, 205, x0, y0, nx, ny, texel);
            ProceduralTexture.paintRectangle(out, 0.11, 0.11, width - 0.11, height - 0.11, 70, x0, y0, nx, ny, texel);
            int lines = Hashing.unit(seed, 0) < 0.5 ? 2 : 3;
            for (int l = 0; l < lines; l++) {
                double top = height - 0.35 - l * 0.55;
                double length = Hashing.uniform(seed, 1 + l, 1.0, width - 0.6), x = (width - length) / 2;
                for (int word = 0; x < (width + length) / 2 - 0.2; word++) {
                    double w = Math.min(Hashing.uniform(seed, 10 + 8 * l + word % 8, 0.25, 0.9),
                            (width + length) / 2 - x);
                    ProceduralTexture.paintRectangle(out, x, top - 0.25, x + w, top, 205, x0, y0, nx, ny, texel);
                    x += w + 0.16;
                }
            }
            noise(out, seed, new double[]{0.4}, new float[]{3}, x0, y0, nx, ny, texel);
            return clamped(out);
        };
    }

    /** Bark: dark, with vertical streaks (y up). */
    static TexturePattern bark(long seed) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = filled(nx, ny, 70);
            noise(out, seed, new double[]{0.3, 0.08}, new float[]{10, 6}, x0, y0, nx, ny, texel);
            return clamped(out);
        };
    }

    /** Leaves: the procedural texture's corners and blobs, darker and at lower contrast. */
    static TexturePattern foliage(long seed) {
        return remapped(ProceduralTexture.pattern(seed), 78, 0.45f);
    }

    /** Distant walls: the procedural texture, lighter and at lower contrast (haze). */
    static TexturePattern distantWall(long seed) {
        return remapped(ProceduralTexture.pattern(seed), 150, 0.45f);
    }

    /** Distant hillside: hazy, smooth unevenness from 80 m down to 2 m. */
    static TexturePattern hillside(long seed) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = filled(nx, ny, 140);
            noise(out, seed, new double[]{80, 30, 12, 5, 2}, new float[]{12, 8, 6, 4, 3}, x0, y0, nx, ny, texel);
            return clamped(out);
        };
    }

    /** {@code pattern} with its values v mapped to mean + gain·(v - 128). */
    private static TexturePattern remapped(TexturePattern pattern, float mean, float gain) {
        return (x0, y0, nx, ny, texel) -> {
            float[] out = pattern.generate(x0, y0, nx, ny, texel);
            for (int i = 0; i < out.length; i++)
                out[i] = mean + gain * (out[i] - 128);
            return clamped(out);
        };
    }

    /** Value noise octaves, those finer than two texels faded out (from full weight at two texels to none at one). */
    private static void noise(float[] out, long seed, double[] wavelengths, float[] amplitudes, double x0, double y0,
                              int nx, int ny, double texel) {
        for (int octave = 0; octave < wavelengths.length; octave++) {
            double weight = clamp(wavelengths[octave] / texel - 1, 0, 1);
            if (weight > 0)
                ProceduralTexture.addValueNoise(out, seed, octave, wavelengths[octave],
                        (float) (amplitudes[octave] * weight), x0, y0, nx, ny, texel);
        }
    }

    /** Coverage of a texel whose centre is {@code inside} metres inside an edge (negative outside). */
    private static double cover(double inside, double texel) {
        return clamp(0.5 + inside / texel, 0, 1);
    }

    /** 0 below 0, 1 above, anti-aliased over a texel. */
    private static double step(double x, double texel) {
        return cover(x, texel);
    }

    private static float[] filled(int nx, int ny, float value) {
        float[] out = new float[nx * ny];
        Arrays.fill(out, value);
        return out;
    }

    private static float[] clamped(float[] values) {
        for (int i = 0; i < values.length; i++)
            values[i] = Math.max(0f, Math.min(255f, values[i]));
        return values;
    }

    private static double lerp(double a, double b, double t) {
        return a + t * (b - a);
    }

    private static double clamp(double x, double lo, double hi) {
        return x < lo ? lo : x > hi ? hi : x;
    }

    private static double sq(double x) {
        return x * x;
    }
}
