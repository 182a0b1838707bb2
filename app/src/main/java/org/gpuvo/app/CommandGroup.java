package org.gpuvo.app;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * A command that only groups subcommands ({@code gpuvo}, {@code gpuvo bag}, {@code gpuvo conformance}): run alone,
 * it has nothing to do, so it shows what there is, as a usage error.
 */
public abstract class CommandGroup implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Prints the group's usage to standard error and returns the usage-error exit code. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return spec.exitCodeOnInvalidInput();
    }
}
