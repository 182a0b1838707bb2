package org.gpuvo.app.bag;

import org.gpuvo.ros.bag.BagWriter;

import java.io.IOException;

/**
 * Finishes a bag being written when the JVM is asked to stop (SIGINT, SIGTERM, System.exit): a shutdown hook closes
 * the writer between two messages, so the storage file gets its summary and the folder its {@code metadata.yaml},
 * holding every message written so far. The command then must not delete the folder as a half-written one:
 * {@link #finishedOnExit()} says the bag is complete. A SIGKILL runs no hook; an MCAP bag is then readable up to
 * its last complete chunk.
 */
final class BagFinishedOnExit implements AutoCloseable {
    private final BagWriter bag;
    private final String command;
    private final Thread hook;
    private volatile boolean finishedOnExit;

    /** @param command names the command in the line printed when the bag is finished on exit */
    BagFinishedOnExit(BagWriter bag, String command) {
        this.bag = bag;
        this.command = command;
        this.hook = new Thread(this::finish, "gpuvo-finish-bag");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private void finish() {
        try {
            synchronized (bag) {
                if (bag.isClosed())
                    return;
                bag.close();
                finishedOnExit = true;
                System.err.printf("gpuvo %s: stopped; the bag %s was finished with the %d messages written%n",
                        command, bag.directory(), bag.metadata().messageCount());
            }
        } catch (IOException | RuntimeException e) {
            System.err.printf("gpuvo %s: stopped; finishing the bag %s failed: %s%n", command, bag.directory(),
                    e.getMessage());
        }
    }

    /** Whether the bag was finished by the shutdown hook: complete, not to be deleted. */
    boolean finishedOnExit() {
        return finishedOnExit;
    }

    /** Forgets the hook (the bag is closed by its owner). */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs, or has run
        }
    }
}
