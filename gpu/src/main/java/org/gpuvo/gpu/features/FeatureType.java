package org.gpuvo.gpu.features;

import java.util.Locale;

/** Which features a pipeline extracts and matches. */
public enum FeatureType {
    /** ORB (OpenCV-compatible): 256-bit binary descriptors, Hamming distance. The fast default. */
    ORB,
    /** SIFT (Lowe 2004, VLFeat conventions): 128 floats, Euclidean distance. More invariant to scale and viewpoint. */
    SIFT;

    /** The lower-case name used on command lines and in ROS parameters. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code orb} or {@code sift} (any case). */
    public static FeatureType parse(String name) {
        if (name != null)
            for (FeatureType t : values())
                if (t.name().equalsIgnoreCase(name.trim()))
                    return t;
        throw new IllegalArgumentException("unknown feature type '" + name + "': expected orb or sift");
    }
}
