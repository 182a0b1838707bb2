package org.gpuvo.odometry.frontend;

import java.util.ArrayList;
import java.util.List;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.RandomImages;

/**
 * A short sequence of soft, low-contrast texture, where SIFT at its default contrast threshold finds next to nothing
 * and at 0.005 about a thousand features: windows of one large image of uniform noise blurred by 4 px, moving 3 px
 * right and 1 px down a frame (no recordings needed).
 */
final class LowContrastFrames {
    static final int WIDTH = 480, HEIGHT = 360;

    private LowContrastFrames() {
    }

    static List<GrayImage> frames(int count) {
        int w = WIDTH + 3 * count, h = HEIGHT + count;
        GrayImage scene = RandomImages.lowContrast(RandomImages.noise(w, h, 11), 1, 4.0);
        List<GrayImage> frames = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            GrayImage window = new GrayImage(WIDTH, HEIGHT, scene.stride, scene.offset + i * scene.stride + 3 * i,
                    scene.data);
            // tightly packed, as a camera gives it
            GrayImage frame = GrayImage.create(WIDTH, HEIGHT);
            for (int y = 0; y < HEIGHT; y++)
                System.arraycopy(window.data, window.offset + y * window.stride, frame.data, y * WIDTH, WIDTH);
            frames.add(frame);
        }
        return frames;
    }
}
