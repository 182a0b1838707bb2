package org.gpuvo.ros.replay;

import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes messages (records of {@code org.gpuvo.ros.msg}) into a bag, declaring each topic with its type's schema,
 * its type hash and the QoS gpuvo offers it with ({@link BagPublisher}'s choice: a camera's topics as a driver
 * offers them, {@code /tf_static} transient local, others reliable), as rosbag2 records them, so that
 * {@code ros2 bag play} offers them alike.
 */
final class TypedBagWriter {
    private final BagWriter bag;
    private final Map<String, MessageCodec<?>> codecs = new HashMap<>();
    private final Set<String> copied = new HashSet<>();

    TypedBagWriter(BagWriter bag) {
        this.bag = bag;
    }

    /** Declares {@code topic} as carrying messages of {@code type} (once; again is a no-op). */
    <T> void declare(String topic, Class<T> type) throws IOException {
        if (codecs.containsKey(topic))
            return;
        MessageCodec<T> codec = MessageCodecs.of(type);
        TopicInfo info = TopicInfo.of(topic, codec.type());
        bag.addTopic(new TopicInfo(topic, codec.type(), "cdr", OfferedQosYaml.of(BagPublisher.qosFor(info, 1)),
                codec.typeHash()), codec.definition());
        codecs.put(topic, codec);
    }

    /** Writes a message of a declared topic at {@code timeNs}. */
    @SuppressWarnings("unchecked")
    <T> void write(String topic, long timeNs, T message) throws IOException {
        MessageCodec<T> codec = (MessageCodec<T>) codecs.get(topic);
        if (codec == null)
            throw new IllegalStateException("topic " + topic + " was not declared");
        bag.write(topic, timeNs, codec.encode(message));
    }

    /**
     * Writes a message's bytes as they are, declaring its topic on first use as it was recorded, with
     * {@code definition} (or, where that is empty, the definition of gpuvo's codec of the type, if there is one);
     * a QoS or type hash the recording lacks is filled in as {@link #declare} has it.
     */
    void writeRaw(TopicInfo topic, String definition, long timeNs, byte[] data) throws IOException {
        if (!codecs.containsKey(topic.name()) && copied.add(topic.name())) {
            Optional<MessageCodec<?>> codec = MessageCodecs.forType(topic.type());
            String text = definition != null && !definition.isEmpty() ? definition
                    : codec.map(MessageCodec::definition).orElse("");
            String qos = topic.offeredQosProfiles().isEmpty() ? OfferedQosYaml.of(BagPublisher.qosFor(topic, 1))
                    : topic.offeredQosProfiles();
            String hash = topic.typeDescriptionHash().isEmpty() ? codec.map(MessageCodec::typeHash).orElse("")
                    : topic.typeDescriptionHash();
            bag.addTopic(new TopicInfo(topic.name(), topic.type(), topic.serializationFormat(), qos, hash), text);
        }
        bag.write(topic.name(), timeNs, data);
    }
}
