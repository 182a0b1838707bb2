package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.TopicInfo;

import java.util.Set;

/** Which channels a cursor delivers: those of the wanted topic names (all where the set is null), cached by id. */
final class ChannelFilter {
    private static final byte UNKNOWN = 0;
    private static final byte YES = 1;
    private static final byte NO = 2;

    private final Set<String> topics;
    private final byte[] decided = new byte[1 << 16];

    ChannelFilter(Set<String> topics) {
        this.topics = topics == null ? null : Set.copyOf(topics);
    }

    boolean acceptsAll() {
        return topics == null;
    }

    /** Whether messages of this channel, whose topic is {@code topic}, are wanted. */
    boolean accepts(int channelId, TopicInfo topic) {
        byte d = decided[channelId];
        if (d == UNKNOWN) {
            d = topics == null || topics.contains(topic.name()) ? YES : NO;
            decided[channelId] = d;
        }
        return d == YES;
    }
}
