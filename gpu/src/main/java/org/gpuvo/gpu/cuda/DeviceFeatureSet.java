package org.gpuvo.gpu.cuda;

/**
 * The buffers one frame's features occupy on the device, whatever their descriptors: {@link #descriptors} (the
 * subclass says their layout), {@link #positions} ({@code float2} (x, y) per feature) and {@link #levels}
 * ({@code int32} level or octave per feature), each of {@link #capacity} entries of which the first {@link #count}
 * are valid. {@link #count} is the host's copy of the feature count of the frame now held, set by whoever filled the
 * buffers.
 */
public abstract class DeviceFeatureSet implements AutoCloseable {
    public final int capacity;
    public final DeviceBuffer descriptors;
    public final DeviceBuffer positions;
    public final DeviceBuffer levels;
    /** valid features now held */
    public int count;

    DeviceFeatureSet(CudaContext context, String stage, int capacity, long descriptorBytes) {
        if (capacity <= 0)
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        this.capacity = capacity;
        this.descriptors = context.deviceBuffer(stage, (long) capacity * descriptorBytes);
        this.positions = context.deviceBuffer(stage, (long) capacity * 8);
        this.levels = context.deviceBuffer(stage, (long) capacity * 4);
    }

    @Override
    public void close() {
        descriptors.close();
        positions.close();
        levels.close();
    }
}
