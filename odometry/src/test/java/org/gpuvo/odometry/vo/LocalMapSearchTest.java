package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.dataset.CachedSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.frontend.FeatureDescriptors;
import org.gpuvo.odometry.frontend.TrackingFrontEnd;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The search of the local map by projection: a point no feature tracks is found again at the feature near its
 * projection whose descriptor is nearest, within the radius and the distance limit; a tracked point is not searched,
 * and of two features near one projection the nearer descriptor wins.
 */
class LocalMapSearchTest {
    private static final CameraModel CAMERA = CameraModel.pinhole(640, 480, 500, 500, 320, 240);
    private static final Point3D_F64[] WORLD = {
            new Point3D_F64(-1, -0.5, 5), new Point3D_F64(1, -0.5, 6), new Point3D_F64(-1, 0.7, 4),
            new Point3D_F64(1.2, 0.6, 7)};

    @Test
    void lostPointsAreFoundAgainAtTheirProjection() {
        // the map: four points, frame 0 at the origin
        MappedAtOrigin mapped = MappedAtOrigin.of(WORLD);
        TrackingPoints points = mapped.points();
        MapSnapshot map = mapped.map();
        TrackedPoses poses = mapped.poses();

        // keyframe 0 measured them, each with a random descriptor
        SplittableRandom random = new SplittableRandom(3);
        KeyPoints keyframe = new KeyPoints();
        Descriptors keyframeRows = Descriptors.orb();
        keyframeRows.resize(WORLD.length);
        random.nextBytes(keyframeRows.data);
        for (Point3D_F64 p : WORLD)
            addAt(keyframe, new Se3_F64(), p, 0, 0);
        LocalMapSearch search = new LocalMapSearch(CAMERA, FeatureType.ORB, KeyPointScale.orb(1.2), 8, 4, 50, 0.9,
                1.5 / 500, ForkJoinPool.commonPool());
        search.addKeyframe(keyframe, new FeatureDescriptors.Binary(keyframeRows), new int[]{0, 1, 2, 3},
                new int[]{0, 1, 2, 3}, 4);

        // frame 1, moved 10 cm to the right: its features near the points' projections
        Se3_F64 pose = new Se3_F64();
        pose.T.setTo(-0.1, 0, 0);
        KeyPoints current = new KeyPoints();
        Descriptors currentRows = Descriptors.orb();
        currentRows.resize(5);
        random.nextBytes(currentRows.data);
        // 0: point 0, one pixel off, 3 bits apart: found
        addAt(current, pose, WORLD[0], 1, 0);
        copyFlipped(keyframeRows, 0, currentRows, 0, 3);
        // 1: point 1's place, an unrelated descriptor: not found
        addAt(current, pose, WORLD[1], 0, 0);
        // 2: point 2's descriptor 10 pixels off its projection, beyond the radius: not found
        addAt(current, pose, WORLD[2], 10, 0);
        copyFlipped(keyframeRows, 2, currentRows, 2, 0);
        // 3: point 3, tracked by this feature already: not searched
        addAt(current, pose, WORLD[3], 0, 0);
        copyFlipped(keyframeRows, 3, currentRows, 3, 0);
        // 4: near point 0 as well, 20 bits apart: feature 0 is nearer
        addAt(current, pose, WORLD[0], -1.5, 1);
        copyFlipped(keyframeRows, 0, currentRows, 4, 20);

        FeatureTracks tracks = new FeatureTracks();
        tracks.nextFrame(5);
        tracks.restart(3, 0, 0, 0);
        tracks.landmark[3] = 3;
        TrackingFrame frame = new TrackingFrame();
        frame.start(1, 0.1, null, null, null, new FixedFeatures(current, currentRows));
        frame.update = new FrameUpdate().reset(1);

        assertThat(search.search(frame, pose, tracks, points, map, poses)).isEqualTo(1);
        assertThat(tracks.landmark[0]).isZero();
        assertThat(tracks.firstFrame[0]).isEqualTo(1);
        assertThat(tracks.landmark[1]).isEqualTo(FeatureTracks.NONE);
        assertThat(tracks.landmark[2]).isEqualTo(FeatureTracks.NONE);
        assertThat(tracks.landmark[3]).isEqualTo(3);
        assertThat(tracks.landmark[4]).isEqualTo(FeatureTracks.NONE);
        assertThat(frame.update.observedFrame.toArray()).containsExactly(1);
        assertThat(frame.update.observedPoint.toArray()).containsExactly(0);

        // in the next frame no feature tracks anything: point 3 is found again, point 0, rejected, is not searched
        points.reject(0, frame.update);
        tracks.nextFrame(5);
        frame.start(2, 0.2, null, null, null, new FixedFeatures(current, currentRows));
        assertThat(search.search(frame, pose, tracks, points, map, poses)).isEqualTo(1);
        assertThat(tracks.landmark[3]).isEqualTo(3);
        assertThat(tracks.landmark[0]).isEqualTo(FeatureTracks.NONE);
        assertThat(tracks.landmark[4]).isEqualTo(FeatureTracks.NONE);
        // after a loss of track the local map is empty
        search.clear();
        frame.start(3, 0.3, null, null, null, new FixedFeatures(current, currentRows));
        tracks.nextFrame(5);
        assertThat(search.search(frame, pose, tracks, points, map, poses)).isZero();
    }

    /**
     * The local map is searched in chunks on several threads; a feature wanted by points of different chunks goes to
     * the nearest descriptor, of equals to the first point, as one loop would: the same on one thread and on four.
     */
    @Test
    void theSearchIsTheSameOnOneThreadAndOnFour() {
        SplittableRandom random = new SplittableRandom(9);
        int n = 1200;
        Point3D_F64[] world = new Point3D_F64[n];
        for (int i = 0; i < n; i++)
            world[i] = new Point3D_F64(random.nextDouble(-3, 3), random.nextDouble(-2, 2), random.nextDouble(4, 9));
        int[] found = new int[2];
        int[][] landmarks = new int[2][];
        for (int run = 0; run < 2; run++) {
            MappedAtOrigin mapped = MappedAtOrigin.of(world);

            SplittableRandom data = new SplittableRandom(21);
            KeyPoints keyframe = new KeyPoints();
            Descriptors keyframeRows = Descriptors.orb();
            keyframeRows.resize(n);
            data.nextBytes(keyframeRows.data);
            // points 600.. share the descriptors of points 0..: rivals for the same features, in other chunks
            System.arraycopy(keyframeRows.data, 0, keyframeRows.data, 32 * 600, 32 * 600);
            int[] ids = new int[n];
            for (int i = 0; i < n; i++) {
                addAt(keyframe, new Se3_F64(), world[i], 0, 0);
                ids[i] = i;
            }
            LocalMapSearch search = new LocalMapSearch(CAMERA, FeatureType.ORB, KeyPointScale.orb(1.2), 8, 4, 50,
                    0.9, 1.5 / 500, new ForkJoinPool(run == 0 ? 1 : 4));
            search.addKeyframe(keyframe, new FeatureDescriptors.Binary(keyframeRows), ids, ids, n);

            Se3_F64 pose = new Se3_F64();
            pose.T.setTo(-0.05, 0.01, 0.02);
            KeyPoints current = new KeyPoints();
            Descriptors currentRows = Descriptors.orb();
            currentRows.resize(n);
            for (int i = 0; i < n; i++) {
                addAt(current, pose, world[i], data.nextDouble(-0.8, 0.8), data.nextDouble(-0.8, 0.8));
                copyFlipped(keyframeRows, i, currentRows, i, data.nextInt(0, 12));
            }
            FeatureTracks tracks = new FeatureTracks();
            tracks.nextFrame(n);
            TrackingFrame frame = new TrackingFrame();
            frame.start(1, 0.1, null, null, null, new FixedFeatures(current, currentRows));
            frame.update = new FrameUpdate().reset(1);
            found[run] = search.search(frame, pose, tracks, mapped.points(), mapped.map(), mapped.poses());
            landmarks[run] = java.util.Arrays.copyOf(tracks.landmark, n);
        }
        assertThat(found[0]).isGreaterThan(100);
        assertThat(found[1]).isEqualTo(found[0]);
        assertThat(landmarks[1]).containsExactly(landmarks[0]);
    }

    /**
     * On the rendered room (stereo), frames find lost points again as the camera moves, and the frames report how
     * many; with no local map (0 keyframes) none do.
     */
    @Test
    void framesOfARunFindPointsAgain() {
        Sequence sequence = CachedSequence.of(new SyntheticSequence(ConfigSynthetic.room(320, 240, 60)));
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.STEREO);
        config.backend = Backend.CPU;
        config.deterministic = true;
        SequenceRun searched = SequenceOdometry.run(sequence, config, null);
        long finding = searched.frames().stream().filter(f -> f.reprojectionMatches > 0).count();
        assertThat(searched.framesTracked()).isEqualTo(sequence.size());
        assertThat(finding).isGreaterThan(sequence.size() / 2);
        config.localMapKeyframes = 0;
        SequenceRun without = SequenceOdometry.run(sequence, config, null);
        assertThat(without.frames()).allMatch(f -> f.reprojectionMatches == 0);
    }

    /**
     * A monocular map searched again (its triangulated points, and those it started with) drifts less on the rendered
     * room than one that is not (the figures are in docs/measurements.md). Without the setting, a monocular map is not
     * searched.
     */
    @Test
    void aMonocularMapSearchedAgainDriftsLessOnTheRoom() {
        ConfigSynthetic render = ConfigSynthetic.room();
        render.frames = 300;
        render.seed = 7;
        Sequence sequence = CachedSequence.of(new SyntheticSequence(render));
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.MONO);
        config.backend = Backend.CPU;
        config.deterministic = true;
        assertThat(config.localMapKeyframes).isZero();
        SequenceRun without = SequenceOdometry.run(sequence, config, null);
        config.localMapKeyframes = 4;
        SequenceRun searched = SequenceOdometry.run(sequence, config, null);

        assertThat(without.frames()).allMatch(f -> f.reprojectionMatches == 0);
        assertThat(searched.framesTracked()).isEqualTo(sequence.size());
        assertThat(searched.frames().stream().filter(f -> f.reprojectionMatches > 0).count())
                .isGreaterThan(sequence.size() / 2);
        double path = sequence.groundTruth().orElseThrow().pathLength();
        double ateWithout = monoAte(without, sequence) / path, ateSearched = monoAte(searched, sequence) / path;
        System.out.printf("room mono: ATE %.3f %% of the path without the search, %.3f %% with it%n",
                100 * ateWithout, 100 * ateSearched);
        assertThat(ateSearched).isLessThan(0.0015).isLessThan(0.7 * ateWithout);
    }

    private static double monoAte(SequenceRun run, Sequence sequence) {
        ConfigEvaluation eval = new ConfigEvaluation();
        eval.alignment = AlignmentMode.SIM3;
        return TrajectoryEvaluation.evaluate(run.trajectory(), sequence.groundTruth().orElseThrow(), eval).ate().rmse();
    }

    /** A map whose points were all measured in frame 0, at the origin, and placed by mapping; tracking's view of it. */
    private record MappedAtOrigin(TrackingPoints points, MapSnapshot map, TrackedPoses poses) {
        static MappedAtOrigin of(Point3D_F64[] world) {
            TrackingPoints points = new TrackingPoints(new WindowFrames(0));
            LandmarkMap landmarks = new LandmarkMap(true);
            FrameUpdate first = new FrameUpdate().reset(0);
            for (Point3D_F64 p : world) {
                int id = points.add(first, p, 128, -1, 0, 0, 0, 0, p);
                landmarks.add(id, p.x, p.y, p.z, 128);
            }
            FramePoses framePoses = new FramePoses();
            framePoses.set(0, new Se3_F64());
            MapSnapshot map = new MapSnapshot(0, 0, framePoses.publish(), landmarks.publish());
            TrackedPoses poses = new TrackedPoses();
            poses.add(new Se3_F64(), true);
            poses.adopt(map);
            points.mapChanged(map);
            return new MappedAtOrigin(points, map, poses);
        }
    }

    /** Adds a keypoint at the projection of {@code world} under {@code pose}, moved by (du, dv) pixels. */
    private static void addAt(KeyPoints keyPoints, Se3_F64 pose, Point3D_F64 world, double du, double dv) {
        Point3D_F64 c = SePointOps_F64.transform(pose, world, null);
        Point2D_F64 pixel = new Point2D_F64();
        CAMERA.project(c.x, c.y, c.z, pixel);
        keyPoints.add((float) (pixel.x + du), (float) (pixel.y + dv), 0, 31, 0, 1);
    }

    /** Row {@code to} of {@code into} becomes row {@code from} of {@code rows}, its first {@code bits} bits flipped. */
    private static void copyFlipped(Descriptors rows, int from, Descriptors into, int to, int bits) {
        System.arraycopy(rows.data, 32 * from, into.data, 32 * to, 32);
        for (int b = 0; b < bits; b++)
            into.data[32 * to + b / 8] ^= (byte) (1 << (b % 8));
    }

    /** A front end whose current features are fixed. */
    private record FixedFeatures(KeyPoints keyPoints, Descriptors rows) implements TrackingFrontEnd {
        @Override
        public int process(GrayImage image, double[] searchWindow, Matches out) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void currentFeatures(KeyPoints into, FeatureDescriptors descriptors) {
            into.clear();
            for (int i = 0; i < keyPoints.size(); i++)
                into.addFrom(keyPoints, i);
            descriptors.setTo(new FeatureDescriptors.Binary(rows));
        }

        @Override
        public void extract(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FeatureType features() {
            return FeatureType.ORB;
        }

        @Override
        public void reset() {
        }

        @Override
        public String backend() {
            return "fixed";
        }
    }
}
