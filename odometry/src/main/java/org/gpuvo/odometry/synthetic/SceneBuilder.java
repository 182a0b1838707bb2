package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point3D_F64;
import georegression.struct.point.Vector3D_F64;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.LongFunction;

/**
 * Assembles a {@link Scene} from rectangles and boxes in a z-up world. Each face gets a texture of its own,
 * seeded by the scene seed and the face's index, unless it continues a shared texture (ground tiles). The texture
 * is the {@link ProceduralTexture} of that seed unless {@link #paint} chose another pattern. Shading is
 * baked into the texture: ambient plus Lambert for a fixed sun direction and its opposite, with a small random brightness per
 * texture so that neighbouring faces differ. It depends on the face's orientation only, never on the viewpoint,
 * so a surface point has the same brightness in every frame (brightness constancy holds exactly).
 */
final class SceneBuilder {
    private static final double AMBIENT = 0.6;
    private static final double[] SUN = unit(0.35, 0.55, 0.76);

    private final long seed;
    private final List<Face> faces = new ArrayList<>();
    private LongFunction<TexturePattern> paint = ProceduralTexture::pattern;

    SceneBuilder(long seed) {
        this.seed = seed;
    }

    int size() {
        return faces.size();
    }

    /** The pattern of the faces added from now on, made from each face's texture seed. */
    void paint(LongFunction<TexturePattern> pattern) {
        paint = pattern;
    }

    /** A face with its own texture of {@code texel} metres. */
    void rectangle(Point3D_F64 origin, Vector3D_F64 u, Vector3D_F64 v, double width, double height, double texel) {
        long textureSeed = Hashing.hash(seed, 0x7E7, faces.size(), 0);
        rectangle(origin, u, v, width, height, texel, textureSeed, 0, 0);
    }

    /**
     * A face showing the region of texture {@code textureSeed} whose corner is at ({@code textureX},
     * {@code textureY}) in that texture's plane, so that faces sharing a seed and plane join seamlessly.
     */
    void rectangle(Point3D_F64 origin, Vector3D_F64 u, Vector3D_F64 v, double width, double height, double texel,
                   long textureSeed, double textureX, double textureY) {
        Vector3D_F64 n = Face.cross(u, v);
        n.normalize();
        // |n·L|: faces turned away from the sun get the same amount from a light opposite it (a bounce light), so
        // that no face is left with the ambient term's lower contrast
        double lambert = Math.abs(n.x * SUN[0] + n.y * SUN[1] + n.z * SUN[2]);
        double jitter = Hashing.uniform(textureSeed, 0, 0.9, 1.05);
        double shading = Math.min(1.0, (AMBIENT + (1 - AMBIENT) * lambert) * jitter);
        faces.add(new Face(origin, u, v, width, height,
                new MipTexture(paint.apply(textureSeed), textureX, textureY, width, height, texel, shading)));
    }

    /**
     * A vertical wall from (x0, y0) to (x1, y1), from height {@code z0} up {@code height} metres, visible from
     * the right of the direction of travel from the first point to the second.
     */
    void wall(double x0, double y0, double x1, double y1, double z0, double height, double texel) {
        double length = Math.hypot(x1 - x0, y1 - y0);
        Vector3D_F64 u = new Vector3D_F64((x1 - x0) / length, (y1 - y0) / length, 0);
        rectangle(new Point3D_F64(x0, y0, z0), u, new Vector3D_F64(0, 0, 1), length, height, texel);
    }

    /**
     * A horizontal rectangle at height {@code z} with a corner at (x0, y0), {@code lengthU} along the unit
     * direction (ux, uy) and {@code lengthV} to its left; visible from above if {@code up}, else from below.
     */
    void horizontal(double x0, double y0, double ux, double uy, double lengthU, double lengthV, double z,
                    boolean up, double texel) {
        Vector3D_F64 u = new Vector3D_F64(ux, uy, 0);
        Vector3D_F64 left = new Vector3D_F64(-uy, ux, 0);
        if (up) {
            rectangle(new Point3D_F64(x0, y0, z), u, left, lengthU, lengthV, texel);
        } else { // start from the far corner so that v = -left keeps the rectangle in place
            Vector3D_F64 right = new Vector3D_F64(uy, -ux, 0);
            rectangle(new Point3D_F64(x0 - uy * lengthV, y0 + ux * lengthV, z), u, right, lengthU, lengthV, texel);
        }
    }

    /**
     * A box standing on {@code z0}: footprint centred on (cx, cy), {@code length} along heading {@code yaw},
     * {@code width} across, {@code height} tall; its four sides face outwards, and its top if {@code top}.
     */
    void box(double cx, double cy, double z0, double length, double width, double height, double yaw, boolean top,
             double texel) {
        double ax = Math.cos(yaw), ay = Math.sin(yaw), bx = -ay, by = ax;
        double hl = length / 2, hw = width / 2;
        // corners counter-clockwise seen from above: the outside is on the right of each side
        double[] xs = {cx - ax * hl - bx * hw, cx + ax * hl - bx * hw, cx + ax * hl + bx * hw, cx - ax * hl + bx * hw};
        double[] ys = {cy - ay * hl - by * hw, cy + ay * hl - by * hw, cy + ay * hl + by * hw, cy - ay * hl + by * hw};
        for (int k = 0; k < 4; k++) {
            int next = (k + 1) % 4;
            // reversed: travel clockwise so that the outside is on the right
            wall(xs[next], ys[next], xs[k], ys[k], z0, height, texel);
        }
        if (top)
            horizontal(xs[0], ys[0], ax, ay, length, width, z0 + height, true, texel);
    }

    /**
     * A ground at height 0 along {@code line} from s = {@code begin} to {@code end}: the square tiles of
     * {@code tile} metres of a world-aligned grid that come within {@code reach} of the line, all showing one
     * continuous texture of seed {@code textureSeed} in world coordinates (no seams between tiles).
     */
    void ground(Centerline line, double begin, double end, double tile, double reach, double texel, long textureSeed) {
        TreeSet<Long> tiles = new TreeSet<>();
        double[] c = new double[3];
        int around = (int) Math.ceil(reach / tile) + 1;
        for (double s = begin; s <= end; s += 2) {
            line.at(s, c);
            int ti = (int) Math.floor(c[0] / tile), tj = (int) Math.floor(c[1] / tile);
            for (int dj = -around; dj <= around; dj++)
                for (int di = -around; di <= around; di++) {
                    double mx = (ti + di + 0.5) * tile, my = (tj + dj + 0.5) * tile;
                    if (Math.hypot(mx - c[0], my - c[1]) < reach + tile * 0.7072)
                        tiles.add(((long) (tj + dj) << 32) | ((ti + di) & 0xFFFFFFFFL));
                }
        }
        Vector3D_F64 u = new Vector3D_F64(1, 0, 0), v = new Vector3D_F64(0, 1, 0);
        for (long key : tiles) {
            int tj = (int) (key >> 32), ti = (int) key;
            double x0 = ti * tile, y0 = tj * tile;
            rectangle(new Point3D_F64(x0, y0, 0), u, v, tile, tile, texel, textureSeed, x0, y0);
        }
    }

    /** A scene whose sky has the uniform grey level {@code skyLevel}. */
    Scene build(String name, float skyLevel) {
        return new Scene(name, faces, skyLevel, skyLevel);
    }

    /**
     * A scene whose sky brightens from {@code zenith} overhead to {@code horizon} at the horizon, smoothly with
     * the elevation of the line of sight (see {@link Scene#skyLevel(double)}).
     */
    Scene build(String name, float horizon, float zenith) {
        return new Scene(name, faces, horizon, zenith);
    }

    private static double[] unit(double x, double y, double z) {
        double n = Math.sqrt(x * x + y * y + z * z);
        return new double[]{x / n, y / n, z / n};
    }
}
