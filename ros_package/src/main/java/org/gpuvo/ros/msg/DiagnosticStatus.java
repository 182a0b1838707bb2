package org.gpuvo.ros.msg;

import java.util.List;

/**
 * diagnostic_msgs/msg/DiagnosticStatus: the state of one component. {@code level} is one of {@link #OK},
 * {@link #WARN}, {@link #ERROR}, {@link #STALE} (a ROS {@code byte}, held as sent).
 */
public record DiagnosticStatus(byte level, String name, String message, String hardwareId, List<KeyValue> values) {
    public static final String TYPE = "diagnostic_msgs/msg/DiagnosticStatus";
    public static final byte OK = 0, WARN = 1, ERROR = 2, STALE = 3;
}
