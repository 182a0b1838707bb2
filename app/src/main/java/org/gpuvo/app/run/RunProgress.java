package org.gpuvo.app.run;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.TrackingState;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The progress of a pipeline run on standard error: frames done, frames per second, and how many frames were
 * tracked and lost so far. Shown only where standard error is a terminal (a bar in a log file or a pipe is noise).
 */
public final class RunProgress implements Consumer<FrameResult>, AutoCloseable {
    private final ProgressBar bar;
    private int tracked, lost;

    private RunProgress(ProgressBar bar) {
        this.bar = bar;
    }

    /** A bar over {@code frames} frames, or one that shows nothing when {@code show} is false. */
    static RunProgress create(String task, int frames, boolean show) {
        if (!show)
            return new RunProgress(null);
        return new RunProgress(bar(task, frames, " frames"));
    }

    /** A plain-text bar on standard error over {@code max} steps of {@code unit}, with the speed. */
    public static ProgressBar bar(String task, long max, String unit) {
        return new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(max)
                .setUnit(unit, 1)
                .showSpeed()
                .setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .build();
    }

    @Override
    public void accept(FrameResult frame) {
        if (frame.state == TrackingState.TRACKING)
            tracked++;
        else if (frame.state == TrackingState.LOST)
            lost++;
        if (bar != null) {
            bar.setExtraMessage(" tracked " + tracked + ", lost " + lost);
            bar.step();
        }
    }

    @Override
    public void close() {
        if (bar != null)
            bar.close();
    }

    /**
     * Whether this process's standard error is a terminal. Java has no isatty: on Linux the descriptor's link in
     * /proc names the device (a terminal is /dev/pts/N or /dev/ttyN); elsewhere, a console means a terminal.
     */
    public static boolean standardErrorIsTerminal() {
        Path fd2 = Path.of("/proc/self/fd/2");
        if (Files.isSymbolicLink(fd2)) {
            try {
                String device = Files.readSymbolicLink(fd2).toString();
                return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty");
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                return false;
            }
        }
        return System.console() != null;
    }
}
