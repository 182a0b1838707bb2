package org.gpuvo.odometry.metrics;

import org.gpuvo.gpu.struct.Configuration;

/**
 * How {@link TrajectoryEvaluation} pairs, aligns and measures. The defaults are evo's: nearest-in-time association
 * within 0.01 s, SE(3) alignment, RPE over consecutive pairs one frame apart.
 */
public class ConfigEvaluation implements Configuration {
    public AssociationMethod association = AssociationMethod.NEAREST;
    /** Largest time difference of an associated pair, seconds (evo: 0.01; TUM's {@code associate.py}: 0.02). */
    public double maxTimeDifference = 0.01;
    /** Added to estimate times before they are compared with reference times, seconds. */
    public double timeOffset = 0;
    public AlignmentMode alignment = AlignmentMode.SE3;
    /** The RPE's step, in {@link #rpeUnit}s. */
    public double rpeDelta = 1;
    public DeltaUnit rpeUnit = DeltaUnit.FRAMES;
    /** Whose RPE conventions; a delta in {@link DeltaUnit#SECONDS} always follows {@link RpeStyle#TUM}. */
    public RpeStyle rpeStyle = RpeStyle.EVO;
    /** Whether to compute the KITTI benchmark's t_err and r_err (where the reference is long enough). */
    public boolean kitti = true;

    /** The RPE style that applies: evo has no time unit. */
    public RpeStyle effectiveRpeStyle() {
        return rpeUnit == DeltaUnit.SECONDS ? RpeStyle.TUM : rpeStyle;
    }

    @Override
    public ConfigEvaluation checkValidity() {
        if (association == null || alignment == null || rpeUnit == null || rpeStyle == null)
            throw new IllegalArgumentException("association, alignment, rpeUnit and rpeStyle must be set");
        if (!(maxTimeDifference >= 0) || !Double.isFinite(maxTimeDifference))
            throw new IllegalArgumentException("maxTimeDifference must be ≥ 0 and finite, got " + maxTimeDifference);
        if (!Double.isFinite(timeOffset))
            throw new IllegalArgumentException("timeOffset must be finite, got " + timeOffset);
        if (!(rpeDelta > 0) || !Double.isFinite(rpeDelta))
            throw new IllegalArgumentException("rpeDelta must be positive and finite, got " + rpeDelta);
        if (rpeUnit == DeltaUnit.FRAMES && rpeDelta != Math.rint(rpeDelta))
            throw new IllegalArgumentException("rpeDelta in FRAMES must be a whole number, got " + rpeDelta);
        return this;
    }

    @Override
    public ConfigEvaluation copy() {
        ConfigEvaluation c = new ConfigEvaluation();
        c.association = association;
        c.maxTimeDifference = maxTimeDifference;
        c.timeOffset = timeOffset;
        c.alignment = alignment;
        c.rpeDelta = rpeDelta;
        c.rpeUnit = rpeUnit;
        c.rpeStyle = rpeStyle;
        c.kitti = kitti;
        return c;
    }
}
