package org.gpuvo.gpu.features;

import org.gpuvo.gpu.image.GrayImage;

/**
 * The image sizes every feature extractor accepts, checked at the API boundary so that all extractors and
 * backends reject the same inputs, with a message naming the extractor, before any work starts.
 */
public final class ImageLimits {
    /** Longest image side accepted: 16K covers every camera a robot carries. */
    public static final int MAX_SIDE = 16384;
    /** Most pixels accepted (a 16K × 16K image); bounds the pyramids' memory. */
    public static final long MAX_PIXELS = 1L << 28;

    private ImageLimits() {
    }

    /**
     * @param extractor the name the message gives, e.g. "ORB" or "SIFT"
     * @throws IllegalArgumentException if the image is null or larger than accepted
     */
    public static void checkImage(GrayImage image, String extractor) {
        if (image == null)
            throw new IllegalArgumentException("image is null");
        if (image.width > MAX_SIDE || image.height > MAX_SIDE || (long) image.width * image.height > MAX_PIXELS)
            throw new IllegalArgumentException("image " + image.width + "x" + image.height
                    + " is larger than " + extractor + " accepts (at most " + MAX_SIDE + " pixels a side)");
    }
}
