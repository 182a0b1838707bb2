package org.gpuvo.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.gpu.conformance.ExtractorFigures;
import org.gpuvo.gpu.conformance.PairOutcome;
import org.gpuvo.gpu.conformance.PairSetFigures;
import org.gpuvo.gpu.conformance.WarpKind;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ConformanceSiftCommandTest {
    @TempDir
    Path dir;

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    /**
     * The command on real data, CPU backend: 3 KITTI frames (2 consecutive pairs judged by the epipolar geometry of
     * their ground-truth poses) and one frame changed by each kind of warp. Besides the JSON's shape, figures a
     * broken measurement could not give: on the near-trivial brightness pairs and on consecutive frames every
     * extractor's matches are mostly correct.
     */
    @Test
    void measuresThreeKittiFramesAndOneWarpPerKind() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        CliRun run = CliRun.run("conformance", "sift", kitti.toString(), "--backend", "cpu", "--frames", "0:3",
                "--warp-images", "1", "--max-features", "300", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(keys(json)).containsExactly("backend", "sift", "matcher", "opencv_threads", "extractors",
                "pair_sets", "bar_holds_everywhere");
        assertThat(json.path("backend").asText()).isEqualTo("cpu");
        assertThat(keys(json.path("sift"))).containsExactly("max_features", "first_octave", "contrast_threshold",
                "edge_threshold", "root_sift");
        assertThat(json.path("sift").path("max_features").asInt()).isEqualTo(300);
        assertThat(json.path("matcher").path("ratio").asDouble()).isEqualTo(0.8);
        assertThat(json.path("matcher").path("mutual").asBoolean()).isTrue();
        List<String> ids = new ArrayList<>();
        json.path("extractors").forEach(e -> ids.add(e.path("id").asText()));
        assertThat(ids).containsExactly("gpuvo_o0", "gpuvo_o-1", "opencv_o-1", "boofcv_o0");

        List<String> sets = new ArrayList<>();
        json.path("pair_sets").forEach(s -> sets.add(s.path("set").asText()));
        List<String> expected = new ArrayList<>(List.of("consecutive"));   // 3 frames: no pair 5 frames apart
        Arrays.stream(WarpKind.values()).forEach(k -> expected.add(k.id()));
        assertThat(sets).containsExactlyElementsOf(expected);
        for (JsonNode set : json.path("pair_sets")) {
            String name = set.path("set").asText();
            assertThat(keys(set)).containsExactly("set", "criterion", "tolerance_px", "pairs", "results", "bar");
            assertThat(set.path("pairs").asInt()).isEqualTo(name.equals("consecutive") ? 2 : 1);
            assertThat(set.path("criterion").asText())
                    .isEqualTo(name.equals("consecutive") ? "sampson_distance" : "homography_transfer_distance");
            assertThat(set.path("tolerance_px").asDouble()).isEqualTo(name.equals("consecutive") ? 1.0 : 2.0);
            assertThat(set.path("results")).hasSize(4);
            for (JsonNode r : set.path("results")) {
                assertThat(keys(r)).containsExactly("extractor", "features_per_image", "matches", "correct_matches",
                        "precision", "ms_per_image", "images_extracted");
                String what = name + " / " + r.path("extractor").asText();
                assertThat(r.path("features_per_image").asDouble()).as(what).isBetween(50.0, 450.0);
                assertThat(r.path("correct_matches").asLong()).as(what).isBetween(0L, r.path("matches").asLong());
                assertThat(r.path("precision").asDouble()).as(what).isBetween(0.0, 1.0);
                assertThat(r.path("ms_per_image").asDouble()).as(what).isPositive();
                if (name.startsWith("brightness"))
                    assertThat(r.path("precision").asDouble()).as(what).isGreaterThan(0.9);
                if (name.equals("consecutive"))
                    assertThat(r.path("precision").asDouble()).as(what).isGreaterThan(0.6);
            }
            assertThat(set.path("bar")).hasSize(2);
            JsonNode bar = set.path("bar").get(0);
            assertThat(keys(bar)).containsExactly("gpuvo", "reference", "holds", "correct_difference",
                    "correct_difference_sd", "precision_difference", "precision_difference_sd");
            assertThat(bar.path("reference").asText()).isEqualTo("opencv_o-1");
            // one pair per warp set: nothing to resample; the consecutive set's two pairs give a spread
            assertThat(bar.path("correct_difference_sd").isNull()).isEqualTo(!name.equals("consecutive"));
        }
        assertThat(run.err()).contains("consecutive", "rotation_60", "bar:", "gpuvo_o-1: the bar");
    }

    /**
     * {@code --compare-with none}: gpuvo's SIFT alone (no OpenCV natives, no BoofCV), with the bar reported as not
     * judged rather than as failed.
     */
    @Test
    void measuresGpuvoAloneWithoutJudgingTheBar() throws Exception {
        Path kitti = SharedData.require("kitti-06-0050");
        CliRun run = CliRun.run("conformance", "sift", kitti.toString(), "--backend", "cpu", "--frames", "0:2",
                "--warp-images", "0", "--max-features", "300", "--compare-with", "none", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        List<String> ids = new ArrayList<>();
        json.path("extractors").forEach(e -> ids.add(e.path("id").asText()));
        assertThat(ids).containsExactly("gpuvo_o0", "gpuvo_o-1");
        assertThat(json.path("opencv_threads").isNull()).isTrue();
        JsonNode consecutive = json.path("pair_sets").get(0);
        assertThat(consecutive.path("pairs").asInt()).isEqualTo(1);
        assertThat(consecutive.path("results")).hasSize(2);
        assertThat(consecutive.path("results").get(1).path("correct_matches").asLong()).isPositive();
        assertThat(consecutive.path("bar")).isEmpty();
        assertThat(json.path("bar_holds_everywhere")).isEmpty();
        assertThat(run.err()).contains("(cpu backend), alone", "bar: not judged, opencv was not measured")
                .doesNotContain("OpenCV on");
    }

    @Test
    void badUsageIsRejected() throws Exception {
        assertThat(CliRun.run("conformance", "sift").exitCode()).isEqualTo(2);
        CliRun missing = CliRun.run("conformance", "sift", dir.resolve("absent").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file or directory");
        Path image = dir.resolve("one.png");
        ImageFiles.writePng(SyntheticImages.defaultPair().first(), image);
        CliRun noPairs = CliRun.run("conformance", "sift", image.toString(), "--warp-images", "0", "--backend", "cpu");
        assertThat(noPairs.exitCode()).isEqualTo(2);
        assertThat(noPairs.err()).contains("no image pairs");
        assertThat(CliRun.run("conformance", "sift", image.toString(), "--frames", "3").err()).contains("--frames takes A:B");
        assertThat(CliRun.run("conformance", "sift", image.toString(), "--frames", "5:2").exitCode()).isEqualTo(2);
        CliRun octave = CliRun.run("conformance", "sift", image.toString(), "--sift-first-octave", "1");
        assertThat(octave.exitCode()).isEqualTo(2);
        assertThat(octave.err()).contains("invalid SIFT parameters", "firstOctave");
        CliRun none = CliRun.run("conformance", "sift", image.toString(), "--compare-with", "none,opencv");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("--compare-with none takes no other name");
        assertThat(CliRun.run("conformance", "sift", image.toString(), "--compare-with", "vlfeat").exitCode())
                .isEqualTo(2);
        Files.writeString(dir.resolve("notes.txt"), "no images");
        assertThat(CliRun.run("conformance", "sift", dir.resolve("notes.txt").toString(), "--backend", "cpu")
                .exitCode()).isNotZero();
    }

    /**
     * The table and JSON from given figures: undefined precision is null, the bar is per set and over all, with the
     * differences and their bootstrap spread where the set has its pairs' outcomes.
     */
    @Test
    void theTableJudgesTheBarPerSet() throws Exception {
        // two pairs: gpuvo 60/57 and 40/38, opencv 50/45 twice
        PairSetFigures holds = new PairSetFigures("rotation_15", "homography_transfer_distance", 2.0, List.of(
                figures("gpuvo_o0", "gpuvo", 100, 95), figures("opencv_o-1", "opencv", 100, 90)),
                List.of(List.of(outcome(60, 57), outcome(50, 45)), List.of(outcome(40, 38), outcome(50, 45))));
        PairSetFigures fails = new PairSetFigures("scale_2", "homography_transfer_distance", 2.0, List.of(
                figures("gpuvo_o0", "gpuvo", 0, 0), figures("opencv_o-1", "opencv", 10, 5)));
        SiftConformanceTable table = new SiftConformanceTable(new ConfigSift(2000), new ConfigMatch(0.8, true, 1000),
                "cpu", 4, List.of(holds, fails));
        JsonNode json = table.json();
        JsonNode first = json.path("pair_sets").get(0).path("bar").get(0);
        assertThat(first.path("holds").asBoolean()).isTrue();
        assertThat(first.path("correct_difference").asLong()).isEqualTo(5);
        assertThat(first.path("precision_difference").asDouble()).isCloseTo(0.05, within(1e-12));
        // pair differences +12 and -7: a resample with k ~ Binomial(2, 1/2) copies of the first gives 19k - 14
        // (sd 19 sqrt(1/2))
        assertThat(first.path("correct_difference_sd").asDouble()).isCloseTo(19 * Math.sqrt(0.5), within(0.7));
        JsonNode second = json.path("pair_sets").get(1).path("bar").get(0);
        assertThat(second.path("correct_difference").asLong()).isEqualTo(-5);
        assertThat(second.path("precision_difference").isNull()).as("gpuvo has no matches").isTrue();
        assertThat(second.path("correct_difference_sd").isNull()).as("no pairs' outcomes").isTrue();
        assertThat(json.path("pair_sets").get(1).path("bar").get(0).path("holds").asBoolean()).isFalse();
        assertThat(json.path("pair_sets").get(1).path("results").get(0).path("precision").isNull()).isTrue();
        assertThat(json.path("bar_holds_everywhere").get(0).path("holds").asBoolean()).isFalse();
        assertThat(json.path("opencv_threads").asInt()).isEqualTo(4);
        StringWriter text = new StringWriter();
        table.print(new PrintWriter(text));
        assertThat(text.toString()).contains("rotation_15     holds       +5 +- 13", "scale_2         NOT MET",
                "gpuvo_o0: the bar does not hold on every set", "homography transfer distance <= 2 px");
    }

    private static PairOutcome outcome(int matches, int correct) {
        return new PairOutcome(100, 100, matches, correct, 2, 1_000_000);
    }

    private static ExtractorFigures figures(String id, String name, long matches, long correct) {
        return new ExtractorFigures(id, name, "test", 0, 1, 2000, matches, correct, 2, 2_000_000);
    }
}
