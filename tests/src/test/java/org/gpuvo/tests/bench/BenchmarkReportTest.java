package org.gpuvo.tests.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpuvo.app.TimingStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BenchmarkReportTest {
    @Test
    void theJsonHoldsEveryFigureAsPrinted(@TempDir Path dir) throws Exception {
        BenchmarkReport report = BenchmarkReport.start(BenchmarkReportTest.class, "--reps", "3");
        report.environment("device", "a \"quoted\" name");
        report.timing("640x480", "detect", TimingStats.ofMillis(new double[]{3, 1, 2}, 3));
        report.timing("640x480", "cold", 7.5, Double.NaN, 1);
        report.value("640x480", "throughput", 123.25, "frames/s");
        report.add("ORB 640x480", BenchmarkReport.Outcome.timed(TimingStats.ofMillis(new double[]{2, 2, 2}, 3)),
                BenchmarkReport.Outcome.failed(new IllegalStateException("no OpenCV")));
        report.note("plan: one\tchain");
        Path file = dir.resolve("out/report.json");
        report.writeJsonTo(file);
        report.finish();

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.path("benchmark").asText()).isEqualTo("BenchmarkReportTest");
        assertThat(json.path("arguments").toString()).isEqualTo("[\"--reps\",\"3\"]");
        assertThat(json.path("environment").path("device").asText()).isEqualTo("a \"quoted\" name");
        assertThat(json.path("environment").path("java").asText()).isNotEmpty();
        JsonNode detect = json.path("figures").get(0);
        assertThat(detect.path("figure").asText()).isEqualTo("detect");
        assertThat(detect.path("medianMs").asDouble()).isCloseTo(2, within(1e-9));
        assertThat(detect.path("minMs").asDouble()).isCloseTo(1, within(1e-9));
        assertThat(detect.path("count").asInt()).isEqualTo(3);
        JsonNode cold = json.path("figures").get(1);
        assertThat(cold.path("p90Ms").isNull()).isTrue();
        JsonNode throughput = json.path("figures").get(2);
        assertThat(throughput.path("value").asDouble()).isCloseTo(123.25, within(1e-9));
        assertThat(throughput.path("unit").asText()).isEqualTo("frames/s");
        JsonNode comparison = json.path("comparisons").get(0);
        assertThat(comparison.path("gpuvo").path("medianMs").asDouble()).isCloseTo(2, within(1e-9));
        assertThat(comparison.path("opencv").path("error").asText()).contains("no OpenCV");
        assertThat(comparison.path("ratioGpuvoToOpenCv").isNull()).isTrue();
        assertThat(json.path("notes").get(0).asText()).isEqualTo("plan: one\tchain");
    }
}
