package org.gpuvo.ros.bag;

import org.gpuvo.gpu.image.LimitProperties;

/**
 * The largest things a bag reader allocates for: a chunk's uncompressed records, a message, a {@code metadata.yaml}.
 * A declared size is checked against these before any buffer of that size is allocated, so that a lying length or a
 * decompression bomb ends in a {@link BagFormatException} naming the file and place rather than in an
 * OutOfMemoryError.
 *
 * <p>Defaults are generous (a 1 GiB chunk, a 512 MiB message, 16 MiB of metadata) and may be set with the system
 * properties {@code gpuvo.limits.chunk-bytes}, {@code gpuvo.limits.message-bytes} and
 * {@code gpuvo.limits.metadata-bytes} (bytes; e.g. {@code GPUVO_JAVA_OPTS=-Dgpuvo.limits.chunk-bytes=4000000000}).
 * Whatever is set, the chunk and message limits in effect are at most a third of the JVM's maximum heap: a buffer
 * larger than that cannot be held next to the data it is decoded into.
 */
public record BagReadLimits(long chunkBytes, long messageBytes, long metadataBytes) {
    public static final String CHUNK_PROPERTY = "gpuvo.limits.chunk-bytes";
    public static final String MESSAGE_PROPERTY = "gpuvo.limits.message-bytes";
    public static final String METADATA_PROPERTY = "gpuvo.limits.metadata-bytes";

    static final long DEFAULT_CHUNK_BYTES = 1L << 30;
    static final long DEFAULT_MESSAGE_BYTES = 1L << 29;
    static final long DEFAULT_METADATA_BYTES = 16L << 20;

    public BagReadLimits {
        if (chunkBytes <= 0 || messageBytes <= 0 || metadataBytes <= 0)
            throw new IllegalArgumentException("bag read limits must be positive: chunk " + chunkBytes
                    + ", message " + messageBytes + ", metadata " + metadataBytes);
    }

    /** The limits of the system properties (or the defaults), capped by the heap. */
    public static BagReadLimits defaults() {
        long heapShare = Runtime.getRuntime().maxMemory() / 3;
        return new BagReadLimits(Math.min(heapShare, LimitProperties.positive(CHUNK_PROPERTY, DEFAULT_CHUNK_BYTES)),
                Math.min(heapShare, LimitProperties.positive(MESSAGE_PROPERTY, DEFAULT_MESSAGE_BYTES)),
                LimitProperties.positive(METADATA_PROPERTY, DEFAULT_METADATA_BYTES));
    }

    /**
     * Null where {@code declared} bytes of {@code what} are within {@code limit}; otherwise the reason, which names
     * the property that raises the limit.
     */
    public static String exceeds(long declared, long limit, String what, String property) {
        if (declared >= 0 && declared <= limit)
            return null;
        return what + " of " + Long.toUnsignedString(declared) + " bytes is more than the " + limit
                + " this reader allows (system property " + property + ", at most a third of the heap)";
    }

    /** Throws where a chunk's declared uncompressed size is over the limit. */
    public void checkChunk(long declared, java.nio.file.Path file, long offset) throws BagFormatException {
        String problem = exceeds(declared, chunkBytes, "chunk's uncompressed records", CHUNK_PROPERTY);
        if (problem != null)
            throw new BagFormatException(file, offset, problem);
    }

    /** Throws where a message's declared size is over the limit. */
    public void checkMessage(long declared, java.nio.file.Path file, long offset) throws BagFormatException {
        String problem = exceeds(declared, messageBytes, "message", MESSAGE_PROPERTY);
        if (problem != null)
            throw new BagFormatException(file, offset, problem);
    }
}
