package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;

/** What the CUDA SIFT accepts, checked at the API boundary before any work starts (gpu/SIFT.md section 8). */
final class SiftLimits {
    /** longest image side accepted, as ORB */
    static final int MAX_SIDE = OrbLimits.MAX_SIDE;

    private SiftLimits() {
    }

    static void checkImage(GrayImage image) {
        if (image == null)
            throw new IllegalArgumentException("image is null");
        checkSize(image.width, image.height);
    }

    static void checkSize(int width, int height) {
        if (width < 1 || height < 1)
            throw new IllegalArgumentException("image size must be positive, got " + width + "x" + height);
        if (width > MAX_SIDE || height > MAX_SIDE)
            throw new IllegalArgumentException("image " + width + "x" + height + " is larger than SIFT accepts (at most "
                    + MAX_SIDE + " pixels a side)");
    }
}
