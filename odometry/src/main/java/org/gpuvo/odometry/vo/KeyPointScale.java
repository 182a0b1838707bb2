package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;

/**
 * The scale at which a keypoint was detected, relative to the finest scale of its feature type: the spacing of the
 * samples it was found on, in input pixels. ORB: {@code scaleFactor^level} (1 at level 0), from the pyramid level.
 * SIFT: σ / σ0 with σ = diameter / 2 the keypoint's blur in input pixels and σ0 the first level's (1 at octave 0,
 * level 0; ½ in an upsampled first octave), continuous since SIFT refines the scale of each extremum. Stereo matching
 * widens its row tolerance with it and pairs only keypoints of about the same scale.
 */
final class KeyPointScale {
    /** relative slack on the largest scale ratio, so that ORB's levels one apart pass despite rounding */
    private static final double RATIO_SLACK = 1e-9;
    /** the most ORB pyramid levels {@link #levelScales} covers */
    private static final int LEVELS = 32;

    private final FeatureType type;
    private final double siftSigma;
    /** ORB: the scale of each pyramid level, scaleFactor^level (empty for SIFT) */
    private final double[] orbLevelScales;
    /** the largest ratio of two scales that {@link #alike} accepts, slack included */
    private final double limit;

    private KeyPointScale(FeatureType type, double orbScaleFactor, double siftSigma, double maxRatio) {
        this.type = type;
        this.siftSigma = siftSigma;
        this.orbLevelScales = new double[type == FeatureType.SIFT ? 0 : LEVELS];
        for (int level = 0; level < orbLevelScales.length; level++)
            orbLevelScales[level] = Math.pow(orbScaleFactor, level);
        this.limit = maxRatio * (1 + RATIO_SLACK);
    }

    /** ORB keypoints of a pyramid with {@code scaleFactor}; one level apart at most. */
    static KeyPointScale orb(double scaleFactor) {
        return new KeyPointScale(FeatureType.ORB, scaleFactor, 0, scaleFactor);
    }

    /**
     * SIFT keypoints of a scale space whose first level has blur {@code sigma}, with {@code levelsPerOctave} levels;
     * one level (2^(1/S)) apart at most, as ORB's.
     */
    static KeyPointScale sift(double sigma, int levelsPerOctave) {
        return new KeyPointScale(FeatureType.SIFT, 0, sigma, Math.pow(2, 1.0 / levelsPerOctave));
    }

    /** The feature type of {@code config}. */
    static KeyPointScale of(ConfigVisualOdometry config) {
        return config.features == FeatureType.SIFT ? sift(config.sift.sigma, config.sift.levelsPerOctave)
                : orb(config.orb.scaleFactor);
    }

    /** The detection scale of keypoint {@code i}. */
    double of(KeyPoints points, int i) {
        return type == FeatureType.SIFT ? points.diameter[i] / (2 * siftSigma) : orbLevelScales[points.level[i]];
    }

    /**
     * The scale of each ORB pyramid level as {@link #of} gives it, for the {@value #LEVELS} levels a pyramid may
     * have at most; empty for SIFT, whose scales are continuous.
     */
    double[] levelScales() {
        return orbLevelScales.clone();
    }

    /** The largest ratio of two scales that {@link #alike} accepts, its slack included. */
    double limit() {
        return limit;
    }

    /**
     * Whether keypoints detected at scales {@code a} and {@code b} may be the same point seen twice: their ratio is
     * within the largest this feature type allows.
     */
    boolean alike(double a, double b) {
        return !(Math.max(a, b) > limit * Math.min(a, b));
    }
}
