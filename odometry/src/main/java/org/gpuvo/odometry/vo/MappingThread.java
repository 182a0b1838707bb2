package org.gpuvo.odometry.vo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Supplier;

/**
 * Local mapping on a thread of its own, at most {@code lag} frames behind tracking. The tracking thread submits an
 * update per frame and goes on; the mapping thread takes the updates in, runs the bundle adjustment where one asked for
 * it, and publishes the map.
 *
 * <p>Two schedules. <em>Live</em>: tracking takes the newest map published whenever a frame starts, and mapping takes
 * in every update waiting together and adjusts once; tracking waits only where mapping has fallen more than
 * {@code lag} frames behind. <em>Exact</em> (the deterministic mode): mapping takes the updates in one by one,
 * keeping the map after each, and tracking of frame k takes exactly the map after frame k − 1 − {@code lag}, waiting
 * for it where it is not ready; which map tracking sees no longer depends on timing, so runs repeat bit for bit while
 * each adjustment runs beside the next {@code lag} frames' tracking.
 *
 * <p>Should the thread die (an error no update should cause), the updates are taken in on the tracking thread from then
 * on, and the death is counted in the status.
 */
final class MappingThread implements MappingRunner {
    private static final Logger LOG = LoggerFactory.getLogger(MappingThread.class);
    private static final Object STOP = new Object();

    private final LocalMapping mapping;
    private final int lag;
    private final boolean exact;
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Queue<FrameUpdate> free = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile MapSnapshot latest = MapSnapshot.EMPTY;
    private volatile Throwable death;
    private boolean closed;

    /** guards {@link #done} and {@link #published}; the tracking thread waits on it */
    private final Object progress = new Object();
    /** the newest frame whose update is taken in and adjusted where due (-1: none yet) */
    private int done = -1;
    /** exact schedule: the map after each of the last frames, by frame modulo its length */
    private final MapSnapshot[] published;
    /** updates submitted (written by the tracking thread only) */
    private volatile int submitted;

    /**
     * @param lag   the frames mapping may run behind tracking
     * @param exact whether tracking takes the map of exactly {@code lag} frames before (the deterministic mode) or the
     *              newest (live)
     */
    MappingThread(LocalMapping mapping, int lag, boolean exact) {
        if (lag < 0)
            throw new IllegalArgumentException("lag must be at least 0, got " + lag);
        this.mapping = mapping;
        this.lag = lag;
        this.exact = exact;
        // mapping is at most lag + 1 frames ahead of the frame tracking asks for
        this.published = exact ? new MapSnapshot[lag + 2] : null;
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
        submitted++;
        if (death != null) {
            // no thread to race with any more: the tracking thread does mapping's work, first what was left waiting
            for (Object left; (left = queue.poll()) != null; )
                if (left instanceof FrameUpdate w)
                    applyHere(w);
            applyHere(u);
            return;
        }
        queue.add(u);
        if (!exact)
            awaitDone(u.frame - lag);
    }

    private void applyHere(FrameUpdate u) {
        latest = mapping.takeIn(u);
        synchronized (progress) {
            done = u.frame;
        }
    }

    @Override
    public MapSnapshot latest() {
        if (!exact || death != null)
            return latest;
        int frame = submitted - 1 - lag;
        if (frame < 0)
            return MapSnapshot.EMPTY;
        synchronized (progress) {
            return awaitDone(frame) ? published[frame % published.length] : latest;
        }
    }

    /**
     * Waits until mapping has taken in {@code frame}; false where it died meanwhile or the tracking thread was
     * interrupted (a pipeline being stopped: it goes on with the map it has, its interrupt status kept).
     */
    private boolean awaitDone(int frame) {
        synchronized (progress) {
            try {
                while (done < frame && death == null)
                    progress.wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            return death == null;
        }
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
        int waiting;
        synchronized (progress) {
            waiting = Math.max(0, submitted - 1 - done);
        }
        MappingStatus s = mapping.status(waiting);
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
                    newest = u.frame;
                    if (u.bundleDue) {
                        due = true;
                        waited = wait;
                    }
                    free.add(u);
                    // the exact schedule keeps the map after every frame; live, the updates waiting are taken together
                    message = exact ? null : queue.poll();
                }
                if (due) {
                    // the new points first, so that live tracking can use them while the window is adjusted
                    if (!exact)
                        latest = mapping.publish();
                    mapping.adjust(newest, waited);
                }
                if (newest >= 0)
                    finished(newest, mapping.publish());
                if (task != null)
                    task.run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            LOG.error("the local mapping thread died; mapping goes on on the tracking thread", t);
            synchronized (progress) {
                death = t;
                progress.notifyAll();
            }
            for (Object left : queue)
                if (left instanceof Runnable r)
                    r.run();
        }
    }

    private void finished(int frame, MapSnapshot map) {
        latest = map;
        synchronized (progress) {
            if (exact)
                published[frame % published.length] = map;
            done = frame;
            progress.notifyAll();
        }
    }
}
