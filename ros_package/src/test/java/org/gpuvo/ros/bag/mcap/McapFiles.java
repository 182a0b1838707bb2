package org.gpuvo.ros.bag.mcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Copies of MCAP files with parts removed or damaged, for tests. */
final class McapFiles {
    private McapFiles() {
    }

    /**
     * A copy whose footer no longer points to the summary (summary_start, summary_offset_start and summary_crc
     * set to 0, which the spec reads as "no summary"): a complete file that readers must scan.
     */
    static Path withoutSummary(Path source, Path target) throws IOException {
        byte[] bytes = Files.readAllBytes(source);
        int footerContent = bytes.length - 8 - 20;
        if (bytes[footerContent - 9] != 0x02)
            throw new IllegalArgumentException(source + " does not end with a footer");
        Arrays.fill(bytes, footerContent, footerContent + 20, (byte) 0);
        Files.write(target, bytes);
        return target;
    }

    /** A copy of the first {@code length} bytes. */
    static Path truncated(Path source, Path target, long length) throws IOException {
        byte[] bytes = Files.readAllBytes(source);
        Files.write(target, Arrays.copyOf(bytes, (int) length));
        return target;
    }

    /** A copy with the byte at {@code offset} inverted. */
    static Path flipped(Path source, Path target, long offset) throws IOException {
        byte[] bytes = Files.readAllBytes(source);
        bytes[(int) offset] ^= (byte) 0xFF;
        Files.write(target, bytes);
        return target;
    }

    static long u64(byte[] bytes, int at) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(at);
    }
}
