package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Int32Message;
import org.gpuvo.ros.msg.StringMessage;

import java.util.List;

import static org.gpuvo.ros.cdr.BuiltinInterfacesCdr.TIME;

/** The CDR layout of std_msgs. Field lines from the .msg files of ros2/common_interfaces, comments dropped. */
final class StdMsgsCdr {
    static final RosMessageType<Header> HEADER = RosMessageType.of(Header.TYPE, Header.class, """
                    builtin_interfaces/Time stamp
                    string frame_id
                    """, List.of(TIME),
            in -> new Header(in.struct("stamp", TIME), in.string("frame_id")),
            (out, header) -> {
                out.struct("stamp", TIME, header.stamp());
                out.string("frame_id", header.frameId());
            });

    static final RosMessageType<StringMessage> STRING = RosMessageType.of(StringMessage.TYPE, StringMessage.class,
            """
                    string data
                    """, List.of(),
            in -> new StringMessage(in.string("data")),
            (out, message) -> out.string("data", message.data()));

    static final RosMessageType<Int32Message> INT32 = RosMessageType.of(Int32Message.TYPE, Int32Message.class, """
                    int32 data
                    """, List.of(),
            in -> new Int32Message(in.int32("data")),
            (out, message) -> out.int32(message.data()));

    /**
     * std_msgs/msg/Empty. Its .msg file has no field; rosidl gives every empty structure one
     * {@code uint8 structure_needs_at_least_one_member}, so ROS 2 middlewares send one byte (0). A body of no byte at
     * all, which some other writers send, is read as well.
     */
    static final RosMessageType<EmptyMessage> EMPTY = RosMessageType.of(EmptyMessage.TYPE, EmptyMessage.class, "",
            List.of(),
            in -> {
                if (in.remaining() > 0)
                    in.uint8("structure_needs_at_least_one_member");
                return new EmptyMessage();
            },
            (out, message) -> out.uint8(0));

    private StdMsgsCdr() {
    }
}
