package org.gpuvo.app.run;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

class DemoCommandTest {
    @TempDir
    Path dir;

    @Test
    void aSmallDemoRunsEndToEndWithMetricScale() throws Exception {
        Path out = dir.resolve("demo");
        CliRun run = CliRun.run("demo", "--size", "320x240", "--frames", "12", "--backend", "cpu", "--out",
                out.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("dataset").asText()).isEqualTo("synthetic-room-1");
        assertThat(json.path("mode").asText()).isEqualTo("stereo");
        assertThat(json.path("frames").asInt()).isEqualTo(12);
        assertThat(json.path("ate_alignment").asText()).isEqualTo("se3");
        assertThat(json.path("frames_tracked").asInt()).isGreaterThanOrEqualTo(10);
        // stereo gives metric scale: the estimated path is the rendered one's length, to within a few per cent
        ConfigSynthetic config = ConfigSynthetic.room();
        config.width = 320;
        config.height = 240;
        config.focalLength = 250;
        config.frames = 12;
        double truePath = new SyntheticSequence(config).groundTruth().orElseThrow().pathLength();
        assertThat(json.path("path_length_m").asDouble()).isCloseTo(truePath, withinPercentage(10));
        assertThat(json.path("ate_rmse_m").asDouble()).isLessThan(0.05 * truePath);
        assertThat(run.err()).contains("gpuvo demo: synthetic-room-1, stereo, 12 frames on cpu", "ATE        rmse",
                "tracking   mean ", "mapping    deterministic (a thread of its own, 5 frames behind)");
        // the demo's figures repeat: its mapping is always the deterministic one
        assertThat(json.path("deterministic").asBoolean()).isTrue();

        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("trajectory.tum",
                    "trajectory_refined.tum", "trajectory.kitti", "frames.csv", "mapping.csv", "points.ply",
                    "metrics.json", "trajectory.png", "ate_over_time.png");
        }
        assertThat(PlyFile.read(out.resolve("points.ply")).vertices()).isEqualTo(json.path("points").asInt())
                .isPositive();
        List<String> csv = Files.readAllLines(out.resolve("frames.csv"));
        assertThat(csv).hasSize(13);
        assertThat(csv.get(12)).startsWith("11,0.366666667,");
    }

    @Test
    void usageErrors() {
        Path out = dir.resolve("demo");
        CliRun tiny = CliRun.run("demo", "--size", "8x8", "--out", out.toString());
        assertThat(tiny.exitCode()).isEqualTo(2);
        assertThat(tiny.err()).contains("invalid synthetic sequence: image size must be at least 16x16");
        assertThat(CliRun.run("demo", "--size", "big", "--out", out.toString()).err()).contains("--size takes WxH");
        assertThat(CliRun.run("demo", "--frames", "0", "--out", out.toString()).exitCode()).isEqualTo(2);
        assertThat(CliRun.run("demo", "--scene", "moon", "--out", out.toString()).exitCode()).isEqualTo(2);
        // always deterministic: there is nothing to choose
        assertThat(CliRun.run("demo", "--deterministic", "--out", out.toString()).exitCode()).isEqualTo(2);
        assertThat(out).doesNotExist();
    }
}
