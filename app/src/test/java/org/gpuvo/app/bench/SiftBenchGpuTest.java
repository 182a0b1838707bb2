package org.gpuvo.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.cuda.CudaSiftExtractor;
import org.gpuvo.gpu.cuda.FloatMatchStageTimer;
import org.gpuvo.gpu.cuda.GpuTestSupport;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code gpuvo bench --features sift} on the GPU, small: every figure is there and plausible. */
@Tag("gpu")
class SiftBenchGpuTest {
    @Test
    void theCudaPathWritesEveryFigure() throws Exception {
        GpuTestSupport.assumeCuda();
        CliRun run = CliRun.run("bench", "--features", "sift", "--sizes", "640x480", "--max-features", "1000",
                "--reps", "10", "--warmup", "3", "--match-sizes", "2000x2000",
                "--frames", SharedData.require("kitti-06-0050/image_l").toString(), "--json", "-");
        System.out.println(run.err());
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("feature_type").asText()).isEqualTo("sift");
        JsonNode row = json.path("configurations").get(0);
        List<String> stages = new ArrayList<>();
        row.path("stages").fieldNames().forEachRemaining(stages::add);
        assertThat(stages).containsExactlyElementsOf(CudaSiftExtractor.STAGES);
        List<String> matchStages = new ArrayList<>();
        row.path("match_stages").fieldNames().forEachRemaining(matchStages::add);
        assertThat(matchStages).containsExactlyElementsOf(FloatMatchStageTimer.STAGES);
        for (String key : List.of("extraction_device", "extraction_java", "matching"))
            assertThat(row.path(key).path("median_ms").asDouble()).as(key).isPositive();
        assertThat(row.path("extraction_java").path("median_ms").asDouble()).as("Java time includes the device time")
                .isGreaterThan(row.path("extraction_device").path("median_ms").asDouble());
        assertThat(row.path("mean_features").asDouble()).isBetween(200.0, 1000.0);
        assertThat(row.path("mean_matches").asDouble()).isPositive();
        assertThat(row.path("opencv").path("sift").path("median_ms").asDouble()).isPositive();
        JsonNode matcher = json.path("matcher");
        assertThat(matcher).hasSize(2);
        for (JsonNode m : matcher) {
            assertThat(m.path("match_graph").path("median_ms").asDouble()).isPositive();
            assertThat(m.path("teraflops").asDouble()).isPositive();
            assertThat(m.path("mean_matches").asDouble()).isBetween(900.0, 1100.0);
        }
    }
}
