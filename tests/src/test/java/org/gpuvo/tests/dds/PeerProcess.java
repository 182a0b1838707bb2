package org.gpuvo.tests.dds;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A started peer program whose stdout lines and stderr text are collected as they come, so that a test can wait for
 * a line, wait for the exit, and read everything afterwards. Closing it kills the process if it is still running.
 */
public final class PeerProcess implements AutoCloseable {
    private final String name;
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final StringBuilder stderr = new StringBuilder();
    private final Thread outReader, errReader;

    private PeerProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        outReader = drain(process.getInputStream(), line -> {
            synchronized (lines) {
                lines.add(line);
                lines.notifyAll();
            }
        });
        errReader = drain(process.getErrorStream(), line -> {
            synchronized (stderr) {
                stderr.append(line).append('\n');
            }
        });
    }

    /** Starts {@code command} in {@code dir} with {@code environment} added to this JVM's. */
    static PeerProcess start(String name, List<String> command, Map<String, String> environment, Path dir) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().putAll(environment);
        try {
            return new PeerProcess(name, pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + String.join(" ", command), e);
        }
    }

    private Thread drain(InputStream in, java.util.function.Consumer<String> sink) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; )
                    sink.accept(line);
            } catch (IOException e) {
                // the process was killed: what was read so far stays
            }
        }, name + "-output");
        t.setDaemon(true);
        t.start();
        return t;
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    /** The stdout lines so far (a copy). */
    public List<String> lines() {
        synchronized (lines) {
            return new ArrayList<>(lines);
        }
    }

    /** The stderr text so far. */
    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    /**
     * Waits until a stdout line matches; returns it.
     *
     * @throws IllegalStateException when the process exits or the time runs out first, with its output
     */
    public String awaitLine(Predicate<String> matches, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            for (int checked = 0; ; ) {
                for (; checked < lines.size(); checked++)
                    if (matches.test(lines.get(checked)))
                        return lines.get(checked);
                long left = deadline - System.nanoTime();
                if (left <= 0 || (!process.isAlive() && !outReader.isAlive()))
                    throw new IllegalStateException(name + ": the awaited line did not come within " + timeout
                            + (process.isAlive() ? "" : " (exited with " + process.exitValue() + ")") + "\n" + describe());
                try {
                    lines.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 100)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
        }
    }

    /**
     * Waits for the exit and for all output to be read; returns the exit status.
     *
     * @throws IllegalStateException when it is still running after {@code timeout} (it is then killed)
     */
    public int waitFor(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                close();
                throw new IllegalStateException(name + " still ran after " + timeout + ": killed\n" + describe());
            }
            outReader.join(5000);
            errReader.join(5000);
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Waits up to {@code grace} for the exit, then ends the process; returns whether it had exited by itself. All its
     * output is read either way.
     */
    public boolean waitOrStop(Duration grace) {
        try {
            boolean exited = process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            close();
            outReader.join(5000);
            errReader.join(5000);
            return exited;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The last stdout lines and the stderr text, for failure messages. */
    public String describe() {
        List<String> out = lines();
        List<String> tail = out.subList(Math.max(0, out.size() - 20), out.size());
        return name + " (pid " + process.pid() + ") stdout, last " + tail.size() + " of " + out.size() + " lines:\n  "
                + String.join("\n  ", tail) + "\n" + name + " stderr:\n" + stderr();
    }

    @Override
    public void close() {
        if (!process.isAlive())
            return;
        process.destroy();
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS))
                process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
