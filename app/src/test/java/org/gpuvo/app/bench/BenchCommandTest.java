package org.gpuvo.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.GpuvoCommand;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BenchCommandTest {

    @Test
    void cpuBenchmarkWithBaselineWritesEveryFigure() throws Exception {
        CliRun run = CliRun.run("bench", "--backend", "cpu", "--sizes", "320x240", "--max-features", "300", "--reps", "3",
                "--warmup", "1", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("backend").asText()).isEqualTo("cpu");
        JsonNode row = json.path("configurations").get(0);
        assertThat(row.path("width").asInt()).isEqualTo(320);
        assertThat(row.path("features").asInt()).isEqualTo(300);
        assertThat(row.path("extraction").path("median_ms").asDouble()).isPositive();
        assertThat(row.path("matching").path("count").asInt()).isEqualTo(3);
        assertThat(row.path("mean_features").asDouble()).isGreaterThan(100);
        assertThat(row.path("opencv").path("orb").path("median_ms").asDouble()).isPositive();
        assertThat(row.path("speedup_vs_opencv").path("frame").asDouble()).isPositive();
        assertThat(run.err()).contains("320x240, 300 features", "OpenCV on");
    }

    @Test
    void thePlotIsAPng(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path png = dir.resolve("stages.png");
        CliRun run = CliRun.run("bench", "--backend", "cpu", "--sizes", "320x240,400x300", "--max-features", "300",
                "--reps", "2", "--warmup", "0", "--no-baseline", "--plot", png.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isGreaterThanOrEqualTo(800);
    }

    @ParameterizedTest
    @ValueSource(strings = {"orb", "sift"})
    void withoutOpenCvTheFramesAreStillResizedAndTheBaselineIsSkipped(String features, @TempDir Path dir)
            throws Exception {
        // a JVM whose class path lacks OpenCV and JavaCPP, as an installation that does not pack them
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("bytedeco")).collect(Collectors.joining(File.pathSeparator));
        Path frame = dir.resolve("frame.png"), err = dir.resolve("err.txt");
        ImageFiles.writePng(SyntheticImages.defaultPair().first(), frame);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath, GpuvoCommand.class.getName(), "bench", "--features", features,
                "--backend", "cpu", "--sizes", "320x240", "--max-features", "300", "--reps", "2", "--warmup", "0",
                "--frames", frame.toString(), "--json", "-"));
        if (features.equals("sift"))
            command.addAll(List.of("--match-sizes", "none"));
        Process child = new ProcessBuilder(command).redirectError(err.toFile()).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor()).as(Files.readString(err)).isZero();
        assertThat(Files.readString(err))
                .contains("OpenCV baseline skipped: OpenCV cannot be loaded here", "320x240, 300 ");
        JsonNode json = JsonOutput.MAPPER.readTree(out);
        assertThat(json.path("feature_type").asText()).isEqualTo(features);
        assertThat(json.path("opencv_baseline_skipped").asText()).isNotEmpty();
        JsonNode row = json.path("configurations").get(0);
        assertThat(row.path("matching").path("median_ms").asDouble()).isPositive();
        assertThat(row.path("mean_features").asDouble()).isBetween(50.0, 300.0);
        assertThat(row.has("opencv")).isFalse();
        if (features.equals("sift"))
            assertThat(json.path("matcher").size()).as("--match-sizes none").isZero();
    }

    @Test
    void cudaWithoutADeviceFailsWithTheReason() {
        Assumptions.assumeFalse(CudaProbe.status().usable(), "a CUDA device is usable here");
        CliRun run = CliRun.run("bench", "--sizes", "320x240", "--max-features", "300");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("CUDA backend is not usable here", "--backend cpu");
    }

    @Test
    void badSizesAndCountsAreUsageErrors() {
        assertThat(CliRun.run("bench", "--backend", "cpu", "--sizes", "640by480").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("bench", "--backend", "cpu", "--sizes", "0x480").err()).contains("invalid size '0x480'");
        assertThat(CliRun.run("bench", "--backend", "cpu", "--sizes", "64x48", "--reps", "0").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("bench", "--backend", "cpu", "--max-features", "0").exitCode()).isEqualTo(2);
    }

    @Test
    void timingStatsAreMedianPercentilesMeanAndExtremes() {
        long[] nanos = new long[11];
        for (int i = 0; i < nanos.length; i++)
            nanos[i] = (10 - i) * 1_000_000L;  // 10, 9, ..., 0 ms
        TimingStats t = TimingStats.ofNanos(nanos);
        assertThat(t.medianMs).isCloseTo(5.0, within(1e-9));
        assertThat(t.p90Ms).isCloseTo(9.0, within(1e-9));
        assertThat(t.minMs).isZero();
        assertThat(t.maxMs).isEqualTo(10.0);
        assertThat(t.meanMs).isCloseTo(5.0, within(1e-9));
        assertThat(t.p99Ms).isCloseTo(9.9, within(1e-9));
        assertThat(TimingStats.ofMillis(new double[]{Double.NaN, 2, 4}, 3).medianMs).isCloseTo(3.0, within(1e-9));
    }
}
