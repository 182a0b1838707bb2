package org.gpuvo.odometry.synthetic;

import java.util.Arrays;

/**
 * The centre line of a road: straight stretches joined by circular bends, their lengths, radii and turns drawn from
 * the seed within the ranges of a {@link Layout}, starting with a straight stretch at the origin heading along the
 * world x axis. Bends turn whichever way keeps the heading within the layout's limit of the x axis, so the road
 * never folds back onto itself. Positions and headings are closed-form in the arc length s (continuous heading,
 * piecewise constant curvature); before the start the line continues straight backwards.
 */
final class Centerline {
    static final double BEFORE_START = 40;

    /**
     * The ranges the pieces of a line are drawn from (lengths in metres, angles in degrees), and the salt that
     * keeps the draws of one layout apart from another's.
     *
     * @param firstMin     shortest first straight stretch (from s = 0)
     * @param radiusMin    smallest bend radius
     * @param turnMin      smallest change of heading in a bend
     * @param straightMin  shortest straight stretch after a bend
     * @param maxHeading   largest angle between the heading and the x axis
     */
    record Layout(long salt, double firstMin, double firstMax, double radiusMin, double radiusMax, double turnMin,
                  double turnMax, double straightMin, double straightMax, double maxHeading) {
    }

    /** A town street: straights of 30–70 m, bends of 25–55° with radii of 30–55 m. */
    static final Layout STREET = new Layout(0x57, 25, 50, 30, 55, 25, 55, 30, 70, 70);
    /** A motorway: straights of 150–400 m, gentle bends of 8–20° with radii of 600–1200 m. */
    static final Layout HIGHWAY = new Layout(0x4A7, 60, 150, 600, 1200, 8, 20, 150, 400, 70);

    private double[] start = new double[8], x = new double[8], y = new double[8], heading = new double[8],
            curvature = new double[8];
    private int pieces;

    /** A line from s = -{@link #BEFORE_START} to at least s = {@code length}. */
    Centerline(long seed, Layout layout, double length) {
        double maxHeading = Math.toRadians(layout.maxHeading());
        double s = -BEFORE_START, px = -BEFORE_START, py = 0, h = 0;
        add(s, px, py, h, 0);
        s += BEFORE_START + Hashing.uniform(Hashing.hash(seed, layout.salt(), 0, 0), 0, layout.firstMin(),
                layout.firstMax());
        px = s;
        for (int k = 1; s < length; k++) {
            long hash = Hashing.hash(seed, layout.salt(), k, 0);
            double radius = Hashing.uniform(hash, 0, layout.radiusMin(), layout.radiusMax());
            double turn = Math.toRadians(Hashing.uniform(hash, 1, layout.turnMin(), layout.turnMax()));
            if (Hashing.unit(hash, 2) < 0.5)
                turn = -turn;
            if (Math.abs(h + turn) > maxHeading)
                turn = -turn;
            double kappa = Math.signum(turn) / radius, arc = Math.abs(turn) * radius;
            add(s, px, py, h, kappa);
            px += (Math.sin(h + turn) - Math.sin(h)) / kappa;
            py -= (Math.cos(h + turn) - Math.cos(h)) / kappa;
            h += turn;
            s += arc;
            add(s, px, py, h, 0);
            double straight = Hashing.uniform(hash, 3, layout.straightMin(), layout.straightMax());
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

    /** Curvature at arc length {@code s}: 1/radius, positive in a left-hand bend, 0 on a straight. */
    double curvature(double s) {
        int k = pieces - 1;
        while (k > 0 && s < start[k])
            k--;
        return curvature[k];
    }

    /**
     * Road coordinates of the point (px, py): writes into {@code out} the arc length s of the nearest point of the
     * line and the signed distance d from it, positive on the left of the direction of travel. Exact up to
     * rounding; for points much nearer one piece's extension than the line itself (beyond a bend's centre), the
     * nearest point on the pieces themselves is still found.
     */
    void roadCoordinates(double px, double py, double[] out) {
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k < pieces; k++) {
            double lo = k == 0 ? Double.NEGATIVE_INFINITY : 0;
            double hi = k == pieces - 1 ? Double.POSITIVE_INFINITY : start[k + 1] - start[k];
            double h = heading[k], kappa = curvature[k], c = Math.cos(h), sn = Math.sin(h);
            double dx = px - x[k], dy = py - y[k];
            double ds, d, distance;
            if (kappa == 0) {
                ds = Math.max(lo, Math.min(hi, c * dx + sn * dy));
                double ex = dx - ds * c, ey = dy - ds * sn;
                d = c * ey - sn * ex; // cross(direction, offset): positive on the left
                distance = Math.hypot(ex, ey);
            } else {
                // the bend's centre lies 1/kappa to the left (right if kappa < 0) of its start
                double vx = dx + sn / kappa, vy = dy - c / kappa;
                double r = Math.hypot(vx, vy);
                double phi = kappa > 0 ? Math.atan2(vx, -vy) : Math.atan2(-vx, vy);
                double turn = Math.IEEEremainder(phi - h, 2 * Math.PI);
                ds = turn / kappa;
                if (ds >= lo && ds <= hi) {
                    d = kappa > 0 ? 1 / kappa - r : r + 1 / kappa;
                    distance = Math.abs(d);
                } else { // nearest at an end of the bend
                    ds = Math.abs(ds - lo) < Math.abs(ds - hi) ? lo : hi;
                    double ex = dx - (Math.sin(h + kappa * ds) - sn) / kappa;
                    double ey = dy + (Math.cos(h + kappa * ds) - c) / kappa;
                    double hh = h + kappa * ds;
                    d = Math.cos(hh) * ey - Math.sin(hh) * ex;
                    distance = Math.hypot(ex, ey);
                }
            }
            if (distance < best) {
                best = distance;
                out[0] = start[k] + ds;
                out[1] = d;
            }
        }
    }

    /**
     * Whether the footprint (see {@link Footprints}) keeps at least {@code halfWidth} from the line along its part
     * from s = {@code mid} - {@code window} to {@code mid} + {@code window}, checked every {@code step} metres.
     */
    boolean clear(double[] footprint, double mid, double halfWidth, double window, double step) {
        double[] c = new double[3];
        for (double s = mid - window; s <= mid + window; s += step) {
            at(s, c);
            if (Footprints.distance(footprint, c[0], c[1]) < halfWidth - 1e-6)
                return false;
        }
        return true;
    }
}
