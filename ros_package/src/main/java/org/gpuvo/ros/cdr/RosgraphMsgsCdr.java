package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.Clock;

import java.util.List;

import static org.gpuvo.ros.cdr.BuiltinInterfacesCdr.TIME;

/** The CDR layout of rosgraph_msgs/msg/Clock. Field line from ros2/rcl_interfaces, comments dropped. */
final class RosgraphMsgsCdr {
    static final RosMessageType<Clock> CLOCK = RosMessageType.of(Clock.TYPE, Clock.class, """
                    builtin_interfaces/Time clock
                    """, List.of(TIME),
            in -> new Clock(in.struct("clock", TIME)),
            (out, clock) -> out.struct("clock", TIME, clock.clock()));

    private RosgraphMsgsCdr() {
    }
}
