package org.gpuvo.app.features;

import org.gpuvo.app.CliRun;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.OrbExtractor;
import picocli.CommandLine;

import java.util.function.Function;

/** Runs of the command line whose {@code gpuvo features} extracts through given extractors, not the backends. */
public final class FeaturesCliRun {
    private FeaturesCliRun() {
    }

    /** Runs with {@code gpuvo features} extracting through {@code extractors} instead of the real backends. */
    public static CliRun runWithExtractor(Function<ConfigOrb, OrbExtractor> extractors, String... args) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                if (type == FeaturesCommand.class)
                    return type.cast(new FeaturesCommand((backend, config) -> extractors.apply(config)));
                return defaults.create(type);
            }
        };
        return CliRun.run(factory, args);
    }
}
