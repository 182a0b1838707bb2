package org.gpuvo.odometry.bundle;

/**
 * Huber's loss on one residual component r (pixels): ρ(r) = r²/2 for |r| ≤ t, t·(|r| − t/2) beyond (Huber 1964).
 * It is applied to the x and the y reprojection error separately and summed, exactly as DDogleg's
 * {@code LossHuber.Function} (what BoofCV's {@code ConfigLoss(HUBER, t)} selects) sums it over every residual
 * component, so the costs of the two solvers are the same function. The Gauss–Newton model uses the IRLS weight
 * ψ(r)/r = min(1, t/|r|): its gradient Jᵀψ(r) is the exact gradient of the cost.
 */
final class HuberLoss {
    private HuberLoss() {
    }

    static double cost(double r, double t) {
        double a = Math.abs(r);
        return a <= t ? 0.5 * r * r : t * (a - 0.5 * t);
    }

    static double weight(double r, double t) {
        double a = Math.abs(r);
        return a <= t ? 1.0 : t / a;
    }
}
