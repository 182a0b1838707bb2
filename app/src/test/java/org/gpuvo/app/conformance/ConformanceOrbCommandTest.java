package org.gpuvo.app.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.ImageInputs;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.app.opencv.OrbConformance;
import org.gpuvo.app.opencv.OrbConformanceReport;
import org.gpuvo.app.opencv.OrbConformanceReport.PerImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ConformanceOrbCommandTest {
    @TempDir
    Path dir;

    @Test
    void atLeastOneImageOrDirectoryIsRequired() {
        CliRun run = CliRun.run("conformance", "orb");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("DIR_OR_IMAGE");
    }

    @Test
    void aMissingPathIsAUsageError() {
        CliRun run = CliRun.run("conformance", "orb", dir.resolve("absent").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("no such file or directory", "absent");
    }

    @Test
    void aDirectoryWithoutImagesIsAUsageError() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "no images here");
        CliRun run = CliRun.run("conformance", "orb", dir.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("no images");
    }

    @Test
    void directoriesYieldTheirImagesSortedDownToThreeLevels() throws Exception {
        Path data = Files.createDirectories(dir.resolve("mav0/cam0/data"));
        Path tooDeep = Files.createDirectories(dir.resolve("a/b/c/d"));
        for (Path file : List.of(data.resolve("2.png"), data.resolve("1.PNG"), data.resolve("3.pgm"),
                dir.resolve("top.jpg"), tooDeep.resolve("hidden.png")))
            Files.writeString(file, "");
        Files.writeString(data.resolve("data.csv"), "");
        Path single = Files.writeString(dir.resolve("single.tif"), "");

        List<Path> images = ImageInputs.collect(List.of(dir, single), null);
        assertThat(images).containsExactly(data.resolve("1.PNG"), data.resolve("2.png"), data.resolve("3.pgm"),
                dir.resolve("top.jpg"), single);
    }

    @Test
    void poolingWeighsImagesByTheirCounts() {
        List<PerImage> images = new ArrayList<>();
        images.add(new PerImage("a", 10, 10, 100, 90, 100, 99, 10, 95, 85));
        images.add(new PerImage("b", 10, 10, 300, 310, 300, 297, 30, 285, 300));
        OrbConformanceReport report = OrbConformance.pool(images);
        assertThat(report.images()).isEqualTo(2);
        assertThat(report.descriptorIdenticalFraction()).isCloseTo(396 / 400.0, within(1e-12));
        assertThat(report.descriptorMeanHammingBits()).isCloseTo(40 / 400.0, within(1e-12));
        assertThat(report.keypointRecallVsOpencv()).isCloseTo(380 / 400.0, within(1e-12));
        assertThat(report.keypointPrecisionVsOpencv()).isCloseTo(385 / 400.0, within(1e-12));
        assertThat(OrbConformance.pool(List.of()).descriptorIdenticalFraction()).isNaN();
    }

    @Test
    void theJsonHasExactlyTheDocumentedKeys() {
        OrbConformanceReport report = OrbConformance.pool(List.of(
                new PerImage("a", 10, 10, 100, 90, 100, 99, 10, 95, 85),
                new PerImage("empty", 10, 10, 0, 0, 0, 0, 0, 0, 0)));
        JsonNode json = ConformanceTable.json(report);
        List<String> keys = new ArrayList<>();
        json.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("descriptor_identical_fraction", "descriptor_mean_hamming_bits",
                "keypoint_recall_vs_opencv", "keypoint_precision_vs_opencv", "images", "per_image");
        assertThat(json.path("images").asInt()).isEqualTo(2);
        assertThat(json.path("descriptor_identical_fraction").asDouble()).isEqualTo(0.99);
        // an image without keypoints has undefined fractions: null, never NaN (which is not JSON)
        assertThat(json.path("per_image").get(1).path("keypoint_recall_vs_opencv").isNull()).isTrue();
    }

    /** Runs once the conformance measurement is in. */
    @Test
    void measuresImagesOfADirectory() throws Exception {
        Path images = Files.createDirectories(dir.resolve("images"));
        SyntheticImages.Pair pair = SyntheticImages.defaultPair();
        ImageFiles.writePng(pair.first(), images.resolve("000000.png"));
        ImageFiles.writePng(pair.second(), images.resolve("000001.png"));
        CliRun run = CliRun.run("conformance", "orb", images.toString(), "--n", "500", "--json", "-");
        assumeTrue(!run.err().contains("not available in this build"),
                "the conformance measurement is not in this build yet");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("images").asInt()).isEqualTo(2);
        assertThat(json.path("per_image")).hasSize(2);
        assertThat(json.path("keypoint_recall_vs_opencv").isNumber()).isTrue();
        assertThat(run.err()).contains("all 2 images", "target");
    }
}
