package org.gpuvo.app;

/**
 * A command that only groups subcommands ({@code gpuvo}, {@code gpuvo bag}, {@code gpuvo conformance}): run alone,
 * it has nothing to do, so it shows what there is, as a usage error.
 */
public abstract class CommandGroup extends AbstractCommand {
    /** Prints the group's usage to standard error and returns the usage-error exit code. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return spec.exitCodeOnInvalidInput();
    }
}
