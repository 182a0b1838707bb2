package org.gpuvo.gpu.match;

/** Parameters of descriptor matching (k = 2 nearest neighbours with Lowe's ratio test). */
public final class ConfigMatch {
    /** A match is kept when best &lt; ratio · second best (Lowe 2004); 1 disables the test. */
    public double ratio = 0.8;
    /** Keep a match only if the query is also the train descriptor's nearest neighbour. */
    public boolean mutual = false;
    /** Matches farther than this (in bits) are dropped; 256 or more disables the limit for ORB. */
    public int maxDistance = 256;

    public ConfigMatch checkValidity() {
        if (!(ratio > 0 && ratio <= 1))
            throw new IllegalArgumentException("ratio must be in (0, 1], got " + ratio);
        if (maxDistance < 0)
            throw new IllegalArgumentException("maxDistance must be non-negative, got " + maxDistance);
        return this;
    }
}
