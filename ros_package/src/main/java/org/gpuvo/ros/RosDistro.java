package org.gpuvo.ros;

import java.util.Map;

/**
 * Which ROS 2 distribution gpuvo writes for where it must name one (bags' {@code ros_distro}; the node's wire
 * formats): {@code ROS_DISTRO}, which every sourced ROS 2 environment sets, else the current long-term release,
 * whose formats (16-byte gids, type hashes, metadata version 8 and later) gpuvo writes.
 */
public final class RosDistro {
    /** The distribution where the environment names none. */
    public static final String DEFAULT = "jazzy";

    private RosDistro() {
    }

    /** {@code ROS_DISTRO} of the environment, else {@link #DEFAULT}. */
    public static String fromEnvironment(Map<String, String> environment) {
        String distro = environment.getOrDefault("ROS_DISTRO", "").trim();
        return distro.isEmpty() ? DEFAULT : distro;
    }
}
