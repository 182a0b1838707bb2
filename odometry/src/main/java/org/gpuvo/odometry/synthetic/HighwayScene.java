package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point3D_F64;
import georegression.struct.point.Vector3D_F64;

import java.util.ArrayList;
import java.util.List;

import static org.gpuvo.odometry.synthetic.HighwayTextures.BARRIER_HALF;
import static org.gpuvo.odometry.synthetic.HighwayTextures.INNER_EDGE;
import static org.gpuvo.odometry.synthetic.HighwayTextures.LANE;

/**
 * A motorway along a {@link Centerline} of the {@link Centerline#HIGHWAY} layout, for visual odometry on sparse
 * texture and fast forward motion. Across it, the same on both carriageways (metres from the centre line): a
 * concrete barrier (0.85 m tall, in 6 m segments) on the centre line, three lanes of 3.75 m from 1.5 m out with
 * dashed lane lines and solid edge lines, a 2.5 m hard shoulder, a guard rail at 15.75 m on posts every 4 m, a grass
 * verge and, from 28 m out, a grass slope rising at 25° to 2.4–7 m (a cutting). The ground is a grid of 16 m tiles
 * showing one continuous texture ({@link HighwayTextures#road}, markings following the line). Sparse objects, all
 * drawn from the seed: marker posts every 100 m, a sign every 250–600 m on each side, a few clusters of trees on the
 * verges, and beyond the slopes occasional distant buildings and hills, and a range of hills past the end. The sky
 * above is open, a smooth gradient without any feature, and nothing but distant hills and the odd tree top reaches
 * far into it.
 */
final class HighwayScene {
    static final double TEXEL = 0.03;
    static final double BARRIER_HEIGHT = 0.85, BARRIER_SEGMENT = 6;
    static final double RAIL = 15.75, RAIL_BOTTOM = 0.45, RAIL_TOP = 0.8, POST_SPACING = 4;
    static final double SLOPE_FOOT = 28, SLOPE_ANGLE = Math.toRadians(25), SLOPE_MIN = 2.4;
    /** The middle lane of the right-hand carriageway, 1.55 m above the road; a car's gentle pitch, roll and bounce. */
    static final DrivePath.Ride RIDE = new DrivePath.Ride(-(INNER_EDGE + 1.5 * LANE), 1.55, 0.012, 23,
            Math.toRadians(0.4), 70, Math.toRadians(0.35), 41, 0.5, Math.toRadians(0.3), 57, 1.7);
    private static final double TILE = 16, GROUND_REACH = SLOPE_FOOT + 3;
    private static final double HILL_FOOT = 15;
    private static final double SIGN_LATERAL = 18, SIGN_WIDTH = 3.4, SIGN_HEIGHT = 2.2, SIGN_BOTTOM = 1.4;
    private static final float SKY_HORIZON = 228, SKY_ZENITH = 170;

    private HighwayScene() {
    }

    /** The highway from s = -{@link Centerline#BEFORE_START} + 10 to s = {@code end}. */
    static Scene create(long seed, Centerline line, double end) {
        SceneBuilder b = new SceneBuilder(seed);
        double begin = -Centerline.BEFORE_START + 10;
        b.paint(s -> HighwayTextures.road(s, line));
        b.ground(line, begin, end, TILE, GROUND_REACH, TEXEL, Hashing.hash(seed, 0x6A1, 0, 0));
        addBarrier(b, seed, line, begin, end);
        List<double[]> placed = new ArrayList<>();
        for (int side = -1; side <= 1; side += 2) {
            addGuardRail(b, seed, line, side, begin, end);
            addSlope(b, seed, line, side, begin, end);
            addMarkerPosts(b, line, side, begin, end);
            addSigns(b, seed, line, side, begin, end, placed);
            addTrees(b, seed, line, side, begin, end, placed);
            addBuildings(b, seed, line, side, begin, end);
            addHills(b, seed, line, side, begin, end);
        }
        addRangePastTheEnd(b, seed, line, end);
        return b.build("highway", SKY_HORIZON, SKY_ZENITH);
    }

    /** Both faces and the top of the central barrier, in segments. */
    private static void addBarrier(SceneBuilder b, long seed, Centerline line, double begin, double end) {
        b.paint(s -> HighwayTextures.concrete(s, true));
        strip(b, line, -BARRIER_HALF, 0, BARRIER_HEIGHT, begin, end, BARRIER_SEGMENT, true, 0.02,
                Hashing.hash(seed, 0xBA1, 0, 0));
        strip(b, line, BARRIER_HALF, 0, BARRIER_HEIGHT, begin, end, BARRIER_SEGMENT, false, 0.02,
                Hashing.hash(seed, 0xBA1, 1, 0));
        b.paint(s -> HighwayTextures.concrete(s, false));
        long topSeed = Hashing.hash(seed, 0xBA1, 2, 0);
        double[] p = new double[2], q = new double[2], c = new double[3];
        for (double s = begin; s < end; s += BARRIER_SEGMENT) {
            offset(line, s, 0, c, p);
            offset(line, Math.min(end, s + BARRIER_SEGMENT), 0, c, q);
            double length = Math.hypot(q[0] - p[0], q[1] - p[1]);
            double ux = (q[0] - p[0]) / length, uy = (q[1] - p[1]) / length;
            // a centimetre longer at each end: closes the slivers between segments in bends
            double overlap = 0.01;
            Point3D_F64 corner = new Point3D_F64(p[0] - ux * overlap + uy * BARRIER_HALF,
                    p[1] - uy * overlap - ux * BARRIER_HALF, BARRIER_HEIGHT);
            b.rectangle(corner, new Vector3D_F64(ux, uy, 0), new Vector3D_F64(-uy, ux, 0), length + 2 * overlap,
                    2 * BARRIER_HALF, 0.02, topSeed, s - begin - overlap, 0);
        }
    }

    /** The W-beam rail facing the road, and behind it the posts' faces that a car on the road can see. */
    private static void addGuardRail(SceneBuilder b, long seed, Centerline line, int side, double begin, double end) {
        b.paint(s -> HighwayTextures.guardRail(s, POST_SPACING));
        strip(b, line, side * RAIL, RAIL_BOTTOM, RAIL_TOP, begin, end, POST_SPACING, side > 0, 0.01,
                Hashing.hash(seed, 0x6A7, side, 0));
        b.paint(HighwayTextures::metal);
        double[] p = new double[2], c = new double[3];
        for (double s = begin; s <= end; s += POST_SPACING) {
            offset(line, s, side * (RAIL + 0.07), c, p);
            double tx = Math.cos(c[2]), ty = Math.sin(c[2]);
            double inx = side * Math.sin(c[2]), iny = -side * Math.cos(c[2]); // towards the road
            // the front (towards the road) and the side facing oncoming traffic on the right-hand carriageway
            verticalFace(b, p[0] + inx * 0.05, p[1] + iny * 0.05, inx, iny, 0.06, 0, RAIL_TOP - 0.05, 0.01);
            verticalFace(b, p[0] - tx * 0.06, p[1] - ty * 0.06, -tx, -ty, 0.05, 0, RAIL_TOP - 0.05, 0.01);
        }
    }

    /** The cutting's grass slope, in 10 m pieces whose height varies smoothly along the road. */
    private static void addSlope(SceneBuilder b, long seed, Centerline line, int side, double begin, double end) {
        b.paint(HighwayTextures::grass);
        long slopeSeed = Hashing.hash(seed, 0x5105, side, 0);
        double phase1 = 2 * Math.PI * Hashing.unit(slopeSeed, 0), phase2 = 2 * Math.PI * Hashing.unit(slopeSeed, 1);
        double piece = 10, cos = Math.cos(SLOPE_ANGLE), sin = Math.sin(SLOPE_ANGLE);
        double[] p = new double[2], q = new double[2], c = new double[3];
        for (double s = begin; s < end; s += piece) {
            double s1 = Math.min(end, s + piece), mid = (s + s1) / 2;
            offset(line, s, side * SLOPE_FOOT, c, p);
            offset(line, s1, side * SLOPE_FOOT, c, q);
            double length = Math.hypot(q[0] - p[0], q[1] - p[1]);
            double tx = (q[0] - p[0]) / length, ty = (q[1] - p[1]) / length;
            double ox = -ty * side, oy = tx * side; // outwards, away from the road
            double height = Math.max(SLOPE_MIN, 4.6 + 1.8 * Math.sin(2 * Math.PI * mid / 500 + phase1)
                    + 0.8 * Math.sin(2 * Math.PI * mid / 230 + phase2));
            double run = height / Math.tan(SLOPE_ANGLE);
            // pieces grow at both ends by the wedge that opens between neighbours' upper edges in a bend
            double grow = run * Math.abs(line.curvature(mid)) * piece / 2 + 0.05;
            Vector3D_F64 v = new Vector3D_F64(ox * cos, oy * cos, sin);
            // u × v must face the road and the sky: along the road on the left, against it on the right
            if (side > 0)
                b.rectangle(new Point3D_F64(p[0] - tx * grow, p[1] - ty * grow, 0), new Vector3D_F64(tx, ty, 0), v,
                        length + 2 * grow, height / sin, 0.06, slopeSeed, s - begin - grow, 0);
            else
                b.rectangle(new Point3D_F64(q[0] + tx * grow, q[1] + ty * grow, 0), new Vector3D_F64(-tx, -ty, 0), v,
                        length + 2 * grow, height / sin, 0.06, slopeSeed, -(s1 - begin) - grow, 0);
        }
    }

    /** A white post with a black band every 100 m beyond the guard rail. */
    private static void addMarkerPosts(SceneBuilder b, Centerline line, int side, double begin, double end) {
        b.paint(HighwayTextures::markerPost);
        double[] p = new double[2], c = new double[3];
        for (double s = 100 * Math.ceil(begin / 100); s < end; s += 100) {
            offset(line, s, side * (RAIL + 0.9), c, p);
            b.box(p[0], p[1], 0, 0.12, 0.12, 1.15, c[2], true, 0.01);
        }
    }

    /**
     * Signs on two posts, every 250–600 m: on the right they face the traffic of the right-hand carriageway, on the
     * left that of the other one (a car on the right sees their backs).
     */
    private static void addSigns(SceneBuilder b, long seed, Centerline line, int side, double begin, double end,
                                 List<double[]> placed) {
        double[] p = new double[2], c = new double[3];
        int k = 0;
        for (double s = begin + Hashing.uniform(Hashing.hash(seed, 0x5160 + side, -1, 0), 0, 60, 300); s < end; k++) {
            long h = Hashing.hash(seed, 0x5160 + side, k, 0);
            offset(line, s, side * SIGN_LATERAL, c, p);
            // on the right towards -s, the right-hand carriageway's traffic; on the left towards +s
            double tx = Math.cos(c[2]), ty = Math.sin(c[2]), facing = side;
            placed.add(Footprints.of(p[0], p[1], 1, SIGN_WIDTH + 0.5, c[2]));
            b.paint(HighwayTextures::metal);
            for (int post = -1; post <= 1; post += 2) {
                double across = post * (SIGN_WIDTH / 2 - 0.5);
                b.box(p[0] - ty * across - facing * tx * 0.1, p[1] + tx * across - facing * ty * 0.1, 0, 0.1, 0.1,
                        SIGN_BOTTOM + SIGN_HEIGHT, c[2], true, 0.01);
            }
            b.box(p[0], p[1], SIGN_BOTTOM, 0.08, SIGN_WIDTH, SIGN_HEIGHT, c[2], true, 0.02);
            b.paint(t -> HighwayTextures.sign(t, SIGN_WIDTH, SIGN_HEIGHT));
            verticalFace(b, p[0] + facing * tx * 0.045, p[1] + facing * ty * 0.045, facing * tx, facing * ty,
                    SIGN_WIDTH / 2, SIGN_BOTTOM, SIGN_HEIGHT, 0.01);
            s += Hashing.uniform(h, 0, 250, 600);
        }
    }

    /** Clusters of one to four trees on the verge, now and then. */
    private static void addTrees(SceneBuilder b, long seed, Centerline line, int side, double begin, double end,
                                 List<double[]> placed) {
        double[] p = new double[2], c = new double[3];
        int k = 0;
        for (double s = begin + 20; s < end; k++) {
            long h = Hashing.hash(seed, 0x72EE + side, k, 0);
            if (Hashing.unit(h, 0) < 0.55) {
                int trees = 1 + (int) (4 * Hashing.unit(h, 1));
                for (int t = 0; t < trees; t++) {
                    long ht = Hashing.hash(h, t, 0, 0);
                    double crown = Hashing.uniform(ht, 0, 2.0, 3.4), trunk = Hashing.uniform(ht, 1, 1.3, 2.2);
                    offset(line, s + Hashing.uniform(ht, 2, -8, 8), side * Hashing.uniform(ht, 3, 20.5, 26), c, p);
                    double yaw = Hashing.uniform(ht, 4, 0, Math.PI);
                    double[] f = Footprints.of(p[0], p[1], crown, crown, yaw);
                    if (overlapsAny(f, placed))
                        continue;
                    placed.add(f);
                    b.paint(HighwayTextures::bark);
                    b.box(p[0], p[1], 0, 0.3, 0.3, trunk, yaw, false, 0.01);
                    b.paint(HighwayTextures::foliage);
                    b.box(p[0], p[1], trunk, crown, crown, Hashing.uniform(ht, 5, 2.5, 4.2), yaw, true, 0.02);
                }
            }
            s += Hashing.uniform(h, 2, 40, 140);
        }
    }

    /** Now and then a building 70–220 m out, beyond the slope. */
    private static void addBuildings(SceneBuilder b, long seed, Centerline line, int side, double begin, double end) {
        b.paint(HighwayTextures::distantWall);
        double[] p = new double[2], c = new double[3];
        int k = 0;
        for (double s = begin + 50; s < end; k++) {
            long h = Hashing.hash(seed, 0xB1D6 + side, k, 0);
            if (Hashing.unit(h, 0) < 0.6) {
                double width = Hashing.uniform(h, 1, 20, 50), depth = Hashing.uniform(h, 2, 15, 35);
                offset(line, s, side * Hashing.uniform(h, 3, 70, 220), c, p);
                double yaw = c[2] + Hashing.uniform(h, 4, -0.3, 0.3);
                if (line.clear(Footprints.of(p[0], p[1], width, depth, yaw), s, 45, 300, 5))
                    b.box(p[0], p[1], 0, width, depth, Hashing.uniform(h, 5, 10, 32), yaw, true, 0.05);
            }
            s += Hashing.uniform(h, 6, 150, 450);
        }
    }

    /** Now and then a hill 300–700 m out. */
    private static void addHills(SceneBuilder b, long seed, Centerline line, int side, double begin, double end) {
        double[] p = new double[2], c = new double[3];
        int k = 0;
        for (double s = begin + 100; s < end; k++) {
            long h = Hashing.hash(seed, 0x4111 + side, k, 0);
            if (Hashing.unit(h, 0) < 0.7) {
                offset(line, s, side * Hashing.uniform(h, 1, 300, 700), c, p);
                double height = Hashing.uniform(h, 2, 25, 65), slope = Math.toRadians(Hashing.uniform(h, 3, 10, 22));
                double half = (height + HILL_FOOT) / Math.tan(slope);
                // facing the road: normal = -side × the line's left normal
                double nx = side * Math.sin(c[2]), ny = -side * Math.cos(c[2]);
                if (line.clear(Footprints.of(p[0], p[1], 2 * half, 1, c[2]), s, 150, 1200, 10))
                    hill(b, Hashing.hash(h, 1, 0, 0), p[0], p[1], nx, ny, height, slope);
            }
            s += Hashing.uniform(h, 4, 300, 700);
        }
    }

    /** Three hills across the line's continuation, 250 m past its end: the view along the road ends on them. */
    private static void addRangePastTheEnd(SceneBuilder b, long seed, Centerline line, double end) {
        double[] c = new double[3];
        line.at(end, c);
        double tx = Math.cos(c[2]), ty = Math.sin(c[2]);
        for (int k = -1; k <= 1; k++) {
            long h = Hashing.hash(seed, 0x4E2D, k, 0);
            double x = c[0] + tx * (250 + 40 * k * k) - ty * 350 * k, y = c[1] + ty * (250 + 40 * k * k) + tx * 350 * k;
            hill(b, h, x, y, -tx, -ty, Hashing.uniform(h, 0, 30, 55), Math.toRadians(Hashing.uniform(h, 1, 10, 18)));
        }
    }

    /**
     * A hill seen from afar: two rectangles in the vertical plane through (x, y) facing (nx, ny), tilted by
     * ±{@code slope} about their common top corner {@code height} metres up, so that their union's outline is a
     * peak with flanks at {@code slope}; they reach {@value #HILL_FOOT} m below the ground. The second lies half a
     * metre behind the first.
     */
    private static void hill(SceneBuilder b, long hash, double x, double y, double nx, double ny, double height,
                             double slope) {
        b.paint(HighwayTextures::hillside);
        double ex = -ny, ey = nx; // along the plane: e × z = n
        double cos = Math.cos(slope), sin = Math.sin(slope);
        double along = (height + HILL_FOOT) / sin, down = (height + HILL_FOOT) / cos;
        // first: a gentle flank to +e, a steep one to -e; u = steep, v = gentle gives u × v = n
        b.rectangle(new Point3D_F64(x, y, height), new Vector3D_F64(-sin * ex, -sin * ey, -cos),
                new Vector3D_F64(cos * ex, cos * ey, -sin), down, along, 0.5);
        // second, mirrored: a gentle flank to -e
        double bx = x - nx * 0.5, by = y - ny * 0.5;
        b.rectangle(new Point3D_F64(bx, by, height), new Vector3D_F64(-cos * ex, -cos * ey, -sin),
                new Vector3D_F64(sin * ex, sin * ey, -cos), along, down, 0.5);
    }

    /**
     * A vertical strip from height z0 to z1 at lateral offset {@code d} (positive left) of the line, as chords of the
     * offset curve every {@code step} metres of s; facing the right of the direction of travel if {@code faceRight},
     * else its left. Texture x is s - begin (mirrored when facing left), so that patterned details fall at the
     * chords' ends.
     */
    private static void strip(SceneBuilder b, Centerline line, double d, double z0, double z1, double begin,
                              double end, double step, boolean faceRight, double texel, long textureSeed) {
        double[] p = new double[2], q = new double[2], c = new double[3];
        Vector3D_F64 up = new Vector3D_F64(0, 0, 1);
        offset(line, begin, d, c, p);
        for (double s = begin; s < end; s += step) {
            double s1 = Math.min(end, s + step);
            offset(line, s1, d, c, q);
            double length = Math.hypot(q[0] - p[0], q[1] - p[1]);
            double ux = (q[0] - p[0]) / length, uy = (q[1] - p[1]) / length;
            if (faceRight)
                b.rectangle(new Point3D_F64(p[0], p[1], z0), new Vector3D_F64(ux, uy, 0), up, length, z1 - z0, texel,
                        textureSeed, s - begin, 0);
            else
                b.rectangle(new Point3D_F64(q[0], q[1], z0), new Vector3D_F64(-ux, -uy, 0), up, length, z1 - z0, texel,
                        textureSeed, -(s1 - begin), 0);
            p[0] = q[0];
            p[1] = q[1];
        }
    }

    /** A vertical face of width 2·halfWidth centred on (x, y), from z0 up {@code height}, its normal (nx, ny). */
    private static void verticalFace(SceneBuilder b, double x, double y, double nx, double ny, double halfWidth,
                                     double z0, double height, double texel) {
        double ux = -ny, uy = nx; // u × z = n
        b.rectangle(new Point3D_F64(x - ux * halfWidth, y - uy * halfWidth, z0), new Vector3D_F64(ux, uy, 0),
                new Vector3D_F64(0, 0, 1), 2 * halfWidth, height, texel);
    }

    /** The point at lateral offset {@code d} (positive left) of the line at s; {@code c} is scratch (x, y, heading). */
    private static void offset(Centerline line, double s, double d, double[] c, double[] out) {
        line.at(s, c);
        out[0] = c[0] - Math.sin(c[2]) * d;
        out[1] = c[1] + Math.cos(c[2]) * d;
    }

    private static boolean overlapsAny(double[] f, List<double[]> placed) {
        for (double[] g : placed)
            if (Footprints.overlap(f, g, 0.5))
                return true;
        return false;
    }
}
