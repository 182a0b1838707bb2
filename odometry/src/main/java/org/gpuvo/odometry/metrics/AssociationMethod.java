package org.gpuvo.odometry.metrics;

/** How the poses of an estimate are paired with those of a reference; see {@link TrajectoryAssociation}. */
public enum AssociationMethod {
    /** evo: each pose of the shorter trajectory with the nearest in time of the other, within the tolerance. */
    NEAREST,
    /** TUM RGB-D tools' {@code associate.py}: greedy one-to-one by increasing time difference, below the tolerance. */
    GREEDY,
    /** Pose k with pose k (KITTI: both files hold one pose per frame). */
    INDEX
}
