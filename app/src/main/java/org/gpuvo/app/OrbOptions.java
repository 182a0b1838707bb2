package org.gpuvo.app;

import org.gpuvo.gpu.features.ConfigOrb;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The ORB parameters that gpuvo shares with OpenCV's {@code cv::ORB::create}, as command-line options. */
public final class OrbOptions {
    @Option(names = {"--n", "--max-features"}, paramLabel = "COUNT", defaultValue = "2000",
            description = "Features wanted per image, over all pyramid levels (default: ${DEFAULT-VALUE}).")
    public int maxFeatures;

    @Option(names = "--levels", paramLabel = "COUNT", defaultValue = "8",
            description = "Pyramid levels (default: ${DEFAULT-VALUE}).")
    int levels;

    @Option(names = "--scale", paramLabel = "FACTOR", defaultValue = "1.2",
            description = "Size ratio of consecutive pyramid levels (default: ${DEFAULT-VALUE}).")
    double scaleFactor;

    @Option(names = "--fast-threshold", paramLabel = "LEVEL", defaultValue = "20",
            description = "FAST-9 intensity threshold (default: ${DEFAULT-VALUE}).")
    int fastThreshold;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The options as a configuration not yet checked; pass it through {@link #checked} once complete. */
    public ConfigOrb toConfig() {
        ConfigOrb config = new ConfigOrb(maxFeatures);
        config.levels = levels;
        config.scaleFactor = scaleFactor;
        config.fastThreshold = fastThreshold;
        return config;
    }

    /** {@code config}, or a usage error naming the parameter that is out of range. */
    public ConfigOrb checked(ConfigOrb config) {
        try {
            return config.checkValidity();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "invalid ORB parameters: " + e.getMessage());
        }
    }
}
