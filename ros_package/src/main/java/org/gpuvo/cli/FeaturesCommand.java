package org.gpuvo.cli;

import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.gpu.match.ConfigMatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code gpuvo features}: ORB keypoints of one image, or of two images and their matches; with
 * {@code --synthetic}, of an image pair gpuvo renders itself, so that the matches can be checked against the
 * motion it was rendered with.
 */
@Command(name = "features", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Extracts ORB keypoints of an image and reports their count per pyramid level and the time taken.",
                "With two images, also matches them (nearest Hamming distance with Lowe's ratio test).",
                "With --synthetic, runs on an image pair gpuvo renders itself (a textured scene, then the same scene "
                        + "rotated by 4°, scaled by 1.03 and shifted) and reports how many matches agree with that known motion."})
final class FeaturesCommand implements Callable<Integer> {
    /** Creates the extractor for a backend; tests substitute their own. */
    interface ExtractorFactory {
        OrbExtractor create(Backend backend, ConfigOrb config);
    }

    @Parameters(index = "0..1", arity = "0..2", paramLabel = "IMAGE", description = "One image, or two to match (PNG, JPEG, PGM, TIFF, BMP).")
    List<Path> images = new ArrayList<>();

    @Option(names = "--synthetic", description = "Use gpuvo's own synthetic image pair instead of IMAGE files.")
    boolean synthetic;

    @Option(names = "--backend", paramLabel = "NAME", defaultValue = "AUTO",
            description = "Where features are computed: auto (the default: the GPU where CUDA is usable, else the CPU, with a warning), cuda or cpu.")
    Backend backend;

    @Mixin
    OrbOptions orb;

    @Option(names = "--grid", paramLabel = "CELL",
            description = "Spread keypoints over square cells of CELL level pixels (ORB-SLAM style) instead of keeping each level's strongest.")
    Integer gridCell;

    @Option(names = "--ratio", paramLabel = "RATIO", defaultValue = "0.8",
            description = "Keep a match when its distance is below RATIO times the second nearest (default: ${DEFAULT-VALUE}).")
    double ratio;

    @Option(names = "--draw", paramLabel = "PNG",
            description = "Draw the keypoints (one image) or the matches side by side (two images) into a PNG file.")
    Path draw;

    @Mixin
    JsonOutput json;

    @Spec
    CommandSpec spec;

    private final ExtractorFactory extractors;

    FeaturesCommand() {
        this((backend, config) -> FactoryOrb.create(config, backend));
    }

    FeaturesCommand(ExtractorFactory extractors) {
        this.extractors = extractors;
    }

    /** An image to extract features from and the name it is reported under. */
    private record Input(String name, GrayImage image) {
    }

    @Override
    public Integer call() throws Exception {
        ConfigOrb config = orbConfig();
        ConfigMatch matchConfig = matchConfig();
        List<Input> inputs = new ArrayList<>();
        Homography motion = null;
        if (synthetic) {
            if (!images.isEmpty())
                throw new ParameterException(spec.commandLine(), "--synthetic renders its own image pair: give no IMAGE with it");
            SyntheticImages.Pair pair = SyntheticImages.defaultPair();
            inputs.add(new Input("synthetic-first", pair.first()));
            inputs.add(new Input("synthetic-second", pair.second()));
            motion = pair.firstToSecond();
        } else {
            if (images.isEmpty())
                throw new ParameterException(spec.commandLine(), "give one or two IMAGE files, or --synthetic");
            for (Path file : images)
                inputs.add(new Input(file.toString(), ImageInputs.read(file, spec.commandLine())));
        }

        List<ExtractedImage> extracted = new ArrayList<>();
        String backendName;
        try (OrbExtractor extractor = extractors.create(backend, config)) {
            backendName = extractor.backend();
            for (Input input : inputs) {
                OrbFeatures features = new OrbFeatures();
                long start = System.nanoTime();
                extractor.detect(input.image(), features);
                extracted.add(new ExtractedImage(input.name(), input.image(), features, millisSince(start)));
            }
        }
        MatchedPair pair = extracted.size() == 2 ? match(extracted.get(0), extracted.get(1), matchConfig, motion) : null;

        FeaturesReport.print(backendName, config, extracted, pair, json.text());
        if (draw != null) {
            FeatureDrawing.writePng(drawing(extracted, pair, config.levels), draw);
            json.text().println("drawing  " + draw);
            json.text().flush();
        }
        json.write(FeaturesReport.json(backendName, config, extracted, pair));
        return 0;
    }

    private ConfigOrb orbConfig() {
        ConfigOrb config = orb.toConfig();
        if (gridCell != null) {
            config.distribution = ConfigOrb.Distribution.GRID;
            config.gridCellSize = gridCell;
        }
        return orb.checked(config);
    }

    private ConfigMatch matchConfig() {
        ConfigMatch config = new ConfigMatch();
        config.ratio = ratio;
        try {
            return config.checkValidity();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "invalid --ratio: " + e.getMessage());
        }
    }

    private static MatchedPair match(ExtractedImage first, ExtractedImage second, ConfigMatch config, Homography motion) {
        long start = System.nanoTime();
        Matches matches = new Matches();
        FactoryMatcher.cpu(config).match(first.features().descriptors, second.features().descriptors, matches);
        double millis = millisSince(start);
        boolean[] agreeing = motion == null ? null
                : MotionAgreement.agreeing(matches, first.features().keyPoints, second.features().keyPoints, motion);
        return new MatchedPair(matches, config.ratio, millis, motion, agreeing);
    }

    private static BufferedImage drawing(List<ExtractedImage> extracted, MatchedPair pair, int levels) {
        ExtractedImage first = extracted.get(0);
        if (pair == null)
            return FeatureDrawing.keyPoints(first.image(), first.features().keyPoints, levels);
        ExtractedImage second = extracted.get(1);
        return FeatureDrawing.matches(first.image(), first.features().keyPoints, second.image(),
                second.features().keyPoints, pair.matches(), pair.agreeing());
    }

    private static double millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }
}
