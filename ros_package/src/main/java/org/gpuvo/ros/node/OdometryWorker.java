package org.gpuvo.ros.node;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.MappingStatus;
import org.gpuvo.odometry.vo.TrackingState;
import org.gpuvo.odometry.vo.VisualOdometry;
import org.gpuvo.ros.image.MalformedImageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The processing thread: takes frames off the queue one at a time, checks them (calibration known, stamp after the
 * last, pixels decodable, sizes right), runs the pipeline and publishes the outputs. Anything wrong with a frame is
 * counted and the frame left out; the pipeline is made anew (the odometry starts over) on a reset request, a stamp
 * going backwards, a calibration change, or an error of the pipeline. Nothing a frame holds stops the thread.
 * Local mapping runs on the pipeline's own thread unless {@code deterministic} is set; its counters are taken here
 * after every frame (the pipeline is fed and asked from this thread only) and summed over the pipelines made.
 */
final class OdometryWorker implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger("org.gpuvo.ros.node");
    /**
     * One debug line per frame with the monotonic times of its steps ({@code --log-level
     * org.gpuvo.ros.node.timing:=debug}), so that a frame's latency can be taken apart where the medians of the status
     * do not tell which step a slow frame lost its time in.
     */
    private static final Logger TIMING = LoggerFactory.getLogger("org.gpuvo.ros.node.timing");
    private static final long POLL_MILLIS = 100;
    private static final MappingStatus NO_MAPPING = new MappingStatus(0, 0, 0, 0, null);

    private final ConfigVoNode config;
    private final FrameQueue queue;
    private final Calibration calibration;
    private final CameraMounting mounting;
    private final FrameOutputs outputs;
    private final IssueLog issues;
    private final StageTimings timings;

    private final AtomicBoolean resetRequested = new AtomicBoolean();
    /** the settings of the next pipeline; a new one is made before the next frame where they changed */
    private final AtomicReference<ConfigVisualOdometry> newSettings = new AtomicReference<>();
    private ConfigVisualOdometry settings;
    private volatile int lastFrameFeatures = -1;
    private final AtomicLong processed = new AtomicLong(), lost = new AtomicLong(), restarts = new AtomicLong(),
            resets = new AtomicLong();
    private volatile boolean running = true;
    private volatile TrackingState state;
    private volatile String backend;
    private volatile long lastProcessedNanos = -1;
    /** local mapping's counters, of the pipelines closed and the current one, as of the last frame */
    private volatile MappingStatus mapping = NO_MAPPING;
    /** the counters of the pipelines closed so far */
    private MappingStatus closedMapping = NO_MAPPING;

    private VisualOdometry vo;
    private CameraSetup setup;
    private long lastStamp = Long.MIN_VALUE;

    OdometryWorker(ConfigVoNode config, FrameQueue queue, Calibration calibration, CameraMounting mounting,
                   FrameOutputs outputs, IssueLog issues, StageTimings timings) {
        this.config = config;
        this.queue = queue;
        this.calibration = calibration;
        this.mounting = mounting;
        this.outputs = outputs;
        this.issues = issues;
        this.timings = timings;
        this.settings = config.vo;
    }

    @Override
    public void run() {
        try {
            while (running) {
                InputFrame frame = queue.take(POLL_MILLIS);
                if (frame == null)
                    continue;
                try {
                    process(frame);
                } catch (RuntimeException e) {
                    // a fault of the node's own (a publisher that throws, say): the frame is lost, not the node
                    issues.report(NodeIssue.PROCESSING_ERROR, "frame at " + frame.stampText() + " failed: " + e);
                    LOG.debug("frame failed", e);
                    restart();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Error e) {
            LOG.error("the processing thread ends: {}", e.toString(), e);
            throw e;
        } finally {
            closePipeline();
        }
    }

    /** Asks the thread to start the odometry over before the next frame. */
    void requestReset() {
        resetRequested.set(true);
    }

    /** Asks the thread to make its pipeline anew with these settings before the next frame. */
    void reconfigure(ConfigVisualOdometry vo) {
        newSettings.set(vo);
    }

    /** The features found in the last frame, -1 before the first. */
    int lastFrameFeatures() {
        return lastFrameFeatures;
    }

    /** Stops the thread after the frame in hand. */
    void stop() {
        running = false;
        queue.close();
        calibration.wakeWaiters();  // a frame waiting for its camera_info stops waiting
    }

    long processed() {
        return processed.get();
    }

    long lost() {
        return lost.get();
    }

    /** Resets requested and done. */
    long resets() {
        return resets.get();
    }

    /** Times the odometry started over, for whatever reason. */
    long restarts() {
        return restarts.get();
    }

    /** The state after the last frame, null before the first. */
    TrackingState state() {
        return state;
    }

    /** "cpu" or "cuda" once a pipeline has run, else null. */
    String backend() {
        return backend;
    }

    /** When the last frame was done ({@link System#nanoTime()}), -1 before the first. */
    long lastProcessedNanos() {
        return lastProcessedNanos;
    }

    /**
     * Local mapping's counters over every pipeline this thread ran, as of the last frame (or the last start over):
     * bundle adjustments, failures and errors summed; the pending updates and the last error are the latest.
     */
    MappingStatus mapping() {
        return mapping;
    }

    private void process(InputFrame frame) throws InterruptedException {
        long start = System.nanoTime();
        if (resetRequested.getAndSet(false)) {
            LOG.info("reset requested: the odometry starts over");
            resets.incrementAndGet();
            restart();
        }
        ConfigVisualOdometry changed = newSettings.getAndSet(null);
        if (changed != null) {
            LOG.info("parameters changed: the odometry starts over with them");
            settings = changed;
            restart();
        }
        CameraSetup current = currentSetup(frame);
        if (current == null)
            return;
        long stamp = frame.stampNanos();
        if (lastStamp != Long.MIN_VALUE && stamp == lastStamp) {
            issues.report(NodeIssue.DUPLICATE_STAMP, frame.first().topic() + ": a frame with the previous frame's "
                    + "stamp " + frame.stampText() + " is left out");
            return;
        }
        if (stamp < lastStamp) {
            issues.report(NodeIssue.STAMP_BACKWARDS, frame.first().topic() + ": the stamp went back from "
                    + lastStamp + " ns to " + stamp + " ns (a bag played in a loop?): the odometry starts over");
            restart();
        }

        Pixels pixels = decode(frame, current.camera());
        if (pixels == null)
            return;
        long decoded = System.nanoTime();

        FrameResult result;
        try {
            if (vo == null || setup != current) {
                if (vo != null) {
                    issues.report(NodeIssue.CAMERA_INFO_CHANGED, "the camera_info changed: the odometry starts over "
                            + "with the new calibration");
                    restart();
                }
                vo = FactoryVisualOdometry.create(settings, current.camera(), current.stereo());
                setup = current;
            }
            result = vo.process(stamp / 1e9, pixels.left, pixels.right, pixels.depth);
        } catch (RuntimeException e) {
            issues.report(NodeIssue.PROCESSING_ERROR, frame.first().topic() + ": the pipeline failed on the frame at "
                    + frame.stampText() + " (" + e + "): the odometry starts over");
            LOG.debug("pipeline failure", e);
            restart();
            return;
        }
        long estimated = System.nanoTime();
        lastStamp = stamp;
        backend = vo.backend();
        mapping = plus(closedMapping, mappingStatus(vo));

        // counted before the outputs go out, so that a status asked for on their arrival includes the frame
        processed.incrementAndGet();
        if (result.state == TrackingState.LOST)
            lost.incrementAndGet();
        state = result.state;
        lastFrameFeatures = result.features;
        String cameraFrame = frame.first().header().frameId();
        Se3_F64 basePose = mounting.basePose(result.cameraToWorld, cameraFrame);
        outputs.publish(result, basePose, frame.stamp(), pixels.left, cameraFrame);
        long published = System.nanoTime();
        lastProcessedNanos = published;
        timings.add(Stage.DECODE, (decoded - start) / 1e6);
        timings.add(Stage.FRONT_END, result.frontEndMillis);
        timings.add(Stage.HOST, result.hostMillis);
        timings.add(Stage.PUBLISH, (published - estimated) / 1e6);
        timings.add(Stage.TOTAL, (published - start) / 1e6);
        timings.add(Stage.LATENCY, (published - frame.receivedNanos()) / 1e6);
        if (TIMING.isDebugEnabled())
            TIMING.debug("frame {} arrived {} taken {} decoded {} estimated {} published {} front_end_ms {} host_ms {}",
                    stamp, frame.receivedNanos(), start, decoded, estimated, published, result.frontEndMillis,
                    result.hostMillis);
    }

    /**
     * The calibration for the frame, or null (counted) where there is none. A frame that comes before any camera_info
     * waits for one until {@code cameraInfoWaitSeconds} after its arrival: they travel on other topics, and a driver's
     * first camera_info may come just after its first image. (Once camera_infos have come, a frame does not wait:
     * unusable ones are not waited out.)
     */
    private CameraSetup currentSetup(InputFrame frame) throws InterruptedException {
        if (!calibration.complete())
            calibration.awaitFirstCameraInfos(frame.receivedNanos() + (long) (config.cameraInfoWaitSeconds * 1e9),
                    () -> !running);
        try {
            CameraSetup current = calibration.current();
            if (current == null)
                issues.report(NodeIssue.NO_CAMERA_INFO, frame.first().topic() + ": a frame before any usable "
                        + "camera_info is left out");
            return current;
        } catch (IllegalArgumentException e) {
            issues.report(NodeIssue.INVALID_CAMERA_INFO, "the camera_infos do not form a calibration: "
                    + e.getMessage());
            return null;
        }
    }

    /** A frame's pixels: the (left) image, and the right image or the depth where the mode has them. */
    private record Pixels(GrayImage left, GrayImage right, DepthImage depth) {
    }

    /** The frame's pixels, or null (counted) where they cannot be had or their sizes disagree. */
    private Pixels decode(InputFrame frame, CameraModel camera) {
        Pixels pixels;
        try {
            GrayImage left = frame.first().toGray();
            pixels = switch (config.mode()) {
                case MONO -> new Pixels(left, null, null);
                case STEREO -> new Pixels(left, frame.second().toGray(), null);
                case RGBD -> new Pixels(left, null, frame.second().toDepth());
            };
        } catch (MalformedImageException e) {
            issues.report(NodeIssue.MALFORMED, frame.first().topic() + ": a frame that cannot be decoded is left "
                    + "out: " + e.getMessage());
            return null;
        }
        return sizesAgree(frame, camera, pixels.left, pixels.right, pixels.depth) ? pixels : null;
    }

    private boolean sizesAgree(InputFrame frame, CameraModel camera, GrayImage left, GrayImage right, DepthImage depth) {
        String problem = null;
        if (left.width != camera.width || left.height != camera.height)
            problem = frame.first().topic() + ": an image of " + left.width + "x" + left.height + " where the "
                    + "camera_info says " + camera.width + "x" + camera.height;
        else if (right != null && (right.width != left.width || right.height != left.height))
            problem = frame.second().topic() + ": a right image of " + right.width + "x" + right.height
                    + " beside a left one of " + left.width + "x" + left.height;
        else if (depth != null && (depth.width != left.width || depth.height != left.height))
            problem = frame.second().topic() + ": a depth image of " + depth.width + "x" + depth.height
                    + " beside an image of " + left.width + "x" + left.height;
        if (problem == null)
            return true;
        issues.report(NodeIssue.SIZE_MISMATCH, problem + " is left out");
        return false;
    }

    /** The odometry starts over: a new pipeline at the next frame, any stamp accepted, the outputs' history gone. */
    private void restart() {
        closePipeline();
        lastStamp = Long.MIN_VALUE;
        outputs.restart();
        restarts.incrementAndGet();
    }

    private void closePipeline() {
        if (vo != null) {
            // what the pipeline ran counts on; a closed pipeline has no update pending
            MappingStatus total = plus(closedMapping, mappingStatus(vo));
            closedMapping = new MappingStatus(0, total.bundleAdjustments(), total.bundleFailures(), total.errors(),
                    total.lastError());
            mapping = closedMapping;
            try {
                vo.close();
            } catch (RuntimeException e) {
                LOG.debug("closing the pipeline failed", e);
            }
        }
        vo = null;
        setup = null;
    }

    /** The pipeline's mapping counters; zeros (logged) should asking fail, which must not cost the frame. */
    private static MappingStatus mappingStatus(VisualOdometry vo) {
        try {
            MappingStatus status = vo.mappingStatus();
            return status == null ? NO_MAPPING : status;
        } catch (RuntimeException e) {
            LOG.debug("asking local mapping for its counters failed", e);
            return NO_MAPPING;
        }
    }

    /** {@code a} and {@code b} summed; {@code b}'s pending updates, and its last error where it has one. */
    private static MappingStatus plus(MappingStatus a, MappingStatus b) {
        return new MappingStatus(b.pendingUpdates(), a.bundleAdjustments() + b.bundleAdjustments(),
                a.bundleFailures() + b.bundleFailures(), a.errors() + b.errors(),
                b.lastError() != null ? b.lastError() : a.lastError());
    }
}
