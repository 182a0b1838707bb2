package org.gpuvo.app.bag;

import org.gpuvo.app.StagingFolder;
import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.Storage;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A bag that a command writes (bag-from, replay --write-bag): its {@code --storage}, and the writing itself, which
 * leaves no half-written bag behind.
 */
final class BagOutput {
    @Option(names = "--storage", paramLabel = "ID", defaultValue = "MCAP",
            description = "The storage of the bag written: mcap (the default: zstd-compressed chunks, with summary "
                    + "and index) or sqlite3.")
    Storage storage;

    /** What goes into the bag. */
    interface Contents {
        /** Writes the messages into {@code bag} and returns how many. */
        long writeInto(BagWriter bag) throws IOException;
    }

    /**
     * Writes a new bag in {@code folder}. A failure deletes what was written; a bag finished on SIGINT or SIGTERM
     * ({@link BagFinishedOnExit}) is complete and stays.
     *
     * @param command names the command in the line printed when the bag is finished on exit
     * @return the messages written
     */
    long write(Path folder, String command, Contents contents) throws IOException {
        boolean done = false;
        BagFinishedOnExit onExit = null;
        try (BagWriter bag = Bags.create(folder, storage);
             BagFinishedOnExit finisher = new BagFinishedOnExit(bag, command)) {
            onExit = finisher;
            long written = contents.writeInto(bag);
            done = true;
            return written;
        } finally {
            if (!done && (onExit == null || !onExit.finishedOnExit()) && Files.exists(folder))
                StagingFolder.deleteRecursively(folder);
        }
    }

    /** The storage's rosbag2 id: mcap or sqlite3. */
    String id() {
        return storage.id();
    }
}
