package org.gpuvo.ros.msg;

/** diagnostic_msgs/msg/KeyValue: one labelled value of a diagnostic status. */
public record KeyValue(String key, String value) {
    public static final String TYPE = "diagnostic_msgs/msg/KeyValue";
}
