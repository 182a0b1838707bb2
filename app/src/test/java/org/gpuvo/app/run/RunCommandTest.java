package org.gpuvo.app.run;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.DatasetFixtures;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryFormat;
import org.gpuvo.odometry.trajectory.TrajectoryReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunCommandTest {
    private static final String[] SUMMARY_KEYS = {"frames", "frames_tracked", "frames_lost", "path_length_m",
            "ate_rmse_m", "ate_alignment", "rpe_trans_rmse_m", "rpe_rot_rmse_deg", "ms_per_frame_median",
            "tracking_ms_mean", "tracking_ms_p99", "tracking_ms_max", "deterministic", "mapping", "backend", "mode",
            "dataset", "out"};
    private static final String[] MAPPING_KEYS = {"bundle_adjustments", "bundle_failures", "bundle_ms_median",
            "bundle_ms_p90", "bundle_ms_max", "wait_ms_max"};

    @TempDir
    Path dir;

    @Test
    void kittiSnippetWritesEveryOutput() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        Path out = dir.resolve("run");
        CliRun run = CliRun.run("run", kitti.toString(), "--frames", ":8", "--backend", "cpu", "--out",
                out.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        for (String key : SUMMARY_KEYS)
            assertThat(json.has(key)).as(key).isTrue();
        assertThat(json.path("frames").asInt()).isEqualTo(8);
        assertThat(json.path("mode").asText()).isEqualTo("mono");
        assertThat(json.path("backend").asText()).isEqualTo("cpu");
        assertThat(json.path("dataset").asText()).isEqualTo("kitti-06-0050");
        assertThat(json.path("ate_alignment").asText()).isEqualTo("sim3");
        assertThat(json.path("frames_tracked").asInt() + json.path("frames_lost").asInt()).isBetween(0, 8);
        for (String key : new String[]{"ate_rmse_m", "rpe_trans_rmse_m", "rpe_rot_rmse_deg", "ms_per_frame_median",
                "tracking_ms_mean", "tracking_ms_p99", "tracking_ms_max"})
            assertThat(json.path(key).isNumber()).as(key).isTrue();
        assertThat(json.path("tracking_ms_mean").asDouble()).isPositive()
                .isLessThanOrEqualTo(json.path("tracking_ms_max").asDouble());
        assertThat(json.path("tracking_ms_p99").asDouble())
                .isLessThanOrEqualTo(json.path("tracking_ms_max").asDouble());
        // run's default: deterministic mapping, repeatable
        assertThat(json.path("deterministic").asBoolean(false)).isTrue();
        JsonNode mapping = json.path("mapping");
        for (String key : MAPPING_KEYS)
            assertThat(mapping.has(key)).as("mapping." + key).isTrue();
        // the human summary moved to standard error
        assertThat(run.err()).contains("gpuvo run: kitti-06-0050, mono, 8 frames on cpu", "ATE        rmse",
                "tracking   mean ", "mapping    deterministic (on the tracking thread)");

        assertThat(names(out)).containsExactlyInAnyOrder("trajectory.tum", "trajectory_refined.tum", "trajectory.kitti",
                "frames.csv", "mapping.csv", "points.ply", "metrics.json", "trajectory.png", "ate_over_time.png");
        assertThat(siblings(out)).containsExactly("run");

        // the TUM file has the frames' KITTI times (10 Hz from frame 0), the KITTI file the same poses
        Trajectory tum = new TrajectoryReader(0.1).read(out.resolve("trajectory.tum"), TrajectoryFormat.TUM);
        Trajectory kittiPoses = new TrajectoryReader(0.1).read(out.resolve("trajectory.kitti"), TrajectoryFormat.KITTI);
        assertThat(tum.size()).isEqualTo(8);
        assertThat(kittiPoses.size()).isEqualTo(8);
        for (int i = 0; i < 8; i++) {
            assertThat(tum.time(i)).isCloseTo(0.1 * i, within(1e-9));
            assertThat(tum.pose(i).T.distance(kittiPoses.pose(i).T)).isLessThan(1e-9);
        }
        // the refined trajectory: the same frames at the same times, and its ATE beside the frames' own
        Trajectory refined = new TrajectoryReader(0.1).read(out.resolve("trajectory_refined.tum"),
                TrajectoryFormat.TUM);
        assertThat(refined.size()).isEqualTo(8);
        for (int i = 0; i < 8; i++)
            assertThat(refined.time(i)).isEqualTo(tum.time(i));
        assertThat(json.path("ate_refined_rmse_m").isNumber()).isTrue();
        assertThat(run.err()).contains("refined    ATE rmse");

        List<String> csv = Files.readAllLines(out.resolve("frames.csv"));
        assertThat(csv).hasSize(9);
        assertThat(csv.get(0)).isEqualTo(
                "index,timestamp,state,features,matches,inliers,map_points_tracked,reprojection_matches,keyframe,front_end_ms,"
                        + "host_ms");
        for (int i = 0; i < 8; i++) {
            String[] row = csv.get(1 + i).split(",");
            assertThat(row).hasSize(11);
            assertThat(Integer.parseInt(row[0])).isEqualTo(i);
            assertThat(Double.parseDouble(row[1])).isCloseTo(0.1 * i, within(1e-9));
            assertThat(row[2]).isIn("initializing", "tracking", "lost");
            assertThat(Integer.parseInt(row[3])).isBetween(1, 2000);
            assertThat(Integer.parseInt(row[5])).isLessThanOrEqualTo(Integer.parseInt(row[4]));
            assertThat(Integer.parseInt(row[6])).isBetween(0, Integer.parseInt(row[4]));
            assertThat(Integer.parseInt(row[7])).isBetween(0, Integer.parseInt(row[3]));
            assertThat(row[8]).isIn("0", "1");
            assertThat(Double.parseDouble(row[9])).isPositive();
            assertThat(Double.parseDouble(row[10])).isGreaterThanOrEqualTo(0);
        }
        // one line per bundle adjustment, as many as the summary counts, each of a frame of the run
        List<String> mappingCsv = Files.readAllLines(out.resolve("mapping.csv"));
        assertThat(mappingCsv.get(0)).isEqualTo("frame,wait_ms,bundle_ms,iterations,points,observations,applied");
        assertThat(mappingCsv).hasSize(1 + mapping.path("bundle_adjustments").asInt());
        for (String line : mappingCsv.subList(1, mappingCsv.size())) {
            String[] row = line.split(",");
            assertThat(row).hasSize(7);
            assertThat(Integer.parseInt(row[0])).isBetween(0, 7);
            assertThat(row[6]).isIn("0", "1");
        }

        PlyFile ply = PlyFile.read(out.resolve("points.ply"));
        assertThat(ply.format()).isEqualTo("binary_little_endian 1.0");
        assertThat(ply.vertices()).isEqualTo(json.path("points").asInt()).isPositive();

        JsonNode metrics = JsonOutput.MAPPER.readTree(out.resolve("metrics.json").toFile());
        assertThat(metrics.path("pairs").asInt()).isEqualTo(8);
        assertThat(metrics.path("ate").path("rmse").asDouble()).isEqualTo(json.path("ate_rmse_m").asDouble());
        assertThat(metrics.path("alignment").path("mode").asText()).isEqualTo("sim3");
        assertThat(ImageIO.read(out.resolve("trajectory.png").toFile()).getWidth()).isEqualTo(1000);
        assertThat(ImageIO.read(out.resolve("ate_over_time.png").toFile())).isNotNull();
    }

    /** --features sift: the pipeline runs on SIFT features, at most --max-features a frame, and writes its outputs. */
    @Test
    void kittiSnippetOnSiftFeaturesWritesEveryOutput() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        Path out = dir.resolve("sift");
        CliRun run = CliRun.run("run", kitti.toString(), "--frames", ":10", "--backend", "cpu", "--features", "sift",
                "--max-features", "800", "--sift-contrast-threshold", "0.03", "--out", out.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("features").asText()).isEqualTo("sift");
        assertThat(json.path("frames").asInt()).isEqualTo(10);
        assertThat(json.path("frames_lost").asInt()).isZero();
        assertThat(json.path("frames_tracked").asInt()).isPositive();
        assertThat(json.path("ate_rmse_m").isNumber()).isTrue();
        assertThat(run.err()).contains("gpuvo run: kitti-06-0050, mono, 10 frames on cpu with sift features");
        assertThat(names(out)).containsExactlyInAnyOrder("trajectory.tum", "trajectory_refined.tum", "trajectory.kitti",
                "frames.csv", "mapping.csv", "points.ply", "metrics.json", "trajectory.png", "ate_over_time.png");
        List<String> csv = Files.readAllLines(out.resolve("frames.csv"));
        assertThat(csv).hasSize(11);
        for (int i = 0; i < 10; i++)
            assertThat(Integer.parseInt(csv.get(1 + i).split(",")[3])).as("features of frame %d", i)
                    .isBetween(300, 800);
        assertThat(PlyFile.read(out.resolve("points.ply")).vertices()).isEqualTo(json.path("points").asInt())
                .isPositive();
    }

    /**
     * SIFT's contrast threshold adapts towards --max-features frame after frame: set too high for KITTI, the later frames
     * find more features than the first; --no-sift-adaptive-threshold keeps it, and the count with it.
     */
    @Test
    void siftsContrastThresholdAdaptsUnlessToldNot() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        int[][] features = new int[2][];
        String[] adaptive = {"--sift-adaptive-threshold", "--no-sift-adaptive-threshold"};
        for (int r = 0; r < 2; r++) {
            Path out = dir.resolve("sift-" + r);
            CliRun run = CliRun.run("run", kitti.toString(), "--frames", ":6", "--backend", "cpu", "--features",
                    "sift", "--max-features", "3000", "--sift-contrast-threshold", "0.12", adaptive[r], "--warm-up",
                    "0", "--out", out.toString());
            assertThat(run.exitCode()).as(run.err()).isZero();
            features[r] = Files.readAllLines(out.resolve("frames.csv")).stream().skip(1)
                    .mapToInt(line -> Integer.parseInt(line.split(",")[3])).toArray();
        }
        assertThat(features[0][0]).isEqualTo(features[1][0]);
        assertThat(features[0][5]).as("adaptive, frame 5").isGreaterThan(2 * features[0][0]);
        assertThat(features[1][5]).as("fixed, frame 5").isLessThan((int) (1.3 * features[1][0]));
    }

    /**
     * --deterministic: local mapping at fixed points of the frame sequence, so that two runs give the same poses, the
     * same figures per frame and the same bundle adjustments (all but the times).
     */
    @Test
    void theWarmUpRunsBeforeTheFirstFrameAndIsTimedApart() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        CliRun run = CliRun.run("run", kitti.toString(), "--frames", ":4", "--backend", "cpu", "--mode", "mono",
                "--warm-up", "3", "--out", dir.resolve("warm").toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("warm-up    ", "s before the first frame: 3 rendered frames, ");
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("warm_up_s").asDouble()).isPositive();

        CliRun bad = CliRun.run("run", kitti.toString(), "--warm-up", "-1", "--out", dir.resolve("bad").toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--warm-up must be between 0 and 10000 frames, got -1");
    }

    @Test
    void deterministicRunsRepeatBitForBit() throws Exception {
        assertRunsRepeat(0, "mapping    deterministic (on the tracking thread)");
    }

    /** --mapping-lag: a monocular map's mapping on a thread of its own, a frame behind tracking; still repeatable. */
    @Test
    void monocularMappingBehindTrackingRepeatsToo() throws Exception {
        assertRunsRepeat(1, "mapping    deterministic (a thread of its own, 1 frame behind)", "--mapping-lag", "1");
    }

    /** Two deterministic runs of KITTI's first 12 frames with {@code options} give the same results, bit for bit. */
    private void assertRunsRepeat(int mappingLag, String mappingLine, String... options) throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        JsonNode[] json = new JsonNode[2];
        for (int r = 0; r < 2; r++) {
            List<String> args = new ArrayList<>(List.of("run", kitti.toString(), "--frames", ":12", "--backend", "cpu",
                    "--deterministic", "--out", dir.resolve("run" + r).toString(), "--json", "-"));
            args.addAll(List.of(options));
            CliRun run = CliRun.run(args.toArray(String[]::new));
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.err()).contains(mappingLine);
            json[r] = JsonOutput.MAPPER.readTree(run.out());
            assertThat(json[r].path("deterministic").asBoolean()).isTrue();
            assertThat(json[r].path("mapping_lag_frames").asInt(-1)).isEqualTo(mappingLag);
        }
        Trajectory a = new TrajectoryReader().read(dir.resolve("run0/trajectory.tum"), TrajectoryFormat.TUM);
        Trajectory b = new TrajectoryReader().read(dir.resolve("run1/trajectory.tum"), TrajectoryFormat.TUM);
        assertThat(b.size()).isEqualTo(12);
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.pose(i).T.x).as("frame %d", i).isEqualTo(a.pose(i).T.x);
            assertThat(b.pose(i).T.z).as("frame %d", i).isEqualTo(a.pose(i).T.z);
            assertThat(b.pose(i).R.data).as("frame %d", i).isEqualTo(a.pose(i).R.data);
        }
        for (String key : new String[]{"frames_tracked", "path_length_m", "ate_rmse_m", "rpe_trans_rmse_m", "points"})
            assertThat(json[1].path(key).asDouble()).as(key).isEqualTo(json[0].path(key).asDouble());
        assertThat(json[1].path("mapping").path("bundle_adjustments").asInt())
                .isEqualTo(json[0].path("mapping").path("bundle_adjustments").asInt());
        // frames.csv without its two times, mapping.csv without its two: equal line for line
        assertThat(withoutColumns("run1/frames.csv", 9, 10)).isEqualTo(withoutColumns("run0/frames.csv", 9, 10));
        assertThat(withoutColumns("run1/mapping.csv", 1, 2)).isEqualTo(withoutColumns("run0/mapping.csv", 1, 2));
    }

    /** --no-deterministic: the node's live mapping, on a thread of its own; the run still writes all it writes. */
    @Test
    void liveMappingOnRequest() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        CliRun run = CliRun.run("run", kitti.toString(), "--frames", ":12", "--backend", "cpu", "--no-deterministic",
                "--out", dir.resolve("live").toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("mapping    asynchronous");
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("deterministic").asBoolean(true)).isFalse();
        assertThat(json.path("frames").asInt()).isEqualTo(12);
        assertThat(Files.exists(dir.resolve("live/mapping.csv"))).isTrue();
    }

    /** The file's lines with the columns given (0-based) left out. */
    private List<String> withoutColumns(String file, int... columns) throws IOException {
        return Files.readAllLines(dir.resolve(file)).stream().map(line -> {
            List<String> cells = new ArrayList<>(List.of(line.split(",", -1)));
            for (int k = columns.length - 1; k >= 0; k--)
                cells.remove(columns[k]);
            return String.join(",", cells);
        }).toList();
    }

    @Test
    void aPreviousRunIsReplacedWhole() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        Path out = dir.resolve("run");
        Files.createDirectories(out);
        Files.writeString(out.resolve("trajectory.tum"), "# an earlier run\n");
        Files.writeString(out.resolve("metrics.json"), "{}\n");
        Files.writeString(out.resolve("frames.csv"), "earlier\n");
        CliRun run = CliRun.run("run", kitti.toString(), "--frames", "3:7", "--backend", "cpu", "--out",
                out.toString(), "--ply", "ascii");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(siblings(out)).containsExactly("run");
        // frames.csv numbers the frames as the dataset does; the times are theirs
        List<String> csv = Files.readAllLines(out.resolve("frames.csv"));
        assertThat(csv).hasSize(5);
        for (int i = 0; i < 4; i++)
            assertThat(csv.get(1 + i)).startsWith((3 + i) + ",0." + (3 + i) + "00000000,");
        // so does mapping.csv
        List<String> mapping = Files.readAllLines(out.resolve("mapping.csv"));
        for (String line : mapping.subList(1, mapping.size()))
            assertThat(Integer.parseInt(line.split(",")[0])).isBetween(3, 6);
        Trajectory tum = new TrajectoryReader(0.1).read(out.resolve("trajectory.tum"), TrajectoryFormat.TUM);
        assertThat(tum.time(0)).isEqualTo(0.3);
        assertThat(tum.time(3)).isEqualTo(0.6);
        assertThat(PlyFile.read(out.resolve("points.ply")).format()).isEqualTo("ascii 1.0");
        assertThat(run.out()).contains("out        " + out);
    }

    @Test
    void aFolderThatIsNoRunIsNotReplaced() throws Exception {
        Path data = DatasetFixtures.kittiMono(dir.resolve("seq"), 3, -1);
        Path out = dir.resolve("mine");
        Files.createDirectories(out);
        Files.writeString(out.resolve("notes.txt"), "mine\n");
        CliRun run = CliRun.run("run", data.toString(), "--backend", "cpu", "--out", out.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("will not replace " + out + ": it holds notes.txt");
        assertThat(names(out)).containsExactly("notes.txt");
        assertThat(siblings(out)).containsExactlyInAnyOrder("mine", "seq");
    }

    @Test
    void aMissingDatasetIsAUsageError() {
        Path out = dir.resolve("run");
        CliRun run = CliRun.run("run", dir.resolve("nowhere").toString(), "--out", out.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("no such dataset folder: " + dir.resolve("nowhere"));
        assertThat(out).doesNotExist();
    }

    @Test
    void aModeTheDatasetCannotServeFailsBeforeAnyOutput() throws Exception {
        Path data = DatasetFixtures.kittiMono(dir.resolve("seq"), 3, -1);
        Path out = dir.resolve("runs").resolve("seq-stereo");
        CliRun run = CliRun.run("run", data.toString(), "--mode", "stereo", "--backend", "cpu", "--out",
                out.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err())
                .contains("gpuvo run: error: seq has no right images: it cannot run in stereo mode (it can: mono)")
                .doesNotContain("Exception");
        assertThat(dir.resolve("runs")).doesNotExist();
        CliRun depth = CliRun.run("run", data.toString(), "--mode", "rgbd", "--out", out.toString());
        assertThat(depth.exitCode()).isEqualTo(1);
        assertThat(depth.err()).contains("seq has no depth images");
    }

    @Test
    void groundTruthCoveringNoFrameFailsBeforeTheRun() throws Exception {
        // freiburg3 in the name gives the reader its camera
        Path data = DatasetFixtures.tumRgbd(dir.resolve("rgbd_dataset_freiburg3_fixture"), 1000.0, 0.0);
        Path out = dir.resolve("run");
        CliRun run = CliRun.run("run", data.toString(), "--backend", "cpu", "--out", out.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("gpuvo run: error: the ground truth of rgbd_dataset_freiburg3_fixture covers "
                + "none of its 3 frames (frames 1000.000000 .. 1000.200000 s, ground truth 100 poses 0.000000 .. "
                + "0.990000 s");
        assertThat(out).doesNotExist();
    }

    @Test
    void anUnreadableImageFailsWithItsNameAndLeavesNothing() throws Exception {
        Path data = DatasetFixtures.kittiMono(dir.resolve("seq"), 4, 2);
        Path out = dir.resolve("run");
        CliRun run = CliRun.run("run", data.toString(), "--backend", "cpu", "--out", out.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("gpuvo run: error: ", data.resolve("image_0").resolve("000002.png").toString())
                .doesNotContain("DatasetException");
        assertThat(siblings(out)).containsExactly("seq");
    }

    @Test
    void withoutGroundTruthTheMetricsAreNull() throws Exception {
        Path data = DatasetFixtures.kittiMono(dir.resolve("seq"), 3, -1);
        Path out = dir.resolve("run");
        CliRun run = CliRun.run("run", data.toString(), "--backend", "cpu", "--out", out.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        for (String key : new String[]{"ate_rmse_m", "ate_alignment", "rpe_trans_rmse_m", "rpe_rot_rmse_deg",
                "path_length_m"})
            assertThat(json.path(key).isNull()).as(key).isTrue();
        assertThat(json.path("frames").asInt()).isEqualTo(3);
        assertThat(names(out)).containsExactlyInAnyOrder("trajectory.tum", "trajectory_refined.tum", "trajectory.kitti",
                "frames.csv", "mapping.csv", "points.ply");
        assertThat(run.err()).contains("ATE        no ground truth");
    }

    @Test
    void aRunThatCannotBeAlignedStillWritesItsOutputs() throws Exception {
        // featureless frames: the monocular pipeline never initialises, so no frame but the first has a pose, and
        // alignment has nothing to fit
        Path data = DatasetFixtures.tumRgbd(dir.resolve("rgbd_dataset_freiburg3_fixture"), 0.0, 0.0);
        Path out = dir.resolve("run");
        CliRun run = CliRun.run("run", data.toString(), "--mode", "mono", "--backend", "cpu", "--out", out.toString(),
                "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("ate_rmse_m").isNull()).isTrue();
        assertThat(json.path("frames_without_pose").asInt()).isEqualTo(json.path("frames").asInt() - 1);
        assertThat(json.path("evaluation_error").asText()).contains("only 1 associated pose");
        assertThat(run.err()).contains("ATE        not measured: only 1 associated pose");
        assertThat(names(out)).containsExactlyInAnyOrder("trajectory.tum", "trajectory_refined.tum", "trajectory.kitti",
                "frames.csv", "mapping.csv", "points.ply");
    }

    @Test
    void usageErrors() throws Exception {
        Path data = DatasetFixtures.kittiMono(dir.resolve("seq"), 3, -1);
        String seq = data.toString();
        assertRangeError(CliRun.run("run", seq, "--frames", "2:1"), "--frames 2:1 is not a range of frames within 0:3");
        assertRangeError(CliRun.run("run", seq, "--frames", "0:4"), "the dataset has 3 frames");
        assertRangeError(CliRun.run("run", seq, "--frames", "1-2"), "--frames takes A:B");
        assertRangeError(CliRun.run("run", seq, "--max-features", "0", "--backend", "cpu"),
                "invalid pipeline parameters");
        assertThat(CliRun.run("run", seq, "--mode", "lidar").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("run", seq, "--align", "affine").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("run").exitCode()).isEqualTo(2);
        assertThat(siblings(data)).containsExactly("seq");
    }

    /**
     * --features names the feature type; the count it once took is --max-features, and a number says so. Options of
     * the type not chosen are refused.
     */
    @Test
    void featureOptionsOfTheWrongKindAreUsageErrors() throws Exception {
        String seq = DatasetFixtures.kittiMono(dir.resolve("seq"), 3, -1).toString();
        assertRangeError(CliRun.run("run", seq, "--features", "1500"),
                "--features names the feature type (orb or sift); the feature count is now --max-features 1500");
        assertRangeError(CliRun.run("run", seq, "--features", "surf"),
                "unknown feature type 'surf': expected orb or sift");
        assertRangeError(CliRun.run("run", seq, "--root-sift", "--sift-first-octave", "-1"),
                "--root-sift, --sift-first-octave are for SIFT: add --features sift");
        assertRangeError(CliRun.run("run", seq, "--features", "sift", "--sift-first-octave", "2"),
                "invalid SIFT parameters: firstOctave must be -1 (upsampled) or 0, got 2");
        assertRangeError(CliRun.run("run", seq, "--features", "sift", "--max-features", "0"),
                "invalid SIFT parameters: maxFeatures must be in [1,");
        assertRangeError(CliRun.run("run", seq, "--no-sift-adaptive-threshold"),
                "--[no-]sift-adaptive-threshold is for SIFT: add --features sift");
        assertRangeError(CliRun.run("run", seq, "--local-map-keyframes", "-1"),
                "invalid pipeline parameters: localMapKeyframes must be at least 0, got -1");
        assertRangeError(CliRun.run("run", seq, "--mapping-lag", "-1"),
                "invalid pipeline parameters: mappingLag must be in [0, 1000] frames, got -1");
        assertRangeError(CliRun.run("run", seq, "--mapping-lag", "1", "--no-deterministic"),
                "--mapping-lag is for deterministic mapping");
        assertRangeError(CliRun.run("demo", "--features", "2000"), "--max-features 2000");
        assertRangeError(CliRun.run("replay", seq, "--features", "2000"), "--max-features 2000");
        assertThat(siblings(Path.of(seq))).containsExactly("seq");
    }

    private static void assertRangeError(CliRun run, String message) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(message);
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    /** Everything beside {@code path} (and itself, if it exists): no partial or old folders may stay. */
    private static List<String> siblings(Path path) throws IOException {
        return names(path.getParent());
    }
}
