package org.gpuvo.odometry.synthetic;

import java.util.ArrayList;
import java.util.List;

/**
 * A street along a {@link Centerline} of the {@link Centerline#STREET} layout: a 14 m wide ground corridor (road and
 * pavements) between rows of buildings of random width (8–22 m), depth, height (6–16 m) and setback, separated by
 * narrow alleys, with parked cars and poles on both sides, all drawn from the seed. Buildings that would reach into
 * the corridor on the inside of a bend, or overlap a neighbour, are left out. The ground is a grid of 8 m tiles
 * showing one continuous texture (no seams between tiles). Texels are 3 cm. Above the buildings is a uniform sky.
 */
final class StreetScene {
    static final double HALF_WIDTH = 7.0;
    static final double TEXEL = 0.03;
    private static final double TILE = 8, GROUND_REACH = 15;
    private static final double CAR_LATERAL = 5.4, POLE_LATERAL = 6.6;
    private static final float SKY = 215f;

    private StreetScene() {
    }

    /** The street from s = -{@link Centerline#BEFORE_START} + 10 to s = {@code end}. */
    static Scene create(long seed, Centerline line, double end) {
        SceneBuilder b = new SceneBuilder(seed);
        double begin = -Centerline.BEFORE_START + 10;
        b.ground(line, begin, end, TILE, GROUND_REACH, TEXEL, Hashing.hash(seed, 0x6A0, 0, 0));
        for (int side = -1; side <= 1; side += 2) {
            addBuildings(b, seed, line, side, begin, end);
            addCars(b, seed, line, side, begin, end);
            addPoles(b, seed, line, side, begin, end);
        }
        return b.build("street", SKY);
    }

    private static void addBuildings(SceneBuilder b, long seed, Centerline line, int side, double begin,
                                     double end) {
        List<double[]> placed = new ArrayList<>();
        double[] c = new double[3];
        int k = 0;
        for (double s = begin; s < end; k++) {
            long h = Hashing.hash(seed, 0xB1D + side, k, 0);
            double width = Hashing.uniform(h, 0, 8, 22), gap = Hashing.uniform(h, 1, 0.5, 3);
            double setback = Hashing.uniform(h, 2, 0, 2), depth = Hashing.uniform(h, 3, 8, 14);
            double height = Hashing.uniform(h, 4, 6, 16);
            double mid = s + width / 2;
            line.at(mid, c);
            double nx = -Math.sin(c[2]) * side, ny = Math.cos(c[2]) * side;
            double lateral = HALF_WIDTH + setback + depth / 2;
            double[] f = Footprints.of(c[0] + nx * lateral, c[1] + ny * lateral, width, depth, c[2]);
            if (line.clear(f, mid, HALF_WIDTH, 60, 0.5) && !overlapsAny(f, placed)) {
                placed.add(f);
                b.box(f[0], f[1], 0, width, depth, height, c[2], false, TEXEL);
            }
            s += width + gap;
        }
    }

    private static void addCars(SceneBuilder b, long seed, Centerline line, int side, double begin, double end) {
        double[] c = new double[3];
        int k = 0;
        for (double s = begin + 5; s < end; k++) {
            long h = Hashing.hash(seed, 0xCA2 + side, k, 0);
            double length = Hashing.uniform(h, 0, 3.9, 4.8), spacing = Hashing.uniform(h, 1, 1.5, 14);
            if (Hashing.unit(h, 2) < 0.75) {
                line.at(s + length / 2, c);
                double yaw = c[2] + Math.toRadians(Hashing.uniform(h, 3, -3, 3));
                double nx = -Math.sin(c[2]) * side, ny = Math.cos(c[2]) * side;
                b.box(c[0] + nx * CAR_LATERAL, c[1] + ny * CAR_LATERAL, 0, length, Hashing.uniform(h, 4, 1.7, 1.9),
                        Hashing.uniform(h, 5, 1.4, 1.6), yaw, true, TEXEL);
            }
            s += length + spacing;
        }
    }

    private static void addPoles(SceneBuilder b, long seed, Centerline line, int side, double begin, double end) {
        double[] c = new double[3];
        int k = 0;
        for (double s = begin + Hashing.uniform(Hashing.hash(seed, 0x901 + side, -1, 0), 0, 0, 20); s < end; k++) {
            long h = Hashing.hash(seed, 0x901 + side, k, 0);
            line.at(s, c);
            double nx = -Math.sin(c[2]) * side, ny = Math.cos(c[2]) * side;
            b.box(c[0] + nx * POLE_LATERAL, c[1] + ny * POLE_LATERAL, 0, 0.22, 0.22,
                    Hashing.uniform(h, 0, 3.5, 6), c[2], true, TEXEL);
            s += Hashing.uniform(h, 1, 15, 35);
        }
    }

    private static boolean overlapsAny(double[] f, List<double[]> placed) {
        for (int i = Math.max(0, placed.size() - 4); i < placed.size(); i++)
            if (Footprints.overlap(f, placed.get(i), 0.3))
                return true;
        return false;
    }
}
