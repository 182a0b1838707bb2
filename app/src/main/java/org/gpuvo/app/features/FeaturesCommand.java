package org.gpuvo.app.features;

import org.gpuvo.app.AbstractCommand;
import org.gpuvo.app.FeatureOptions;
import org.gpuvo.app.ImageInputs;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.OrbOptions;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.odometry.frontend.FeatureDescriptors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.gpuvo.odometry.frontend.FeatureDescriptors.binaryRows;
import static org.gpuvo.odometry.frontend.FeatureDescriptors.floatRows;

/**
 * {@code gpuvo features}: ORB or SIFT keypoints of one image, or of two images and their matches; with
 * {@code --synthetic}, of an image pair gpuvo renders itself, so that the matches can be checked against the
 * motion it was rendered with.
 */
@Command(name = "features", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Extracts ORB keypoints (or SIFT's, with --features sift) of an image and reports their count "
                + "per pyramid level (SIFT: per octave, and their scales) and the time taken.",
                "With two images, also matches them (nearest Hamming distance, SIFT: Euclidean, with Lowe's ratio "
                        + "test).",
                "With --synthetic, runs on an image pair gpuvo renders itself (a textured scene, then the same scene "
                        + "rotated by 4°, scaled by 1.03 and shifted) and reports how many matches agree with that "
                        + "known motion."})
public final class FeaturesCommand extends AbstractCommand {
    /** Creates the extractor for a backend; tests substitute their own. */
    interface ExtractorFactory {
        OrbExtractor create(Backend backend, ConfigOrb config);
    }

    @Parameters(index = "0..1", arity = "0..2", paramLabel = "IMAGE",
            description = "One image, or two to match (PNG, JPEG, PGM, TIFF, BMP).")
    List<Path> images = new ArrayList<>();

    @Option(names = "--synthetic", description = "Use gpuvo's own synthetic image pair instead of IMAGE files.")
    boolean synthetic;

    @Option(names = "--backend", paramLabel = "NAME", defaultValue = "AUTO",
            description = "Where features are computed: auto (the default: the GPU where CUDA is usable, else the "
                    + "CPU, with a warning), cuda or cpu.")
    Backend backend;

    @Mixin
    FeatureOptions features;

    @Mixin
    OrbOptions orb;

    @Option(names = "--grid", paramLabel = "CELL",
            description = "Spread keypoints over square cells of CELL level pixels (ORB-SLAM style) instead of "
                    + "keeping each level's strongest.")
    Integer gridCell;

    @Option(names = "--ratio", paramLabel = "RATIO", defaultValue = "0.8",
            description = "Keep a match when its distance is below RATIO times the second nearest (default: "
                    + "${DEFAULT-VALUE}).")
    double ratio;

    @Option(names = "--draw", paramLabel = "PNG",
            description = "Draw the keypoints (one image: circles of their size with their orientation, coloured by "
                    + "level or octave) or the matches side by side (two images) into a PNG file.")
    Path draw;

    @Mixin
    JsonOutput json;

    /** ORB's options that SIFT does not take (the count, {@code --n} or {@code --max-features}, serves both). */
    private static final List<String> ORB_ONLY = List.of("--levels", "--scale", "--fast-threshold", "--grid");

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
        features.requireOptionsOfTheType(ORB_ONLY);
        FeatureSettings settings = features.type == FeatureType.SIFT
                ? FeatureSettings.sift(features.siftConfig(orb.maxFeatures)) : FeatureSettings.orb(orbConfig());
        ConfigMatch matchConfig = matchConfig(settings.type());
        List<Input> inputs = new ArrayList<>();
        Homography motion = null;
        if (synthetic) {
            if (!images.isEmpty())
                throw usageError("--synthetic renders its own image pair: give no IMAGE with it");
            SyntheticImages.Pair pair = SyntheticImages.defaultPair();
            inputs.add(new Input("synthetic-first", pair.first()));
            inputs.add(new Input("synthetic-second", pair.second()));
            motion = pair.firstToSecond();
        } else {
            if (images.isEmpty())
                throw usageError("give one or two IMAGE files, or --synthetic");
            for (Path file : images)
                inputs.add(new Input(file.toString(), ImageInputs.read(file, spec.commandLine())));
        }

        List<ExtractedImage> extracted = new ArrayList<>();
        String backendName;
        if (settings.type() == FeatureType.SIFT) {
            try (SiftExtractor extractor = FactorySift.create(settings.sift(), backend)) {
                backendName = extractor.backend();
                extractAll(inputs, (image, k, d) -> extractor.detect(image, new SiftFeatures(k, floatRows(d))),
                        FeatureType.SIFT, extracted);
            }
        } else {
            try (OrbExtractor extractor = extractors.create(backend, settings.orb())) {
                backendName = extractor.backend();
                extractAll(inputs, (image, k, d) -> extractor.detect(image, new OrbFeatures(k, binaryRows(d))),
                        FeatureType.ORB, extracted);
            }
        }
        MatchedPair pair = extracted.size() == 2
                ? match(extracted.get(0), extracted.get(1), matchConfig, motion) : null;

        FeaturesReport.print(backendName, settings, extracted, pair, json.text());
        if (draw != null) {
            FeatureDrawing.writePng(drawing(extracted, pair, settings), draw);
            json.text().println("drawing  " + draw);
            json.text().flush();
        }
        json.write(FeaturesReport.json(backendName, settings, extracted, pair));
        return 0;
    }

    /** Extraction of one image into keypoints and descriptors. */
    private interface Detector {
        void detect(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors);
    }

    private static void extractAll(List<Input> inputs, Detector detector, FeatureType type, List<ExtractedImage> out) {
        for (Input input : inputs) {
            KeyPoints keyPoints = new KeyPoints();
            FeatureDescriptors descriptors = FeatureDescriptors.of(type);
            long start = System.nanoTime();
            detector.detect(input.image(), keyPoints, descriptors);
            out.add(new ExtractedImage(input.name(), input.image(), keyPoints, descriptors, millisSince(start)));
        }
    }

    private ConfigOrb orbConfig() {
        ConfigOrb config = orb.toConfig();
        if (gridCell != null) {
            config.distribution = ConfigOrb.Distribution.GRID;
            config.gridCellSize = gridCell;
        }
        return orb.checked(config);
    }

    /** Lowe's ratio test alone: no distance limit (ORB's 256 bits, and none in SIFT's unit either). */
    private ConfigMatch matchConfig(FeatureType type) {
        ConfigMatch config = new ConfigMatch();
        config.ratio = ratio;
        if (type == FeatureType.SIFT)
            config.maxDistance = Integer.MAX_VALUE;
        try {
            return config.checkValidity();
        } catch (IllegalArgumentException e) {
            throw usageError("invalid --ratio: " + e.getMessage());
        }
    }

    private static MatchedPair match(ExtractedImage first, ExtractedImage second, ConfigMatch config,
                                     Homography motion) {
        long start = System.nanoTime();
        Matches matches = new Matches();
        if (first.descriptors().type() == FeatureType.SIFT)
            FactoryMatcher.floatCpu(config).match(floatRows(first.descriptors()), floatRows(second.descriptors()),
                    matches);
        else
            FactoryMatcher.cpu(config).match(binaryRows(first.descriptors()), binaryRows(second.descriptors()),
                    matches);
        double millis = millisSince(start);
        boolean[] agreeing = motion == null ? null
                : MotionAgreement.agreeing(matches, first.keyPoints(), second.keyPoints(), motion);
        return new MatchedPair(matches, config.ratio, millis, motion, agreeing);
    }

    private static BufferedImage drawing(List<ExtractedImage> extracted, MatchedPair pair, FeatureSettings settings) {
        ExtractedImage first = extracted.get(0);
        if (pair == null)
            return FeatureDrawing.keyPoints(first.image(), first.keyPoints(), settings.firstLevel(),
                    settings.levelCount(first.keyPoints()));
        ExtractedImage second = extracted.get(1);
        return FeatureDrawing.matches(first.image(), first.keyPoints(), second.image(), second.keyPoints(),
                pair.matches(), pair.agreeing());
    }

    private static double millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }
}
