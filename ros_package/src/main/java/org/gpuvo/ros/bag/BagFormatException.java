package org.gpuvo.ros.bag;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A bag file that cannot be read from some point on: truncated, a bad CRC, an unknown compression, not a bag at
 * all. The message names the file and the byte offset (or sqlite row) of the damage; the messages before it have
 * been delivered.
 */
public class BagFormatException extends IOException {
    private final Path file;
    private final long offset;

    public BagFormatException(Path file, long offset, String message) {
        this(file, offset, message, null);
    }

    public BagFormatException(Path file, long offset, String message, Throwable cause) {
        super(file + (offset >= 0 ? " at byte " + offset : "") + ": " + message, cause);
        this.file = file;
        this.offset = offset;
    }

    private BagFormatException(Path file, String text, Throwable cause) {
        super(text, cause);
        this.file = file;
        this.offset = -1;
    }

    /** Damage of a text file whose message already names the file and line ("FILE:LINE: what"). */
    public static BagFormatException inText(Path file, String text, Throwable cause) {
        return new BagFormatException(file, text, cause);
    }

    /** The file at fault. */
    public Path file() {
        return file;
    }

    /** Byte offset (or sqlite row id) of the damage in {@link #file()}; -1 where not known. */
    public long offset() {
        return offset;
    }
}
