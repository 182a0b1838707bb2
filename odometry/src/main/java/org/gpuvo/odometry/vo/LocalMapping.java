package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Local mapping: takes in what tracking measured frame by frame ({@link FrameUpdate}), keeps every frame's pose and
 * the map, runs the bundle adjustment of the recent frames, and publishes the result as {@link MapSnapshot}s.
 *
 * <p>It is the only writer of world geometry. Tracking measures new points and frame poses in the world of the
 * snapshot it tracked against and never places anything into the map itself; this class places each update's pose
 * and points with the correction its anchor frame has received since (see {@link FrameUpdate}). A bundle adjustment
 * therefore cannot leave behind points created while it ran — none are created outside this class — nor frames
 * tracked against the map before it: they follow their anchor. (The flaw this rules out: applying a delayed pose
 * correction to the trajectory while points made between the correction's snapshot and its application stay in the
 * old world.) All methods run on one thread, the mapping thread or, with no lag, the tracking thread.
 */
final class LocalMapping {
    private static final Logger LOG = LoggerFactory.getLogger(LocalMapping.class);
    /** records kept for {@link #takeRecords()} when nobody takes them */
    private static final int MAX_RECORDS = 10_000;

    private final LandmarkMap map;
    private final double focal;
    private final FramePoses poses = new FramePoses();
    private final LocalBundleAdjustment bundle;

    // read by the tracking thread while mapping runs: a concurrent queue and single-writer volatile counters
    private final Queue<MappingRecord> records = new ConcurrentLinkedQueue<>();
    private final AtomicInteger recordCount = new AtomicInteger();
    private int adjustments;
    private volatile int bundleRuns, bundleFailures, errors;
    private volatile String lastError;

    private final Se3_F64 anchorNow = new Se3_F64(), placed = new Se3_F64();
    private final AnchorCorrection correction = new AnchorCorrection();
    private final Point3D_F64 p = new Point3D_F64(), q = new Point3D_F64();
    /** the new points of the update being taken in that are placed so far */
    private int newPlaced;

    /**
     * @param bundle      the window's adjustment, or null for none
     * @param focal       focal length in pixels, for the depth priors' weights
     * @param keepRetired whether {@link #pointCloud()} also holds the points whose ids tracking gave again
     */
    LocalMapping(LocalBundleAdjustment bundle, double focal, boolean keepRetired) {
        this.bundle = bundle;
        this.focal = focal;
        this.map = new LandmarkMap(keepRetired);
    }

    /**
     * Takes in one frame's update (frames in order). An update that fails part way is counted and its frame and
     * point ids are still taken in (the frame at tracking's pose, the points as rejected), so that the next updates
     * line up.
     */
    void apply(FrameUpdate u) {
        newPlaced = 0;
        try {
            place(u);
        } catch (RuntimeException e) {
            errors = errors + 1;
            lastError = "frame " + u.frame + ": " + e;
            LOG.warn("local mapping could not take in frame {}: {}", u.frame, e.toString());
        } finally {
            if (poses.size() == u.frame)
                poses.set(u.frame, u.pose);
            for (int i = newPlaced; i < u.newPoints(); i++) {
                int id = u.newIds.get(i);
                for (int pad = map.size(); pad < id; pad++) {
                    map.add(pad, 0, 0, 0, 0);
                    map.reject(pad);
                }
                map.add(id, 0, 0, 0, 0);
                map.reject(id);
            }
        }
    }

    private void place(FrameUpdate u) {
        if (u.frame != poses.size())
            throw new IllegalStateException("frame " + u.frame + " arrived after " + (poses.size() - 1));
        correct(u);
        Se3_F64 pose = correction.pose(u.pose, placed);
        poses.set(u.frame, pose);
        for (int i = 0; i < u.newPoints(); i++) {
            worldPoint(u.newXyz.data, 3 * i);
            int id = u.newIds.get(i);
            map.add(id, q.x, q.y, q.z, u.newGrey.get(i));
            newPlaced++;
            if (u.depthBaseline > 0)
                measuredAlong(id, pose, u.depthBaseline);
        }
        poses.forgetBelow(u.forgetBelow);
        for (int i = 0; i < u.refinedPoint.size; i++) {
            worldPoint(u.refinedXyz.data, 3 * i);
            map.setPosition(u.refinedPoint.get(i), q.x, q.y, q.z);
        }
        // last: an update may reject points it has just added (a failed initialisation)
        for (int i = 0; i < u.rejected.size; i++)
            map.reject(u.rejected.get(i));
        if (bundle == null)
            return;
        if (u.clearWindow)
            bundle.clear();
        if (u.windowReference >= 0)
            bundle.beginFrame(u.windowReference);
        if (u.entersWindow)
            bundle.beginFrame(u.frame);
        for (int i = 0; i < u.observedFrame.size; i++)
            bundle.observe(u.observedFrame.get(i), u.observedPoint.get(i), u.observedX.get(i), u.observedY.get(i));
    }

    /**
     * Sets {@link #correction} from the world the update was measured in to the map's world now: the identity unless
     * the anchor frame moved or was rescaled since tracking read it.
     */
    private void correct(FrameUpdate u) {
        if (u.anchorFrame < 0)
            correction.clear();
        else
            correction.set(u.anchorPose, u.anchorScale, poses.get(u.anchorFrame, anchorNow),
                    poses.scale(u.anchorFrame));
    }

    /**
     * Gives point {@code id}, measured from the camera at {@code worldToCamera}, its depth prior: along the camera's
     * ray to it, weighted f·b/z² (pixels of disparity per metre of depth at that depth).
     */
    private void measuredAlong(int id, Se3_F64 worldToCamera, double baseline) {
        p.setTo(map.x(id), map.y(id), map.z(id));
        SePointOps_F64.transform(worldToCamera, p, q);
        double z = q.z, norm = q.norm();
        if (!(z > 0) || !(norm > 0))
            return;
        // the ray in the world frame: Rᵀ times the camera-frame direction
        double[] r = worldToCamera.R.data;
        double cx = q.x / norm, cy = q.y / norm, cz = q.z / norm;
        map.setDepthPrior(id, r[0] * cx + r[3] * cy + r[6] * cz, r[1] * cx + r[4] * cy + r[7] * cz,
                r[2] * cx + r[5] * cy + r[8] * cz, focal * baseline / (z * z));
    }

    private void worldPoint(double[] xyz, int at) {
        p.setTo(xyz[at], xyz[at + 1], xyz[at + 2]);
        correction.point(p, q);
    }

    /**
     * Bundle adjustment of the window ending at {@code frame}, if the window is full; the map keeps its state when it
     * fails or diverges.
     *
     * @param waitMillis how long the update that asked for it waited for the mapping thread
     */
    void adjust(int frame, double waitMillis) {
        if (bundle == null || !bundle.full())
            return;
        long start = System.nanoTime();
        boolean applied;
        try {
            applied = bundle.optimize(poses, map);
        } catch (RuntimeException e) {
            // a degenerate window (e.g. points on a line) must not end the run: keep the unadjusted estimates
            LOG.debug("bundle adjustment of the window ending at frame {} failed: {}", frame, e.toString());
            applied = false;
        }
        bundleRuns = bundleRuns + 1;
        if (applied)
            adjustments++;
        else
            bundleFailures = bundleFailures + 1;
        if (recordCount.get() >= MAX_RECORDS && records.poll() != null)
            recordCount.decrementAndGet();
        recordCount.incrementAndGet();
        records.add(new MappingRecord(frame, waitMillis, (System.nanoTime() - start) / 1e6, bundle.iterations(),
                bundle.points(), bundle.observations(), applied));
    }

    /** Takes in one update at once, adjusts the window if the update asks for it, and publishes the map. */
    MapSnapshot takeIn(FrameUpdate u) {
        apply(u);
        if (u.bundleDue)
            adjust(u.frame, 0);
        return publish();
    }

    MapSnapshot publish() {
        return new MapSnapshot(poses.size() - 1, adjustments, poses.publish(), map.publish());
    }

    PointCloud pointCloud() {
        return map.toPointCloud();
    }

    /** The records of the adjustments since the last call; any thread. */
    List<MappingRecord> takeRecords() {
        List<MappingRecord> taken = new ArrayList<>();
        for (MappingRecord r; (r = records.poll()) != null; ) {
            recordCount.decrementAndGet();
            taken.add(r);
        }
        return taken;
    }

    /** Any thread. */
    MappingStatus status(int pending) {
        return new MappingStatus(pending, bundleRuns, bundleFailures, errors, lastError);
    }
}
