package org.gpuvo.ros.msg;

import java.util.List;

/** diagnostic_msgs/msg/DiagnosticArray: what {@code /diagnostics} carries. */
public record DiagnosticArray(Header header, List<DiagnosticStatus> status) {
    public static final String TYPE = "diagnostic_msgs/msg/DiagnosticArray";
}
