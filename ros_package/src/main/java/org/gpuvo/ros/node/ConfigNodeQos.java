package org.gpuvo.ros.node;

import org.gpuvo.gpu.struct.Configuration;
import org.gpuvo.ros.node.transport.QosProfile;

import java.lang.reflect.Field;

import static org.gpuvo.ros.node.transport.QosProfile.Durability.TRANSIENT_LOCAL;
import static org.gpuvo.ros.node.transport.QosProfile.Durability.VOLATILE;
import static org.gpuvo.ros.node.transport.QosProfile.Reliability.BEST_EFFORT;
import static org.gpuvo.ros.node.transport.QosProfile.Reliability.RELIABLE;

/**
 * The QoS of each of the node's topics. Inputs default to best effort, which matches publishers of either
 * reliability (a reliable subscription would miss a best-effort camera driver altogether); outputs to reliable, as
 * odometry consumers and tf2 listeners ask; the transform tree to what tf2 uses.
 */
public final class ConfigNodeQos implements Configuration {
    /** camera images: rclcpp's SensorDataQoS */
    public QosProfile images = QosProfile.SENSOR_DATA;
    public QosProfile cameraInfo = QosProfile.SENSOR_DATA;
    public QosProfile reset = QosProfile.RELIABLE;
    /** rclcpp's ClockQoS: best effort, keep last 1 */
    public QosProfile clock = new QosProfile(BEST_EFFORT, VOLATILE, 1);
    /** tf2's static listener: reliable, transient local, keep last 100 */
    public QosProfile tfStatic = new QosProfile(RELIABLE, TRANSIENT_LOCAL, 100);

    public QosProfile odom = QosProfile.RELIABLE;
    /** tf2's broadcaster: reliable, keep last 100 */
    public QosProfile tf = new QosProfile(RELIABLE, VOLATILE, 100);
    public QosProfile pose = QosProfile.RELIABLE;
    public QosProfile path = QosProfile.RELIABLE;
    /** matches and inliers */
    public QosProfile counts = QosProfile.RELIABLE;
    public QosProfile status = QosProfile.RELIABLE;
    public QosProfile diagnostics = QosProfile.RELIABLE;
    public QosProfile debugImage = QosProfile.SENSOR_DATA;

    /**
     * @throws IllegalArgumentException naming a topic that has no profile
     */
    @Override
    public ConfigNodeQos checkValidity() {
        for (Field field : ValueFields.of(ConfigNodeQos.class, QosProfile.class))
            if (ValueFields.get(field, this) == null)
                throw new IllegalArgumentException("qos " + field.getName() + " must be a QoS profile, got null");
        return this;
    }

    /** A copy; the profiles themselves are immutable and shared. */
    @Override
    public ConfigNodeQos copy() {
        return ValueFields.copy(this, new ConfigNodeQos(), QosProfile.class);
    }
}
