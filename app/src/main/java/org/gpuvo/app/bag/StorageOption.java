package org.gpuvo.app.bag;

import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.Storage;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;

/** The {@code --storage} option of the commands that write a bag (bag-from, replay --write-bag). */
final class StorageOption {
    @Option(names = "--storage", paramLabel = "ID", defaultValue = "MCAP",
            description = "The storage of the bag written: mcap (the default: zstd-compressed chunks, with summary "
                    + "and index) or sqlite3.")
    Storage storage;

    /** A new bag in {@code folder} with the storage chosen. */
    BagWriter create(Path folder) throws IOException {
        return Bags.create(folder, storage);
    }

    /** The storage's rosbag2 id: mcap or sqlite3. */
    String id() {
        return storage.id();
    }
}
