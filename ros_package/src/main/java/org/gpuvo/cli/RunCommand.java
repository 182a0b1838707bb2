package org.gpuvo.cli;

import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code gpuvo run}: the visual odometry over a dataset folder, with its outputs and, given ground truth, its errors. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the visual odometry over a dataset folder (KITTI, EuRoC, TUM RGB-D, or images with a "
                + "camera_info.yaml) as fast as it can and writes into --out: trajectory.tum (the frames' times), "
                + "trajectory.kitti, frames.csv (per frame: state, features, matches, inliers, keyframe, times), "
                + "points.ply (the map), and where the dataset has ground truth metrics.json (as gpuvo eval), "
                + "trajectory.png and ate_over_time.png.",
                "The folder appears complete or not at all; an earlier run's folder is replaced only then."})
final class RunCommand implements Callable<Integer> {
    private static final Pattern RANGE = Pattern.compile("(\\d*):(\\d*)");

    @Parameters(index = "0", paramLabel = "DATASET", description = "The dataset folder.")
    Path dataset;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The run folder (default: runs/<dataset name>-<mode>).")
    Path out;

    @Option(names = "--frames", paramLabel = "A:B",
            description = "Only frames A to B-1 (either may be left out: 100: or :50; default: all).")
    String frames;

    @Mixin
    PipelineOptions pipeline;

    @Mixin
    JsonOutput json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Sequence whole = open(dataset);
        int[] range = range(whole.size());
        Sequence sequence = range[0] == 0 && range[1] == whole.size() ? whole : new SequenceSlice(whole, range[0], range[1]);
        PipelineRun run = new PipelineRun(sequence, pipeline);
        Path folder = out != null ? out : Path.of("runs", whole.name() + "-" + PipelineOptions.name(run.mode()));
        run.execute(folder, i -> range[0] + i).report("gpuvo run", json);
        return 0;
    }

    /** The sequence of a dataset folder: a usage error if there is no such folder, a failure if it cannot be read. */
    private Sequence open(Path folder) throws IOException {
        if (!Files.exists(folder))
            throw new ParameterException(spec.commandLine(), "no such dataset folder: " + folder);
        if (!Files.isDirectory(folder))
            throw new ParameterException(spec.commandLine(), "a file, not a dataset folder: " + folder);
        try {
            return Datasets.open(folder);
        } catch (DatasetException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** {@code --frames} as [first, end) within {@code size} frames. */
    private int[] range(int size) {
        if (frames == null)
            return new int[]{0, size};
        Matcher m = RANGE.matcher(frames.trim());
        if (!m.matches())
            throw new ParameterException(spec.commandLine(), "--frames takes A:B (frames A to B-1), not '" + frames + "'");
        try {
            int first = m.group(1).isEmpty() ? 0 : Integer.parseInt(m.group(1));
            int end = m.group(2).isEmpty() ? size : Integer.parseInt(m.group(2));
            if (first >= end || end > size)
                throw new ParameterException(spec.commandLine(), "--frames " + frames + " is not a range of frames within 0:"
                        + size + " (the dataset has " + size + " frames)");
            return new int[]{first, end};
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "--frames " + frames + ": number too large");
        }
    }
}
