package org.gpuvo.ros.cdr;

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

    private StdMsgsCdr() {
    }
}
