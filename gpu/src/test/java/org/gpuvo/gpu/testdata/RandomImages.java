package org.gpuvo.gpu.testdata;

import org.gpuvo.gpu.image.GrayImage;

import java.util.Random;

/** Seeded synthetic images for tests. */
public final class RandomImages {
    private RandomImages() {
    }

    /** Uniform noise: every pixel independent. */
    public static GrayImage noise(int width, int height, long seed) {
        Random random = new Random(seed);
        GrayImage image = GrayImage.create(width, height);
        random.nextBytes(image.data);
        return image;
    }

    /**
     * {@code image} with its contrast scaled by {@code factor} about mid-grey (128 + factor·(v − 128), rounded) and
     * then blurred by {@code sigma} pixels (none when 0): a view of sparse, soft texture such as haze or an open road,
     * where SIFT's default contrast threshold finds few features.
     */
    public static GrayImage lowContrast(GrayImage image, double factor, double sigma) {
        GrayImage out = GrayImage.create(image.width, image.height);
        for (int y = 0; y < image.height; y++)
            for (int x = 0; x < image.width; x++)
                out.set(x, y, (int) Math.min(255, Math.max(0, Math.round(128 + factor * (image.get(x, y) - 128)))));
        return sigma > 0 ? org.gpuvo.gpu.image.PhotometricChanges.gaussianBlur(out, sigma) : out;
    }

    /** Random filled rectangles on a grey background: many clean corners, like a man-made scene. */
    public static GrayImage blocks(int width, int height, int count, long seed) {
        Random random = new Random(seed);
        GrayImage image = GrayImage.create(width, height);
        java.util.Arrays.fill(image.data, (byte) 128);
        for (int i = 0; i < count; i++) {
            int w = 4 + random.nextInt(Math.max(1, width / 6)), h = 4 + random.nextInt(Math.max(1, height / 6));
            int x0 = random.nextInt(width), y0 = random.nextInt(height), v = random.nextInt(256);
            for (int y = y0; y < Math.min(height, y0 + h); y++)
                for (int x = x0; x < Math.min(width, x0 + w); x++)
                    image.set(x, y, v);
        }
        return image;
    }
}
