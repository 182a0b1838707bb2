package org.gpuvo.ros.msg;

import java.util.List;

/** nav_msgs/msg/Path (named so as not to be confused with java.nio.file.Path). */
public record NavPath(Header header, List<PoseStamped> poses) {
    public static final String TYPE = "nav_msgs/msg/Path";
}
