package org.gpuvo.odometry.synthetic;

import java.util.Arrays;

/**
 * The centre line of the street of {@link StreetScene}: straight stretches of 30–70 m joined by circular bends of
 * 25–55° with radii of 30–55 m, drawn from the seed, starting with a straight stretch at the origin heading
 * along the world x axis. Bends turn whichever way keeps the heading within 70° of the x axis, so the street
 * never folds back onto itself. Positions and headings are closed-form in the arc length s (continuous heading,
 * piecewise constant curvature); before the start the line continues straight backwards.
 */
final class StreetCenterline {
    static final double BEFORE_START = 40;
    private static final double MAX_HEADING = Math.toRadians(70);

    private double[] start = new double[8], x = new double[8], y = new double[8], heading = new double[8],
            curvature = new double[8];
    private int pieces;

    /** A line from s = -{@link #BEFORE_START} to at least s = {@code length}. */
    StreetCenterline(long seed, double length) {
        double s = -BEFORE_START, px = -BEFORE_START, py = 0, h = 0;
        add(s, px, py, h, 0);
        s += BEFORE_START + Hashing.uniform(Hashing.hash(seed, 0x57, 0, 0), 0, 25, 50);
        px = s;
        for (int k = 1; s < length; k++) {
            long hash = Hashing.hash(seed, 0x57, k, 0);
            double radius = Hashing.uniform(hash, 0, 30, 55);
            double turn = Math.toRadians(Hashing.uniform(hash, 1, 25, 55));
            if (Hashing.unit(hash, 2) < 0.5)
                turn = -turn;
            if (Math.abs(h + turn) > MAX_HEADING)
                turn = -turn;
            double kappa = Math.signum(turn) / radius, arc = Math.abs(turn) * radius;
            add(s, px, py, h, kappa);
            px += (Math.sin(h + turn) - Math.sin(h)) / kappa;
            py -= (Math.cos(h + turn) - Math.cos(h)) / kappa;
            h += turn;
            s += arc;
            add(s, px, py, h, 0);
            double straight = Hashing.uniform(hash, 3, 30, 70);
            px += straight * Math.cos(h);
            py += straight * Math.sin(h);
            s += straight;
        }
    }

    private void add(double s, double px, double py, double h, double kappa) {
        if (pieces == start.length) {
            start = Arrays.copyOf(start, 2 * pieces);
            x = Arrays.copyOf(x, 2 * pieces);
            y = Arrays.copyOf(y, 2 * pieces);
            heading = Arrays.copyOf(heading, 2 * pieces);
            curvature = Arrays.copyOf(curvature, 2 * pieces);
        }
        start[pieces] = s;
        x[pieces] = px;
        y[pieces] = py;
        heading[pieces] = h;
        curvature[pieces] = kappa;
        pieces++;
    }

    /** Writes x, y and heading (radians from the x axis) at arc length {@code s} into {@code out}. */
    void at(double s, double[] out) {
        int k = pieces - 1;
        while (k > 0 && s < start[k])
            k--;
        double ds = s - start[k], h = heading[k], kappa = curvature[k];
        if (kappa == 0) {
            out[0] = x[k] + ds * Math.cos(h);
            out[1] = y[k] + ds * Math.sin(h);
            out[2] = h;
        } else {
            out[0] = x[k] + (Math.sin(h + kappa * ds) - Math.sin(h)) / kappa;
            out[1] = y[k] - (Math.cos(h + kappa * ds) - Math.cos(h)) / kappa;
            out[2] = h + kappa * ds;
        }
    }
}
