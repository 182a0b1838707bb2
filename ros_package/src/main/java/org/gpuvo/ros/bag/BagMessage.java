package org.gpuvo.ros.bag;

import java.nio.file.Path;

/**
 * One recorded message: its topic, the time it was recorded (rosbag2's timestamp, nanoseconds since the epoch; in
 * MCAP the log time), its serialized bytes (CDR with the 4-byte encapsulation header), and where it was read
 * ({@code file} and a byte {@code offset} in it: for MCAP the offset of the record, or of its chunk where the record
 * is compressed; for sqlite3 the message's row id), so that an error about it can name the place.
 */
public record BagMessage(TopicInfo topic, long timeNs, byte[] data, Path file, long offset) {
}
