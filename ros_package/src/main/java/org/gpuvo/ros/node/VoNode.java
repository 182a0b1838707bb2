package org.gpuvo.ros.node;

import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ServiceServer;
import org.gpuvo.ros.node.transport.Transport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The ROS 2 visual odometry node, free of any middleware: it reads camera frames from a {@link Transport} and
 * publishes odometry on it. Start one with {@link #start(ConfigVoNode, Transport)}.
 *
 * <p>Threads: the transport's callbacks decode messages and pair stereo and RGB-D images by stamp into a bounded
 * frame queue (when the pipeline falls behind the oldest frame is dropped and counted); one processing thread runs
 * the pipeline and publishes each frame's outputs, stamped with the frame's stamp; a timer thread publishes the
 * status (JSON) and /diagnostics every {@code statusPeriodSeconds} and notices inputs that fell silent.</p>
 *
 * <p>Services: {@code ~/reset} ({@code std_srvs/srv/Empty}) does what a message on the reset topic does.</p>
 *
 * <p>Bad input never stops the node: each kind of issue ({@link NodeIssue}) is logged once as a warning and then
 * counted in the status. A reset message, a stamp going backwards, a changed camera_info or a pipeline error starts
 * the odometry over: the next frame is the origin of odom again and the path is cleared.</p>
 */
public final class VoNode implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("org.gpuvo.ros.node");
    /** frames over which the stage timings' medians are taken */
    private static final int TIMING_WINDOW = 100;

    private final ConfigVoNode config;
    private final IssueLog issues = new IssueLog();
    private final StageTimings timings = new StageTimings(TIMING_WINDOW);
    private final FrameQueue queue;
    private final Calibration calibration;
    private final CameraMounting mounting;
    private final InputActivity activity;
    private final NodeClock clock;
    private final FrameOutputs outputs;
    private final RawPublisher statusPublisher, diagnosticsPublisher;
    private final OdometryWorker worker;
    private final Thread workerThread;
    private final NodeInputs inputs;
    private final ScheduledExecutorService timer;
    private volatile ServiceServer resetService;

    private VoNode(ConfigVoNode config, Transport transport) {
        this.config = config;
        queue = new FrameQueue(config.queueSize);
        calibration = new Calibration(config.mode(), config.rectified);
        mounting = new CameraMounting(config.cameraMounting, config.baseFrame, config.cameraFrame);
        activity = new InputActivity(NodeInputs.imageTopics(config), config.inputTimeoutSeconds, issues);
        clock = new NodeClock(config.useSimTime);
        outputs = new FrameOutputs(transport, config, issues);
        RawPublisher status = null;
        try {
            status = transport.advertise(config.topics.status, StringMessage.TYPE, config.qos.status);
            diagnosticsPublisher = transport.advertise(config.topics.diagnostics, DiagnosticArray.TYPE,
                    config.qos.diagnostics);
        } catch (RuntimeException e) {
            if (status != null)
                status.close();
            outputs.close();
            throw e;
        }
        statusPublisher = status;
        worker = new OdometryWorker(config, queue, calibration, mounting, outputs, issues, timings);
        workerThread = new Thread(worker, config.nodeName + "-vo");
        workerThread.setDaemon(true);
        inputs = new NodeInputs(config, queue, calibration, issues, activity);
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, config.nodeName + "-status");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Makes a node, subscribes and starts its threads. The transport stays the caller's: {@link #close()} closes the
     * node's publishers and subscriptions, not the transport.
     *
     * @param settings checked and copied: later changes to it do not reach the node
     * @throws IllegalArgumentException where the configuration is invalid (before anything is advertised)
     */
    public static VoNode start(ConfigVoNode settings, Transport transport) {
        ConfigVoNode config = settings.copy().checkValidity();
        VoNode node = new VoNode(config, transport);
        try {
            node.workerThread.start();
            node.inputs.subscribe(transport, node::reset, node.mounting, node.clock);
            node.offerServices(transport);
            long period = Math.max(1, Math.round(config.statusPeriodSeconds * 1000));
            node.timer.scheduleAtFixedRate(node::tick, period, period, TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            node.close();
            throw e;
        }
        LOG.info("{}: {} visual odometry with {} features on {} ({} images) over {}, local mapping {}",
                config.nodeName, config.mode().name().toLowerCase(Locale.ROOT), config.vo.features.id(),
                NodeInputs.imageTopics(config), config.imageTransport.name().toLowerCase(Locale.ROOT), transport.name(),
                config.vo.deterministic ? "deterministic" : "asynchronous");
        return node;
    }

    /** The services, where the transport has them. */
    private void offerServices(Transport transport) {
        try {
            resetService = ResetService.offer(transport, config.topics.reset, issues, this::reset);
        } catch (UnsupportedOperationException e) {
            LOG.info("{}: no services on {}: {}", config.nodeName, transport.name(), e.getMessage());
        }
    }

    /**
     * Makes the pipeline anew with these settings before the next frame: the odometry starts over (counted as a
     * restart, not as a reset). The settings must have been checked ({@link NodeParameters}).
     */
    public void reconfigurePipeline(ConfigVisualOdometry vo) {
        worker.reconfigure(vo);
    }

    /** Starts the odometry over before the next frame, as a message on the reset topic does. */
    public void reset() {
        worker.requestReset();
    }

    /** Where the node stands now. */
    public NodeStatus status() {
        Map<String, Double> medians = new LinkedHashMap<>();
        timings.medians().forEach((stage, ms) -> medians.put(stage.key, ms));
        long last = worker.lastProcessedNanos();
        double since = last < 0 ? Double.NaN : (System.nanoTime() - last) / 1e9;
        return new NodeStatus(clock.now(), worker.state(), worker.backend(), config.vo.features.id(),
                worker.processed(), worker.lost(), worker.resets(), worker.restarts(), issues.counts(), medians, since,
                queue.capacity(),
                queue.highWater(), calibration.complete(), mounting.source().name().toLowerCase(Locale.ROOT),
                activity.silent(), config.vo.deterministic, worker.mapping(), worker.lastFrameFeatures());
    }

    /** Publishes the status and the diagnostics now (the timer does it every status period). */
    public void publishStatus() {
        NodeStatus s = status();
        statusPublisher.publish(MessageCodecs.of(StringMessage.class).encode(new StringMessage(StatusMessages.json(s))));
        diagnosticsPublisher.publish(MessageCodecs.of(DiagnosticArray.class).encode(
                StatusMessages.diagnostics(s, config.nodeName, config.inputTimeoutSeconds)));
    }

    /** Counts an issue in the status, logging the first of its kind (for the node's services). */
    void report(NodeIssue kind, String message) {
        issues.report(kind, message);
    }

    /** The node's time: the wall clock, or the last /clock with use_sim_time. */
    public Time now() {
        return clock.now();
    }

    public ConfigVoNode config() {
        return config;
    }

    /** What the timer does: notice silent inputs, publish the status. A failure is logged, never the timer's end. */
    private void tick() {
        try {
            activity.check(System.nanoTime());
            publishStatus();
        } catch (RuntimeException e) {
            LOG.warn("publishing the status failed: {}", e.toString());
        }
    }

    /** Stops the node: no more callbacks, the processing thread ended, the node's publishers closed. */
    @Override
    public void close() {
        timer.shutdownNow();
        ServiceServer reset = resetService;
        if (reset != null)
            reset.close();
        inputs.close();
        worker.stop();
        try {
            workerThread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (workerThread.isAlive())
            LOG.warn("{}: the processing thread did not end within 10 s", config.nodeName);
        outputs.close();
        statusPublisher.close();
        diagnosticsPublisher.close();
    }
}
