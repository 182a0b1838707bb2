package org.gpuvo.ros.bag.sqlite;

import org.gpuvo.ros.bag.BagFormatException;

import java.nio.file.Path;

/**
 * A {@link BagFormatException} of a sqlite3 bag file whose message names the place as sqlite has it (a row id of
 * table {@code messages}, or none) rather than as a byte offset; {@link #offset()} is that row id, or -1.
 */
final class SqliteFormatException extends BagFormatException {
    private final String text;

    private SqliteFormatException(Path file, long rowId, String where, String text, Throwable cause) {
        super(file, rowId, text, cause);
        this.text = file + where + ": " + text;
    }

    /** Damage at one row of table {@code messages}. */
    static SqliteFormatException atRow(Path file, long rowId, String text, Throwable cause) {
        return new SqliteFormatException(file, rowId, ", messages row id " + rowId, text, cause);
    }

    /** Damage met after a good row of table {@code messages} (-1: before the first row). */
    static SqliteFormatException afterRow(Path file, long rowId, String text, Throwable cause) {
        String where = rowId < 0 ? ", before the first messages row" : ", after messages row id " + rowId;
        return new SqliteFormatException(file, rowId, where, text, cause);
    }

    /** Damage of the file as a whole. */
    static SqliteFormatException ofFile(Path file, String text, Throwable cause) {
        return new SqliteFormatException(file, -1, "", text, cause);
    }

    /** A file that is not SQLite, or SQLite without rosbag2's tables. */
    static SqliteFormatException notRosbag(Path file, String why, Throwable cause) {
        return ofFile(file, "not a rosbag2 sqlite3 file: " + file + " (" + why + ")", cause);
    }

    @Override
    public String getMessage() {
        return text;
    }
}
