package org.gpuvo.app.conformance;

import org.gpuvo.gpu.image.SyntheticImages.Homography;

/**
 * A match is correct when the point of the second image lies within the tolerance of the first image's point
 * mapped by the known homography: the error is the Euclidean distance |H·x₁ − x₂| in pixels of the second image.
 */
public final class HomographyCheck implements CorrespondenceCheck {
    private final Homography firstToSecond;
    private final double tolerancePx;

    public HomographyCheck(Homography firstToSecond, double tolerancePx) {
        if (firstToSecond == null)
            throw new IllegalArgumentException("homography is null");
        if (!(tolerancePx >= 0 && tolerancePx < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("tolerance must be finite and not negative, got " + tolerancePx);
        this.firstToSecond = firstToSecond;
        this.tolerancePx = tolerancePx;
    }

    @Override
    public double error(double x1, double y1, double x2, double y2) {
        double[] mapped = firstToSecond.map(x1, y1);
        return Math.hypot(mapped[0] - x2, mapped[1] - y2);
    }

    @Override
    public double tolerancePx() {
        return tolerancePx;
    }

    @Override
    public String criterion() {
        return "homography_transfer_distance";
    }
}
