package org.gpuvo.app.run;

import org.gpuvo.app.DatasetSelection;
import org.gpuvo.app.JsonOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/**
 * {@code gpuvo run}: the visual odometry over a dataset folder, with its outputs and, given ground truth, its
 * errors.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the visual odometry over a dataset folder (KITTI, EuRoC, TUM RGB-D, or images with a "
                + "camera_info.yaml) as fast as it can and writes into --out: trajectory.tum (each frame's pose as "
                + "known when it was processed, at the frames' times), trajectory_refined.tum (the poses as local "
                + "mapping holds them at the end), trajectory.kitti, frames.csv (per frame: state, features, matches, "
                + "inliers, map points tracked, keyframe, times), mapping.csv (per bundle adjustment: frame, wait, "
                + "time, iterations, points, observations, applied), points.ply (the map), and where the dataset has "
                + "ground truth metrics.json (as gpuvo eval), trajectory.png and ate_over_time.png.",
                "Local mapping runs at fixed points of the frames, repeatably, unless --no-deterministic asks for the "
                        + "node's live mapping on a thread of its own.",
                "The folder appears complete or not at all; an earlier run's folder is replaced only then."})
public final class RunCommand implements Callable<Integer> {
    @Mixin
    DatasetSelection dataset;

    @Mixin
    RunOptions run;

    @Mixin
    JsonOutput json;

    @Override
    public Integer call() throws Exception {
        DatasetSelection.Selection selection = dataset.open();
        run.execute(selection.frames(), selection.whole().name(), i -> selection.first() + i)
                .report("gpuvo run", json);
        return 0;
    }
}
