package org.gpuvo.app.run;

import org.gpuvo.app.FeatureOptions;
import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaStatus;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.VoMode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The options of {@code gpuvo run} and {@code gpuvo demo} that choose and configure the pipeline. */
public final class PipelineOptions {
    @Option(names = "--mode", paramLabel = "MODE",
            description = "mono, stereo or rgbd (default: stereo where the dataset has right images, rgbd where it "
                    + "has depth, else mono).")
    public VoMode mode;

    @Option(names = "--backend", paramLabel = "NAME", defaultValue = "AUTO",
            description = "Where features are extracted and matched: auto (the default: the GPU where CUDA is usable, "
                    + "else the CPU, with a warning), cuda or cpu.")
    Backend backend;

    @Option(names = "--align", paramLabel = "MODE",
            description = "How the estimate is aligned to ground truth before the ATE: none (origin at the ground "
                    + "truth's first pose), se3 or sim3 (default: sim3 for mono, whose scale is unobservable, se3 "
                    + "for stereo and rgbd).")
    AlignmentMode alignment;

    @Mixin
    FeatureOptions features;

    @Option(names = "--max-features", paramLabel = "N",
            description = "Features per frame, ORB's or SIFT's (default: the pipeline's, 2000).")
    Integer maxFeatures;

    @Option(names = "--sift-adaptive-threshold", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "SIFT: lower the contrast threshold, down to 1/8 of --sift-contrast-threshold, on frames that "
                    + "find fewer than 70 %% of --max-features, and raise it back once they find enough (the default: "
                    + "sparse texture then still gives features); --no-sift-adaptive-threshold keeps "
                    + "--sift-contrast-threshold for every frame.")
    boolean siftAdaptiveThreshold;

    @Option(names = "--local-map-keyframes", paramLabel = "N",
            description = "Each frame searches the points of this many of the last keyframes again by projection "
                    + "where frame-to-frame matching lost them (default: 8 for stereo and rgbd; 0, no search, for "
                    + "mono, where it helps indoors but not on KITTI's far points).")
    Integer localMapKeyframes;

    @Option(names = "--mapping-lag", paramLabel = "N",
            description = "With deterministic mapping: how many frames local mapping runs behind tracking, on a thread "
                    + "of its own, so that a bundle adjustment runs beside that many frames' tracking (default: 5 for "
                    + "stereo and rgbd; 0 for mono, on the tracking thread, whose frames then wait for each "
                    + "adjustment: behind it, a monocular map's accuracy changes a little, up or down).")
    Integer mappingLag;

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed of RANSAC's random choices; with deterministic mapping (run and replay: "
                    + "--deterministic; demo always) equal seeds give equal trajectories (default: the pipeline's).")
    Long seed;

    @Option(names = "--warm-up", paramLabel = "N", defaultValue = "30",
            description = "Rendered frames the pipeline runs over, 2 to 6 times (until a pass is no longer markedly "
                    + "faster), before the first frame, so that the first frames' times are those of a started "
                    + "pipeline, not of the JVM's and the GPU's start, as the node does (default: ${DEFAULT-VALUE}; "
                    + "0: none). It is timed apart from the run.")
    int warmUpFrames;

    @Option(names = "--ply", paramLabel = "ENCODING", defaultValue = "BINARY",
            description = "points.ply as binary (the default: little-endian, 15 bytes a point) or ascii.")
    PlyWriter.Encoding plyEncoding;

    @Option(names = {"-q", "--quiet"},
            description = "No progress bar (there is none anyway where standard error is not a terminal).")
    boolean quiet;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /**
     * {@code --mode}, or the richest mode the sequence serves.
     *
     * @throws IllegalArgumentException if the sequence cannot serve the mode asked for (a failure of the input, exit 1)
     */
    VoMode mode(Sequence sequence) {
        if (mode == null)
            return sequence.hasRight() ? VoMode.STEREO : sequence.hasDepth() ? VoMode.RGBD : VoMode.MONO;
        boolean served = switch (mode) {
            case MONO -> true;
            case STEREO -> sequence.hasRight();
            case RGBD -> sequence.hasDepth();
        };
        if (!served)
            throw new IllegalArgumentException(sequence.name() + " has no " + (mode == VoMode.STEREO
                    ? "right images" : "depth images") + ": it cannot run in " + name(mode) + " mode (it can: "
                    + String.join(", ", servedModes(sequence)) + ")");
        return mode;
    }

    /**
     * The pipeline's configuration for {@code mode} with these options; a usage error where one is out of range.
     *
     * @param deterministic whether local mapping runs on the tracking thread at fixed points (repeatable runs)
     *                      rather than on its own thread
     */
    ConfigVisualOdometry config(VoMode mode, boolean deterministic) {
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.backend = backend;
        config.deterministic = deterministic;
        features.requireOptionsOfTheType(List.of());
        if (features.type != FeatureType.SIFT
                && spec.commandLine().getParseResult().matchedOption("--sift-adaptive-threshold") != null)
            throw new ParameterException(spec.commandLine(), "--[no-]sift-adaptive-threshold is for SIFT: add "
                    + "--features sift");
        if (warmUpFrames < 0 || warmUpFrames > 10_000)
            throw new ParameterException(spec.commandLine(), "--warm-up must be between 0 and 10000 frames, got "
                    + warmUpFrames);
        config.features = features.type;
        if (features.type == FeatureType.SIFT) {
            config.sift = features.siftConfig(maxFeatures != null ? maxFeatures : config.sift.maxFeatures);
            config.siftThreshold.adaptive = siftAdaptiveThreshold;
        } else if (maxFeatures != null) {
            config.orb.maxFeatures = maxFeatures;
        }
        if (localMapKeyframes != null)
            config.localMapKeyframes = localMapKeyframes;
        if (mappingLag != null) {
            if (!deterministic)
                throw new ParameterException(spec.commandLine(), "--mapping-lag is for deterministic mapping; live "
                        + "mapping (--no-deterministic) falls behind by as much as it needs, up to "
                        + config.maxMappingLag + " frames");
            config.mappingLag = mappingLag;
        }
        if (seed != null)
            config.ransac.seed = config.initRansac.seed = seed;
        try {
            return config.checkValidity();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "invalid pipeline parameters: " + e.getMessage());
        }
    }

    /** {@code --align}, or the mode's default. */
    AlignmentMode alignment(VoMode mode) {
        if (alignment != null)
            return alignment;
        return mode == VoMode.MONO ? AlignmentMode.SIM3 : AlignmentMode.SE3;
    }

    /** Fails before any work when {@code --backend cuda} was asked for and CUDA cannot run here. */
    void requireBackend() {
        if (backend != Backend.CUDA)
            return;
        CudaStatus status = CudaProbe.status();
        if (!status.usable())
            throw new IllegalStateException("the CUDA backend is not usable here: " + status.reason()
                    + " (use --backend cpu or auto)");
    }

    public boolean showProgress() {
        return !quiet && RunProgress.standardErrorIsTerminal();
    }

    static String name(VoMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    private static List<String> servedModes(Sequence sequence) {
        List<String> modes = new ArrayList<>(List.of("mono"));
        if (sequence.hasRight())
            modes.add("stereo");
        if (sequence.hasDepth())
            modes.add("rgbd");
        return modes;
    }
}
