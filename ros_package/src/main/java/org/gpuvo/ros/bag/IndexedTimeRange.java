package org.gpuvo.ros.bag;

import java.io.IOException;
import java.util.Optional;

/**
 * A {@link BagFileReader} that can tell the times of its first and last message from an index (sqlite's
 * {@code timestamp_idx}, an MCAP summary) without reading the messages. Readers without it are scanned.
 */
public interface IndexedTimeRange {
    /** The time range of the file's messages; empty where it holds none. */
    Optional<TimeRange> timeRange() throws IOException;
}
