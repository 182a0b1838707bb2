package org.gpuvo.app.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.conformance.ExtractorFigures;
import org.gpuvo.app.conformance.PairOutcome;
import org.gpuvo.app.conformance.PairSetFigures;
import org.gpuvo.app.conformance.WarpKind;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
                "pair_sets", "pair_groups", "bar_holds", "bar_holds_on_every_set");
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
                assertThat(keys(r)).containsExactly("extractor", "matches", "correct_matches", "precision",
                        "features_per_image", "ms_per_image", "images_extracted");
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
            assertThat(keys(bar)).containsExactly("gpuvo", "reference", "holds", "verdict", "correct_difference",
                    "correct_difference_sd", "precision_difference", "precision_difference_sd");
            assertThat(bar.path("reference").asText()).isEqualTo("opencv_o-1");
            assertThat(bar.path("verdict").asText()).isIn("holds", "within_two_sd", "below");
            // one pair per warp set: nothing to resample; the consecutive set's two pairs give a spread
            assertThat(bar.path("correct_difference_sd").isNull()).isEqualTo(!name.equals("consecutive"));
        }
        // the bar's groups: the consecutive chain, and the 12 warped views pooled, which have a spread
        JsonNode groups = json.path("pair_groups");
        assertThat(groups).extracting(g -> g.path("group").asText()).containsExactly("consecutive", "warped");
        JsonNode warped = groups.get(1);
        assertThat(keys(warped)).containsExactly("group", "sets", "criterion", "tolerance_px", "pairs", "results",
                "bar");
        assertThat(warped.path("sets")).hasSize(WarpKind.values().length);
        assertThat(warped.path("pairs").asInt()).isEqualTo(WarpKind.values().length);
        long warpedCorrect = 0;
        for (JsonNode set : json.path("pair_sets"))
            if (!set.path("set").asText().equals("consecutive"))
                warpedCorrect += set.path("results").get(1).path("correct_matches").asLong();
        assertThat(warped.path("results").get(1).path("correct_matches").asLong()).isEqualTo(warpedCorrect);
        assertThat(warped.path("bar").get(0).path("correct_difference_sd").isNull())
                .as("one pair per kind: nothing to resample within a kind").isTrue();
        assertThat(json.path("bar_holds")).hasSize(2);
        assertThat(run.err()).contains("consecutive", "rotation_60", "bar:", "warped", "gpuvo_o-1: the bar");
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
        assertThat(json.path("bar_holds")).isEmpty();
        assertThat(json.path("bar_holds_on_every_set")).isEmpty();
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
        assertThat(CliRun.run("conformance", "sift", image.toString(), "--frames", "3").err())
                .contains("--frames takes A:B");
        assertThat(CliRun.run("conformance", "sift", image.toString(), "--frames", "5:2").exitCode()).isEqualTo(2);
        CliRun octave = CliRun.run("conformance", "sift", image.toString(), "--sift-first-octave", "1");
        assertThat(octave.exitCode()).isEqualTo(2);
        assertThat(octave.err()).contains("invalid SIFT parameters", "firstOctave");
        CliRun none = CliRun.run("conformance", "sift", image.toString(), "--compare-with", "none,opencv");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("--compare-with none takes no other name");
        CliRun plotAlone = CliRun.run("conformance", "sift", image.toString(), "--compare-with", "boofcv", "--plot",
                dir.resolve("d.png").toString());
        assertThat(plotAlone.exitCode()).isEqualTo(2);
        assertThat(plotAlone.err()).contains("--plot draws gpuvo's differences from OpenCV");
        CliRun plotNowhere = CliRun.run("conformance", "sift", image.toString(), "--backend", "cpu", "--plot",
                dir.resolve("absent/d.png").toString());
        assertThat(plotNowhere.exitCode()).isNotZero();
        assertThat(plotNowhere.err()).contains("does not exist");
        assertThat(CliRun.run("conformance", "sift", image.toString(), "--compare-with", "vlfeat").exitCode())
                .isEqualTo(2);
        Files.writeString(dir.resolve("notes.txt"), "no images");
        assertThat(CliRun.run("conformance", "sift", dir.resolve("notes.txt").toString(), "--backend", "cpu")
                .exitCode()).isNotZero();
    }

    /**
     * The table and JSON from given figures: undefined precision is null; per set the verdict and the differences
     * with their bootstrap spread where the set has its pairs' outcomes; the bar itself on the bar's groups, here
     * the warped views pooled.
     */
    @Test
    void theTableJudgesTheBarOnTheIssuesGroups() throws Exception {
        // two pairs: gpuvo 60/57 and 40/38, opencv 50/45 twice
        PairSetFigures holds = new PairSetFigures("rotation_15", "homography_transfer_distance", 2.0, List.of(
                figures("gpuvo_o0", "gpuvo", 2, 100, 95), figures("opencv_o-1", "opencv", 2, 100, 90)),
                List.of(List.of(outcome(60, 57), outcome(50, 45)), List.of(outcome(40, 38), outcome(50, 45))));
        PairSetFigures fails = new PairSetFigures("scale_2", "homography_transfer_distance", 2.0, List.of(
                figures("gpuvo_o0", "gpuvo", 0, 0), figures("opencv_o-1", "opencv", 10, 5)));
        // gpuvo 50/45 and 50/44, opencv 50/44 and 50/46: below by 1 correct match and 0.01 in precision, where a
        // resample with k copies of the first pair gives 3k - 4 (sd 3 sqrt(1/2) = 2.1, in precision 0.021)
        PairSetFigures close = new PairSetFigures("blur_1", "homography_transfer_distance", 2.0, List.of(
                figures("gpuvo_o0", "gpuvo", 2, 100, 89), figures("opencv_o-1", "opencv", 2, 100, 90)),
                List.of(List.of(outcome(50, 45), outcome(50, 44)), List.of(outcome(50, 44), outcome(50, 46))));
        SiftConformanceTable table = new SiftConformanceTable(new ConfigSift(2000), new ConfigMatch(0.8, true, 1000),
                "cpu", 4, List.of(holds, fails, close));
        JsonNode json = table.json();
        JsonNode first = json.path("pair_sets").get(0).path("bar").get(0);
        assertThat(first.path("holds").asBoolean()).isTrue();
        assertThat(first.path("verdict").asText()).isEqualTo("holds");
        assertThat(first.path("reference").asText()).isEqualTo("opencv_o-1");
        assertThat(first.path("correct_difference").asLong()).isEqualTo(5);
        assertThat(first.path("precision_difference").asDouble()).isCloseTo(0.05, within(1e-12));
        // pair differences +12 and -7: a resample with k ~ Binomial(2, 1/2) copies of the first gives 19k - 14
        // (sd 19 sqrt(1/2))
        assertThat(first.path("correct_difference_sd").asDouble()).isCloseTo(19 * Math.sqrt(0.5), within(0.7));
        JsonNode second = json.path("pair_sets").get(1).path("bar").get(0);
        assertThat(second.path("correct_difference").asLong()).isEqualTo(-5);
        assertThat(second.path("precision_difference").isNull()).as("gpuvo has no matches").isTrue();
        assertThat(second.path("correct_difference_sd").isNull()).as("no pairs' outcomes").isTrue();
        assertThat(second.path("holds").asBoolean()).isFalse();
        assertThat(second.path("verdict").asText()).as("no spread to be within").isEqualTo("below");
        assertThat(json.path("pair_sets").get(1).path("results").get(0).path("precision").isNull()).isTrue();
        JsonNode third = json.path("pair_sets").get(2).path("bar").get(0);
        assertThat(third.path("holds").asBoolean()).isFalse();
        assertThat(third.path("verdict").asText()).isEqualTo("within_two_sd");
        assertThat(third.path("correct_difference_sd").asDouble()).isCloseTo(3 * Math.sqrt(0.5), within(0.15));
        assertThat(third.path("precision_difference_sd").asDouble()).isCloseTo(0.03 * Math.sqrt(0.5), within(0.0015));

        // the warped views pooled: gpuvo 184 / 200 correct against opencv 185 / 210: fewer correct matches
        JsonNode warped = json.path("pair_groups").get(0);
        assertThat(warped.path("group").asText()).isEqualTo("warped");
        assertThat(warped.path("sets")).extracting(JsonNode::asText).containsExactly("rotation_15", "scale_2",
                "blur_1");
        assertThat(warped.path("pairs").asInt()).isEqualTo(5);
        assertThat(warped.path("results").get(0).path("correct_matches").asLong()).isEqualTo(184);
        assertThat(warped.path("results").get(1).path("matches").asLong()).isEqualTo(210);
        JsonNode pooled = warped.path("bar").get(0);
        assertThat(pooled.path("correct_difference").asLong()).isEqualTo(-1);
        assertThat(pooled.path("precision_difference").asDouble()).isCloseTo(0.92 - 185 / 210.0, within(1e-12));
        // drawn set by set: rotation_15's spread and blur_1's, independent, add in variance
        assertThat(pooled.path("correct_difference_sd").asDouble())
                .isCloseTo(Math.sqrt(19 * 19 * 0.5 + 3 * 3 * 0.5), within(0.8));
        assertThat(pooled.path("verdict").asText()).isEqualTo("within_two_sd");
        assertThat(json.path("bar_holds").get(0).path("holds").asBoolean()).isFalse();
        assertThat(json.path("bar_holds_on_every_set").get(0).path("holds").asBoolean()).isFalse();
        assertThat(json.path("opencv_threads").asInt()).isEqualTo(4);
        StringWriter text = new StringWriter();
        table.print(new PrintWriter(text));
        assertThat(text.toString()).contains("warped              5 < 2 sd      -1 +- 14",
                "rotation_15         2 holds       +5 +- 13", "scale_2             1 BELOW",
                "blur_1              2 < 2 sd      -1 +- 2",
                "gpuvo_o0: the bar does NOT hold on every group; per set it holds on 1 of 3, is below within 2 sd "
                        + "on 1 and below by more on 1", "homography transfer distance <= 2 px");
    }

    /** The bar holds on the bar's groups where it fails on a set within them, and the report says both. */
    @Test
    void theBarIsJudgedOnGroupsNotOnEverySet() throws Exception {
        PairSetFigures chain = new PairSetFigures("consecutive", "sampson_distance", 1.0, List.of(
                figures("gpuvo_o-1", "gpuvo", 100, 90), figures("opencv_o-1", "opencv", 100, 80)));
        PairSetFigures ahead = new PairSetFigures("rotation_30", "homography_transfer_distance", 2.0, List.of(
                figures("gpuvo_o-1", "gpuvo", 100, 98), figures("opencv_o-1", "opencv", 100, 90)));
        PairSetFigures behind = new PairSetFigures("brightness_+40", "homography_transfer_distance", 2.0, List.of(
                figures("gpuvo_o-1", "gpuvo", 100, 95), figures("opencv_o-1", "opencv", 100, 96)));
        SiftConformanceTable table = new SiftConformanceTable(new ConfigSift(2000), new ConfigMatch(0.8, true, 1000),
                "cpu", 4, List.of(chain, ahead, behind));
        JsonNode json = table.json();
        assertThat(json.path("pair_groups")).extracting(g -> g.path("group").asText())
                .containsExactly("consecutive", "warped");
        assertThat(json.path("pair_groups").get(1).path("bar").get(0).path("holds").asBoolean()).isTrue();
        assertThat(json.path("bar_holds").get(0).path("holds").asBoolean()).isTrue();
        assertThat(json.path("bar_holds_on_every_set").get(0).path("holds").asBoolean()).isFalse();
        StringWriter text = new StringWriter();
        table.print(new PrintWriter(text));
        assertThat(text.toString()).contains("gpuvo_o-1: the bar holds on every group; per set it holds on 2 of 3");

        // the plot: two panels of 1200 x 460 (the groups, then the warped group's sets); none without the reference
        Path png = dir.resolve("conformance.png");
        table.plot(png, "test");
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1200);
        assertThat(image.getHeight()).isEqualTo(920);
        SiftConformanceTable alone = new SiftConformanceTable(new ConfigSift(2000), new ConfigMatch(0.8, true, 1000),
                "cpu", null, List.of(new PairSetFigures("consecutive", "sampson_distance", 1.0, List.of(
                figures("gpuvo_o-1", "gpuvo", 100, 90)))));
        assertThatThrownBy(() -> alone.plot(dir.resolve("alone.png"), "test"))
                .isInstanceOf(IllegalStateException.class);
    }

    private static PairOutcome outcome(int matches, int correct) {
        return new PairOutcome(100, 100, matches, correct, 2, 1_000_000);
    }

    private static ExtractorFigures figures(String id, String name, long matches, long correct) {
        return figures(id, name, 1, matches, correct);
    }

    private static ExtractorFigures figures(String id, String name, int pairs, long matches, long correct) {
        return new ExtractorFigures(id, name, "test", 0, pairs, 2000L * pairs, matches, correct, 2L * pairs,
                2_000_000L * pairs);
    }
}
