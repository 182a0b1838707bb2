package org.gpuvo.app.conformance;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.HomographyWarp;
import org.gpuvo.gpu.image.PhotometricChanges;
import org.gpuvo.gpu.image.SyntheticImages.Homography;

import java.util.Locale;

/**
 * The known changes a second view is made with, from a real image: rotations and scalings about the image centre
 * (warped with bilinear sampling by {@link HomographyWarp}, same size as the source, black where the source is not
 * seen), a Gaussian blur and brightness offsets (identity geometry). A match is correct within
 * {@link #TOLERANCE_PX} of the homography's image of the first point.
 */
public enum WarpKind {
    ROTATION_15(15, 1, 0, 0),
    ROTATION_30(30, 1, 0, 0),
    ROTATION_45(45, 1, 0, 0),
    ROTATION_60(60, 1, 0, 0),
    SCALE_0_5(0, 0.5, 0, 0),
    SCALE_0_75(0, 0.75, 0, 0),
    SCALE_1_5(0, 1.5, 0, 0),
    SCALE_2(0, 2, 0, 0),
    BLUR_1(0, 1, 1, 0),
    BLUR_2(0, 1, 2, 0),
    BRIGHTNESS_PLUS_40(0, 1, 0, 40),
    BRIGHTNESS_MINUS_40(0, 1, 0, -40);

    /** The tolerance for warped pairs, in pixels. */
    public static final double TOLERANCE_PX = 2.0;

    private final double degrees, scale, blurSigma;
    private final int brightness;

    WarpKind(double degrees, double scale, double blurSigma, int brightness) {
        this.degrees = degrees;
        this.scale = scale;
        this.blurSigma = blurSigma;
        this.brightness = brightness;
    }

    /** A stable identifier for reports: {@code rotation_15}, {@code scale_0.5}, {@code blur_1}, {@code brightness_+40}. */
    public String id() {
        if (degrees != 0)
            return "rotation_" + format(degrees);
        if (scale != 1)
            return "scale_" + format(scale);
        if (blurSigma != 0)
            return "blur_" + format(blurSigma);
        return "brightness_" + (brightness > 0 ? "+" : "") + brightness;
    }

    /** The geometry from the source image to the changed one, for an image of {@code width}×{@code height}. */
    public Homography homography(int width, int height) {
        // about the centre of the pixel-centre hull, so that the centre stays put
        return Homography.similarity(degrees, scale, (width - 1) / 2.0, (height - 1) / 2.0, 0, 0);
    }

    /** The changed view of {@code image}, the same size. */
    public GrayImage apply(GrayImage image) {
        if (blurSigma > 0)
            return PhotometricChanges.gaussianBlur(image, blurSigma);
        if (brightness != 0)
            return PhotometricChanges.brightness(image, brightness);
        return HomographyWarp.warp(image, homography(image.width, image.height), image.width, image.height);
    }

    /** The pair (image, changed image) with its check; the second image is named {@code name + "~" + id()}. */
    public ImagePair pair(String name, GrayImage image) {
        return new ImagePair(name, image, name + "~" + id(), apply(image),
                new HomographyCheck(homography(image.width, image.height), TOLERANCE_PX));
    }

    private static String format(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
