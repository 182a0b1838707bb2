package org.gpuvo.ros.bag;

/** The times of the first and the last message of a bag or a bag file, nanoseconds since the epoch, both included. */
public record TimeRange(long startNs, long endNs) {
    public TimeRange {
        if (endNs < startNs)
            throw new IllegalArgumentException("time range ends (" + endNs + ") before it starts (" + startNs + ")");
    }

    /** End minus start, as rosbag2's {@code duration}. */
    public long durationNs() {
        return endNs - startNs;
    }

    /** The smallest range holding both. */
    public TimeRange union(TimeRange other) {
        return new TimeRange(Math.min(startNs, other.startNs), Math.max(endNs, other.endNs));
    }
}
