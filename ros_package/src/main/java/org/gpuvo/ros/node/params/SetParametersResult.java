package org.gpuvo.ros.node.params;

/** {@code rcl_interfaces/msg/SetParametersResult}: whether a change was made, and why not. */
public record SetParametersResult(boolean successful, String reason) {
    public static final SetParametersResult OK = new SetParametersResult(true, "");

    public static SetParametersResult refused(String reason) {
        return new SetParametersResult(false, reason);
    }
}
