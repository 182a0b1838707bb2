package org.gpuvo.odometry.vo;

import java.util.Arrays;

/**
 * The map: points in the world frame, by id (ids below {@link #size()}; tracking gives an id again once nothing uses
 * its point, see {@link PointIds}). Local mapping is its only writer; tracking reads the positions
 * {@link #publish() published} in a {@link MapSnapshot}. A point found wrong is rejected (its published x is NaN) and
 * no longer used. Where the whole reconstruction is wanted, a point whose id is given again leaves its last position
 * in the cloud of retired points, 13 bytes a point instead of the map's 90 or so.
 */
final class LandmarkMap {
    private final PublishedRecords xyz = new PublishedRecords(3, 10);
    private byte[] grey = new byte[1024];
    /** per point: where it was measured, the unit ray it was measured along, the prior's weight (0: none) */
    private double[] prior = new double[7 * 1024];
    /** the points whose ids were given again, or null where they are not kept */
    private final PointCloud retired;

    /** @param keepRetired whether {@link #toPointCloud()} also holds the points whose ids were given again */
    LandmarkMap(boolean keepRetired) {
        retired = keepRetired ? new PointCloud() : null;
    }

    /**
     * Places point {@code id}: a new id (the map's size) or one given again, whose previous point is replaced (kept in
     * the retired cloud if usable and asked for).
     */
    void add(int id, double wx, double wy, double wz, int greyValue) {
        int size = xyz.size();
        if (id < 0 || id > size)
            throw new IllegalArgumentException("point id " + id + " is neither one of the map's " + size
                    + " nor the next");
        if (id == size) {
            xyz.add();
            if (id == grey.length) {
                grey = Arrays.copyOf(grey, 2 * id);
                prior = Arrays.copyOf(prior, 7 * 2 * id);
            }
        } else if (retired != null && usable(id)) {
            retired.add(x(id), y(id), z(id), grey[id] & 0xFF);
        }
        grey[id] = (byte) greyValue;
        prior[7 * id + 6] = 0;
        xyz.set(id, 0, wx);
        xyz.set(id, 1, wy);
        xyz.set(id, 2, wz);
    }

    /** Moves a point (a better triangulation, the bundle adjustment); a rejected point stays rejected. */
    void setPosition(int id, double wx, double wy, double wz) {
        if (!usable(checked(id)))
            return;
        xyz.set(id, 0, wx);
        xyz.set(id, 1, wy);
        xyz.set(id, 2, wz);
    }

    int size() {
        return xyz.size();
    }

    double x(int id) {
        return xyz.get(id, 0);
    }

    double y(int id) {
        return xyz.get(id, 1);
    }

    double z(int id) {
        return xyz.get(id, 2);
    }

    void reject(int id) {
        xyz.set(checked(id), 0, Double.NaN);
    }

    private int checked(int id) {
        if (id < 0 || id >= xyz.size())
            throw new IllegalArgumentException("no map point " + id + " (the map holds " + xyz.size() + ")");
        return id;
    }

    boolean usable(int id) {
        return id >= 0 && id < xyz.size() && !Double.isNaN(xyz.get(id, 0));
    }

    /**
     * Records that point {@code id} was measured (stereo, depth) at its current position along the unit ray
     * (rx, ry, rz), with a depth prior of the given weight for the bundle adjustment.
     */
    void setDepthPrior(int id, double rx, double ry, double rz, double pixelsPerMeter) {
        int b = 7 * checked(id);
        prior[b] = x(id);
        prior[b + 1] = y(id);
        prior[b + 2] = z(id);
        prior[b + 3] = rx;
        prior[b + 4] = ry;
        prior[b + 5] = rz;
        prior[b + 6] = pixelsPerMeter;
    }

    /** The depth prior's weight of point {@code id} (0: none); then its values, 0..5 as set. */
    double priorWeight(int id) {
        return prior[7 * id + 6];
    }

    double prior(int id, int k) {
        return prior[7 * id + k];
    }

    /** The positions as they are now, for tracking. */
    PublishedRecords.View publish() {
        return xyz.publish();
    }

    /** The points not rejected, as a cloud: the retired ones where kept, then those of the map. */
    PointCloud toPointCloud() {
        PointCloud cloud = retired == null ? new PointCloud() : retired.copy();
        for (int i = 0; i < xyz.size(); i++)
            if (usable(i))
                cloud.add(x(i), y(i), z(i), grey[i] & 0xFF);
        return cloud;
    }
}
