package org.gpuvo.gpu.image;

import java.util.SplittableRandom;

/**
 * Renders a deterministic textured scene and a second view of it under a known motion, so that feature
 * extraction and matching can be demonstrated and checked without any recorded data. The scene is a smooth
 * gradient covered with seeded random rectangles (some rotated) and ellipses of random grey levels, softened by a
 * Gaussian blur so that corners are not pixel-aligned steps. The second view samples the same scene through a
 * homography, with bilinear interpolation; both views are cut from a canvas larger than the view, so neither has
 * black borders.
 */
public final class SyntheticImages {
    /** Pixels of scene rendered around the view on every side, so that the moved view still sees scene. */
    private static final int MARGIN = 96;
    private static final double BLUR_SIGMA = 1.0;

    private SyntheticImages() {
    }

    /**
     * A 3×3 homography, row-major, mapping pixel coordinates of one view to those of another
     * ({@code [x' y' w']ᵀ = H [x y 1]ᵀ}, then divide by {@code w'}).
     */
    public record Homography(double[] h) {
        public Homography {
            if (h == null || h.length != 9)
                throw new IllegalArgumentException("a homography has 9 elements");
            h = h.clone();
        }

        /**
         * A rotation by {@code degrees} about ({@code cx}, {@code cy}) and a uniform scale about the same point,
         * followed by a translation ({@code tx}, {@code ty}).
         */
        public static Homography similarity(double degrees, double scale, double cx, double cy, double tx, double ty) {
            double a = Math.toRadians(degrees), c = scale * Math.cos(a), s = scale * Math.sin(a);
            return new Homography(new double[]{
                    c, -s, cx - c * cx + s * cy + tx,
                    s, c, cy - s * cx - c * cy + ty,
                    0, 0, 1});
        }

        @Override
        public double[] h() {
            return h.clone();
        }

        /** The image of ({@code x}, {@code y}) as {@code {x', y'}}. */
        public double[] map(double x, double y) {
            double w = h[6] * x + h[7] * y + h[8];
            return new double[]{(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w};
        }

        public Homography inverse() {
            double[] m = h, r = new double[9];
            r[0] = m[4] * m[8] - m[5] * m[7];
            r[1] = m[2] * m[7] - m[1] * m[8];
            r[2] = m[1] * m[5] - m[2] * m[4];
            r[3] = m[5] * m[6] - m[3] * m[8];
            r[4] = m[0] * m[8] - m[2] * m[6];
            r[5] = m[2] * m[3] - m[0] * m[5];
            r[6] = m[3] * m[7] - m[4] * m[6];
            r[7] = m[1] * m[6] - m[0] * m[7];
            r[8] = m[0] * m[4] - m[1] * m[3];
            double det = m[0] * r[0] + m[1] * r[3] + m[2] * r[6];
            if (Math.abs(det) < 1e-12)
                throw new IllegalStateException("the homography is singular");
            for (int i = 0; i < 9; i++)
                r[i] /= det;
            return new Homography(r);
        }
    }

    /** Two views of one scene and the motion that maps pixels of {@code first} to pixels of {@code second}. */
    public record Pair(GrayImage first, GrayImage second, Homography firstToSecond) {
    }

    /**
     * The project's default example: a 640×480 scene seen a second time rotated by 4° about the image centre,
     * scaled by 1.03 and shifted by (14, -9) pixels.
     */
    public static Pair defaultPair() {
        int w = 640, h = 480;
        return pair(w, h, 20240611L, Homography.similarity(4.0, 1.03, w / 2.0, h / 2.0, 14, -9));
    }

    /** Two {@code width}×{@code height} views of the scene of {@code seed}, the second seen through {@code motion}. */
    public static Pair pair(int width, int height, long seed, Homography motion) {
        float[] canvas = scene(width + 2 * MARGIN, height + 2 * MARGIN, seed);
        int cw = width + 2 * MARGIN, ch = height + 2 * MARGIN;
        GrayImage first = GrayImage.create(width, height);
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                first.set(x, y, toByte(canvas[(y + MARGIN) * cw + x + MARGIN]));
        Homography back = motion.inverse();
        GrayImage second = GrayImage.create(width, height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double[] p = back.map(x, y);
                second.set(x, y, toByte(bilinear(canvas, cw, ch, p[0] + MARGIN, p[1] + MARGIN)));
            }
        }
        return new Pair(first, second, motion);
    }

    /** A blurred random scene of {@code width}×{@code height} grey values in [0, 255]. */
    private static float[] scene(int width, int height, long seed) {
        if (width <= 0 || height <= 0)
            throw new IllegalArgumentException("image size must be positive, got " + width + "x" + height);
        SplittableRandom random = new SplittableRandom(seed);
        float[] img = new float[width * height];
        double gx = random.nextDouble(-0.15, 0.15), gy = random.nextDouble(-0.15, 0.15), g0 = random.nextDouble(60, 190);
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                img[y * width + x] = (float) (g0 + gx * (x - width / 2.0) + gy * (y - height / 2.0));
        int shapes = Math.max(1, width * height / 900);
        for (int i = 0; i < shapes; i++) {
            double cx = random.nextDouble(width), cy = random.nextDouble(height);
            double rx = random.nextDouble(4, 28), ry = random.nextDouble(4, 28);
            double angle = random.nextInt(3) == 0 ? random.nextDouble(Math.PI) : 0;
            float value = (float) random.nextDouble(0, 255);
            boolean ellipse = random.nextBoolean();
            fillShape(img, width, height, cx, cy, rx, ry, angle, value, ellipse);
        }
        return GaussianBlur.blur(img, width, height, BLUR_SIGMA);
    }

    /** Fills an ellipse or a rectangle with half-axes (rx, ry), rotated by {@code angle} radians. */
    private static void fillShape(float[] img, int width, int height, double cx, double cy, double rx, double ry,
                                  double angle, float value, boolean ellipse) {
        double cos = Math.cos(angle), sin = Math.sin(angle), reach = Math.hypot(rx, ry);
        int x0 = Math.max(0, (int) Math.floor(cx - reach)), x1 = Math.min(width - 1, (int) Math.ceil(cx + reach));
        int y0 = Math.max(0, (int) Math.floor(cy - reach)), y1 = Math.min(height - 1, (int) Math.ceil(cy + reach));
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                double dx = x - cx, dy = y - cy;
                double u = (cos * dx + sin * dy) / rx, v = (-sin * dx + cos * dy) / ry;
                boolean inside = ellipse ? u * u + v * v <= 1 : Math.abs(u) <= 1 && Math.abs(v) <= 1;
                if (inside)
                    img[y * width + x] = value;
            }
        }
    }

    private static float bilinear(float[] img, int width, int height, double x, double y) {
        x = Math.min(width - 1.0, Math.max(0, x));
        y = Math.min(height - 1.0, Math.max(0, y));
        int x0 = Math.min(width - 2, (int) x), y0 = Math.min(height - 2, (int) y);
        double fx = x - x0, fy = y - y0;
        int i = y0 * width + x0;
        double top = img[i] + fx * (img[i + 1] - img[i]);
        double bottom = img[i + width] + fx * (img[i + width + 1] - img[i + width]);
        return (float) (top + fy * (bottom - top));
    }

    private static int toByte(float v) {
        return Math.min(255, Math.max(0, Math.round(v)));
    }
}
