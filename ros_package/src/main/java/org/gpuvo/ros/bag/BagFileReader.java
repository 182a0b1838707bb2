package org.gpuvo.ros.bag;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One storage file of a bag ({@code .db3} or {@code .mcap}), opened for reading. */
public interface BagFileReader extends Closeable {
    /** The file. */
    Path file();

    /** rosbag2's storage identifier: {@code sqlite3} or {@code mcap}. */
    String storageId();

    /** The topics the file declares (also those without messages), in the file's order. */
    List<TopicInfo> topics();

    /**
     * Message count per topic name where the file states it (an MCAP summary, sqlite's index), else counted by
     * reading the file.
     */
    Map<String, Long> messageCounts() throws IOException;

    /** The ros2msg definition text of each type, where the file holds it (MCAP schemas, sqlite v4 definitions). */
    Map<String, String> messageDefinitions();

    /**
     * The messages of the given topics (all topics where {@code topics} is null), in order of time (equal times in
     * file order).
     */
    MessageCursor messages(Set<String> topics) throws IOException;

    @Override
    void close() throws IOException;
}
