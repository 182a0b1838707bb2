package org.gpuvo.ros.bag.mcap;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The records of the chunk being written, uncompressed, with what its Chunk, Message Index and Chunk Index
 * records need: the time range and, per message, its channel, log time and offset in the chunk.
 */
final class ChunkBuilder {
    private final LittleEndianBuffer records;
    private long startTime;
    private long endTime;
    private int count;
    private int[] channels = new int[64];
    private long[] times = new long[64];
    private long[] offsets = new long[64];

    ChunkBuilder(int capacity) {
        records = new LittleEndianBuffer(capacity);
    }

    void add(SchemaRecord schema) {
        schema.write(records);
    }

    void add(ChannelRecord channel) {
        channel.write(records);
    }

    /** Message record (spec op 0x05); publish time is the log time, as rosbag2 writes without one. */
    void addMessage(int channel, long sequence, long logTime, byte[] data) {
        if (count == 0 || Long.compareUnsigned(logTime, startTime) < 0)
            startTime = logTime;
        if (count == 0 || Long.compareUnsigned(logTime, endTime) > 0)
            endTime = logTime;
        if (count == channels.length) {
            channels = Arrays.copyOf(channels, count * 2);
            times = Arrays.copyOf(times, count * 2);
            offsets = Arrays.copyOf(offsets, count * 2);
        }
        channels[count] = channel;
        times[count] = logTime;
        offsets[count] = records.size();
        count++;
        int at = records.beginRecord(McapFormat.OP_MESSAGE);
        records.u16(channel).u32(sequence).u64(logTime).u64(logTime).bytes(data, 0, data.length);
        records.endRecord(at);
    }

    boolean isEmpty() {
        return records.size() == 0;
    }

    /** Uncompressed size so far. */
    int size() {
        return records.size();
    }

    byte[] array() {
        return records.array();
    }

    int messageCount() {
        return count;
    }

    long startTime() {
        return count == 0 ? 0 : startTime;
    }

    long endTime() {
        return count == 0 ? 0 : endTime;
    }

    /**
     * The Message Index records of this chunk (spec op 0x07: channel_id, then an array of (log_time, offset)
     * pairs sorted by time), one per channel in order of channel id, appended to {@code out}; returns where each
     * begins relative to the start of {@code out}'s content before the call.
     */
    Map<Integer, Long> writeMessageIndexes(LittleEndianBuffer out) {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++)
            order[i] = i;
        Arrays.sort(order, (a, b) -> channels[a] != channels[b] ? Integer.compare(channels[a], channels[b])
                : Long.compareUnsigned(times[a], times[b])); // stable: equal times keep chunk order
        Map<Integer, Long> starts = new TreeMap<>();
        int base = out.size();
        for (int i = 0; i < count; ) {
            int channel = channels[order[i]];
            int j = i;
            while (j < count && channels[order[j]] == channel)
                j++;
            starts.put(channel, (long) (out.size() - base));
            int at = out.beginRecord(McapFormat.OP_MESSAGE_INDEX);
            out.u16(channel).u32((j - i) * 16L);
            for (int k = i; k < j; k++)
                out.u64(times[order[k]]).u64(offsets[order[k]]);
            out.endRecord(at);
            i = j;
        }
        return starts;
    }

    void clear() {
        records.clear();
        count = 0;
    }
}
