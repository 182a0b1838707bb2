package org.gpuvo.ros.cdr;

/**
 * ROS message type names in their several spellings: ROS 2's {@code sensor_msgs/msg/Image}, the DDS topic type
 * {@code sensor_msgs::msg::dds_::Image_}, the IDL form {@code sensor_msgs::msg::Image} and ROS 1's
 * {@code sensor_msgs/Image}.
 */
public final class RosTypeNames {
    private static final String DDS_NAMESPACE = "::dds_::";

    private RosTypeNames() {
    }

    /**
     * The ROS 2 form ({@code pkg/msg/Type}) of any of the spellings; a name of none of them comes back unchanged
     * (a service or action type, for instance, keeps its {@code srv} or {@code action} part).
     */
    public static String canonical(String name) {
        String n = name.strip();
        if (n.contains("::")) {
            n = n.replace(DDS_NAMESPACE, "::");
            if (name.contains(DDS_NAMESPACE) && n.endsWith("_"))
                n = n.substring(0, n.length() - 1);
            n = n.replace("::", "/");
        }
        String[] parts = n.split("/", -1);
        if (parts.length == 2 && !parts[0].isEmpty() && !parts[1].isEmpty())
            return parts[0] + "/msg/" + parts[1];
        return n;
    }
}
