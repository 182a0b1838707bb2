package org.gpuvo.ros.bag;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/** One storage file of a bag being written. Messages are written in the order given; give them in time order. */
public interface BagFileWriter extends Closeable {
    /** The file. */
    Path file();

    /** rosbag2's storage identifier: {@code sqlite3} or {@code mcap}. */
    String storageId();

    /**
     * Declares a topic before its first message; {@code definition} is the type's full ros2msg text (with the
     * definitions it depends on) for the bag's schema records, or "" where unknown.
     */
    void addTopic(TopicInfo topic, String definition) throws IOException;

    /** Writes one message (CDR bytes with the encapsulation header) of a declared topic. */
    void write(String topic, long timeNs, byte[] data) throws IOException;

    /** Finishes the file (MCAP: last chunk, summary, index, footer). */
    @Override
    void close() throws IOException;
}
