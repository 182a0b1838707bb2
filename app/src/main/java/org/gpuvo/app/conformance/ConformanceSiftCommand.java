package org.gpuvo.app.conformance;

import me.tongfei.progressbar.ProgressBar;
import org.bytedeco.opencv.global.opencv_core;
import org.gpuvo.app.AbstractCommand;
import org.gpuvo.app.FrameRange;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.OutputFiles;
import org.gpuvo.app.SiftOptions;
import org.gpuvo.app.boofcv.BoofCvSift;
import org.gpuvo.app.conformance.GpuvoSift;
import org.gpuvo.app.conformance.ImagePair;
import org.gpuvo.app.conformance.PairOutcome;
import org.gpuvo.app.conformance.PairSetFigures;
import org.gpuvo.app.conformance.PairSetTally;
import org.gpuvo.app.conformance.SiftMatchQuality;
import org.gpuvo.app.conformance.SiftSource;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.app.opencv.OpenCvSift;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code gpuvo conformance sift}: how good gpuvo's SIFT is for matching, next to OpenCV's and BoofCV's, on image
 * pairs with known ground truth ({@link SiftPairSets}), all matched by the same FP32 brute-force matcher, so that the
 * conformance bar (at least as many correct matches as OpenCV's at no lower precision, on each of its groups of pairs)
 * can be checked on anyone's data.
 */
@Command(name = "sift", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares gpuvo's SIFT (the configured first octave and the other one) with OpenCV's cv::SIFT "
                + "(which always upsamples first: octave -1) and BoofCV 1.2.2's SIFT (octave 0) on image pairs with "
                + "known ground truth, all with the same feature budget and SIFT parameters and matched by the same "
                + "matcher: FP32 brute force on Euclidean distance, Lowe's ratio 0.8, mutual check.",
                "Pairs: a KITTI sequence with poses.txt gives consecutive frames and every 5th frame, a match being "
                        + "correct within 1 px Sampson distance of the epipolar geometry of the two poses; every input "
                        + "(KITTI, EuRoC, image folders and files) gives views changed by rotation (15, 30, 45, 60 "
                        + "deg), scale (0.5, 0.75, 1.5, 2) about the image centre, Gaussian blur (sigma 1, 2) and "
                        + "brightness (+-40), a match being correct within 2 px of the homography's image of the "
                        + "first point.",
                "Per pair set and extractor: features per image, matches, correct matches, precision (correct / "
                        + "matches) and the mean wall time of one image's detection and description from Java (each "
                        + "image extracted once, after one untimed warm-up image; OpenCV on its default threads).",
                "The bar (where OpenCV is measured: --compare-with): gpuvo gives at least as many correct matches "
                        + "as OpenCV at no lower precision on each of the bar's groups of pairs: consecutive "
                        + "frames, every 5th frame, and the warped views, all kinds pooled. Each comes with the "
                        + "differences gpuvo - OpenCV and their standard deviations in a bootstrap over the pairs "
                        + "(2000 resamples, fixed seed; a group's pairs drawn set by set): how far another draw of "
                        + "such pairs would move them. The same follows set by set, a finer look than the bar, where "
                        + "gpuvo being below by less than 2 standard deviations is told apart from being below by "
                        + "more.",
                "JSON (--json): backend; sift {max_features, first_octave, contrast_threshold, edge_threshold, "
                        + "root_sift}; matcher {kind, ratio, mutual}; opencv_threads (null without OpenCV); "
                        + "extractors [{id, name, implementation, first_octave}]; pair_sets [{set, criterion, "
                        + "tolerance_px, pairs, results [{extractor, matches, correct_matches, precision, "
                        + "features_per_image, ms_per_image, images_extracted}], bar [{gpuvo, reference, holds, "
                        + "verdict (holds, within_two_sd or below), correct_difference, correct_difference_sd, "
                        + "precision_difference, precision_difference_sd}]}] (only sets with pairs; precision null "
                        + "without matches, a standard deviation null without 2 pairs to resample); pair_groups "
                        + "[{group, sets, criterion, tolerance_px, pairs, results [{extractor, matches, "
                        + "correct_matches, precision}], bar [as a set's]}]; bar_holds [{gpuvo, reference, holds}] "
                        + "(on every group: the conformance bar); bar_holds_on_every_set [{gpuvo, reference, holds}] "
                        + "(the bar's arrays empty without OpenCV)."})
final class ConformanceSiftCommand extends AbstractCommand {
    /** Creates gpuvo's extractor for a backend; tests substitute their own. */
    interface ExtractorFactory {
        SiftExtractor create(Backend backend, ConfigSift config);
    }

    /** The other SIFTs gpuvo's is measured beside; {@code NONE} (alone) measures gpuvo's only. */
    enum Reference { OPENCV, BOOFCV, NONE }

    /** The matching rule every extractor is measured with. */
    static final double RATIO = 0.8;

    @Parameters(arity = "1..*", paramLabel = "DATASET_OR_IMAGE",
            description = "KITTI or EuRoC folders, image files, or folders of images (*.png, *.jpg, *.jpeg, *.pgm).")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--backend", paramLabel = "NAME", defaultValue = "AUTO",
            description = "Where gpuvo's SIFT runs: auto (the default: the GPU where CUDA is usable, else the CPU), "
                    + "cuda or cpu.")
    Backend backend;

    @Option(names = "--max-features", paramLabel = "N", defaultValue = "2000",
            description = "Feature budget of every extractor (default: ${DEFAULT-VALUE}).")
    int maxFeatures;

    @Mixin
    SiftOptions sift;

    @Option(names = "--compare-with", split = ",", paramLabel = "NAME", defaultValue = "opencv,boofcv",
            description = "The other SIFTs measured beside gpuvo's: opencv, boofcv, both (the default: "
                    + "${DEFAULT-VALUE}) or none. The bar needs opencv; with none, neither OpenCV's natives nor "
                    + "BoofCV are loaded, e.g. to measure the CUDA backend on a GPU machine that lacks them.")
    List<Reference> compareWith = new ArrayList<>();

    @Option(names = "--frames", paramLabel = "A:B",
            description = "Use only frames A to B-1 of each input (images of a folder in name order; either end "
                    + "optional; default: all).")
    String frames;

    @Option(names = "--warp-images", paramLabel = "N", defaultValue = "3",
            description = "Images of each input that are changed by every kind of warp, spread evenly (default: "
                    + "${DEFAULT-VALUE}).")
    int warpImages;

    @Option(names = "--plot", paramLabel = "PNG",
            description = "Also draw gpuvo's differences from OpenCV (correct matches in percent of OpenCV's, "
                    + "precision in percentage points) per group of the bar and per kind of warp, with error bars "
                    + "of 2 bootstrap standard deviations, into a PNG file. Needs OpenCV measured.")
    Path plot;

    @Mixin
    JsonOutput json;

    private final ExtractorFactory extractors;

    ConformanceSiftCommand() {
        this((backend, config) -> FactorySift.create(config, backend));
    }

    ConformanceSiftCommand(ExtractorFactory extractors) {
        this.extractors = extractors;
    }

    @Override
    public Integer call() throws Exception {
        ConfigSift config = sift.checked(sift.toConfig(maxFeatures));
        if (compareWith.contains(Reference.NONE) && compareWith.size() > 1)
            throw usageError("--compare-with none takes no other name, got "
                    + compareWith.stream().map(r -> r.name().toLowerCase(Locale.ROOT)).toList());
        // the inputs differ in length: the range is cut to each one's frames
        int[] range = FrameRange.parse(frames, Integer.MAX_VALUE, spec.commandLine());
        if (plot != null && !compareWith.contains(Reference.OPENCV))
            throw usageError("--plot draws gpuvo's differences from OpenCV: it needs "
                    + "opencv in --compare-with");
        if (plot != null)
            OutputFiles.requireWritable(plot);   // before minutes of measuring
        if (warpImages < 0)
            throw usageError("--warp-images must not be negative, got " + warpImages);
        List<String> warnings = new ArrayList<>();
        List<SiftPairSets.Input> inputs = new ArrayList<>();
        for (Path path : paths)
            inputs.add(SiftPairSets.open(path, range, spec.commandLine(), warnings));
        for (String warning : warnings)
            spec.commandLine().getErr().println("warning: " + warning);
        List<SiftPairSets.PlannedPair> plan = new SiftPairSets().plan(inputs, warpImages);
        if (plan.isEmpty())
            throw usageError("no image pairs to measure: give a KITTI sequence with "
                    + "poses.txt, or images with --warp-images at least 1");

        ConfigMatch match = new ConfigMatch(RATIO, true, Integer.MAX_VALUE);
        List<PairSetFigures> sets = new ArrayList<>();
        List<SiftSource> sources = sources(config);
        try (SiftMatchQuality quality = new SiftMatchQuality(sources, FactoryMatcher.floatCpu(match));
             ProgressBar progress = ConformanceProgress.bar("sift conformance", " pairs", plan.size())) {
            Map<String, PairSetTally> tallies = new LinkedHashMap<>();
            for (SiftPairSets.PlannedPair planned : plan) {
                ImagePair pair = planned.pair().get();
                if (tallies.isEmpty())
                    quality.warmUp(pair.first());
                List<PairOutcome> outcomes = quality.measure(pair);
                tallies.computeIfAbsent(planned.set(), set -> new PairSetTally(set, pair.check().criterion(),
                        pair.check().tolerancePx(), quality.sources())).add(outcomes);
                progress.step();
            }
            tallies.values().forEach(t -> sets.add(t.figures()));
        }
        // asked only where OpenCV was measured: the call loads its natives
        Integer opencvThreads = compareWith.contains(Reference.OPENCV) ? opencv_core.getNumThreads() : null;
        SiftConformanceTable table = new SiftConformanceTable(config, match, backendName(sources), opencvThreads,
                sets);
        table.print(json.text());
        json.write(table.json());
        if (plot != null) {
            table.plot(plot, "gpuvo SIFT - OpenCV SIFT, "
                    + String.join(", ", inputs.stream().map(SiftPairSets.Input::name).toList())
                    + " (error bars: 2 sd)");
            json.text().printf("plot: %s%n", plot);
            json.text().flush();
        }
        return 0;
    }

    /** gpuvo at the configured first octave and at the other one, then OpenCV's and BoofCV's SIFT where asked. */
    private List<SiftSource> sources(ConfigSift config) {
        List<SiftSource> sources = new ArrayList<>();
        try {
            ConfigSift other = config.copy();
            other.firstOctave = config.firstOctave == 0 ? -1 : 0;
            sources.add(new GpuvoSift(extractors.create(backend, config)));
            sources.add(new GpuvoSift(extractors.create(backend, other)));
            if (compareWith.contains(Reference.OPENCV))
                sources.add(new OpenCvSift(config));
            if (compareWith.contains(Reference.BOOFCV))
                sources.add(new BoofCvSift(config));
            return sources;
        } catch (RuntimeException | Error e) {
            sources.forEach(SiftSource::close);
            throw e;
        }
    }

    private static String backendName(List<SiftSource> sources) {
        return sources.get(0).implementation();
    }
}
