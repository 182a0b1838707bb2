package org.gpuvo.ros.msg;

import java.util.List;

/** tf2_msgs/msg/TFMessage. */
public record TFMessage(List<TransformStamped> transforms) {
    public static final String TYPE = "tf2_msgs/msg/TFMessage";
}
