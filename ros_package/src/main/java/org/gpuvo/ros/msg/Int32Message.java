package org.gpuvo.ros.msg;

/** std_msgs/msg/Int32 (the node's match and inlier counts). */
public record Int32Message(int data) {
    public static final String TYPE = "std_msgs/msg/Int32";
}
