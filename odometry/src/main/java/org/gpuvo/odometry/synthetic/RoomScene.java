package org.gpuvo.odometry.synthetic;

import java.util.ArrayList;
import java.util.List;

/**
 * A room of 10 × 8 × 3 m (x in [-5, 5], y in [-4, 4], z in [0, 3]): floor, ceiling, four walls, a square pillar
 * in the middle and a few boxes of random size and orientation, placed by the seed so that they keep clear of the
 * {@link RoomLoopPath} ellipse and of each other. Textures have 1 cm texels.
 */
final class RoomScene {
    static final double X_HALF = 5, Y_HALF = 4, HEIGHT = 3;
    static final double PATH_RADIUS_X = 3.0, PATH_RADIUS_Y = 2.2;
    static final double TEXEL = 0.01;
    private static final double PILLAR = 0.6;
    private static final double PATH_CLEARANCE = 1.0;
    private static final int BOXES = 8, ATTEMPTS = 400;

    private RoomScene() {
    }

    static Scene create(long seed) {
        SceneBuilder b = new SceneBuilder(seed);
        // walls travelled clockwise (seen from above): the inside of the room is on their right
        b.wall(-X_HALF, -Y_HALF, -X_HALF, Y_HALF, 0, HEIGHT, TEXEL);
        b.wall(-X_HALF, Y_HALF, X_HALF, Y_HALF, 0, HEIGHT, TEXEL);
        b.wall(X_HALF, Y_HALF, X_HALF, -Y_HALF, 0, HEIGHT, TEXEL);
        b.wall(X_HALF, -Y_HALF, -X_HALF, -Y_HALF, 0, HEIGHT, TEXEL);
        b.horizontal(-X_HALF, -Y_HALF, 1, 0, 2 * X_HALF, 2 * Y_HALF, 0, true, TEXEL);
        b.horizontal(-X_HALF, -Y_HALF, 1, 0, 2 * X_HALF, 2 * Y_HALF, HEIGHT, false, TEXEL);
        b.box(0, 0, 0, PILLAR, PILLAR, HEIGHT, 0, false, TEXEL);

        List<double[]> placed = new ArrayList<>();
        placed.add(Footprints.of(0, 0, PILLAR, PILLAR, 0));
        for (int attempt = 0; attempt < ATTEMPTS && placed.size() <= BOXES; attempt++) {
            long h = Hashing.hash(seed, 0xB0E, attempt, 0);
            double length = Hashing.uniform(h, 0, 0.5, 1.4), width = Hashing.uniform(h, 1, 0.4, 1.0);
            double height = Hashing.uniform(h, 2, 0.3, 1.8), yaw = Hashing.uniform(h, 3, 0, Math.PI);
            double cx = Hashing.uniform(h, 4, -X_HALF, X_HALF), cy = Hashing.uniform(h, 5, -Y_HALF, Y_HALF);
            double[] f = Footprints.of(cx, cy, length, width, yaw);
            if (!Footprints.inside(f, -X_HALF + 0.02, -Y_HALF + 0.02, X_HALF - 0.02, Y_HALF - 0.02)
                    || nearPath(f) || overlapsAny(f, placed))
                continue;
            placed.add(f);
            b.box(cx, cy, 0, length, width, height, yaw, true, TEXEL);
        }
        return b.build("room", 0f);
    }

    private static boolean nearPath(double[] f) {
        for (int k = 0; k < 720; k++) {
            double theta = Math.PI * k / 360;
            if (Footprints.distance(f, PATH_RADIUS_X * Math.cos(theta), PATH_RADIUS_Y * Math.sin(theta)) < PATH_CLEARANCE)
                return true;
        }
        return false;
    }

    private static boolean overlapsAny(double[] f, List<double[]> placed) {
        for (double[] g : placed)
            if (Footprints.overlap(f, g, 0.15))
                return true;
        return false;
    }
}
