package org.gpuvo.gpu.cuda;

/**
 * One frame's SIFT features as they live on the device between extraction and matching, so that the previous
 * frame's features never travel back to the host: the float counterpart of {@link DeviceFeatures}. Allocated once
 * for a capacity and refilled every frame.
 *
 * <p>Layout (all arrays of {@code capacity} entries; the first {@link #count} are valid):
 * <ul>
 * <li>{@link #descriptors}: {@code length} float32 per feature, row after row (unit L2 norm for SIFT);</li>
 * <li>{@link #positions}: {@code float2} (x, y) per feature in input-image pixels;</li>
 * <li>{@link #levels}: {@code int32} octave per feature.</li>
 * </ul>
 * {@link #count} is the host's copy of the feature count of the frame now held, set by whoever filled the buffers.
 * A matcher that wants another precision (FP16 for tensor cores) converts into buffers of its own.
 */
public final class DeviceFloatFeatures extends DeviceFeatureSet {
    /** floats per descriptor */
    public final int length;

    public DeviceFloatFeatures(CudaContext context, String stage, int capacity, int length) {
        super(context, stage, capacity, descriptorBytes(capacity, length));
        this.length = length;
    }

    /** Bytes of a descriptor; a bad length is reported after a bad capacity, which the super constructor checks. */
    private static long descriptorBytes(int capacity, int length) {
        if (capacity > 0 && length <= 0)
            throw new IllegalArgumentException("descriptor length must be positive: " + length);
        return 4L * length;
    }
}
