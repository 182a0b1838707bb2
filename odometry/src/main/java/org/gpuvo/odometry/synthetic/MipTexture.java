package org.gpuvo.odometry.synthetic;

/**
 * The texture of one face: a region of a {@link TexturePattern} sampled at a fixed texel size, with its mip-map
 * pyramid (L. Williams, "Pyramidal Parametrics", SIGGRAPH 1983): level {@code L} texel {@code i} covers level-0
 * texels {@code [i·2^L, (i+1)·2^L)}, so texel centres stay aligned across levels and filtering does not shift
 * features. Texels are 8-bit, already multiplied by the face's shading.
 *
 * <p>The pyramid is made in two parts, each on first use: the fine levels 0..{@value #COARSE_START}-1 by 2×2 box
 * filtering of the full-resolution texture, and the coarse levels from {@value #COARSE_START} on by box filtering
 * a rendering of the pattern at the resolution of level {@value #COARSE_SOURCE} (1/16 of the texels).
 * Distant faces, seen only through coarse levels, then cost little, and each level's content is fixed whichever
 * part is made first, so rendering stays deterministic in any frame order. Thread safe.
 */
final class MipTexture {
    static final int COARSE_START = 4;
    private static final int COARSE_SOURCE = 2;
    private static final int MIN_LEVEL_SIZE = 2;

    /** One level's texels, row-major. */
    static final class Level {
        final byte[] data;
        final int width, height;

        Level(byte[] data, int width, int height) {
            this.data = data;
            this.width = width;
            this.height = height;
        }
    }

    /** Size of a level-0 texel in metres. */
    final double texel;
    private final TexturePattern pattern;
    private final double originX, originY;
    private final int[] widths, heights;
    private final float shading;
    private volatile Level[] fine, coarse;

    /**
     * A texture covering {@code sizeU × sizeV} metres of {@code pattern}, starting at
     * ({@code originX}, {@code originY}) in the texture's own plane coordinates, with every value multiplied by
     * {@code shading}.
     */
    MipTexture(TexturePattern pattern, double originX, double originY, double sizeU, double sizeV, double texel,
               double shading) {
        if (!(texel > 0) || !(sizeU > 0) || !(sizeV > 0))
            throw new IllegalArgumentException("texture size and texel must be positive");
        this.pattern = pattern;
        this.originX = originX;
        this.originY = originY;
        this.texel = texel;
        this.shading = (float) shading;
        int w = Math.max(MIN_LEVEL_SIZE, (int) Math.ceil(sizeU / texel - 1e-9));
        int h = Math.max(MIN_LEVEL_SIZE, (int) Math.ceil(sizeV / texel - 1e-9));
        int count = 1;
        for (int a = w, b = h; (a + 1) / 2 >= MIN_LEVEL_SIZE && (b + 1) / 2 >= MIN_LEVEL_SIZE; count++) {
            a = (a + 1) / 2;
            b = (b + 1) / 2;
        }
        widths = new int[count];
        heights = new int[count];
        for (int l = 0; l < count; l++) {
            widths[l] = w;
            heights[l] = h;
            w = (w + 1) / 2;
            h = (h + 1) / 2;
        }
    }

    /** Number of levels. */
    int levels() {
        return widths.length;
    }

    /** Level-0 texels generated so far. */
    long generatedTexels() {
        long n = 0;
        if (fine != null)
            n += (long) widths[0] * heights[0];
        if (coarse != null)
            n += (long) widths[COARSE_SOURCE] * heights[COARSE_SOURCE];
        return n;
    }

    /** Level {@code l} (0 ≤ l < {@link #levels()}), generating its part of the pyramid on first use. */
    Level level(int l) {
        if (l < COARSE_START || widths.length <= COARSE_START) {
            Level[] f = fine;
            if (f == null)
                f = fine();
            return f[l];
        }
        Level[] c = coarse;
        if (c == null)
            c = coarse();
        return c[l - COARSE_START];
    }

    private synchronized Level[] fine() {
        if (fine == null) // all levels when there is no coarse part
            fine = pyramid(render(0), 0, widths.length <= COARSE_START ? widths.length - 1 : COARSE_START - 1);
        return fine;
    }

    private synchronized Level[] coarse() {
        if (coarse == null) {
            Level[] all = pyramid(render(COARSE_SOURCE), COARSE_SOURCE, widths.length - 1);
            coarse = java.util.Arrays.copyOfRange(all, COARSE_START - COARSE_SOURCE, all.length);
        }
        return coarse;
    }

    /** The shaded pattern at the resolution of level {@code l}. */
    private float[] render(int l) {
        float[] t = pattern.generate(originX, originY, widths[l], heights[l], texel * (1 << l));
        for (int i = 0; i < t.length; i++)
            t[i] *= shading;
        return t;
    }

    /** Levels {@code first..last} from the texels of level {@code first}, by repeated 2×2 box filtering. */
    private Level[] pyramid(float[] texels, int first, int last) {
        Level[] out = new Level[last - first + 1];
        for (int l = first; ; l++) {
            out[l - first] = new Level(quantize(texels), widths[l], heights[l]);
            if (l == last)
                break;
            texels = halve(texels, widths[l], heights[l], widths[l + 1], heights[l + 1]);
        }
        return out;
    }

    /** 2×2 box average; a missing last row or column repeats the edge. */
    private static float[] halve(float[] src, int w, int h, int nw, int nh) {
        float[] dst = new float[nw * nh];
        for (int j = 0; j < nh; j++) {
            int r0 = 2 * j * w, r1 = Math.min(2 * j + 1, h - 1) * w;
            for (int i = 0; i < nw; i++) {
                int c0 = 2 * i, c1 = Math.min(2 * i + 1, w - 1);
                dst[j * nw + i] = 0.25f * (src[r0 + c0] + src[r0 + c1] + src[r1 + c0] + src[r1 + c1]);
            }
        }
        return dst;
    }

    private static byte[] quantize(float[] values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++)
            out[i] = (byte) Math.max(0, Math.min(255, Math.round(values[i])));
        return out;
    }
}
