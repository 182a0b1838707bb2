package org.gpuvo.app.features;

import org.gpuvo.app.OutputFiles;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Pictures of features for a person to judge: keypoints as circles of their diameter with a tick showing the
 * orientation, coloured by pyramid level or octave, as OpenCV's rich keypoint drawing (ORB: the described patch;
 * SIFT: a circle of radius σ, the keypoint's scale, at least {@value #MIN_RADIUS} pixels so that the finest show);
 * matches as lines between two images side by side, green where they agree with a known motion and red where not.
 */
final class FeatureDrawing {
    private static final Color AGREEING = new Color(40, 220, 60, 180);
    private static final Color DISAGREEING = new Color(235, 40, 40, 220);
    /** the smallest circle drawn, pixels */
    static final double MIN_RADIUS = 2;

    private FeatureDrawing() {
    }

    /** Keypoints of levels (or octaves) {@code firstLevel} to {@code firstLevel + levels - 1}, coloured by level. */
    static BufferedImage keyPoints(GrayImage image, KeyPoints keyPoints, int firstLevel, int levels) {
        BufferedImage canvas = colourCopy(image, image.width, image.height);
        Graphics2D g = graphics(canvas);
        for (int i = 0; i < keyPoints.size(); i++) {
            double x = keyPoints.x[i], y = keyPoints.y[i], r = Math.max(MIN_RADIUS, keyPoints.diameter[i] / 2.0);
            double a = Math.toRadians(keyPoints.angle[i]);
            g.setColor(levelColour(keyPoints.level[i] - firstLevel, levels));
            g.draw(new Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r));
            g.draw(new Line2D.Double(x, y, x + r * Math.cos(a), y + r * Math.sin(a)));
        }
        g.dispose();
        return canvas;
    }

    /**
     * The two images side by side with a line per match. {@code agreeing} (per match) colours the lines green
     * or red; null colours each match its own hue.
     */
    static BufferedImage matches(GrayImage left, KeyPoints leftKeyPoints, GrayImage right, KeyPoints rightKeyPoints,
                                 Matches matches, boolean[] agreeing) {
        BufferedImage canvas = colourCopy(left, left.width + right.width, Math.max(left.height, right.height));
        Graphics2D g = graphics(canvas);
        g.drawImage(ImageFiles.toBufferedImage(right), left.width, 0, null);
        for (int m = 0; m < matches.size(); m++) {
            int q = matches.query[m], t = matches.train[m];
            double x0 = leftKeyPoints.x[q], y0 = leftKeyPoints.y[q];
            double x1 = rightKeyPoints.x[t] + left.width, y1 = rightKeyPoints.y[t];
            g.setColor(agreeing == null ? Color.getHSBColor((m * 0.618034f) % 1f, 0.9f, 1f)
                    : agreeing[m] ? AGREEING : DISAGREEING);
            g.draw(new Line2D.Double(x0, y0, x1, y1));
            g.draw(new Ellipse2D.Double(x0 - 3, y0 - 3, 6, 6));
            g.draw(new Ellipse2D.Double(x1 - 3, y1 - 3, 6, 6));
        }
        g.dispose();
        return canvas;
    }

    static void writePng(BufferedImage image, Path file) throws IOException {
        OutputFiles.requireWritable(file);
        if (!ImageIO.write(image, "png", file.toFile()))
            throw new IOException("no PNG writer available to write " + file);
    }

    /** The first level red through the hues to the last level violet. */
    private static Color levelColour(int level, int levels) {
        return Color.getHSBColor(0.8f * level / Math.max(1, levels - 1), 1f, 1f);
    }

    private static BufferedImage colourCopy(GrayImage image, int width, int height) {
        BufferedImage canvas = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas.createGraphics();
        g.drawImage(ImageFiles.toBufferedImage(image), 0, 0, null);
        g.dispose();
        return canvas;
    }

    private static Graphics2D graphics(BufferedImage canvas) {
        Graphics2D g = canvas.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setStroke(new BasicStroke(1f));
        return g;
    }
}
