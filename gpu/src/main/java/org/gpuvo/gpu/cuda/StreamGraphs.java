package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuGraphDestroy;
import static jcuda.driver.JCudaDriver.cuGraphExecDestroy;
import static jcuda.driver.JCudaDriver.cuGraphInstantiate;
import static jcuda.driver.JCudaDriver.cuGraphLaunch;
import static jcuda.driver.JCudaDriver.cuStreamBeginCapture;
import static jcuda.driver.JCudaDriver.cuStreamEndCapture;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUstreamCaptureMode;

/**
 * A few CUDA graphs of one pipeline's recurring work, captured from its stream and replayed with one
 * {@code cuGraphLaunch} each. A graph holds the kernels' arguments as they were at capture, device pointers
 * included, so each is keyed by everything those arguments depend on (the caller's key: buffers, sizes,
 * capacities); the caller {@link #clear()}s the cache whenever a buffer a graph uses may have moved.
 *
 * <p>A key's work is captured on its second use (the first runs directly), so that one-off frames pay no
 * capture. If capturing or instantiating fails, the failure is logged once, graphs are off for this instance from
 * then on, and the caller runs its work directly: {@link #run} returns false.
 *
 * <p>Not thread safe; the work must only enqueue on the pipeline's stream, or on a second stream forked from it
 * and joined back before the work returns ({@link StreamFork}: the graph then has two branches); no other events, no
 * host synchronisation, no allocation while capturing.
 */
final class StreamGraphs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamGraphs.class);
    /**
     * Graphs kept at once. The extractor alternates two output slots over three inputs (its own, and the front
     * end's two overlapped ones): six keys at most, so a stream that mixes the ways never re-captures.
     */
    static final int CAPACITY = 8;
    /** the first failure in the process is a warning, later ones (other pipelines) are logged at debug level */
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    private static final class Entry {
        CUgraphExec exec;
        int uses;
    }

    /**
     * CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY (cuda.h, CUDA 11.7 on; JCuda 12.6 has no constant for it): the
     * graph's kernels run at the priorities of the streams they were captured from, not at the launching stream's
     */
    static final long INSTANTIATE_USE_NODE_PRIORITY = 8;

    private final CudaContext cuda;
    private final String stage;
    private boolean nodePriorities, prioritiesRefused;
    private final Map<Object, Entry> graphs = new LinkedHashMap<>(8, 0.75f, true);
    private boolean enabled = !"false".equalsIgnoreCase(System.getProperty("gpuvo.cudaGraphs", "true"));
    private boolean broken;
    private int captures;

    StreamGraphs(CudaContext cuda, String stage) {
        this(cuda, stage, false);
    }

    /**
     * @param nodePriorities whether the graphs keep the priorities of the streams their kernels were captured from
     *                       (a {@link StreamFork}'s second stream); where the driver refuses that, they are
     *                       instantiated without
     */
    StreamGraphs(CudaContext cuda, String stage, boolean nodePriorities) {
        this.cuda = cuda;
        this.stage = stage;
        this.nodePriorities = nodePriorities;
    }

    void setEnabled(boolean on) {
        if (!on)
            clear();
        enabled = on;
    }

    /**
     * Whether the graphs captured from now on keep their nodes' stream priorities (see the constructor); drops the
     * graphs held.
     */
    void setNodePriorities(boolean on) {
        if (on != nodePriorities)
            clear();
        nodePriorities = on;
    }

    /** Whether the graphs keep their nodes' stream priorities: asked for, and not refused by the driver. */
    boolean nodePrioritiesActive() {
        return nodePriorities && !prioritiesRefused;
    }

    /** Whether graphs are on: not switched off and no capture failed. */
    boolean active() {
        return enabled && !broken;
    }

    /** Graphs captured so far (for tests: re-capture after a layout change). */
    int captures() {
        return captures;
    }

    /** Executable graphs now held. */
    int size() {
        int n = 0;
        for (Entry e : graphs.values())
            if (e.exec != null)
                n++;
        return n;
    }

    /**
     * Enqueues {@code key}'s graph on the stream, capturing {@code work} into it first if it has none yet and
     * this is the key's second use.
     *
     * @return true if a graph was launched; false if the caller must enqueue {@code work} itself
     */
    boolean run(Object key, Runnable work) {
        if (!active())
            return false;
        Entry e = graphs.get(key);
        if (e == null) {
            evictIfFull();
            e = new Entry();
            graphs.put(key, e);
        }
        if (e.exec == null) {
            if (e.uses++ < 1)
                return false;
            e.exec = capture(work);
            if (e.exec == null)
                return false;
        }
        CUgraphExec exec = e.exec;
        cuda.makeCurrent();
        CudaCheck.call(stage, "cuGraphLaunch", () -> cuGraphLaunch(exec, cuda.stream()));
        return true;
    }

    private void evictIfFull() {
        if (graphs.size() < CAPACITY)
            return;
        Iterator<Entry> oldest = graphs.values().iterator();
        destroy(oldest.next());
        oldest.remove();
    }

    private CUgraphExec capture(Runnable work) {
        cuda.makeCurrent();
        CUgraph graph = new CUgraph();
        try {
            CudaCheck.call(stage, "cuStreamBeginCapture", () -> cuStreamBeginCapture(cuda.stream(),
                    CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL));
        } catch (CudaStageException e) {
            return fail(e);
        }
        RuntimeException failure = null;
        try {
            work.run();
        } catch (RuntimeException e) {
            failure = e;
        }
        // always end the capture, or the stream stays in capture mode
        try {
            CudaCheck.call(stage, "cuStreamEndCapture", () -> cuStreamEndCapture(cuda.stream(), graph));
        } catch (CudaStageException e) {
            if (failure == null)
                failure = e;
        }
        if (failure != null) {
            destroyQuietly(graph);
            return fail(failure);
        }
        CUgraphExec exec = new CUgraphExec();
        try {
            instantiate(exec, graph);
        } catch (CudaStageException e) {
            return fail(e);
        } finally {
            // the executable graph is independent of the graph it was made from
            destroyQuietly(graph);
        }
        captures++;
        return exec;
    }

    private void instantiate(CUgraphExec exec, CUgraph graph) {
        if (nodePrioritiesActive()) {
            try {
                CudaCheck.call(stage, "cuGraphInstantiate", () -> cuGraphInstantiate(exec, graph,
                        INSTANTIATE_USE_NODE_PRIORITY));
                return;
            } catch (CudaStageException e) {
                // priorities only speed the graph up: run it without them from now on
                prioritiesRefused = true;
                LOG.info("pipeline {}: no CUDA graph with node priorities ({}), instantiating without",
                        cuda.pipeline(), e.toString());
            }
        }
        CudaCheck.call(stage, "cuGraphInstantiate", () -> cuGraphInstantiate(exec, graph, 0));
    }

    private CUgraphExec fail(RuntimeException e) {
        broken = true;
        clear();
        String message = "pipeline {}: CUDA graph capture of stage {} failed, running the kernels one launch at a "
                + "time from now on: {}";
        if (WARNED.compareAndSet(false, true))
            LOG.warn(message, cuda.pipeline(), stage, e.toString());
        else
            LOG.debug(message, cuda.pipeline(), stage, e.toString());
        return null;
    }

    private void destroyQuietly(CUgraph graph) {
        try {
            CudaCheck.call(stage, "cuGraphDestroy", () -> cuGraphDestroy(graph));
        } catch (CudaStageException ignored) {
            // nothing was captured
        }
    }

    private void destroy(Entry e) {
        if (e.exec == null || cuda.isClosed())
            return;
        CUgraphExec exec = e.exec;
        e.exec = null;
        try {
            cuda.makeCurrent();
            // a graph still running is freed by the driver when it completes
            CudaCheck.call(stage, "cuGraphExecDestroy", () -> cuGraphExecDestroy(exec));
        } catch (CudaStageException ex) {
            LOG.warn("pipeline {}: {}", cuda.pipeline(), ex.getMessage());
        }
    }

    /** Destroys every graph: call when a buffer or a value the graphs captured changes. */
    void clear() {
        for (Entry e : graphs.values())
            destroy(e);
        graphs.clear();
    }

    @Override
    public void close() {
        clear();
    }
}
