package org.gpuvo.ros.node.transport;

/**
 * The QoS settings gpuvo uses, in ROS 2's terms (rmw_qos_profile_t): reliability, durability and the history depth
 * (keep last). The presets are rclcpp's: {@link #SENSOR_DATA} for camera topics, {@link #RELIABLE} for odometry and
 * {@code /tf}, {@link #TRANSIENT_LOCAL} for {@code /tf_static}.
 */
public record QosProfile(Reliability reliability, Durability durability, int depth) {
    public enum Reliability { RELIABLE, BEST_EFFORT }

    public enum Durability { VOLATILE, TRANSIENT_LOCAL }

    /** rclcpp::SensorDataQoS: best effort, volatile, keep last 5. */
    public static final QosProfile SENSOR_DATA = new QosProfile(Reliability.BEST_EFFORT, Durability.VOLATILE, 5);
    /** rclcpp's default: reliable, volatile, keep last 10. */
    public static final QosProfile RELIABLE = new QosProfile(Reliability.RELIABLE, Durability.VOLATILE, 10);
    /** What tf2's static broadcaster uses: reliable, transient local, keep last 1. */
    public static final QosProfile TRANSIENT_LOCAL = new QosProfile(Reliability.RELIABLE, Durability.TRANSIENT_LOCAL, 1);

    /** rmw_qos_profile_services_default: reliable, volatile, keep last 10, as rclcpp's default. */
    public static final QosProfile SERVICES = RELIABLE;

    public QosProfile {
        if (reliability == null || durability == null)
            throw new IllegalArgumentException("QoS reliability and durability must be given");
        if (depth < 1)
            throw new IllegalArgumentException("QoS history depth must be at least 1, got " + depth);
    }
}
