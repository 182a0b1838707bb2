package org.gpuvo.app.features;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class FeaturesCommandTest {
    @TempDir
    Path dir;

    @Test
    void oneImageGivesKeypointsADrawingAndJson() throws Exception {
        Path image = syntheticPng("scene.png");
        Path png = dir.resolve("keypoints.png"), json = dir.resolve("features.json");
        CliRun run = FeaturesCliRun.runWithExtractor(GridExtractor::new,
                "features", image.toString(), "--draw", png.toString(), "--json", json.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("scene.png", "640x480", "keypoints", "per level");
        BufferedImage drawing = ImageIO.read(png.toFile());
        assertThat(drawing.getWidth()).isEqualTo(640);
        assertThat(drawing.getHeight()).isEqualTo(480);

        JsonNode root = JsonOutput.MAPPER.readTree(Files.readString(json));
        assertThat(root.path("backend").asText()).isEqualTo("grid");
        assertThat(root.path("config").path("max_features").asInt()).isEqualTo(2000);
        JsonNode first = root.path("images").get(0);
        int count = first.path("count").asInt();
        assertThat(count).isPositive();
        assertThat(first.path("keypoints")).hasSize(count);
        JsonNode keyPoint = first.path("keypoints").get(0);
        for (String key : new String[]{"x", "y", "level", "angle", "response", "diameter"})
            assertThat(keyPoint.has(key)).as(key).isTrue();
        int perLevelSum = 0;
        for (JsonNode n : first.path("per_level"))
            perLevelSum += n.asInt();
        assertThat(perLevelSum).isEqualTo(count);
        assertThat(root.has("matches")).isFalse();
    }

    @Test
    void twoImagesAreMatchedAndDrawnSideBySide() throws Exception {
        Path a = syntheticPng("a.png"), b = syntheticPng("b.png");
        Path png = dir.resolve("matches.png");
        CliRun run = FeaturesCliRun.runWithExtractor(GridExtractor::new,
                "features", a.toString(), b.toString(), "--draw", png.toString(), "--json", "-");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode matches = JsonOutput.MAPPER.readTree(run.out()).path("matches");
        int keyPoints = JsonOutput.MAPPER.readTree(run.out()).path("images").get(0).path("count").asInt();
        // the grid extractor gives both images the same descriptors: every keypoint matches its namesake
        assertThat(matches.path("count").asInt()).isEqualTo(keyPoints);
        JsonNode pair = matches.path("pairs").get(3);
        assertThat(pair.path("query").asInt()).isEqualTo(3);
        assertThat(pair.path("train").asInt()).isEqualTo(3);
        assertThat(pair.path("distance").asInt()).isZero();
        assertThat(matches.has("known_motion")).isFalse();
        assertThat(ImageIO.read(png.toFile()).getWidth()).isEqualTo(1280);
        assertThat(run.err()).contains("matches");
    }

    @Test
    void theSyntheticPairReportsAgreementWithItsKnownMotion() throws Exception {
        CliRun run = FeaturesCliRun.runWithExtractor(GridExtractor::new, "features", "--synthetic", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode root = JsonOutput.MAPPER.readTree(run.out());
        assertThat(root.path("images")).hasSize(2);
        JsonNode motion = root.path("matches").path("known_motion");
        assertThat(motion.path("homography")).hasSize(9);
        assertThat(motion.path("tolerance_px").asDouble()).isEqualTo(2.0);
        assertThat(motion.has("agreeing_fraction")).isTrue();
        assertThat(run.err()).contains("agree with the known motion");
    }

    /** Runs once the CPU ORB is in: real features of the synthetic pair must mostly agree with the motion. */
    @Test
    void theCpuOrbMatchesTheSyntheticPairAlongItsMotion() throws Exception {
        assumeCpuOrbAvailable();
        Path png = dir.resolve("pair.png");
        CliRun run = CliRun.run("features", "--synthetic", "--draw", png.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode matches = JsonOutput.MAPPER.readTree(run.out()).path("matches");
        assertThat(matches.path("count").asInt()).isGreaterThan(200);
        assertThat(matches.path("known_motion").path("agreeing_fraction").asDouble()).isGreaterThan(0.8);
        assertThat(Files.size(png)).isPositive();
    }

    /** --features sift: keypoints with their octave, scale σ and orientation, in the text and the JSON, and drawn. */
    @Test
    void siftKeypointsOfOneImageComeWithTheirScaleAndAngle() throws Exception {
        Path image = syntheticPng("scene.png");
        Path png = dir.resolve("sift.png");
        CliRun run = CliRun.run("features", image.toString(), "--features", "sift", "--backend", "cpu",
                "--max-features", "500", "--draw", png.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("scene.png", "640x480", "sift keypoints", "(cpu)", "per octave 0:", "scale σ ");

        JsonNode root = JsonOutput.MAPPER.readTree(run.out());
        assertThat(root.path("features").asText()).isEqualTo("sift");
        JsonNode config = root.path("config");
        assertThat(config.path("max_features").asInt()).isEqualTo(500);
        assertThat(config.path("first_octave").asInt()).isZero();
        assertThat(config.path("root_sift").asBoolean()).isFalse();
        assertThat(config.has("levels")).as("no ORB parameters").isFalse();
        JsonNode first = root.path("images").get(0);
        int count = first.path("count").asInt();
        assertThat(count).isBetween(100, 500);
        assertThat(first.path("keypoints")).hasSize(count);
        int perOctave = 0;
        for (JsonNode n : first.path("per_octave"))
            perOctave += n.asInt();
        assertThat(perOctave).isEqualTo(count);
        assertThat(first.path("per_octave").size()).as("octaves with keypoints").isGreaterThan(1);
        double smallest = Double.POSITIVE_INFINITY, largest = 0;
        for (JsonNode k : first.path("keypoints")) {
            double scale = k.path("scale").asDouble();
            assertThat(scale).isEqualTo(k.path("diameter").asDouble() / 2, within(1e-5));
            // octave o's extrema lie on levels 1..3, refined by less than half a level: σ = 1.6·2^(o + (s + δs)/3)
            int octave = k.path("octave").asInt();
            assertThat(scale).isBetween(1.6 * Math.pow(2, octave + 0.5 / 3) * 0.9999,
                    1.6 * Math.pow(2, octave + 3.5 / 3) * 1.0001);
            assertThat(k.path("angle").asDouble()).isBetween(0.0, 360.0);
            smallest = Math.min(smallest, scale);
            largest = Math.max(largest, scale);
        }
        assertThat(largest).isGreaterThan(2 * smallest);
        BufferedImage drawing = ImageIO.read(png.toFile());
        assertThat(drawing.getWidth()).isEqualTo(640);
    }

    /** SIFT's matches of the synthetic pair (rotated 4°, scaled 1.03) mostly follow its known motion. */
    @Test
    void siftMatchesTheSyntheticPairAlongItsMotion() throws Exception {
        CliRun run = CliRun.run("features", "--synthetic", "--features", "sift", "--backend", "cpu", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode matches = JsonOutput.MAPPER.readTree(run.out()).path("matches");
        assertThat(matches.path("distance_unit").asText()).isEqualTo("euclidean/512");
        assertThat(matches.path("count").asInt()).isGreaterThan(200);
        assertThat(matches.path("known_motion").path("agreeing_fraction").asDouble()).isGreaterThan(0.9);
        // distances in 1/512 of the Euclidean distance of unit descriptors: at most 2 (1024)
        for (JsonNode pair : matches.path("pairs"))
            assertThat(pair.path("distance").asInt()).isBetween(0, 1024);
        assertThat(run.err()).contains("sift keypoints", "agree with the known motion");
    }

    /** ORB's options are refused with SIFT, SIFT's without it, and a count given to --features names --max-features. */
    @Test
    void optionsOfTheOtherFeatureTypeAreUsageErrors() {
        CliRun levels = CliRun.run("features", "--synthetic", "--features", "sift", "--levels", "3", "--grid", "40");
        assertThat(levels.exitCode()).isEqualTo(2);
        assertThat(levels.err()).contains("--levels, --grid are for ORB: not with --features sift");
        CliRun root = CliRun.run("features", "--synthetic", "--root-sift");
        assertThat(root.exitCode()).isEqualTo(2);
        assertThat(root.err()).contains("--root-sift is for SIFT: add --features sift");
        CliRun count = CliRun.run("features", "--synthetic", "--features", "500");
        assertThat(count.exitCode()).isEqualTo(2);
        assertThat(count.err()).contains("the feature count is now --max-features 500");
        CliRun threshold = CliRun.run("features", "--synthetic", "--features", "sift", "--sift-contrast-threshold",
                "2");
        assertThat(threshold.exitCode()).isEqualTo(2);
        assertThat(threshold.err()).contains("invalid SIFT parameters: contrastThreshold");
    }

    @Test
    void aMissingImageIsAUsageError() {
        CliRun run = CliRun.run("features", dir.resolve("nope.png").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("no such file", "nope.png").doesNotContain("\tat ");
    }

    @Test
    void anUndecodableImageIsAFailureNamingTheFile() throws Exception {
        Path notAnImage = Files.writeString(dir.resolve("text.png"), "this is not a PNG");
        CliRun run = CliRun.run("features", notAnImage.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("text.png").doesNotContain("\tat ");
        assertThat(run.err().lines().count()).isEqualTo(1);
    }

    @Test
    void backendsAreAutoCudaOrCpu() throws Exception {
        Path image = syntheticPng("scene.png");
        CliRun run = CliRun.run("features", image.toString(), "--backend", "opencl");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--backend", "opencl", "AUTO", "CPU", "CUDA");
        assertThat(FeaturesCliRun.runWithExtractor(GridExtractor::new, "features", image.toString(), "--backend", "cpu")
                .exitCode()).isZero();
    }

    @Test
    void inputsMustBeOneOrTwoImagesOrSynthetic() throws Exception {
        Path image = syntheticPng("scene.png");
        assertThat(CliRun.run("features").err()).contains("IMAGE", "--synthetic");
        assertThat(CliRun.run("features").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("features", "--synthetic", image.toString()).exitCode()).isEqualTo(2);
        assertThat(CliRun.run("features", image.toString(), image.toString(), image.toString()).exitCode())
                .isEqualTo(2);
    }

    @Test
    void outOfRangeParametersAreUsageErrors() {
        CliRun zero = CliRun.run("features", "--synthetic", "--n", "0");
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(zero.err()).contains("maxFeatures");
        assertThat(CliRun.run("features", "--synthetic", "--scale", "1.0").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("features", "--synthetic", "--ratio", "1.5").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("features", "--synthetic", "--grid", "2").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("features", "--synthetic", "--n", "many").exitCode()).isEqualTo(2);
    }

    @Test
    void gridDistributionReachesTheExtractorConfig() throws Exception {
        CliRun run = FeaturesCliRun.runWithExtractor(GridExtractor::new, "features", "--synthetic", "--grid", "48",
                "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode config = JsonOutput.MAPPER.readTree(run.out()).path("config");
        assertThat(config.path("distribution").asText()).isEqualTo("grid");
        assertThat(config.path("grid_cell_size").asInt()).isEqualTo(48);
    }

    @Test
    void aDrawingIntoAMissingFolderFailsWithItsReason() {
        CliRun run = FeaturesCliRun.runWithExtractor(GridExtractor::new,
                "features", "--synthetic", "--draw", dir.resolve("no/such/folder/x.png").toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("does not exist").doesNotContain("\tat ");
    }

    private Path syntheticPng(String name) throws Exception {
        Path file = dir.resolve(name);
        ImageFiles.writePng(SyntheticImages.defaultPair().first(), file);
        return file;
    }

    static void assumeCpuOrbAvailable() {
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(100))) {
            orb.detect(SyntheticImages.defaultPair().first(), new OrbFeatures());
        } catch (UnsupportedOperationException e) {
            assumeTrue(false, "the CPU ORB is not in this build yet: " + e.getMessage());
        }
    }
}
