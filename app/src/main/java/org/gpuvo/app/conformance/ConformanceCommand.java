package org.gpuvo.app.conformance;

import org.gpuvo.app.CommandGroup;
import picocli.CommandLine.Command;

/** {@code gpuvo conformance}: groups the measurements of agreement with a reference implementation. */
@Command(name = "conformance", mixinStandardHelpOptions = true,
        description = "Measures how closely gpuvo agrees with a reference implementation on your images.",
        subcommands = {ConformanceOrbCommand.class, ConformanceSiftCommand.class})
public final class ConformanceCommand extends CommandGroup {
}
