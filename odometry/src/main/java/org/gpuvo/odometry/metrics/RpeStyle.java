package org.gpuvo.odometry.metrics;

/** Whose conventions the RPE's pairs and error follow; see {@link RelativePoseError}. */
public enum RpeStyle {
    /** evo's {@code evo_rpe}: on the associated poses, consecutive non-overlapping pairs. */
    EVO,
    /** The TUM RGB-D benchmark's {@code evaluate_rpe.py --fixed_delta}: every estimate pose starts a pair. */
    TUM
}
