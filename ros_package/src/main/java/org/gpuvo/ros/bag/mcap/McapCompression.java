package org.gpuvo.ros.bag.mcap;

/** How the records of an MCAP chunk are compressed: the chunk's {@code compression} string of the spec. */
public enum McapCompression {
    NONE(""),
    ZSTD("zstd"),
    /** An LZ4 frame (https://github.com/lz4/lz4/blob/dev/doc/lz4_Frame_format.md), not a bare LZ4 block. */
    LZ4("lz4");

    private final String id;

    McapCompression(String id) {
        this.id = id;
    }

    /** The string in the chunk record. */
    public String id() {
        return id;
    }

    /** The compression named by a chunk record, or null where it is not one of the spec's. */
    public static McapCompression fromId(String id) {
        for (McapCompression c : values())
            if (c.id.equals(id))
                return c;
        return null;
    }
}
