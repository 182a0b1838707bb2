package org.gpuvo.app.bag;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.DatasetFixtures;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryFormat;
import org.gpuvo.odometry.trajectory.TrajectoryReader;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.Odometry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** {@code gpuvo bag-from}, {@code gpuvo bag info} and {@code gpuvo replay} together, on real sequences. */
class ReplayCommandTest {
    @TempDir
    Path dir;

    private static JsonNode json(CliRun run) throws Exception {
        assertThat(run.exitCode()).as(run.err()).isZero();
        return JsonOutput.MAPPER.readTree(run.out());
    }

    private static void ok(CliRun run) {
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    private static Trajectory tum(Path file) {
        return new TrajectoryReader().read(file, TrajectoryFormat.TUM);
    }

    /**
     * The round trip: KITTI 06 0–50 written as a bag and replayed gives the trajectory of {@code gpuvo run}
     * on the folder, bit for bit (same seed, the same pixels, the same calibration and times, deterministic mapping on
     * both sides), and its metrics.
     * With the ground truth from poses.txt ({@code --gt}) every metric is equal. With the bag's /ground_truth topic
     * the reference travels as quaternions in nav_msgs/Odometry, and KITTI's poses.txt holds matrices that are
     * rotations only to 1.5e-7 (R·Rᵀ − I), while a quaternion carries an exact rotation: the ATE then agrees to
     * 1e-12 relative, the translational RPE to 1e-6 (measured 6e-9 m of 0.052 m), and the rotational RPE, an arccos
     * of nearly 1 and so sensitive to that non-orthogonality, to 2 % (measured 0.0753° against 0.0762°).
     */
    @Test
    void kittiBagReplaysToTheTrajectoryAndMetricsOfRun() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        Path bag = dir.resolve("kitti-bag");
        JsonNode written = json(CliRun.run("bag-from", kitti.toString(), bag.toString(), "--json", "-"));
        assertThat(written.path("frames").asInt()).isEqualTo(51);
        assertThat(written.path("storage").asText()).isEqualTo("mcap");

        JsonNode info = json(CliRun.run("bag", "info", bag.toString(), "--json", "-"));
        Map<String, Integer> counts = new java.util.HashMap<>();
        info.path("topics").forEach(t -> counts.put(t.path("name").asText(), t.path("count").asInt()));
        assertThat(counts).containsEntry("/camera/image_raw", 51).containsEntry("/camera/camera_info", 51)
                .containsEntry("/ground_truth", 51).containsEntry("/tf", 51);

        JsonNode run = json(CliRun.run("run", kitti.toString(), "--backend", "cpu", "--deterministic", "--out",
                dir.resolve("run").toString(), "--json", "-"));
        JsonNode replay = json(CliRun.run("replay", bag.toString(), "--backend", "cpu", "--deterministic", "--out",
                dir.resolve("replay").toString(), "--json", "-"));
        assertThat(replay.path("deterministic").asBoolean()).isTrue();

        Trajectory a = tum(dir.resolve("run/trajectory.tum")), b = tum(dir.resolve("replay/trajectory.tum"));
        assertThat(b.size()).isEqualTo(51);
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.time(i)).isEqualTo(a.time(i));
            assertThat(b.pose(i).T.x).isEqualTo(a.pose(i).T.x);
            assertThat(b.pose(i).T.z).isEqualTo(a.pose(i).T.z);
            assertThat(b.pose(i).R.data).isEqualTo(a.pose(i).R.data);
        }
        assertThat(replay.path("frames_tracked").asInt()).isEqualTo(run.path("frames_tracked").asInt());
        assertThat(replay.path("path_length_m").asDouble()).isEqualTo(run.path("path_length_m").asDouble());
        assertThat(replay.path("ate_rmse_m").asDouble())
                .isCloseTo(run.path("ate_rmse_m").asDouble(), within(1e-12 * run.path("ate_rmse_m").asDouble()));
        assertThat(replay.path("rpe_trans_rmse_m").asDouble())
                .isCloseTo(run.path("rpe_trans_rmse_m").asDouble(),
                        within(1e-6 * run.path("rpe_trans_rmse_m").asDouble()));
        assertThat(replay.path("rpe_rot_rmse_deg").asDouble())
                .isCloseTo(run.path("rpe_rot_rmse_deg").asDouble(),
                        within(0.02 * run.path("rpe_rot_rmse_deg").asDouble()));

        JsonNode withFile = json(CliRun.run("replay", bag.toString(), "--backend", "cpu", "--deterministic", "--gt",
                kitti.resolve("poses.txt").toString(), "--out", dir.resolve("replay-gt").toString(), "--json", "-"));
        for (String key : new String[]{"frames_tracked", "ate_rmse_m", "rpe_trans_rmse_m", "rpe_rot_rmse_deg",
                "path_length_m"})
            assertThat(withFile.path(key).asDouble()).as(key).isEqualTo(run.path(key).asDouble());
        assertThat(replay.path("replay").path("counts").path("malformed").asInt()).isZero();
        assertThat(replay.path("replay").path("topics").asText()).contains("/camera/image_raw", "/ground_truth");
        // the same bundle adjustments, and the same figures per frame but the times
        assertThat(replay.path("mapping").path("bundle_adjustments").asInt())
                .isEqualTo(run.path("mapping").path("bundle_adjustments").asInt());
        assertThat(Files.readAllLines(dir.resolve("replay/mapping.csv")))
                .hasSize(1 + replay.path("mapping").path("bundle_adjustments").asInt());
        assertThat(figures(dir.resolve("replay/frames.csv"))).isEqualTo(figures(dir.resolve("run/frames.csv")));
    }

    /** frames.csv's lines up to and with keyframe: all but the two times. */
    private static List<String> figures(Path framesCsv) throws IOException {
        return Files.readAllLines(framesCsv).stream().map(l -> l.substring(0, nthComma(l, 9))).toList();
    }

    private static int nthComma(String line, int n) {
        int at = -1;
        for (int k = 0; k < n; k++)
            at = line.indexOf(',', at + 1);
        return at;
    }

    /** --features sift: a bag of KITTI frames replays to the trajectory that gpuvo run gives on SIFT features. */
    @Test
    void kittiBagReplaysOnSiftFeaturesAsRunDoes() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        Path bag = dir.resolve("bag");
        ok(CliRun.run("bag-from", kitti.toString(), bag.toString(), "--frames", ":12", "-q"));
        JsonNode run = json(CliRun.run("run", kitti.toString(), "--frames", ":12", "--backend", "cpu", "--features",
                "sift", "--deterministic", "--out", dir.resolve("run").toString(), "--json", "-"));
        JsonNode replay = json(CliRun.run("replay", bag.toString(), "--backend", "cpu", "--features", "sift",
                "--deterministic", "--out", dir.resolve("replay").toString(), "--json", "-"));
        assertThat(replay.path("features").asText()).isEqualTo("sift");
        assertThat(replay.path("frames").asInt()).isEqualTo(12);
        assertThat(replay.path("frames_tracked").asInt()).isEqualTo(run.path("frames_tracked").asInt()).isPositive();
        assertThat(replay.path("ate_rmse_m").isNumber()).isTrue();
        Trajectory a = tum(dir.resolve("run/trajectory.tum")), b = tum(dir.resolve("replay/trajectory.tum"));
        assertThat(b.size()).isEqualTo(12);
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.pose(i).T.x).isEqualTo(a.pose(i).T.x);
            assertThat(b.pose(i).R.data).isEqualTo(a.pose(i).R.data);
        }
        assertThat(Files.exists(dir.resolve("replay/points.ply"))).isTrue();
        assertThat(Files.exists(dir.resolve("replay/mapping.csv"))).isTrue();
        assertThat(Files.exists(dir.resolve("replay/metrics.json"))).isTrue();
    }

    /** EuRoC's raw, distorted stereo pairs through a sqlite3 bag: the rig survives camera_info, the VO its accuracy. */
    @Test
    void eurocStereoThroughSqlite() throws Exception {
        Path euroc = SharedData.require("euroc-v101-micro");
        Path bag = dir.resolve("euroc-bag");
        ok(CliRun.run("bag-from", euroc.toString(), bag.toString(), "--storage", "sqlite3", "--frames", ":40", "-q"));
        assertThat(Files.list(bag).map(p -> p.getFileName().toString())).contains("metadata.yaml", "euroc-bag_0.db3");
        JsonNode replay = json(CliRun.run("replay", bag.toString(), "--backend", "cpu", "--out",
                dir.resolve("replay").toString(), "--json", "-"));
        assertThat(replay.path("mode").asText()).isEqualTo("stereo");
        assertThat(replay.path("frames").asInt()).isEqualTo(40);
        assertThat(replay.path("frames_lost").asInt()).isZero();
        // the folder run of the same frames gives 1.1 mm over the 95 frames (EurocStereoOdometryTest)
        assertThat(replay.path("ate_rmse_m").asDouble()).isLessThan(0.02);
    }

    /** TUM-style colour + depth frames come back as an RGB-D replay. */
    @Test
    void rgbdFixtureReplaysAsRgbd() throws Exception {
        Path data = DatasetFixtures.tumRgbd(dir.resolve("rgbd_dataset_freiburg3_fixture"), 0.0, 0.0);
        Path bag = dir.resolve("rgbd-bag");
        json(CliRun.run("bag-from", data.toString(), bag.toString(), "-q", "--json", "-"));
        JsonNode replay = json(CliRun.run("replay", bag.toString(), "--backend", "cpu", "--out",
                dir.resolve("replay").toString(), "--json", "-"));
        assertThat(replay.path("mode").asText()).isEqualTo("rgbd");
        assertThat(replay.path("frames").asInt()).isEqualTo(3);
    }

    /** --write-bag: the input's messages and one odometry per frame, equal to the trajectory written. */
    @Test
    void writeBagHoldsTheInputAndTheResults() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        Path bag = dir.resolve("bag");
        ok(CliRun.run("bag-from", kitti.toString(), bag.toString(), "--frames", ":12", "-q"));
        Path results = dir.resolve("results");
        json(CliRun.run("replay", bag.toString(), "--backend", "cpu", "--out", dir.resolve("replay").toString(),
                "--write-bag", results.toString(), "--json", "-"));
        Trajectory estimate = tum(dir.resolve("replay/trajectory.tum"));
        try (BagReader in = Bags.open(bag); BagReader out = Bags.open(results)) {
            Map<String, Long> inCounts = in.messageCounts(), outCounts = out.messageCounts();
            for (var e : inCounts.entrySet())
                if (!e.getKey().equals("/tf"))
                    assertThat(outCounts).containsEntry(e.getKey(), e.getValue());
            assertThat(outCounts).containsEntry("/gpuvo/odom", 12L).containsEntry("/gpuvo/matches", 12L)
                    .containsEntry("/gpuvo/inliers", 12L).containsEntry("/tf", inCounts.get("/tf") + 12);
            int i = 0;
            try (MessageCursor c = out.messages(Set.of("/gpuvo/odom"))) {
                for (BagMessage m; (m = c.next()) != null; i++) {
                    Odometry o = MessageCodecs.of(Odometry.class).decode(m.data());
                    assertThat(o.header().stamp().toSeconds()).isEqualTo(estimate.time(i));
                    assertThat(o.childFrameId()).isEqualTo("camera");
                    assertThat(PoseMessages.se3(o.pose().pose()).T.distance(estimate.pose(i).T)).isLessThan(1e-12);
                }
            }
            assertThat(i).isEqualTo(12);
        }
    }

    /** A recording cut short (the recorder killed): the frames before the cut are replayed, the damage reported. */
    @Test
    void aTruncatedBagIsReplayedUpToTheDamage() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        Path bag = dir.resolve("cut");
        ok(CliRun.run("bag-from", kitti.toString(), bag.toString(), "--frames", ":20", "-q"));
        Path file = bag.resolve("cut_0.mcap");
        byte[] whole = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length * 6 / 10));
        CliRun replay = CliRun.run("replay", bag.toString(), "--backend", "cpu", "--out", dir.resolve("r").toString(),
                "--json", "-");
        JsonNode json = json(replay);
        int frames = json.path("frames").asInt();
        assertThat(frames).isBetween(5, 19);
        JsonNode damage = json.path("replay").path("counts").path("damaged_files");
        assertThat(damage.size()).isEqualTo(1);
        assertThat(damage.get(0).asText()).contains("cut_0.mcap");
        assertThat(replay.err()).contains("damaged: ");
    }

    @Test
    void mistakesAreOneLineUsageErrors() throws Exception {
        CliRun missing = CliRun.run("replay", dir.resolve("nowhere").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("no such bag");

        Path kitti = SharedData.require("kitti-06-0050");
        Path bag = dir.resolve("bag");
        ok(CliRun.run("bag-from", kitti.toString(), bag.toString(), "--frames", ":3", "-q"));
        CliRun exists = CliRun.run("bag-from", kitti.toString(), bag.toString());
        assertThat(exists.exitCode()).isEqualTo(2);
        assertThat(exists.err()).contains("exists");
        CliRun wrongTopic = CliRun.run("replay", bag.toString(), "--image-topic", "/nope", "--backend", "cpu",
                "--out", dir.resolve("r").toString());
        assertThat(wrongTopic.exitCode()).isEqualTo(1);
        assertThat(wrongTopic.err()).contains("/nope is not in the bag", "/camera/image_raw (sensor_msgs/msg/Image)")
                .doesNotContain("Exception");
        CliRun stereo = CliRun.run("replay", bag.toString(), "--mode", "stereo", "--backend", "cpu", "--out",
                dir.resolve("r").toString());
        assertThat(stereo.exitCode()).isEqualTo(1);
        assertThat(stereo.err()).contains("no left/right pair");
        assertThat(dir.resolve("r")).doesNotExist();
    }
}
