package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.ProjectionSearch;
import org.gpuvo.gpu.match.ProjectionSearchRules;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.concurrent.FixedChunks;
import org.gpuvo.odometry.frontend.FeatureDescriptors;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntBinaryOperator;

/**
 * Finds again, by projection, the recent map points that frame-to-frame matching lost: the search of the local map in
 * ORB-SLAM's tracking (R. Mur-Artal, J. D. Tardós, "ORB-SLAM2", T-RO 33(5), 2017; its SearchByProjection). The local
 * map here is the points created at the last few keyframes, each with the descriptor and scale of the keypoint that
 * measured it. A point not tracked in the current frame is projected with the frame's pose; the current keypoints
 * within a radius of the projection (growing with the point's scale), of about its scale, and without a map point of
 * their own are its candidates; the nearest descriptor wins if it passes the distance limit and the ratio test, and a
 * keypoint wanted by several points goes to the nearest. A winner is kept only where its reprojection error is within
 * PnP's inlier threshold, so that what is found agrees with the pose. A point found again is tracked from there on,
 * observed for the bundle adjustment, and counts as tracked for the keyframe decision: without it, a point whose
 * match failed once was gone for good and a new one took its place at the next keyframe, and the map drifted with
 * each replacement.
 *
 * <p>The host projects the points, in fixed chunks; the candidates and winners are found where the frame's features
 * are: on the GPU for ORB on CUDA ({@link ProjectionSearch}, which gives the host search's winners exactly), else on
 * the host over the downloaded features, in fixed chunks, so that runs repeat on any number of threads.
 */
final class LocalMapSearch {
    /** a keyframe of the local map: the points created there, with the scale and descriptor of the feature of each */
    private static final class Keyframe {
        final FeatureDescriptors descriptors;
        int[] ids = new int[256];
        double[] scales = new double[256];
        int count;

        Keyframe(FeatureType type) {
            descriptors = FeatureDescriptors.of(type);
        }
    }

    /** grid cells of the current keypoints, pixels a side */
    private static final int CELL = 16;
    /** values a slot has in {@link #slotValues} */
    private static final int SLOT = ProjectionSearchRules.SLOT_VALUES;
    private static final int CHUNKS = 4;
    /** smaller local maps are searched on the calling thread */
    private static final int PARALLEL_POINTS = 512;

    /** one chunk's search: its own winners by feature, and scratch */
    private static final class Chunk {
        int[] bestPoint = new int[0], bestDistance = new int[0];
        final Point3D_F64 inCamera = new Point3D_F64();
        final Point2D_F64 pixel = new Point2D_F64();
        final NearestTwo nearest = new NearestTwo();
    }

    private final CameraModel camera;
    private final FeatureType type;
    private final KeyPointScale scale;
    private final int capacity;
    private final double radius, ratio, maxError2;
    private final int maxDistance;
    private final ArrayDeque<Keyframe> keyframes = new ArrayDeque<>(), spare = new ArrayDeque<>();
    /**
     * the local map: the keyframes' points, oldest keyframe first, in one set, so that each frame compares its
     * descriptors with one set (ORB's words are kept in step as the rows are added, once a keyframe)
     */
    private final FeatureDescriptors mapDescriptors;
    private int[] mapIds = new int[0];
    private double[] mapScales = new double[0];
    private int mapSize;

    /** the current frame's features and descriptors */
    private KeyPoints current;
    private FeatureDescriptors currentDescriptors;
    private final int columns, rows;
    private final int[] cellStart;
    private int[] cellOrder = new int[0], bestPoint = new int[0], bestDistance = new int[0];
    /** the world positions of the local map's points to search this frame (NaN x: not searched), by slot */
    private double[] slotX = new double[0], slotY = new double[0], slotZ = new double[0];
    private final Chunk[] chunks = new Chunk[CHUNKS];
    private final FixedChunks ranges;
    /** the search of the frame under way, for {@link #searchRange}, made once */
    private IntBinaryOperator distance;
    private final FixedChunks.Range searchRange = (c, first, end) -> searchSlots(chunks[c], first, end),
            projectRange = (c, first, end) -> projectSlots(chunks[c], first, end);
    /** by slot: the projection (u, v), the search radius (negative: not searched) and the scale, in pixels */
    private double[] slotValues = new double[0];
    /** the search's rules for the GPU (ORB's level scales; none for SIFT, which is searched on the host) */
    private final ProjectionSearchRules rules;
    /** bumped whenever the local map changes; the GPU's search that holds the map, and of which version */
    private int mapVersion, deviceVersion = -1;
    private ProjectionSearch deviceHolding;
    /** the GPU search's inputs and winners, by feature */
    private byte[] freeFeature = new byte[0];
    private int[] wonFeature = new int[0], wonSlot = new int[0];
    private float[] wonX = new float[0], wonY = new float[0];
    private double[] currentScale = new double[0];
    /** by point id: the frame in which it was last seen tracked or searched (to search each point once) */
    private int[] stamp = new int[0];
    private final Se3_F64 pose = new Se3_F64();
    private final Point3D_F64 world = new Point3D_F64(), inCamera = new Point3D_F64();
    private final Point2D_F64 pixel = new Point2D_F64();

    /**
     * @param keyframes            how many of the last keyframes make the local map (at least 1)
     * @param radius               search radius in pixels at a keypoint scale of 1
     * @param maxDistance          largest descriptor distance of a match
     * @param ratio                Lowe's ratio test: best &lt; ratio · second best
     * @param maxErrorNormalized   largest reprojection error of a point found again, normalized units
     * @param pool                 where the chunks of the local map are searched; with a parallelism of 1, one after
     *                             the other on the calling thread
     */
    LocalMapSearch(CameraModel camera, FeatureType type, KeyPointScale scale, int keyframes, double radius,
                   int maxDistance, double ratio, double maxErrorNormalized, ForkJoinPool pool) {
        if (keyframes < 1)
            throw new IllegalArgumentException("the local map needs at least one keyframe, got " + keyframes);
        this.camera = camera;
        this.type = type;
        this.scale = scale;
        this.capacity = keyframes;
        this.radius = radius;
        this.maxDistance = maxDistance;
        this.ratio = ratio;
        this.maxError2 = maxErrorNormalized * maxErrorNormalized;
        this.mapDescriptors = FeatureDescriptors.of(type);
        this.ranges = new FixedChunks(pool, CHUNKS, PARALLEL_POINTS);
        for (int c = 0; c < CHUNKS; c++)
            chunks[c] = new Chunk();
        this.columns = (camera.width + CELL - 1) / CELL;
        this.rows = (camera.height + CELL - 1) / CELL;
        this.cellStart = new int[columns * rows + 1];
        this.rules = new ProjectionSearchRules(scale.levelScales(), scale.limit(), columns, rows, CELL, maxDistance,
                ratio);
    }

    /**
     * A keyframe whose features are {@code keyPoints} and {@code descriptors} created points {@code ids[c]} from
     * features {@code features[c]}, c &lt; count; the oldest keyframe leaves the local map if it is full.
     */
    void addKeyframe(KeyPoints keyPoints, FeatureDescriptors descriptors, int[] ids, int[] features, int count) {
        Keyframe k = keyframes.size() == capacity ? keyframes.removeFirst() : spare.isEmpty() ? new Keyframe(type)
                : spare.removeFirst();
        if (k.ids.length < count) {
            k.ids = new int[count];
            k.scales = new double[count];
        }
        k.descriptors.clear();
        for (int c = 0; c < count; c++) {
            k.ids[c] = ids[c];
            k.scales[c] = scale.of(keyPoints, features[c]);
            k.descriptors.appendRow(descriptors, features[c]);
        }
        k.count = count;
        keyframes.addLast(k);
        gatherMap();
    }

    /** Marks the local map's points as still referenced. */
    void keepPoints(PointIds ids) {
        for (int s = 0; s < mapSize; s++)
            ids.keep(mapIds[s]);
    }

    /** Forgets the local map (a loss of track). */
    void clear() {
        while (!keyframes.isEmpty())
            spare.addLast(keyframes.removeFirst());
        gatherMap();
    }

    /** The keyframes' points into one set, oldest keyframe first. */
    private void gatherMap() {
        int n = 0;
        for (Keyframe k : keyframes)
            n += k.count;
        if (mapIds.length < n) {
            mapIds = new int[n];
            mapScales = new double[n];
        }
        mapDescriptors.clear();
        mapSize = 0;
        mapVersion++;
        for (Keyframe k : keyframes) {
            System.arraycopy(k.ids, 0, mapIds, mapSize, k.count);
            System.arraycopy(k.scales, 0, mapScales, mapSize, k.count);
            for (int c = 0; c < k.count; c++)
                mapDescriptors.appendRow(k.descriptors, c);
            mapSize += k.count;
        }
    }

    /**
     * Searches the current frame (its index {@code frame.index}, its pose {@code worldToCamera}) for the local map's
     * points that none of its features tracks; each found is attached to its feature's track and observed in the
     * frame's update. Returns how many were found. Where the front end keeps the frame's features on the GPU, the
     * search runs there ({@link ProjectionSearch}); else, or should the GPU fail, the features come to the host.
     */
    int search(TrackingFrame frame, Se3_F64 worldToCamera, FeatureTracks tracks, TrackingPoints points,
               MapSnapshot map, TrackedPoses poses) {
        if (mapSize == 0)
            return 0;
        int k = frame.index;
        int features = tracks.count();
        ensureStamps(points.idLimit());
        // the points tracked already are not searched
        for (int i = 0; i < features; i++)
            if (tracks.landmark[i] >= 0)
                stamp[tracks.landmark[i]] = k;
        pose.setTo(worldToCamera);
        // the points to search, where they are now (the poses and the pending points are the tracking thread's)
        if (slotX.length < mapSize) {
            slotX = new double[mapSize];
            slotY = new double[mapSize];
            slotZ = new double[mapSize];
            slotValues = new double[SLOT * mapSize];
        }
        for (int s = 0; s < mapSize; s++) {
            int id = mapIds[s];
            slotX[s] = Double.NaN;
            if (stamp[id] == k || !points.usable(id, map))
                continue;
            stamp[id] = k;
            points.world(id, map, poses, world);
            slotX[s] = world.x;
            slotY[s] = world.y;
            slotZ[s] = world.z;
        }
        ranges.run(mapSize, projectRange);
        ProjectionSearch device = frame.frontEnd.mapSearch();
        if (device != null) {
            int found = searchOnDevice(device, frame, tracks, points, map, poses, features);
            if (found >= 0)
                return found;
            // the GPU failed and the front end went on on the CPU: the features come to the host
        }
        return searchOnHost(frame, tracks, points, map, poses, features);
    }

    /** The search on the host, over the frame's features downloaded; returns how many points were found. */
    private int searchOnHost(TrackingFrame frame, FeatureTracks tracks, TrackingPoints points, MapSnapshot map,
                             TrackedPoses poses, int features) {
        fetchCurrent(frame);
        int n = current.size();
        if (n != features)
            throw new IllegalStateException(n + " features downloaded, " + features + " tracked");
        gridFree(tracks, points, map, n);
        distance = mapDescriptors.distancesTo(currentDescriptors);
        for (Chunk c : chunks) {
            if (c.bestPoint.length < n) {
                c.bestPoint = new int[bestPoint.length];
                c.bestDistance = new int[bestPoint.length];
            }
            Arrays.fill(c.bestPoint, 0, n, -1);
            Arrays.fill(c.bestDistance, 0, n, Integer.MAX_VALUE);
        }
        ranges.run(mapSize, searchRange);
        distance = null;
        // a feature goes to its nearest point, of equals the first in slot order, as one loop over the slots would
        Arrays.fill(bestPoint, 0, n, -1);
        Arrays.fill(bestDistance, 0, n, Integer.MAX_VALUE);
        for (Chunk c : chunks)
            for (int i = 0; i < n; i++)
                if (c.bestDistance[i] < bestDistance[i]) {
                    bestDistance[i] = c.bestDistance[i];
                    bestPoint[i] = c.bestPoint[i];
                }
        int found = 0;
        for (int i = 0; i < n; i++)
            if (bestPoint[i] >= 0 && attach(frame, tracks, points, map, poses, i, bestPoint[i], current.x[i],
                    current.y[i]))
                found++;
        return found;
    }

    /**
     * The search on the GPU, where the frame's features are: the map's descriptors go there once a keyframe, the
     * projections and which features are free once a frame, and the winners come back. Returns how many points were
     * found, or -1 if the GPU failed.
     */
    private int searchOnDevice(ProjectionSearch device, TrackingFrame frame, FeatureTracks tracks,
                               TrackingPoints points, MapSnapshot map, TrackedPoses poses, int n) {
        long start = System.nanoTime();
        if (device != deviceHolding || deviceVersion != mapVersion) {
            Descriptors rows = FeatureDescriptors.binaryRows(mapDescriptors);
            device.setMap(rows.data, rows.size());
            deviceHolding = device;
            deviceVersion = mapVersion;
        }
        if (freeFeature.length < n) {
            int c = Math.max(n, 2 * freeFeature.length);
            freeFeature = new byte[c];
            wonFeature = new int[c];
            wonSlot = new int[c];
            wonX = new float[c];
            wonY = new float[c];
        }
        for (int i = 0; i < n; i++)
            freeFeature[i] = (byte) (points.usable(tracks.landmark[i], map) ? 0 : 1);
        int won = device.search(slotValues, freeFeature, rules, wonFeature, wonSlot, wonX, wonY);
        frame.frontEndNanos += System.nanoTime() - start;
        if (won < 0) {
            deviceHolding = null;
            return -1;
        }
        int found = 0;
        for (int w = 0; w < won; w++)
            if (attach(frame, tracks, points, map, poses, wonFeature[w], mapIds[wonSlot[w]], wonX[w], wonY[w]))
                found++;
        return found;
    }

    /**
     * Projects the slots [first, end) with the frame's pose: their pixel, search radius (negative: not searched, or
     * not in the image) and scale into {@link #slotValues}.
     */
    private void projectSlots(Chunk chunk, int first, int end) {
        Point3D_F64 inCamera = chunk.inCamera;
        Point2D_F64 pixel = chunk.pixel;
        double[] r = pose.R.data;
        for (int s = first, at = SLOT * first; s < end; s++, at += SLOT) {
            double x = slotX[s], y = slotY[s], z = slotZ[s];
            slotValues[at + 2] = -1;
            if (Double.isNaN(x))
                continue;
            inCamera.setTo(r[0] * x + r[1] * y + r[2] * z + pose.T.x, r[3] * x + r[4] * y + r[5] * z + pose.T.y,
                    r[6] * x + r[7] * y + r[8] * z + pose.T.z);
            if (!camera.project(inCamera.x, inCamera.y, inCamera.z, pixel))
                continue;
            double pointScale = mapScales[s];
            slotValues[at] = pixel.x;
            slotValues[at + 1] = pixel.y;
            slotValues[at + 2] = radius * Math.max(1, pointScale);
            slotValues[at + 3] = pointScale;
        }
    }

    /** Keeps, for each projected slot of [first, end), its nearest feature in the chunk's winners. */
    private void searchSlots(Chunk chunk, int first, int end) {
        for (int s = first, at = SLOT * first; s < end; s++, at += SLOT)
            if (slotValues[at + 2] >= 0)
                nearest(chunk, mapIds[s], s, slotValues[at + 3], slotValues[at], slotValues[at + 1],
                        slotValues[at + 2]);
    }

    private void ensureStamps(int points) {
        if (points <= stamp.length)
            return;
        int old = stamp.length;
        stamp = Arrays.copyOf(stamp, Math.max(points, 2 * old));
        Arrays.fill(stamp, old, stamp.length, Integer.MIN_VALUE);
    }

    /** Fetches the current frame's features and their scales. */
    private void fetchCurrent(TrackingFrame frame) {
        current = frame.features();
        currentDescriptors = frame.descriptors();
        int n = current.size();
        if (currentScale.length < n) {
            int c = Math.max(n, 2 * currentScale.length);
            currentScale = new double[c];
            cellOrder = new int[c];
            bestPoint = new int[c];
            bestDistance = new int[c];
        }
        for (int i = 0; i < n; i++)
            currentScale[i] = scale.of(current, i);
    }

    /** Counting sort of the current features without a usable map point by grid cell. */
    private void gridFree(FeatureTracks tracks, TrackingPoints points, MapSnapshot map, int n) {
        Arrays.fill(cellStart, 0);
        for (int i = 0; i < n; i++) {
            int cell = cellOf(i);
            if (cell >= 0 && !points.usable(tracks.landmark[i], map))
                cellStart[cell + 1]++;
        }
        for (int c = 0; c < columns * rows; c++)
            cellStart[c + 1] += cellStart[c];
        int[] fill = Arrays.copyOf(cellStart, columns * rows);
        for (int i = 0; i < n; i++) {
            int cell = cellOf(i);
            if (cell >= 0 && !points.usable(tracks.landmark[i], map))
                cellOrder[fill[cell]++] = i;
        }
    }

    private int cellOf(int i) {
        int cx = (int) (current.x[i] / CELL), cy = (int) (current.y[i] / CELL);
        return cx >= 0 && cx < columns && cy >= 0 && cy < rows ? cy * columns + cx : -1;
    }

    /**
     * The nearest free feature to point {@code id} (row {@code slot} of the local map) within {@code r} of (u, v); it
     * wins the feature in the chunk if nearest.
     */
    private void nearest(Chunk chunk, int id, int slot, double pointScale, double u, double v, double r) {
        int c0 = Math.max(0, (int) ((u - r) / CELL)), c1 = Math.min(columns - 1, (int) ((u + r) / CELL));
        int r0 = Math.max(0, (int) ((v - r) / CELL)), r1 = Math.min(rows - 1, (int) ((v + r) / CELL));
        if (c0 > c1 || r0 > r1)
            return;
        double r2 = r * r;
        NearestTwo nearest = chunk.nearest.reset();
        for (int row = r0; row <= r1; row++)
            for (int col = c0; col <= c1; col++) {
                int cell = row * columns + col;
                for (int o = cellStart[cell]; o < cellStart[cell + 1]; o++) {
                    int i = cellOrder[o];
                    double du = current.x[i] - u, dv = current.y[i] - v;
                    if (du * du + dv * dv > r2 || !scale.alike(pointScale, currentScale[i]))
                        continue;
                    nearest.offer(distance.applyAsInt(slot, i), i);
                }
            }
        if (!nearest.accepted(maxDistance, ratio))
            return;
        int bestI = nearest.bestIndex;
        if (nearest.best < chunk.bestDistance[bestI]) {
            chunk.bestDistance[bestI] = nearest.best;
            chunk.bestPoint[bestI] = id;
        }
    }

    /**
     * Attaches point {@code id}, won by feature {@code i} at pixel (x, y), where its reprojection error is small
     * enough; returns whether it was.
     */
    private boolean attach(TrackingFrame frame, FeatureTracks tracks, TrackingPoints points, MapSnapshot map,
                           TrackedPoses poses, int i, int id, float x, float y) {
        camera.pixelToNormalized(x, y, pixel);
        points.world(id, map, poses, world);
        SePointOps_F64.transform(pose, world, inCamera);
        double ex = inCamera.x / inCamera.z - pixel.x, ey = inCamera.y / inCamera.z - pixel.y;
        if (!(ex * ex + ey * ey <= maxError2))
            return false;
        if (tracks.firstFrame[i] == FeatureTracks.NONE)
            tracks.restart(i, frame.index, pixel.x, pixel.y);
        tracks.landmark[i] = id;
        frame.update.observe(frame.index, id, pixel.x, pixel.y);
        return true;
    }
}
