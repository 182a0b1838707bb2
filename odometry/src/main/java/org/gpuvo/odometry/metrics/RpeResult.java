package org.gpuvo.odometry.metrics;

/**
 * Relative pose error over pairs of poses (i, j) of the estimate.
 *
 * @param first              estimate index of the first pose of each pair
 * @param second             estimate index of the second pose
 * @param translationErrors  ‖t(E)‖ per pair, metres
 * @param rotationErrorsDeg  rotation angle of E per pair, degrees
 */
public record RpeResult(RpeStyle style, double delta, DeltaUnit unit, int[] first, int[] second,
                        double[] translationErrors, double[] rotationErrorsDeg,
                        ErrorStatistics translation, ErrorStatistics rotationDeg) {

    static RpeResult of(RpeStyle style, double delta, DeltaUnit unit, int[] first, int[] second,
                        double[] translationErrors, double[] rotationErrorsDeg) {
        return new RpeResult(style, delta, unit, first, second, translationErrors, rotationErrorsDeg,
                ErrorStatistics.of(translationErrors), ErrorStatistics.of(rotationErrorsDeg));
    }

    public int n() {
        return translationErrors.length;
    }

    public double transRmse() {
        return translation.rmse();
    }

    public double rotRmseDeg() {
        return rotationDeg.rmse();
    }
}
