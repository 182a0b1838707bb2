package org.gpuvo.ros.msg;

/** builtin_interfaces/msg/Time: seconds and nanoseconds (0..999,999,999) since the epoch or since the clock's start. */
public record Time(int sec, int nanosec) {
    public static final String TYPE = "builtin_interfaces/msg/Time";

    /** The time of a count of nanoseconds (negative times round down to whole seconds, as rclcpp does). */
    public static Time ofNanos(long nanos) {
        return new Time((int) Math.floorDiv(nanos, 1_000_000_000L), (int) Math.floorMod(nanos, 1_000_000_000L));
    }

    /** The time nearest to {@code seconds}, to the nanosecond. */
    public static Time ofSeconds(double seconds) {
        return ofNanos(Math.round(seconds * 1e9));
    }

    public long toNanos() {
        return sec * 1_000_000_000L + Integer.toUnsignedLong(nanosec);
    }

    /** Seconds, as nanoseconds / 1e9 (so that a time written from a dataset's seconds reads back as the same double). */
    public double toSeconds() {
        return toNanos() / 1e9;
    }
}
