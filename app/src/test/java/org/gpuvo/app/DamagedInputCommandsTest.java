package org.gpuvo.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The commands on damaged or wrong input: replay reads past a damaged chunk and counts the images it lost, bag info
 * gives the counts of what can be read, eval refuses comparisons without meaning, and a missing file named by an
 * option is a usage error.
 */
class DamagedInputCommandsTest {
    @TempDir
    Path dir;

    private static JsonNode json(CliRun run) throws Exception {
        assertThat(run.exitCode()).as(run.err()).isIn(0, 1);
        return new ObjectMapper().readTree(run.out());
    }

    /** The first {@code frames} frames of the KITTI excerpt as a bag. */
    private Path kittiBag(String name, int frames) {
        Path kitti = SharedData.require("kitti-06-0050");
        Path bag = dir.resolve(name);
        CliRun run = CliRun.run("bag-from", kitti.toString(), bag.toString(), "--frames", ":" + frames, "-q");
        assertThat(run.exitCode()).as(run.err()).isZero();
        return bag;
    }

    @Test
    void bagFromOfAnImageThatCannotBeReadFailsWithoutLeavingAHalfWrittenBag() throws Exception {
        Path kitti = DatasetFixtures.kittiMono(dir.resolve("kitti"), 10, 6);
        Path bag = dir.resolve("bag");
        CliRun run = CliRun.run("bag-from", kitti.toString(), bag.toString(), "-q");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).startsWith("gpuvo bag-from: error: ").contains("000006.png");
        assertThat(bag).doesNotExist();
    }

    @Test
    void replayReadsPastADamagedChunkAndCountsTheImagesItLost() throws Exception {
        Path bag = kittiBag("zeroed", 30);
        Path file = bag.resolve("zeroed_0.mcap");
        byte[] bytes = Files.readAllBytes(file);
        Arrays.fill(bytes, bytes.length / 2, bytes.length / 2 + 64, (byte) 0);
        Files.write(file, bytes);

        CliRun replay = CliRun.run("replay", bag.toString(), "--backend", "cpu", "--out", dir.resolve("r").toString(),
                "--json", "-");
        assertThat(replay.exitCode()).as(replay.err()).isZero();
        JsonNode json = json(replay);
        JsonNode counts = json.path("replay").path("counts");
        long lost = counts.path("lost_to_damage").asLong();
        int frames = json.path("frames").asInt();
        assertThat(counts.path("damaged_files").size()).isEqualTo(1);
        assertThat(lost).isPositive();
        // every image is either a frame or counted as lost: frames after the damaged chunk are used
        assertThat(frames + lost).isEqualTo(30);
        assertThat(counts.path("image_messages").asLong()).isEqualTo(30);
        assertThat(replay.err()).contains("lost to damage " + lost);
    }

    @Test
    void bagInfoCountsWhatCanBeReadOfABagWithoutItsSummary() throws Exception {
        Path bag = kittiBag("cut", 5);
        long intact = json(CliRun.run("bag", "info", bag.toString(), "--json", "-")).path("message_count").asLong();
        Path file = bag.resolve("cut_0.mcap");
        Files.delete(bag.resolve("metadata.yaml"));
        byte[] bytes = Files.readAllBytes(file);
        // cut in the summary, after the data section: every message is still there
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 200));
        CliRun info = CliRun.run("bag", "info", bag.toString(), "--json", "-");
        assertThat(info.exitCode()).isEqualTo(1);
        JsonNode json = json(info);
        assertThat(json.path("message_count").asLong()).isEqualTo(intact);
        assertThat(json.path("damaged_places").asLong()).isEqualTo(1);
        assertThat(info.err()).contains("Damaged:", "cut_0.mcap");
    }

    @Test
    void evalRefusesAStillGroundTruthUnderSim3AndAKittiLineWithoutARotation() throws Exception {
        Path est = dir.resolve("est.txt"), still = dir.resolve("still.txt");
        StringBuilder moving = new StringBuilder(), standing = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            moving.append(String.format("%d 1 0 0 %d 0 1 0 0 0 0 1 0%n", i, i));
            standing.append(String.format("%d 1 0 0 2 0 1 0 3 0 0 1 4%n", i));
        }
        Files.writeString(est, moving);
        Files.writeString(still, standing);
        CliRun sim3 = CliRun.run("eval", est.toString(), still.toString(), "--align", "sim3");
        assertThat(sim3.exitCode()).isEqualTo(1);
        assertThat(sim3.err()).contains("cannot evaluate " + est + " against " + still,
                "reference positions all coincide").doesNotContain("Exception");

        Path zeros = dir.resolve("zeros.txt");
        Files.writeString(zeros, moving.toString().replace("5 1 0 0 5 0 1 0 0 0 0 1 0", "5 0 0 0 5 0 0 0 0 0 0 0 0"));
        CliRun zero = CliRun.run("eval", zeros.toString(), est.toString());
        assertThat(zero.exitCode()).isEqualTo(1);
        assertThat(zero.err()).contains(zeros + ":6: the 3x3 block is not a rotation");
    }

    @Test
    void aMissingGroundTruthFileIsAUsageError() throws Exception {
        Path bag = kittiBag("bag", 3);
        CliRun replay = CliRun.run("replay", bag.toString(), "--gt", dir.resolve("nowhere.txt").toString(),
                "--out", dir.resolve("r").toString());
        assertThat(replay.exitCode()).isEqualTo(2);
        assertThat(replay.err()).contains("--gt " + dir.resolve("nowhere.txt") + ": no such file");
        assertThat(dir.resolve("r")).doesNotExist();
    }

    @Test
    void bagInfoPrintsNegativeTimesAsTheirExactSeconds() throws Exception {
        Path bag = dir.resolve("before-1970");
        try (org.gpuvo.ros.bag.BagWriter writer = org.gpuvo.ros.bag.Bags.create(bag,
                org.gpuvo.ros.bag.Storage.SQLITE3)) {
            writer.addTopic(org.gpuvo.ros.bag.TopicInfo.of("/a", "std_msgs/msg/Empty"), "");
            writer.write("/a", -1_999_999_995L, new byte[]{0, 1, 0, 0});
            writer.write("/a", 500_000_000L, new byte[]{0, 1, 0, 0});
        }
        CliRun info = CliRun.run("bag", "info", bag.toString());
        assertThat(info.exitCode()).as(info.err()).isZero();
        assertThat(info.out()).contains("(-1.999999995)", "(0.500000000)");
    }
}
