package org.gpuvo.tests.bench;

import org.gpuvo.app.TimingStats;

/**
 * Runs one piece of work a number of times after a warm-up (so that the JIT has compiled it and caches and
 * buffers are warm) and times each repetition separately with {@link System#nanoTime}.
 */
final class TimedRun {
    /** The work of one repetition; {@code repetition} counts from 0 over warm-up and timed runs alike. */
    interface Work {
        void run(int repetition) throws Exception;
    }

    private TimedRun() {
    }

    static TimingStats time(Work work, int warmup, int repetitions) throws Exception {
        for (int i = 0; i < warmup; i++)
            work.run(i);
        long[] nanos = new long[repetitions];
        for (int i = 0; i < repetitions; i++) {
            long start = System.nanoTime();
            work.run(warmup + i);
            nanos[i] = System.nanoTime() - start;
        }
        return TimingStats.ofNanos(nanos);
    }
}
