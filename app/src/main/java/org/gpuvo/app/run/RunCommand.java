package org.gpuvo.app.run;

import org.gpuvo.app.DatasetArgument;
import org.gpuvo.app.FrameRange;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.SequenceSlice;
import org.gpuvo.odometry.dataset.Sequence;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code gpuvo run}: the visual odometry over a dataset folder, with its outputs and, given ground truth, its errors. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the visual odometry over a dataset folder (KITTI, EuRoC, TUM RGB-D, or images with a "
                + "camera_info.yaml) as fast as it can and writes into --out: trajectory.tum (each frame's pose as known "
                + "when it was processed, at the frames' times), trajectory_refined.tum (the poses as local mapping "
                + "holds them at the end), trajectory.kitti, frames.csv (per frame: state, features, matches, inliers, "
                + "map points tracked, "
                + "keyframe, times), mapping.csv (per bundle adjustment: frame, wait, time, iterations, points, "
                + "observations, applied), points.ply (the map), and where the dataset has ground truth metrics.json "
                + "(as gpuvo eval), trajectory.png and ate_over_time.png.",
                "Local mapping runs at fixed points of the frames, repeatably, unless --no-deterministic asks for the "
                        + "node's live mapping on a thread of its own.",
                "The folder appears complete or not at all; an earlier run's folder is replaced only then."})
public final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DATASET",
            description = "The dataset folder, or synthetic:room / synthetic:street / synthetic:highway (rendered, "
                    + "300 frames).")
    String dataset;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The run folder (default: runs/<dataset name>-<mode>).")
    Path out;

    @Option(names = "--frames", paramLabel = "A:B",
            description = "Only frames A to B-1 (either may be left out: 100: or :50; default: all).")
    String frames;

    @Mixin
    PipelineOptions pipeline;

    @Mixin
    MappingOption mapping;

    @Mixin
    JsonOutput json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Sequence whole = DatasetArgument.open(dataset, spec.commandLine());
        int[] range = FrameRange.parse(frames, whole.size(), spec.commandLine());
        Sequence sequence = range[0] == 0 && range[1] == whole.size() ? whole : new SequenceSlice(whole, range[0], range[1]);
        PipelineRun run = new PipelineRun(sequence, pipeline, mapping.deterministic);
        Path folder = out != null ? out : Path.of("runs", whole.name() + "-" + PipelineOptions.name(run.mode()));
        run.execute(folder, i -> range[0] + i).report("gpuvo run", json);
        return 0;
    }
}
