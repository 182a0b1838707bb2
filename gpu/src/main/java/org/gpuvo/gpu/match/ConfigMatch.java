package org.gpuvo.gpu.match;

import org.gpuvo.gpu.struct.Configuration;

/**
 * Parameters of descriptor matching: k = 2 nearest neighbours by Hamming distance, filtered by Lowe's ratio test
 * (D. G. Lowe, "Distinctive Image Features from Scale-Invariant Keypoints", IJCV 60(2), 2004, section 7.1), an
 * optional mutual (cross) check, an optional distance limit and, where positions are predicted, a search window.
 */
public final class ConfigMatch implements Configuration {
    /** A match is kept when best &lt; ratio · second best (Lowe 2004); 1 disables the test. */
    public double ratio = 0.8;
    /** Keep a match only if the query is also the train descriptor's nearest neighbour. */
    public boolean mutual = false;
    /** Matches farther than this (in bits) are dropped; 256 or more disables the limit for ORB. */
    public int maxDistance = 256;
    /**
     * Radius in train-image pixels of the search window around a query's predicted position; only used by
     * {@link DescriptorMatcher#matchWithin}. A train keypoint at distance exactly {@code searchRadius} is inside.
     */
    public double searchRadius = 64;

    public ConfigMatch() {
    }

    public ConfigMatch(double ratio, boolean mutual, int maxDistance) {
        this.ratio = ratio;
        this.mutual = mutual;
        this.maxDistance = maxDistance;
    }

    /** Throws {@link IllegalArgumentException} naming the first parameter that is out of range. */
    @Override
    public ConfigMatch checkValidity() {
        if (!(ratio > 0 && ratio <= 1))
            throw new IllegalArgumentException("ratio must be in (0, 1], got " + ratio);
        if (maxDistance < 0)
            throw new IllegalArgumentException("maxDistance must be non-negative, got " + maxDistance);
        if (!(searchRadius > 0 && searchRadius < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("searchRadius must be positive and finite, got " + searchRadius);
        return this;
    }

    @Override
    public ConfigMatch copy() {
        ConfigMatch c = new ConfigMatch(ratio, mutual, maxDistance);
        c.searchRadius = searchRadius;
        return c;
    }

    @Override
    public String toString() {
        return "ConfigMatch{ratio=" + ratio + ", mutual=" + mutual + ", maxDistance=" + maxDistance
                + ", searchRadius=" + searchRadius + "}";
    }
}
