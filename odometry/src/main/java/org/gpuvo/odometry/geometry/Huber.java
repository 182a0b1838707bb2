package org.gpuvo.odometry.geometry;

/** Huber's loss ρ(e) = e²/2 for |e| ≤ k, k·(|e| − k/2) beyond (Huber 1964), and its IRLS weight ρ'(e)/e. */
final class Huber {
    private Huber() {
    }

    static double cost(double e, double k) {
        e = Math.abs(e);
        return e <= k ? 0.5 * e * e : k * (e - 0.5 * k);
    }

    static double weight(double e, double k) {
        e = Math.abs(e);
        return e <= k ? 1.0 : k / e;
    }
}
