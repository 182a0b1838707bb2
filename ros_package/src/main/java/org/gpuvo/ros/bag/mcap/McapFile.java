package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An MCAP file opened for positional reads through a {@link FileChannel} (safe to share between cursors). Record
 * prefixes read here are checked against the file's size, so a length field that points past the end is reported,
 * with its offset, before anything is allocated for it.
 */
final class McapFile implements Closeable {
    /** A record's opcode and content length, and where it starts. */
    record RecordHeader(long offset, int opcode, long length) {
        long contentStart() {
            return offset + McapFormat.RECORD_PREFIX;
        }

        long end() {
            return contentStart() + length;
        }

        String name() {
            return McapFormat.opcodeName(opcode);
        }
    }

    private final Path path;
    private final FileChannel channel;
    private final long size;

    private McapFile(Path path, FileChannel channel) throws IOException {
        this.path = path;
        this.channel = channel;
        this.size = channel.size();
    }

    static McapFile open(Path path) throws IOException {
        return new McapFile(path, FileChannel.open(path, StandardOpenOption.READ));
    }

    Path path() {
        return path;
    }

    long size() {
        return size;
    }

    /** Reads exactly {@code len} bytes at {@code position}; the caller has checked they lie inside the file. */
    void read(long position, byte[] dst, int off, int len) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(dst, off, len);
        while (b.hasRemaining()) {
            int n = channel.read(b, position + (b.position() - off));
            if (n < 0)
                throw new BagFormatException(path, position + (b.position() - off),
                        "the file ended while being read (was it truncated while open?)");
        }
    }

    /** Fills {@code dst} from its position to its limit with the bytes at {@code position}. */
    void read(long position, ByteBuffer dst) throws IOException {
        int start = dst.position();
        while (dst.hasRemaining()) {
            if (channel.read(dst, position + (dst.position() - start)) < 0)
                throw new BagFormatException(path, position + (dst.position() - start),
                        "the file ended while being read (was it truncated while open?)");
        }
    }

    /**
     * The record starting at {@code offset}: its prefix must lie within the file, and so must its content.
     */
    RecordHeader recordAt(long offset) throws IOException {
        if (McapFormat.RECORD_PREFIX > size - offset)
            throw new BagFormatException(path, offset, "truncated: the file ends " + (size - offset)
                    + " bytes into a record's 9-byte opcode and length");
        ByteBuffer prefix = ByteBuffer.allocate(McapFormat.RECORD_PREFIX); // per call: cursors share this file
        while (prefix.hasRemaining()) {
            if (channel.read(prefix, offset + prefix.position()) < 0)
                throw new BagFormatException(path, offset, "the file ended while being read");
        }
        int opcode = prefix.get(0) & 0xFF;
        long length = RecordInput.getLongLE(prefix.array(), 1);
        RecordHeader header = new RecordHeader(offset, opcode, length);
        long left = size - header.contentStart();
        if (length < 0 || length > left)
            throw new BagFormatException(path, offset, header.name() + " record declares "
                    + Long.toUnsignedString(length) + " bytes but only " + left
                    + " remain in the file: truncated or corrupt");
        return header;
    }

    /** The content of a record, in an array of exactly its length. */
    byte[] content(RecordHeader header) throws IOException {
        if (header.length() > McapFormat.MAX_ARRAY)
            throw new BagFormatException(path, header.offset(), header.name() + " record of " + header.length()
                    + " bytes is too large to read");
        byte[] b = new byte[(int) header.length()];
        read(header.contentStart(), b, 0, b.length);
        return b;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
