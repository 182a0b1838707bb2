package org.gpuvo.odometry.dataset;

import java.nio.file.Path;

/**
 * A dataset that cannot be read as it is: a missing or unreadable file, a malformed line, contradictory
 * calibration. The message names the file and, where there is one, the line.
 */
public class DatasetException extends RuntimeException {
    public DatasetException(String message) {
        super(message);
    }

    public DatasetException(String message, Throwable cause) {
        super(message, cause);
    }

    /** "FILE:LINE: message" (LINE counted from 1; omitted when {@code line <= 0}). */
    public static DatasetException at(Path file, int line, String message) {
        return new DatasetException(file + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
