package org.gpuvo.odometry.concurrent;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * Runs a loop over {@code [0, n)} as a fixed number of contiguous ranges (chunks), on a fork–join pool where it has
 * more than one thread and the loop is long enough to pay for the tasks, else one range after the other on the calling
 * thread. The ranges depend only on {@code n}, never on the threads, so a loop whose chunks write apart (or sum into
 * sums of their own, added in order afterwards) gives the same result to the bit however many threads run it: runs
 * stay repeatable while the host's cores share the work.
 */
public final class FixedChunks {
    /** The body of the loop for one range. */
    @FunctionalInterface
    public interface Range {
        void run(int chunk, int first, int end);
    }

    private final ForkJoinPool pool;
    private final int chunks, parallelFrom;

    /**
     * @param pool         where the ranges run (the common pool for the JVM's own sizing)
     * @param chunks       how many ranges
     * @param parallelFrom shorter loops run on the calling thread: the tasks would cost more than they save
     */
    public FixedChunks(ForkJoinPool pool, int chunks, int parallelFrom) {
        if (chunks < 1)
            throw new IllegalArgumentException("at least one chunk, got " + chunks);
        this.pool = pool;
        this.chunks = chunks;
        this.parallelFrom = parallelFrom;
    }

    public int chunks() {
        return chunks;
    }

    /** The first index of range {@code chunk} of a loop of {@code n}; range c ends where c + 1 begins. */
    public int first(int n, int chunk) {
        return (int) ((long) n * chunk / chunks);
    }

    /**
     * Runs {@code body} over every range of {@code [0, n)}; returns when all have run. The calling thread runs the
     * first range itself, then takes back each other range that no worker has started yet (newest first, as the
     * pool's queue gives them back) and runs it too: where the pool's workers are busy with longer work (a bundle
     * adjustment on the mapping thread), the caller does not wait behind it.
     */
    public void run(int n, Range body) {
        if (n >= parallelFrom && chunks > 1 && pool.getParallelism() > 1) {
            ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[chunks];
            for (int c = 1; c < chunks; c++) {
                int chunk = c, first = first(n, c), end = first(n, c + 1);
                tasks[c] = pool.submit(() -> body.run(chunk, first, end));
            }
            body.run(0, 0, first(n, 1));
            for (int c = chunks - 1; c >= 1; c--) {
                if (tasks[c].tryUnfork())
                    body.run(c, first(n, c), first(n, c + 1));
                else
                    tasks[c].join();
            }
        } else {
            for (int c = 0; c < chunks; c++)
                body.run(c, first(n, c), first(n, c + 1));
        }
    }
}
