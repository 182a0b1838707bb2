package org.gpuvo.odometry.vo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Local mapping on a thread of its own. The tracking thread submits an update per frame and goes on; the mapping
 * thread takes in every update waiting, runs the bundle adjustment if one of them asked for it, and publishes the
 * map, which tracking picks up at its next frame. When mapping falls behind, the updates waiting are taken in
 * together and adjusted once. Should the thread die (an error no update should cause), the updates are taken in
 * on the tracking thread from then on, and the death is counted in the status.
 */
final class MappingThread implements MappingRunner {
    private static final Logger LOG = LoggerFactory.getLogger(MappingThread.class);
    private static final Object STOP = new Object();

    private final LocalMapping mapping;
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Queue<FrameUpdate> free = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final Thread thread;
    private volatile MapSnapshot latest = MapSnapshot.EMPTY;
    private volatile Throwable death;
    private boolean closed;

    MappingThread(LocalMapping mapping) {
        this.mapping = mapping;
        this.thread = new Thread(this::run, "gpuvo-local-mapping");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public FrameUpdate obtain(int frame) {
        FrameUpdate u = free.poll();
        return (u == null ? new FrameUpdate() : u).reset(frame);
    }

    @Override
    public void submit(FrameUpdate u) {
        u.submittedNanos = System.nanoTime();
        if (death != null) {
            // no thread to race with any more: the tracking thread does mapping's work, first what was left waiting
            for (Object left; (left = queue.poll()) != null; )
                if (left instanceof FrameUpdate w)
                    applyHere(w);
            applyHere(u);
            pending.set(0);
            return;
        }
        pending.incrementAndGet();
        queue.add(u);
    }

    private void applyHere(FrameUpdate u) {
        latest = mapping.takeIn(u);
    }

    @Override
    public MapSnapshot latest() {
        return latest;
    }

    @Override
    public PointCloud pointCloud() {
        return afterPending(mapping::pointCloud);
    }

    @Override
    public MapSnapshot settled() {
        return afterPending(() -> latest);
    }

    /** What {@code task} gives once the mapping thread has taken in every update submitted before it. */
    private <T> T afterPending(Supplier<T> task) {
        if (death != null || closed)
            return task.get();
        CompletableFuture<T> result = new CompletableFuture<>();
        queue.add((Runnable) () -> result.complete(task.get()));
        return result.join();
    }

    @Override
    public List<MappingRecord> takeRecords() {
        return mapping.takeRecords();
    }

    @Override
    public MappingStatus status() {
        MappingStatus s = mapping.status(pending.get());
        Throwable d = death;
        return d == null ? s : new MappingStatus(s.pendingUpdates(), s.bundleAdjustments(), s.bundleFailures(),
                s.errors() + 1, "the mapping thread died: " + d);
    }

    @Override
    public void close() {
        if (closed)
            return;
        closed = true;
        queue.add(STOP);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        try {
            boolean stop = false;
            while (!stop) {
                Object message = queue.take();
                boolean due = false;
                int newest = -1;
                double waited = 0;
                Runnable task = null;
                while (message != null) {
                    if (message == STOP) {
                        stop = true;
                        break;
                    }
                    if (message instanceof Runnable r) {
                        task = r;
                        break;
                    }
                    FrameUpdate u = (FrameUpdate) message;
                    double wait = (System.nanoTime() - u.submittedNanos) / 1e6;
                    mapping.apply(u);
                    if (u.bundleDue) {
                        due = true;
                        newest = u.frame;
                        waited = wait;
                    }
                    pending.decrementAndGet();
                    free.add(u);
                    message = queue.poll();
                }
                if (due) {
                    // the new points first, so that tracking can use them while the window is adjusted
                    latest = mapping.publish();
                    mapping.adjust(newest, waited);
                }
                latest = mapping.publish();
                if (task != null)
                    task.run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            death = t;
            LOG.error("the local mapping thread died; mapping goes on on the tracking thread", t);
            for (Object left : queue)
                if (left instanceof Runnable r)
                    r.run();
        }
    }
}
