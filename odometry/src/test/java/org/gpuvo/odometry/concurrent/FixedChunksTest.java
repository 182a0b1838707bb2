package org.gpuvo.odometry.concurrent;

import org.junit.jupiter.api.Test;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.assertj.core.api.Assertions.assertThat;

class FixedChunksTest {
    /** how often each index of [0, n) was visited, and that each chunk saw exactly its own range */
    private static int[] visits(FixedChunks chunks, int n) {
        AtomicIntegerArray count = new AtomicIntegerArray(n);
        chunks.run(n, (chunk, first, end) -> {
            assertThat(first).isEqualTo(chunks.first(n, chunk));
            assertThat(end).isEqualTo(chunks.first(n, chunk + 1));
            for (int i = first; i < end; i++)
                count.incrementAndGet(i);
        });
        int[] out = new int[n];
        for (int i = 0; i < n; i++)
            out[i] = count.get(i);
        return out;
    }

    @Test
    void everyIndexRunsOnceOnOneThreadOrManyAndInTheCommonPool() {
        ForkJoinPool one = new ForkJoinPool(1), four = new ForkJoinPool(4);
        try {
            for (ForkJoinPool pool : new ForkJoinPool[]{one, four, ForkJoinPool.commonPool()})
                for (int n : new int[]{0, 1, 3, 7, 100, 1001, 4096}) {
                    int[] v = visits(new FixedChunks(pool, 4, 64), n);
                    for (int i = 0; i < n; i++)
                        assertThat(v[i]).as("index %d of %d", i, n).isEqualTo(1);
                }
            // ranges depend only on n and the chunk count
            FixedChunks chunks = new FixedChunks(four, 3, 1);
            assertThat(new int[]{chunks.first(10, 0), chunks.first(10, 1), chunks.first(10, 2), chunks.first(10, 3)})
                    .containsExactly(0, 3, 6, 10);
        } finally {
            one.shutdown();
            four.shutdown();
        }
    }
}
