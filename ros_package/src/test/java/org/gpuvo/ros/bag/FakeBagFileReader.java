package org.gpuvo.ros.bag;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A bag file in memory for merge tests: one topic, messages at given times (each message's data is its time as
 * text), damage after a given number of messages, or at opening, or at every call after it.
 */
final class FakeBagFileReader implements BagFileReader, IndexedTimeRange {
    private final Path file;
    private final TopicInfo topic;
    private final long[] times;
    /** Messages delivered before the damage; -1 for none (all come), 0 with {@link #failAtOpen} for none at all. */
    private int damageAfter = -1;
    private boolean failAtOpen;
    private boolean failForever;
    private Long announcedStart;

    FakeBagFileReader(String file, String topic, long... times) {
        this(file, TopicInfo.of(topic, "std_msgs/msg/String"), times);
    }

    FakeBagFileReader(String file, TopicInfo topic, long... times) {
        this.file = Path.of(file);
        this.topic = topic;
        this.times = times;
    }

    /** Fails after {@code n} messages; the cursor then ends, or fails at every later call where {@code forever}. */
    FakeBagFileReader damagedAfter(int n, boolean forever) {
        damageAfter = n;
        failForever = forever;
        return this;
    }

    /** {@link #messages} itself fails; {@link #timeRange()} announces {@code startNs} (null: unknown). */
    FakeBagFileReader failingAtOpen(Long startNs) {
        failAtOpen = true;
        announcedStart = startNs;
        return this;
    }

    BagFormatException damage() {
        return new BagFormatException(file, 1234, "fake damage");
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public String storageId() {
        return "fake";
    }

    @Override
    public List<TopicInfo> topics() {
        return List.of(topic);
    }

    @Override
    public Map<String, Long> messageCounts() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put(topic.name(), (long) times.length);
        return m;
    }

    @Override
    public Map<String, String> messageDefinitions() {
        return Map.of();
    }

    @Override
    public Optional<TimeRange> timeRange() throws IOException {
        if (failAtOpen) {
            if (announcedStart == null)
                throw damage();
            return Optional.of(new TimeRange(announcedStart, announcedStart));
        }
        return times.length == 0 ? Optional.empty() : Optional.of(new TimeRange(times[0], times[times.length - 1]));
    }

    @Override
    public MessageCursor messages(Set<String> topics) throws IOException {
        if (failAtOpen)
            throw damage();
        List<BagMessage> all = new ArrayList<>();
        if (topics == null || topics.contains(topic.name()))
            for (int i = 0; i < times.length; i++)
                all.add(new BagMessage(topic, times[i], Long.toString(times[i]).getBytes(), file, i));
        return new MessageCursor() {
            int next;
            boolean failed;

            @Override
            public BagMessage next() throws IOException {
                if (damageAfter >= 0 && next == damageAfter && (!failed || failForever)) {
                    failed = true;
                    throw damage();
                }
                if (failed && damageAfter >= 0)
                    return null;
                return next < all.size() ? all.get(next++) : null;
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void close() {
    }
}
