package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFileWriter;
import org.gpuvo.ros.bag.TopicInfo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Writes an MCAP file (https://mcap.dev/spec, version 0) as {@code ros2 bag record -s mcap} does: profile "ros2";
 * a Schema per type (encoding "ros2msg", the definition text) and a Channel per topic (encoding "cdr", metadata
 * {@code offered_qos_profiles} and {@code topic_type_hash}), both inside the chunks before their first message;
 * Message records in chunks closed after {@link McapWriterOptions#chunkSize()} uncompressed bytes, each followed
 * by its Message Index records; DataEnd; a summary (schemas, channels, statistics, chunk indexes, metadata
 * indexes) with its Summary Offset records; the footer and the magic. Not thread safe.
 */
public final class McapBagFileWriter implements BagFileWriter {
    /** A declared topic: its channel id, the next sequence number, and its message count. */
    private static final class Channel {
        final TopicInfo topic;
        final int id;
        long sequence;
        long count;

        Channel(TopicInfo topic, int id) {
            this.topic = topic;
            this.id = id;
        }
    }

    private final Path path;
    private final McapWriterOptions options;
    private final McapOutput out;
    private final ChunkBuilder chunk;
    private final ChunkCompressor compressor;
    private final CRC32 chunkCrc = new CRC32();
    private final LittleEndianBuffer scratch = new LittleEndianBuffer(1 << 12);
    private final Map<String, Channel> channels = new LinkedHashMap<>();
    private final Map<String, SchemaRecord> schemasByDefinition = new HashMap<>();
    private final List<SchemaRecord> schemas = new ArrayList<>();
    private final List<ChannelRecord> channelRecords = new ArrayList<>();
    private final List<ChunkIndexRecord> chunkIndexes = new ArrayList<>();
    private final List<McapSummary.MetadataIndex> metadataIndexes = new ArrayList<>();
    private long messageCount;
    private long startTime;
    private long endTime;
    private boolean closed;

    private McapBagFileWriter(Path path, McapWriterOptions options) throws IOException {
        this.path = path;
        this.options = options;
        this.chunk = new ChunkBuilder(Math.min(options.chunkSize(), McapWriterOptions.DEFAULT_CHUNK_SIZE) + 4096);
        this.compressor = new ChunkCompressor(options.compression(), options.zstdLevel());
        this.out = new McapOutput(path, options.crcs());
        try {
            scratch.bytes(McapFormat.MAGIC, 0, McapFormat.MAGIC.length);
            int at = scratch.beginRecord(McapFormat.OP_HEADER);
            scratch.string(McapFormat.PROFILE_ROS2).string(options.library());
            scratch.endRecord(at);
            out.write(scratch);
        } catch (IOException | RuntimeException e) {
            out.close();
            compressor.close();
            throw e;
        }
    }

    /** Creates (or replaces) {@code path} with the default options: zstd, 4 MiB chunks, CRCs, a summary. */
    public static McapBagFileWriter create(Path path) throws IOException {
        return create(path, McapWriterOptions.defaults());
    }

    public static McapBagFileWriter create(Path path, McapWriterOptions options) throws IOException {
        return new McapBagFileWriter(path, Objects.requireNonNull(options, "options"));
    }

    @Override
    public Path file() {
        return path;
    }

    @Override
    public String storageId() {
        return McapBagFileReader.STORAGE_ID;
    }

    public McapWriterOptions options() {
        return options;
    }

    /**
     * Declares a topic; declaring it again with the same description does nothing, with another one is an error.
     */
    @Override
    public void addTopic(TopicInfo topic, String definition) throws IOException {
        checkOpen();
        Channel existing = channels.get(topic.name());
        if (existing != null) {
            if (!existing.topic.equals(topic))
                throw new IllegalArgumentException("topic " + topic.name() + " was declared as " + existing.topic
                        + ", now as " + topic);
            return;
        }
        if (channels.size() == 1 << 16)
            throw new IllegalStateException("an MCAP file holds at most 65536 channels");
        String text = definition == null ? "" : definition;
        SchemaRecord schema = schemasByDefinition.get(topic.type() + '\n' + text);
        if (schema == null) {
            if (schemas.size() == (1 << 16) - 1)
                throw new IllegalStateException("an MCAP file holds at most 65535 schemas");
            schema = new SchemaRecord(schemas.size() + 1, topic.type(), McapFormat.SCHEMA_ENCODING_ROS2MSG,
                    text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            schemasByDefinition.put(topic.type() + '\n' + text, schema);
            schemas.add(schema);
            chunk.add(schema);
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put(McapFormat.KEY_QOS, topic.offeredQosProfiles());
        metadata.put(McapFormat.KEY_TYPE_HASH, topic.typeDescriptionHash());
        ChannelRecord record = new ChannelRecord(channels.size() + 1, schema.id(), topic.name(),
                topic.serializationFormat(), metadata);
        channels.put(topic.name(), new Channel(topic, record.id()));
        channelRecords.add(record);
        chunk.add(record);
    }

    /**
     * Writes a message of a declared topic; {@code timeNs} (nanoseconds since the epoch) becomes its log and
     * publish time.
     */
    @Override
    public void write(String topic, long timeNs, byte[] data) throws IOException {
        checkOpen();
        Channel channel = channels.get(topic);
        if (channel == null)
            throw new IllegalArgumentException("topic " + topic + " was not declared with addTopic");
        if (timeNs < 0)
            throw new IllegalArgumentException("negative time " + timeNs + " ns on " + topic);
        chunk.addMessage(channel.id, channel.sequence & 0xFFFFFFFFL, timeNs, data);
        channel.sequence++;
        channel.count++;
        if (messageCount == 0 || timeNs < startTime)
            startTime = timeNs;
        if (messageCount == 0 || timeNs > endTime)
            endTime = timeNs;
        messageCount++;
        if (chunk.size() >= options.chunkSize())
            endChunk();
    }

    /**
     * Writes a Metadata record (rosbag2 writes one named "rosbag2" holding its bag metadata as
     * "serialized_metadata"), indexed in the summary.
     */
    public void addMetadata(String name, Map<String, String> values) throws IOException {
        checkOpen();
        scratch.clear();
        new MetadataRecord(name, new LinkedHashMap<>(values)).write(scratch);
        metadataIndexes.add(new McapSummary.MetadataIndex(out.position(), scratch.size(), name));
        out.write(scratch);
    }

    /** Ends the current chunk now (the next message starts a new one); nothing happens where it is empty. */
    public void endChunk() throws IOException {
        checkOpen();
        if (chunk.isEmpty())
            return;
        int size = chunk.size();
        long crc = 0;
        if (options.crcs()) {
            chunkCrc.reset();
            chunkCrc.update(chunk.array(), 0, size);
            crc = chunkCrc.getValue();
        }
        int compressedSize = compressor.compress(chunk.array(), size);
        long chunkStart = out.position();
        String compression = options.compression().id();
        scratch.clear();
        int at = scratch.beginRecord(McapFormat.OP_CHUNK);
        scratch.u64(chunk.startTime()).u64(chunk.endTime()).u64(size).u32(crc).string(compression)
                .u64(compressedSize);
        scratch.putLongAt(at, scratch.size() - at - 8 + (long) compressedSize);
        out.write(scratch);
        out.write(compressor.output(), 0, compressedSize);
        long chunkLength = out.position() - chunkStart;

        scratch.clear();
        Map<Integer, Long> relative = chunk.writeMessageIndexes(scratch);
        Map<Integer, Long> indexOffsets = new TreeMap<>();
        long indexStart = out.position();
        relative.forEach((channel, offset) -> indexOffsets.put(channel, indexStart + offset));
        out.write(scratch);
        chunkIndexes.add(new ChunkIndexRecord(chunk.startTime(), chunk.endTime(), chunkStart, chunkLength,
                indexOffsets, scratch.size(), compression, compressedSize, size));
        chunk.clear();
    }

    /** Ends the last chunk and writes DataEnd, the summary, the footer and the magic. */
    @Override
    public void close() throws IOException {
        if (closed)
            return;
        try {
            endChunk();
            scratch.clear();
            int at = scratch.beginRecord(McapFormat.OP_DATA_END);
            scratch.u32(out.crc()); // CRC of all bytes before the DataEnd record, magic included
            scratch.endRecord(at);
            out.write(scratch);
            LittleEndianBuffer tail = options.summary() ? summary(out.position()) : noSummary();
            out.write(tail);
        } finally {
            closed = true;
            compressor.close();
            out.close();
        }
    }

    /** Summary, summary offsets, footer and magic, for a summary starting at {@code summaryStart}. */
    private LittleEndianBuffer summary(long summaryStart) {
        LittleEndianBuffer b = new LittleEndianBuffer(1 << 12);
        List<long[]> groups = new ArrayList<>(); // opcode, start, length
        int start = b.size();
        schemas.forEach(s -> s.write(b));
        addGroup(groups, McapFormat.OP_SCHEMA, summaryStart, start, b.size());
        start = b.size();
        channelRecords.forEach(c -> c.write(b));
        addGroup(groups, McapFormat.OP_CHANNEL, summaryStart, start, b.size());
        start = b.size();
        statistics().write(b);
        addGroup(groups, McapFormat.OP_STATISTICS, summaryStart, start, b.size());
        start = b.size();
        chunkIndexes.forEach(c -> c.write(b));
        addGroup(groups, McapFormat.OP_CHUNK_INDEX, summaryStart, start, b.size());
        start = b.size();
        for (McapSummary.MetadataIndex m : metadataIndexes) {
            int at = b.beginRecord(McapFormat.OP_METADATA_INDEX);
            b.u64(m.offset()).u64(m.length()).string(m.name());
            b.endRecord(at);
        }
        addGroup(groups, McapFormat.OP_METADATA_INDEX, summaryStart, start, b.size());
        long summaryOffsetStart = summaryStart + b.size();
        for (long[] g : groups) {
            int at = b.beginRecord(McapFormat.OP_SUMMARY_OFFSET);
            b.u8((int) g[0]).u64(g[1]).u64(g[2]);
            b.endRecord(at);
        }
        // the CRC covers the footer's opcode and length too, so they are written in full before it
        b.u8(McapFormat.OP_FOOTER).u64(McapFormat.FOOTER_CONTENT).u64(summaryStart).u64(summaryOffsetStart);
        long crc = 0;
        if (options.crcs()) {
            CRC32 summaryCrc = new CRC32(); // from the summary's start through summary_offset_start
            summaryCrc.update(b.array(), 0, b.size());
            crc = summaryCrc.getValue();
        }
        b.u32(crc);
        b.bytes(McapFormat.MAGIC, 0, McapFormat.MAGIC.length);
        return b;
    }

    private static void addGroup(List<long[]> groups, int opcode, long base, int from, int to) {
        if (to > from)
            groups.add(new long[]{opcode, base + from, to - from});
    }

    private StatisticsRecord statistics() {
        Map<Integer, Long> perChannel = new TreeMap<>();
        for (Channel c : channels.values())
            perChannel.put(c.id, c.count);
        return new StatisticsRecord(messageCount, schemas.size(), channels.size(), 0, metadataIndexes.size(),
                chunkIndexes.size(), messageCount == 0 ? 0 : startTime, messageCount == 0 ? 0 : endTime,
                perChannel);
    }

    private static LittleEndianBuffer noSummary() {
        LittleEndianBuffer b = new LittleEndianBuffer(64);
        int at = b.beginRecord(McapFormat.OP_FOOTER);
        b.u64(0).u64(0).u32(0);
        b.endRecord(at);
        b.bytes(McapFormat.MAGIC, 0, McapFormat.MAGIC.length);
        return b;
    }

    private void checkOpen() {
        if (closed)
            throw new IllegalStateException(path + " is closed");
    }
}
