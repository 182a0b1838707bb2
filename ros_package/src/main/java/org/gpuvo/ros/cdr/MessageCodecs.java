package org.gpuvo.ros.cdr;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The CDR codecs of the ROS 2 messages gpuvo reads and writes, by record class or by ROS type name. */
public final class MessageCodecs {
    private static final List<MessageCodec<?>> ALL = List.of(
            new CdrMessageCodec<>(SensorMsgsCdr.IMAGE),
            new CdrMessageCodec<>(SensorMsgsCdr.COMPRESSED_IMAGE),
            new CdrMessageCodec<>(SensorMsgsCdr.CAMERA_INFO),
            new CdrMessageCodec<>(NavMsgsCdr.ODOMETRY),
            new CdrMessageCodec<>(NavMsgsCdr.PATH),
            new CdrMessageCodec<>(GeometryMsgsCdr.POSE_STAMPED),
            new CdrMessageCodec<>(GeometryMsgsCdr.TRANSFORM_STAMPED),
            new CdrMessageCodec<>(Tf2MsgsCdr.TF_MESSAGE),
            new CdrMessageCodec<>(StdMsgsCdr.HEADER),
            new CdrMessageCodec<>(StdMsgsCdr.STRING),
            new CdrMessageCodec<>(StdMsgsCdr.INT32),
            new CdrMessageCodec<>(StdMsgsCdr.EMPTY),
            new CdrMessageCodec<>(DiagnosticMsgsCdr.DIAGNOSTIC_ARRAY),
            new CdrMessageCodec<>(RosgraphMsgsCdr.CLOCK));

    private static final Map<Class<?>, MessageCodec<?>> BY_CLASS = new LinkedHashMap<>();
    private static final Map<String, MessageCodec<?>> BY_TYPE = new LinkedHashMap<>();

    static {
        for (MessageCodec<?> codec : ALL) {
            BY_CLASS.put(codec.messageClass(), codec);
            BY_TYPE.put(codec.type(), codec);
        }
    }

    private static final List<String> TYPES = List.copyOf(BY_TYPE.keySet());

    private MessageCodecs() {
    }

    /**
     * The codec of a record class of {@code org.gpuvo.ros.msg}.
     *
     * @throws IllegalArgumentException for a class with no codec
     */
    @SuppressWarnings("unchecked")
    public static <T> MessageCodec<T> of(Class<T> messageClass) {
        MessageCodec<?> codec = BY_CLASS.get(messageClass);
        if (codec == null)
            throw new IllegalArgumentException("no CDR codec for " + messageClass.getName() + "; there are codecs for "
                    + types());
        return (MessageCodec<T>) codec;
    }

    /**
     * The codec of a ROS type, named as ROS 2 does ({@code sensor_msgs/msg/Image}), as DDS does
     * ({@code sensor_msgs::msg::dds_::Image_}) or as ROS 1 does ({@code sensor_msgs/Image}); empty for other types.
     */
    public static Optional<MessageCodec<?>> forType(String rosType) {
        return Optional.ofNullable(BY_TYPE.get(RosTypeNames.canonical(rosType)));
    }

    /** Every codec. */
    public static List<MessageCodec<?>> all() {
        return ALL;
    }

    /** The ROS 2 names of every type with a codec. */
    public static List<String> types() {
        return TYPES;
    }
}
