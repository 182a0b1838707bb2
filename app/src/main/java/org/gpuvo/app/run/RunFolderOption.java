package org.gpuvo.app.run;

import org.gpuvo.odometry.vo.VoMode;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The {@code --out} option of the commands that run the pipeline over a recording (run, replay). */
public final class RunFolderOption {
    @Option(names = "--out", paramLabel = "DIR",
            description = "The run folder (default: runs/<name>-<mode>, named after the dataset or bag).")
    Path out;

    /** {@code --out}, or {@code runs/<name>-<mode>}. */
    public Path folder(String name, VoMode mode) {
        return out != null ? out : Path.of("runs", name + "-" + PipelineOptions.name(mode));
    }
}
