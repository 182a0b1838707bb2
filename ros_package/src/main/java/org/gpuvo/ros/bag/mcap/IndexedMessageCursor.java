package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Messages in log-time order through the summary's chunk indexes. Chunks are loaded in order of their first
 * message time, a chunk only once the earliest pending message is no earlier than its start, so chunks whose time
 * ranges overlap are merged while chunks that do not overlap are held one at a time. Equal times come in file
 * order. Chunks whose message indexes show none of the wanted channels are not read at all. A chunk that cannot
 * be read is reported once every message ordered before its first one has been returned; the next call goes on
 * with the other chunks.
 */
final class IndexedMessageCursor implements MessageCursor {
    private static final Comparator<ChunkIndexRecord> LOAD_ORDER = (a, b) -> {
        int c = Long.compareUnsigned(a.messageStartTime(), b.messageStartTime());
        return c != 0 ? c : Long.compare(a.chunkStartOffset(), b.chunkStartOffset());
    };
    private static final Comparator<ChunkMessages> HEAD_ORDER = (a, b) -> {
        int c = Long.compareUnsigned(a.headTime(), b.headTime());
        return c != 0 ? c : Long.compare(a.chunkOffset(), b.chunkOffset());
    };

    private final McapFile file;
    private final ChannelTable table;
    private final ChannelFilter filter;
    private final List<ChunkIndexRecord> chunks;
    private final ChunkLoader loader;
    private final PriorityQueue<ChunkMessages> loaded = new PriorityQueue<>(HEAD_ORDER);
    private int nextChunk;
    /** A chunk that could not be loaded: thrown once every message ordered before its first one is out. */
    private BagFormatException failure;
    private ChunkIndexRecord failedChunk;

    /**
     * @param channels the summary's channels (to tell which chunks can hold wanted topics)
     * @param topics   topic names to deliver, null for all
     */
    IndexedMessageCursor(McapFile file, ChannelTable table, List<ChannelRecord> channels,
                         List<ChunkIndexRecord> chunkIndexes, Set<String> topics) {
        this.file = file;
        this.table = table;
        this.filter = new ChannelFilter(topics);
        this.chunks = new ArrayList<>();
        for (ChunkIndexRecord chunk : chunkIndexes)
            if (mayHoldWanted(chunk, channels))
                chunks.add(chunk);
        chunks.sort(LOAD_ORDER);
        this.loader = new ChunkLoader(file);
    }

    /** False only where the chunk's message indexes name channels and none of them is wanted. */
    private boolean mayHoldWanted(ChunkIndexRecord chunk, List<ChannelRecord> channels) {
        if (filter.acceptsAll() || chunk.messageIndexOffsets().isEmpty())
            return true;
        for (ChannelRecord channel : channels) {
            TopicInfo topic = table.topic(channel.id());
            if (topic != null && chunk.messageIndexOffsets().containsKey(channel.id())
                    && filter.accepts(channel.id(), topic))
                return true;
        }
        return false;
    }

    @Override
    public BagMessage next() throws IOException {
        while (failure == null && nextChunk < chunks.size() && (loaded.isEmpty()
                || Long.compareUnsigned(chunks.get(nextChunk).messageStartTime(), loaded.peek().headTime()) <= 0)) {
            ChunkIndexRecord chunk = chunks.get(nextChunk++);
            try {
                load(chunk);
            } catch (BagFormatException e) {
                failure = e;
                failedChunk = chunk;
            }
        }
        if (failure != null && !comesBeforeFailedChunk(loaded.peek())) {
            // reported once; the next call goes on with the chunks after the damaged one
            BagFormatException damage = failure;
            failure = null;
            failedChunk = null;
            throw damage;
        }
        ChunkMessages head = loaded.poll();
        if (head == null)
            return null;
        BagMessage message = head.take();
        if (head.hasNext())
            loaded.add(head);
        else
            loader.release(head);
        return message;
    }

    /** Whether the pending message precedes the first message of the chunk that failed to load. */
    private boolean comesBeforeFailedChunk(ChunkMessages head) {
        if (head == null)
            return false;
        int c = Long.compareUnsigned(head.headTime(), failedChunk.messageStartTime());
        return c < 0 || c == 0 && head.chunkOffset() < failedChunk.chunkStartOffset();
    }

    private void load(ChunkIndexRecord index) throws IOException {
        McapFile.RecordHeader header = file.recordAt(index.chunkStartOffset());
        if (header.opcode() != McapFormat.OP_CHUNK)
            throw new BagFormatException(file.path(), header.offset(), "the chunk index points to a "
                    + header.name() + " record, not a Chunk");
        ChunkMessages messages = loader.load(header, table, filter);
        if (messages.hasNext())
            loaded.add(messages);
        else
            loader.release(messages);
    }

    @Override
    public void close() {
        for (ChunkMessages m : loaded)
            loader.release(m);
        loaded.clear();
        loader.close();
    }
}
