package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.TopicInfo;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * The wanted messages of one decompressed chunk (or of one record outside chunks), in order of log time: where
 * the chunk holds them out of order they are sorted, stably, so equal times keep the chunk's order. Holds the
 * decompressed bytes until the last message is taken; primitive arrays keep thousands of small messages cheap.
 */
final class ChunkMessages {
    private final Path file;
    private final long chunkOffset;
    private final byte[] buffer;
    private int count;
    private long[] times = new long[16];
    private int[] starts = new int[16];
    private int[] lengths = new int[16];
    private TopicInfo[] topics = new TopicInfo[16];
    private int[] order;
    private int next;

    private ChunkMessages(Path file, long chunkOffset, byte[] buffer) {
        this.file = file;
        this.chunkOffset = chunkOffset;
        this.buffer = buffer;
    }

    /**
     * Parses the records in {@code buffer[start, end)} of the chunk at {@code chunkOffset}: schemas and channels go
     * to {@code table}, messages of channels that {@code filter} accepts are kept, other records are skipped.
     */
    static ChunkMessages parse(Path file, long chunkOffset, byte[] buffer, int start, int end, ChannelTable table,
                               ChannelFilter filter) throws BagFormatException {
        ChunkMessages m = new ChunkMessages(file, chunkOffset, buffer);
        RecordInput in = RecordInput.ofChunk(file, buffer, start, end, chunkOffset);
        while (in.remaining() > 0) {
            int opcode = in.u8("record opcode");
            long length = in.size64("record length");
            RecordInput record = in.slice(length, McapFormat.opcodeName(opcode) + " record");
            switch (opcode) {
                case McapFormat.OP_SCHEMA -> table.addSchema(SchemaRecord.read(record));
                case McapFormat.OP_CHANNEL -> addChannel(table, record);
                case McapFormat.OP_MESSAGE -> m.addMessage(record, table, filter);
                default -> {
                    // other records do not belong in chunks; unknown ones must be skipped (spec)
                }
            }
        }
        m.sortByTime();
        return m;
    }

    /** One Message record outside any chunk, at {@code recordOffset}; its content is {@code content}. */
    static ChunkMessages single(Path file, long recordOffset, byte[] content, ChannelTable table,
                                ChannelFilter filter) throws BagFormatException {
        ChunkMessages m = new ChunkMessages(file, recordOffset, content);
        m.addMessage(RecordInput.ofFile(file, content, 0, content.length, recordOffset + McapFormat.RECORD_PREFIX),
                table, filter);
        m.order = identity(m.count);
        return m;
    }

    static void addChannel(ChannelTable table, RecordInput record) throws BagFormatException {
        ChannelRecord channel = ChannelRecord.read(record);
        if (!table.hasSchema(channel.schemaId()))
            throw record.fail("channel " + channel.id() + " (" + channel.topic() + ") refers to schema "
                    + channel.schemaId() + ", which no Schema record before it declares");
        table.addChannel(channel);
    }

    /** Message record (spec op 0x05): channel_id uint16, sequence uint32, log_time, publish_time, data. */
    private void addMessage(RecordInput record, ChannelTable table, ChannelFilter filter) throws BagFormatException {
        int channel = record.u16("message channel id");
        record.skip(4, "message sequence");
        long logTime = record.u64("message log_time");
        record.skip(8, "message publish_time");
        TopicInfo topic = table.topic(channel);
        if (topic == null)
            throw record.fail("message of channel " + channel + ", which no Channel record before it declares");
        if (!filter.accepts(channel, topic))
            return;
        if (count == times.length) {
            int n = count * 2;
            times = Arrays.copyOf(times, n);
            starts = Arrays.copyOf(starts, n);
            lengths = Arrays.copyOf(lengths, n);
            topics = Arrays.copyOf(topics, n);
        }
        times[count] = logTime;
        starts[count] = record.position();
        lengths[count] = record.remaining();
        topics[count] = topic;
        count++;
    }

    private void sortByTime() {
        order = identity(count);
        for (int i = 1; i < count; i++) {
            if (Long.compareUnsigned(times[i - 1], times[i]) > 0) {
                mergeSort(order, new int[count], 0, count);
                return;
            }
        }
    }

    /** Stable merge sort of {@code a[from, to)} by time. */
    private void mergeSort(int[] a, int[] tmp, int from, int to) {
        if (to - from < 2)
            return;
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid);
        mergeSort(a, tmp, mid, to);
        int i = from;
        int j = mid;
        int k = from;
        while (i < mid && j < to)
            tmp[k++] = Long.compareUnsigned(times[a[j]], times[a[i]]) < 0 ? a[j++] : a[i++];
        while (i < mid)
            tmp[k++] = a[i++];
        while (j < to)
            tmp[k++] = a[j++];
        System.arraycopy(tmp, from, a, from, to - from);
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++)
            a[i] = i;
        return a;
    }

    long chunkOffset() {
        return chunkOffset;
    }

    byte[] buffer() {
        return buffer;
    }

    int size() {
        return count;
    }

    boolean hasNext() {
        return next < count;
    }

    /** Log time of the next message. */
    long headTime() {
        return times[order[next]];
    }

    TopicInfo headTopic() {
        return topics[order[next]];
    }

    /** The next message, copied out of the chunk's buffer. */
    BagMessage take() {
        int i = order[next++];
        byte[] data = Arrays.copyOfRange(buffer, starts[i], starts[i] + lengths[i]);
        return new BagMessage(topics[i], times[i], data, file, chunkOffset);
    }

    /** Skips the next message without copying it. */
    void skip() {
        next++;
    }
}
