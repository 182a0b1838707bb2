package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.DiagnosticStatus;
import org.gpuvo.ros.msg.KeyValue;

import java.util.List;

import static org.gpuvo.ros.cdr.StdMsgsCdr.HEADER;

/**
 * The CDR layout of the diagnostic_msgs the node publishes on {@code /diagnostics}. Field and constant lines from
 * the .msg files of ros2/common_interfaces, comments dropped. A ROS {@code byte} is an IDL octet: one byte, no
 * alignment.
 */
final class DiagnosticMsgsCdr {
    static final RosMessageType<KeyValue> KEY_VALUE = RosMessageType.of(KeyValue.TYPE, KeyValue.class, """
                    string key
                    string value
                    """, List.of(),
            in -> new KeyValue(in.string("key"), in.string("value")),
            (out, kv) -> {
                out.string("key", kv.key());
                out.string("value", kv.value());
            });

    static final RosMessageType<DiagnosticStatus> DIAGNOSTIC_STATUS = RosMessageType.of(DiagnosticStatus.TYPE,
            DiagnosticStatus.class, """
                    byte OK=0
                    byte WARN=1
                    byte ERROR=2
                    byte STALE=3

                    byte level
                    string name
                    string message
                    string hardware_id
                    KeyValue[] values
                    """, List.of(KEY_VALUE),
            in -> new DiagnosticStatus(in.int8("level"), in.string("name"), in.string("message"),
                    in.string("hardware_id"), in.sequence("values", KEY_VALUE)),
            (out, status) -> {
                out.int8(status.level());
                out.string("name", status.name());
                out.string("message", status.message());
                out.string("hardware_id", status.hardwareId());
                out.sequence("values", KEY_VALUE, status.values());
            });

    static final RosMessageType<DiagnosticArray> DIAGNOSTIC_ARRAY = RosMessageType.of(DiagnosticArray.TYPE,
            DiagnosticArray.class, """
                    std_msgs/Header header
                    DiagnosticStatus[] status
                    """, List.of(HEADER, DIAGNOSTIC_STATUS),
            in -> new DiagnosticArray(in.struct("header", HEADER), in.sequence("status", DIAGNOSTIC_STATUS)),
            (out, array) -> {
                out.struct("header", HEADER, array.header());
                out.sequence("status", DIAGNOSTIC_STATUS, array.status());
            });

    private DiagnosticMsgsCdr() {
    }
}
