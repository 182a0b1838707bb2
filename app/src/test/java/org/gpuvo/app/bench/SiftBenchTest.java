package org.gpuvo.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** {@code gpuvo bench --features sift}: the CPU path end to end, the options, and the measuring pieces. */
class SiftBenchTest {
    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void theCpuPathWritesEveryFigure() throws Exception {
        CliRun run = CliRun.run("bench", "--features", "sift", "--backend", "cpu", "--sizes", "320x240",
                "--max-features", "300", "--reps", "3", "--warmup", "1", "--match-sizes", "256x300", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("feature_type").asText()).isEqualTo("sift");
        assertThat(json.path("backend").asText()).isEqualTo("cpu");
        JsonNode row = json.path("configurations").get(0);
        assertThat(keys(row)).containsExactly("width", "height", "features", "first_octave", "extraction_java",
                "matching", "mean_features", "mean_matches", "opencv", "speedup_vs_opencv");
        assertThat(row.path("width").asInt()).isEqualTo(320);
        assertThat(row.path("features").asInt()).isEqualTo(300);
        assertThat(row.path("extraction_java").path("median_ms").asDouble()).isPositive();
        assertThat(row.path("matching").path("count").asInt()).isEqualTo(3);
        assertThat(row.path("mean_features").asDouble()).isBetween(50.0, 300.0);
        assertThat(row.path("mean_matches").asDouble()).isPositive();
        assertThat(row.path("opencv").path("threads").asInt()).isPositive();
        assertThat(row.path("opencv").path("sift").path("median_ms").asDouble()).isPositive();
        assertThat(row.path("opencv").path("bf_knn2").path("median_ms").asDouble()).isPositive();
        assertThat(row.path("opencv").path("first_octave").asInt()).as("cv::SIFT always upsamples").isEqualTo(-1);
        assertThat(row.path("speedup_vs_opencv").path("matching").asDouble()).isPositive();

        JsonNode matcher = json.path("matcher");
        assertThat(matcher).hasSize(2);
        for (JsonNode m : matcher) {
            assertThat(m.path("queries").asInt()).isEqualTo(256);
            assertThat(m.path("train").asInt()).isEqualTo(300);
            assertThat(m.path("wall").path("median_ms").asDouble()).isPositive();
            assertThat(m.path("teraflops").asDouble()).isPositive();
            // half the queries are noisy copies of train descriptors: about that many pass the ratio test
            assertThat(m.path("mean_matches").asDouble()).isBetween(100.0, 140.0);
            assertThat(m.path("target_ms").isNull()).isTrue();
        }
        assertThat(matcher.get(0).path("mutual").asBoolean()).isFalse();
        assertThat(matcher.get(1).path("mutual").asBoolean()).isTrue();
        assertThat(run.err()).contains("320x240, 300 SIFT features", "OpenCV on", "BF knn2 L2", "matcher alone",
                "CudaSift: published figures", "first octave 0",
                "OpenCV's SIFT starts from the image upsampled twice (first octave -1)");
    }

    @Test
    void optionsOfTheOtherTypeAndBadSizesAreUsageErrors() {
        CliRun inFlight = CliRun.run("bench", "--features", "sift", "--backend", "cpu", "--in-flight", "2");
        assertThat(inFlight.exitCode()).isEqualTo(2);
        assertThat(inFlight.err()).contains("--in-flight", "for ORB");
        CliRun matchSizes = CliRun.run("bench", "--backend", "cpu", "--match-sizes", "100x100");
        assertThat(matchSizes.exitCode()).isEqualTo(2);
        assertThat(matchSizes.err()).contains("--match-sizes is for SIFT");
        CliRun badMatch = CliRun.run("bench", "--features", "sift", "--backend", "cpu", "--match-sizes", "100x");
        assertThat(badMatch.exitCode()).isEqualTo(2);
        assertThat(badMatch.err()).contains("invalid match size '100x'");
        CliRun siftOption = CliRun.run("bench", "--backend", "cpu", "--sift-first-octave", "-1");
        assertThat(siftOption.exitCode()).isEqualTo(2);
        assertThat(siftOption.err()).contains("for SIFT: add --features sift");
        CliRun octave = CliRun.run("bench", "--features", "sift", "--backend", "cpu", "--sift-first-octave", "2");
        assertThat(octave.exitCode()).isEqualTo(2);
        assertThat(octave.err()).contains("firstOctave");
        assertThat(CliRun.run("bench", "--features", "sift", "--backend", "cpu", "--max-features", "0").exitCode())
                .isEqualTo(2);
        CliRun count = CliRun.run("bench", "--features", "2000");
        assertThat(count.exitCode()).isEqualTo(2);
        assertThat(count.err()).contains("--max-features 2000");
    }

    @Test
    void cudaWithoutADeviceFailsWithTheReason() {
        Assumptions.assumeFalse(CudaProbe.status().usable(), "a CUDA device is usable here");
        CliRun run = CliRun.run("bench", "--features", "sift", "--sizes", "320x240", "--max-features", "300");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("CUDA backend is not usable here", "--backend cpu");
    }

    @Test
    void randomSiftLikeDescriptorsAreUnitNonNegativeAndHalfTheQueriesHaveTheirSource() {
        FloatDescriptors train = SiftLikeDescriptors.train(500, 1);
        FloatDescriptors queries = SiftLikeDescriptors.queries(train, 400, 2);
        for (FloatDescriptors d : List.of(train, queries))
            for (int i = 0; i < d.size(); i++) {
                double norm = 0;
                int zeros = 0;
                for (int k = 0; k < d.length; k++) {
                    float v = d.data[i * d.length + k];
                    assertThat(v).isGreaterThanOrEqualTo(0f);
                    norm += v * v;
                    zeros += v == 0 ? 1 : 0;
                }
                assertThat(Math.sqrt(norm)).isCloseTo(1, within(1e-5));
                if (d == train)
                    assertThat(zeros).as("about half the components zero").isBetween(40, 90);
            }
        Matches out = new Matches();
        FactoryMatcher.floatCpu(new ConfigMatch(0.8, false, Integer.MAX_VALUE)).match(queries, train, out);
        int copies = 0;
        for (int i = 0; i < out.size(); i++)
            copies += out.query[i] % 2 == 0 ? 1 : 0;
        assertThat(copies).isEqualTo(200);
        assertThat(out.size()).isBetween(200, 210);
    }

    @Test
    void theRateCountsTwoOperationsPerComponentPairAndPass() {
        // 4096 x 4096 pairs x 128 components x 2 operations in 1 ms: 4.295 TFLOP/s; the mutual pass doubles it
        assertThat(MatcherBench.teraflops(4096, 4096, false, 1.0)).isCloseTo(4.294967296, within(1e-9));
        assertThat(MatcherBench.teraflops(4096, 4096, true, 1.0)).isCloseTo(2 * 4.294967296, within(1e-9));
        assertThat(MatcherBench.parse(List.of("3267x4318", " 16384X16384 "))).satisfiesExactly(
                s -> assertThat(s).containsExactly(3267, 4318), s -> assertThat(s).containsExactly(16384, 16384));
    }
}
