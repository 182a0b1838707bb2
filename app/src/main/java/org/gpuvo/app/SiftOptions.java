package org.gpuvo.app;

import org.gpuvo.gpu.features.ConfigSift;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The SIFT parameters that users change, as command-line options (the others keep {@link ConfigSift}'s
 * defaults, which are Lowe's and OpenCV's). The feature count is the command's own option.
 */
public final class SiftOptions {
    @Option(names = "--sift-first-octave", paramLabel = "-1|0", defaultValue = "0",
            description = "SIFT: -1 upsamples the image twice first (more and smaller features, slower), 0 does not "
                    + "(default: ${DEFAULT-VALUE}).")
    int firstOctave;

    @Option(names = "--sift-contrast-threshold", paramLabel = "T", defaultValue = "0.04",
            description = "SIFT: keep extrema with |DoG| ≥ T / 3, intensities in [0, 1] (default: "
                    + "${DEFAULT-VALUE}, as OpenCV).")
    double contrastThreshold;

    @Option(names = "--sift-edge-threshold", paramLabel = "R", defaultValue = "10",
            description = "SIFT: edge response limit (default: ${DEFAULT-VALUE}, Lowe's).")
    double edgeThreshold;

    @Option(names = "--root-sift", description = "SIFT: RootSIFT descriptors (L1-normalised square roots).")
    boolean rootSift;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The options as a configuration with {@code maxFeatures}, not yet checked; pass it through {@link #checked}. */
    public ConfigSift toConfig(int maxFeatures) {
        ConfigSift config = new ConfigSift(maxFeatures);
        config.firstOctave = firstOctave;
        config.contrastThreshold = contrastThreshold;
        config.edgeThreshold = edgeThreshold;
        config.rootSift = rootSift;
        return config;
    }

    /** {@code config}, or a usage error naming the parameter that is out of range. */
    public ConfigSift checked(ConfigSift config) {
        try {
            return config.checkValidity();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "invalid SIFT parameters: " + e.getMessage());
        }
    }
}
