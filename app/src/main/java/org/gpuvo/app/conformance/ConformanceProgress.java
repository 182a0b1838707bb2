package org.gpuvo.app.conformance;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** The progress bar of the conformance measurements, on standard error so that standard output stays the result. */
final class ConformanceProgress {
    private ConformanceProgress() {
    }

    static ProgressBar bar(String task, String unit, int max) {
        return new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(max)
                .setUnit(unit, 1)
                .setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .hideEta()
                .build();
    }
}
