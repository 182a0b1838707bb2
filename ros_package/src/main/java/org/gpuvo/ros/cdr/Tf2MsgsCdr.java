package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.TFMessage;

import java.util.List;

import static org.gpuvo.ros.cdr.GeometryMsgsCdr.TRANSFORM_STAMPED;

/** The CDR layout of tf2_msgs/msg/TFMessage. Field line from ros2/geometry2's tf2_msgs, comments dropped. */
final class Tf2MsgsCdr {
    static final RosMessageType<TFMessage> TF_MESSAGE = RosMessageType.of(TFMessage.TYPE, TFMessage.class, """
                    geometry_msgs/TransformStamped[] transforms
                    """, List.of(TRANSFORM_STAMPED),
            in -> new TFMessage(in.sequence("transforms", TRANSFORM_STAMPED)),
            (out, tf) -> out.sequence("transforms", TRANSFORM_STAMPED, tf.transforms()));

    private Tf2MsgsCdr() {
    }
}
