package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.Time;

import java.util.List;

/**
 * The CDR layout of builtin_interfaces. Field lines from {@code builtin_interfaces/msg/Time.msg} of
 * ros2/rcl_interfaces, comments dropped.
 */
final class BuiltinInterfacesCdr {
    static final RosMessageType<Time> TIME = RosMessageType.of(Time.TYPE, Time.class, """
                    int32 sec
                    uint32 nanosec
                    """, List.of(),
            in -> new Time(in.int32("sec"), in.uint32("nanosec")),
            (out, time) -> {
                out.int32(time.sec());
                out.uint32(time.nanosec());
            });

    private BuiltinInterfacesCdr() {
    }
}
