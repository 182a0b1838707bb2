package org.gpuvo.ros.bag;

import java.io.IOException;

/**
 * A {@link BagFileWriter} that keeps a copy of the bag's metadata inside the file, as rosbag2 does (sqlite3: a row of
 * table {@code metadata}; MCAP: a metadata record named {@code rosbag2}), so that a lone file still describes its bag.
 * {@link BagWriter} hands the metadata over just before it closes the file.
 */
public interface EmbeddedMetadataWriter {
    void storeMetadata(BagMetadata metadata) throws IOException;
}
