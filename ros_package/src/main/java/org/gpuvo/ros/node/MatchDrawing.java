package org.gpuvo.ros.node;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;

/**
 * Draws frame-to-frame matches on a grey image for a person to look at: the image at half brightness, a white line
 * from each match's keypoint in the previous frame to its keypoint in this one, and a white 3×3 dot on the latter.
 */
final class MatchDrawing {
    private static final int WHITE = 255;

    private MatchDrawing() {
    }

    /** A new image; {@code image} is left as it is. */
    static GrayImage draw(GrayImage image, Matches matches) {
        GrayImage canvas = GrayImage.create(image.width, image.height);
        for (int y = 0; y < image.height; y++)
            for (int x = 0; x < image.width; x++)
                canvas.data[y * image.width + x] = (byte) (image.get(x, y) >> 1);
        if (!matches.hasCoordinates())
            return canvas;
        for (int m = 0; m < matches.size(); m++) {
            if (!near(canvas, matches.queryX[m], matches.queryY[m]) || !near(canvas, matches.trainX[m], matches.trainY[m]))
                continue; // keypoints lie in the image; anything else is garbage, not a line to walk
            int x1 = Math.round(matches.queryX[m]), y1 = Math.round(matches.queryY[m]);
            line(canvas, Math.round(matches.trainX[m]), Math.round(matches.trainY[m]), x1, y1);
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    plot(canvas, x1 + dx, y1 + dy);
        }
        return canvas;
    }

    /** Whether a point lies within one image size of the image (NaN does not). */
    private static boolean near(GrayImage canvas, float x, float y) {
        return x >= -canvas.width && x <= 2 * canvas.width && y >= -canvas.height && y <= 2 * canvas.height;
    }

    /** Bresenham's line, clipped pixel by pixel. */
    private static void line(GrayImage canvas, int x0, int y0, int x1, int y1) {
        int dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0);
        int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
        int error = dx + dy;
        int steps = Math.max(dx, -dy);
        for (int i = 0; i <= steps; i++) {
            plot(canvas, x0, y0);
            if (x0 == x1 && y0 == y1)
                break;
            int e2 = 2 * error;
            if (e2 >= dy) {
                error += dy;
                x0 += sx;
            }
            if (e2 <= dx) {
                error += dx;
                y0 += sy;
            }
        }
    }

    private static void plot(GrayImage canvas, int x, int y) {
        if (x >= 0 && y >= 0 && x < canvas.width && y < canvas.height)
            canvas.data[y * canvas.width + x] = (byte) WHITE;
    }
}
