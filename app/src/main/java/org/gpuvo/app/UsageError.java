package org.gpuvo.app;

import picocli.CommandLine.Model.CommandSpec;

/** What a command that only groups subcommands does when run alone. */
public final class UsageError {
    private UsageError() {
    }

    /** Prints the command's usage to standard error and returns the usage-error exit code. */
    public static int showUsage(CommandSpec spec) {
        spec.commandLine().usage(spec.commandLine().getErr());
        return spec.exitCodeOnInvalidInput();
    }
}
