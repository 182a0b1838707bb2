package org.gpuvo.app.conformance;

import org.gpuvo.app.UsageError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code gpuvo conformance}: groups the measurements of agreement with a reference implementation. */
@Command(name = "conformance", mixinStandardHelpOptions = true,
        description = "Measures how closely gpuvo agrees with a reference implementation on your images.",
        subcommands = {ConformanceOrbCommand.class, ConformanceSiftCommand.class})
public final class ConformanceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Without a subcommand there is nothing to run: show what there is, as a usage error. */
    @Override
    public Integer call() {
        return UsageError.showUsage(spec);
    }
}
