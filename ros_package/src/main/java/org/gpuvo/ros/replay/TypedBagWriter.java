package org.gpuvo.ros.replay;

import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Writes messages (records of {@code org.gpuvo.ros.msg}) into a bag, declaring each topic with its type's schema. */
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
        bag.addTopic(TopicInfo.of(topic, codec.type()), codec.definition());
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
     * Writes a message's bytes as they are, declaring its topic on first use with {@code definition} (or, where that
     * is empty, the definition of gpuvo's codec of the type, if there is one).
     */
    void writeRaw(TopicInfo topic, String definition, long timeNs, byte[] data) throws IOException {
        if (!codecs.containsKey(topic.name()) && copied.add(topic.name())) {
            String text = definition != null && !definition.isEmpty() ? definition
                    : MessageCodecs.forType(topic.type()).map(MessageCodec::definition).orElse("");
            bag.addTopic(topic, text);
        }
        bag.write(topic.name(), timeNs, data);
    }
}
