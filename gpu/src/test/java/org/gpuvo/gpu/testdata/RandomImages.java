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
