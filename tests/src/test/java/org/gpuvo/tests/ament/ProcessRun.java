package org.gpuvo.tests.ament;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A finished external command: its exit status and its standard output and error, interleaved. */
public record ProcessRun(List<String> command, int exitCode, String output) {

    /**
     * Runs {@code command} in {@code directory} with the environment of this JVM changed by {@code environment} (a
     * null value removes the variable), and waits at most {@code timeout}; a command still running then is killed and
     * reported as an {@link IllegalStateException}.
     */
    public static ProcessRun run(List<String> command, Path directory, Map<String, String> environment,
                                 Duration timeout) {
        Path log = null;
        try {
            log = Files.createTempFile("gpuvo-process", ".log");
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            environment.forEach((name, value) -> {
                if (value == null)
                    builder.environment().remove(name);
                else
                    builder.environment().put(name, value);
            });
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException(command + " did not finish within " + timeout + "; its output:\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new ProcessRun(command, process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        } finally {
            if (log != null)
                log.toFile().delete();
        }
    }

    public boolean succeeded() {
        return exitCode == 0;
    }

    /** The command, its status and its output, for an assertion's message. */
    public String describe() {
        return String.join(" ", command) + " exited with " + exitCode + "; its output:\n" + output;
    }
}
