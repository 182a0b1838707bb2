package org.gpuvo.app;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.OrbExtractor;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Function;

/** One run of the gpuvo command line in this JVM, with what it printed. */
record CliRun(int exitCode, String out, String err) {
    /** Runs with the real backends. */
    static CliRun run(String... args) {
        return run(CommandLine.defaultFactory(), args);
    }

    /** Runs with {@code gpuvo features} extracting through {@code extractors} instead of the real backends. */
    static CliRun runWithExtractor(Function<ConfigOrb, OrbExtractor> extractors, String... args) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                if (type == FeaturesCommand.class)
                    return type.cast(new FeaturesCommand((backend, config) -> extractors.apply(config)));
                return defaults.create(type);
            }
        };
        return run(factory, args);
    }

    private static CliRun run(CommandLine.IFactory factory, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine commandLine = GpuvoCommand.commandLine(factory);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
