package org.gpuvo.gpu.image;

import java.util.Arrays;

/**
 * Resamples 8-bit images to another size, in floating point with the geometry of OpenCV's {@code cv::resize}, so
 * that frames resized here and by OpenCV differ by at most one grey level (rounding):
 * <ul>
 * <li>{@link #area}: each output pixel is the mean of the source area it covers, partly covered pixels weighted by
 * the part covered ({@code INTER_AREA} when shrinking): no aliasing;</li>
 * <li>{@link #bilinear}: output pixel centre {@code d} samples source coordinate {@code (d + 0.5)·src/dst − 0.5}
 * between its two neighbours, the edge pixel replicated outside ({@code INTER_LINEAR}).</li>
 * </ul>
 * {@link #resize} picks area averaging when both sides shrink and bilinear interpolation otherwise.
 */
public final class ImageResize {
    private ImageResize() {
    }

    /**
     * {@code image} at {@code width × height}: area averaging when both sides shrink, else bilinear; the image
     * itself where it has that size already.
     */
    public static GrayImage resize(GrayImage image, int width, int height) {
        if (image.width == width && image.height == height)
            return image;
        return width < image.width && height < image.height ? area(image, width, height)
                : bilinear(image, width, height);
    }

    /** Area averaging; both sides must be at most the source's. */
    public static GrayImage area(GrayImage image, int width, int height) {
        checkSize(width, height);
        if (width > image.width || height > image.height)
            throw new IllegalArgumentException("area averaging shrinks: " + image.width + "x" + image.height
                    + " cannot become " + width + "x" + height);
        AreaAxis xs = new AreaAxis(image.width, width), ys = new AreaAxis(image.height, height);
        GrayImage out = GrayImage.create(width, height);
        double[] row = new double[width];
        for (int dy = 0; dy < height; dy++) {
            Arrays.fill(row, 0);
            for (int k = ys.start[dy]; k < ys.start[dy + 1]; k++) {
                int rowStart = image.offset + ys.source[k] * image.stride;
                double wy = ys.weight[k];
                for (int dx = 0; dx < width; dx++) {
                    double sum = 0;
                    for (int j = xs.start[dx]; j < xs.start[dx + 1]; j++)
                        sum += xs.weight[j] * (image.data[rowStart + xs.source[j]] & 0xFF);
                    row[dx] += wy * sum;
                }
            }
            for (int dx = 0; dx < width; dx++)
                out.data[dy * width + dx] = (byte) clampRound(row[dx]);
        }
        return out;
    }

    /** Bilinear interpolation, to any size. */
    public static GrayImage bilinear(GrayImage image, int width, int height) {
        checkSize(width, height);
        LinearAxis xs = new LinearAxis(image.width, width), ys = new LinearAxis(image.height, height);
        GrayImage out = GrayImage.create(width, height);
        for (int dy = 0; dy < height; dy++) {
            int row0 = image.offset + ys.index[dy] * image.stride;
            int row1 = image.offset + Math.min(ys.index[dy] + 1, image.height - 1) * image.stride;
            double fy = ys.fraction[dy];
            for (int dx = 0; dx < width; dx++) {
                int x0 = xs.index[dx], x1 = Math.min(x0 + 1, image.width - 1);
                double fx = xs.fraction[dx];
                double top = (1 - fx) * (image.data[row0 + x0] & 0xFF) + fx * (image.data[row0 + x1] & 0xFF);
                double bottom = (1 - fx) * (image.data[row1 + x0] & 0xFF) + fx * (image.data[row1 + x1] & 0xFF);
                out.data[dy * width + dx] = (byte) clampRound((1 - fy) * top + fy * bottom);
            }
        }
        return out;
    }

    private static void checkSize(int width, int height) {
        if (width < 1 || height < 1)
            throw new IllegalArgumentException("size must be positive, got " + width + "x" + height);
    }

    /** Half to even, as OpenCV's {@code saturate_cast<uchar>} rounds. */
    private static int clampRound(double value) {
        return (int) Math.max(0, Math.min(255, Math.rint(value)));
    }

    /**
     * Per output index {@code d}: the source indices its interval {@code [d·s, (d+1)·s)} overlaps, {@code s} the
     * source-to-output scale, each with the overlapped length divided by {@code s} (the weights sum to 1).
     */
    private static final class AreaAxis {
        final int[] start;
        final int[] source;
        final double[] weight;

        AreaAxis(int sourceSize, int size) {
            double scale = (double) sourceSize / size;
            start = new int[size + 1];
            int[] src = new int[size * ((int) Math.ceil(scale) + 2)];
            double[] w = new double[src.length];
            int n = 0;
            for (int d = 0; d < size; d++) {
                start[d] = n;
                double begin = d * scale, end = Math.min(sourceSize, (d + 1) * scale);
                for (int s = (int) Math.floor(begin); s < end; s++) {
                    double covered = Math.min(end, s + 1) - Math.max(begin, s);
                    if (covered <= 1e-12)
                        continue;
                    src[n] = s;
                    w[n++] = covered / scale;
                }
            }
            start[size] = n;
            source = src;
            weight = w;
        }
    }

    /** Per output index: the left (or upper) source neighbour and the weight of the right (or lower) one. */
    private static final class LinearAxis {
        final int[] index;
        final double[] fraction;

        LinearAxis(int sourceSize, int size) {
            index = new int[size];
            fraction = new double[size];
            double scale = (double) sourceSize / size;
            for (int d = 0; d < size; d++) {
                double f = (d + 0.5) * scale - 0.5;
                int i = (int) Math.floor(f);
                double frac = f - i;
                if (i < 0) {
                    i = 0;
                    frac = 0;
                } else if (i >= sourceSize - 1) {
                    i = sourceSize - 1;
                    frac = 0;
                }
                index[d] = i;
                fraction[d] = frac;
            }
        }
    }
}
