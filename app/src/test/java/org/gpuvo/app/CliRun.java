package org.gpuvo.app;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * One run of the gpuvo command line in this JVM, with what it printed. The pipeline's warm-up defaults to none here
 * (a test that is about it passes {@code --warm-up}): dozens of short runs would each spend seconds on it.
 */
public record CliRun(int exitCode, String out, String err) {
    /** Runs with the real backends. */
    public static CliRun run(String... args) {
        return run(CommandLine.defaultFactory(), args);
    }

    /** Runs with the subcommands that {@code factory} creates. */
    public static CliRun run(CommandLine.IFactory factory, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine commandLine = GpuvoCommand.commandLine(factory);
        commandLine.setDefaultValueProvider(
                option -> option instanceof CommandLine.Model.OptionSpec o && o.longestName().equals("--warm-up") ? "0"
                        : null);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
