package org.gpuvo.gpu.cuda;

/**
 * One frame's ORB features as they live on the device between extraction and matching, so that the previous
 * frame's features never travel back to the host. Allocated once for a capacity and refilled every frame.
 *
 * <p>Layout (all arrays of {@code capacity} entries; the first {@link #count} are valid):
 * <ul>
 * <li>{@link #descriptors}: 32 bytes per feature, row after row, byte and bit order as OpenCV's (byte j, bit k is
 * test 8j+k); read as 8 little-endian {@code uint32} words per row by the matcher;</li>
 * <li>{@link #positions}: {@code float2} (x, y) per feature in level-0 pixels;</li>
 * <li>{@link #levels}: {@code int32} pyramid level per feature.</li>
 * </ul>
 * {@link #count} is the host's copy of the feature count of the frame now held, set by whoever filled the buffers
 * (the extractor knows it after its compaction step; a test that uploads features knows it directly).
 */
public final class DeviceFeatures extends DeviceFeatureSet {
    public static final int DESCRIPTOR_BYTES = 32;

    public DeviceFeatures(CudaContext context, String stage, int capacity) {
        super(context, stage, capacity, DESCRIPTOR_BYTES);
    }
}
