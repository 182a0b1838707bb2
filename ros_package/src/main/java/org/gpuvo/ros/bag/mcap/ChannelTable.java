package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.TopicInfo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schemas and channels of a file as rosbag2 topics: a channel is a topic (several channels of one topic, one
 * per publisher, share one {@link TopicInfo}); its type is its schema's name, its serialization format the
 * channel's message encoding, and its QoS profiles and type hash come from the channel metadata keys rosbag2 writes.
 */
final class ChannelTable {
    private final Map<Integer, SchemaRecord> schemas = new HashMap<>();
    private final TopicInfo[] topicOfChannel = new TopicInfo[1 << 16];
    private final Map<String, TopicInfo> topics = new LinkedHashMap<>();
    private final Map<String, String> definitions = new LinkedHashMap<>();

    ChannelTable() {
    }

    ChannelTable(List<SchemaRecord> schemas, List<ChannelRecord> channels) {
        schemas.forEach(this::addSchema);
        channels.forEach(this::addChannel);
    }

    /** Registers a schema; id 0 is invalid (spec) and ignored, as is a repeat of a known id. */
    void addSchema(SchemaRecord schema) {
        if (schema.id() == 0 || schemas.containsKey(schema.id()))
            return;
        schemas.put(schema.id(), schema);
        if (McapFormat.SCHEMA_ENCODING_ROS2MSG.equals(schema.encoding()))
            definitions.putIfAbsent(schema.name(), new String(schema.data(), StandardCharsets.UTF_8));
    }

    /** Whether a channel may refer to this schema id: 0 (no schema) or one registered before. */
    boolean hasSchema(int schemaId) {
        return schemaId == 0 || schemas.containsKey(schemaId);
    }

    /** Registers a channel (a repeat of a known id is ignored); its schema must have been registered. */
    void addChannel(ChannelRecord channel) {
        if (topicOfChannel[channel.id()] != null)
            return;
        SchemaRecord schema = schemas.get(channel.schemaId());
        TopicInfo topic = topics.computeIfAbsent(channel.topic(), name -> new TopicInfo(name,
                schema == null ? "" : schema.name(), channel.messageEncoding(),
                channel.metadata().get(McapFormat.KEY_QOS), channel.metadata().get(McapFormat.KEY_TYPE_HASH)));
        topicOfChannel[channel.id()] = topic;
    }

    /** The topic of a channel, or null where no Channel record declared it. */
    TopicInfo topic(int channelId) {
        return topicOfChannel[channelId];
    }

    List<TopicInfo> topics() {
        return new ArrayList<>(topics.values());
    }

    Map<String, String> definitions() {
        return definitions;
    }
}
