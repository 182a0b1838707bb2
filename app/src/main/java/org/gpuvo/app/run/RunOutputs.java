package org.gpuvo.app.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.StagingFolder;
import org.gpuvo.odometry.dataset.TextFileOutput;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryFormat;
import org.gpuvo.odometry.trajectory.TrajectoryWriter;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.MappingRecord;
import org.gpuvo.odometry.vo.SequenceRun;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntUnaryOperator;

/** The files of a {@code gpuvo run} folder, and how each is written. */
final class RunOutputs {
    private static final Logger LOG = LoggerFactory.getLogger(RunOutputs.class);
    static final String TRAJECTORY_TUM = "trajectory.tum";
    /** the poses as local mapping holds them at the end of the run: refined by every bundle adjustment since */
    static final String TRAJECTORY_REFINED_TUM = "trajectory_refined.tum";
    static final String TRAJECTORY_KITTI = "trajectory.kitti";
    static final String FRAMES_CSV = "frames.csv";
    static final String POINTS_PLY = "points.ply";
    static final String METRICS_JSON = "metrics.json";
    static final String MAPPING_CSV = "mapping.csv";
    static final String FRAMES_CSV_HEADER =
            "index,timestamp,state,features,matches,inliers,map_points_tracked,reprojection_matches,keyframe,front_end_ms,"
                    + "host_ms";
    static final String MAPPING_CSV_HEADER = "frame,wait_ms,bundle_ms,iterations,points,observations,applied";

    /** Every name a run folder may hold: a folder of only these may be replaced by a new run. */
    static final Set<String> NAMES = Set.of(TRAJECTORY_TUM, TRAJECTORY_REFINED_TUM, TRAJECTORY_KITTI, FRAMES_CSV,
            MAPPING_CSV, POINTS_PLY, METRICS_JSON, TrajectoryPlots.TRAJECTORY_PNG, TrajectoryPlots.ATE_PNG);

    private RunOutputs() {
    }

    /**
     * Writes all outputs into the staging folder, one file at a time, and returns their names.
     *
     * @param datasetIndex the dataset's index of the run's frame i (runs over a slice start later than 0)
     * @param evaluation   null where there is no ground truth
     */
    static List<String> write(StagingFolder folder, SequenceRun run, IntUnaryOperator datasetIndex,
                              PlyWriter.Encoding plyEncoding, EvaluationResult evaluation, Trajectory reference,
                              String title) throws IOException {
        List<String> written = new ArrayList<>();
        folder.write(dir -> TrajectoryWriter.write(run.trajectory(), dir.resolve(TRAJECTORY_TUM),
                TrajectoryFormat.TUM));
        written.add(TRAJECTORY_TUM);
        folder.write(dir -> TrajectoryWriter.write(run.refined(), dir.resolve(TRAJECTORY_REFINED_TUM),
                TrajectoryFormat.TUM));
        written.add(TRAJECTORY_REFINED_TUM);
        folder.write(dir -> TrajectoryWriter.write(run.trajectory(), dir.resolve(TRAJECTORY_KITTI),
                TrajectoryFormat.KITTI));
        written.add(TRAJECTORY_KITTI);
        folder.write(dir -> writeFramesCsv(run.frames(), datasetIndex, dir.resolve(FRAMES_CSV)));
        written.add(FRAMES_CSV);
        folder.write(dir -> writeMappingCsv(run.mapping(), datasetIndex, dir.resolve(MAPPING_CSV)));
        written.add(MAPPING_CSV);
        folder.write(dir -> PlyWriter.write(run.pointCloud(), dir.resolve(POINTS_PLY), plyEncoding));
        written.add(POINTS_PLY);
        if (evaluation != null) {
            folder.write(dir -> Files.writeString(dir.resolve(METRICS_JSON),
                    JsonOutput.MAPPER.writeValueAsString(metricsJson(run, evaluation, reference)) + "\n"));
            written.add(METRICS_JSON);
            try {
                folder.write(dir -> TrajectoryPlots.write(evaluation, reference, dir, title));
                written.add(TrajectoryPlots.TRAJECTORY_PNG);
                written.add(TrajectoryPlots.ATE_PNG);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (RuntimeException | Error e) {
                // AWT without fonts or its native libraries (a minimal runtime, a headless robot) throws Errors
                // ("No fonts found", UnsatisfiedLinkError): the results stand without plots
                LOG.warn("plots skipped: {}", e.toString());
            }
        }
        return written;
    }

    /** One line per frame; {@code index} is the dataset's frame number. */
    static void writeFramesCsv(List<FrameResult> frames, IntUnaryOperator datasetIndex, Path file) throws IOException {
        try (BufferedWriter out = TextFileOutput.open(file)) {
            out.write(FRAMES_CSV_HEADER);
            out.write('\n');
            for (int i = 0; i < frames.size(); i++) {
                FrameResult f = frames.get(i);
                out.write(String.format(Locale.ROOT, "%d,%.9f,%s,%d,%d,%d,%d,%d,%d,%.3f,%.3f\n",
                        datasetIndex.applyAsInt(i), f.timestamp, f.state.name().toLowerCase(Locale.ROOT), f.features,
                        f.matches, f.inliers, f.mapPointsTracked, f.reprojectionMatches, f.keyframe ? 1 : 0,
                        f.frontEndMillis, f.hostMillis));
            }
        }
    }

    /**
     * One line per bundle adjustment, in the order local mapping ran them; {@code frame} is the dataset's number of
     * the newest frame of the adjusted window (as frames.csv's {@code index}), {@code applied} 0 where the adjustment
     * failed or diverged and the map kept its state. Only the header where none ran.
     */
    static void writeMappingCsv(List<MappingRecord> mapping, IntUnaryOperator datasetIndex, Path file)
            throws IOException {
        try (BufferedWriter out = TextFileOutput.open(file)) {
            out.write(MAPPING_CSV_HEADER);
            out.write('\n');
            for (MappingRecord m : mapping)
                out.write(String.format(Locale.ROOT, "%d,%.3f,%.3f,%d,%d,%d,%d\n", datasetIndex.applyAsInt(m.frame()),
                        m.waitMillis(), m.bundleMillis(), m.iterations(), m.points(), m.observations(),
                        m.applied() ? 1 : 0));
        }
    }

    /** {@code gpuvo eval}'s JSON of the run's trajectory against the ground truth. */
    private static ObjectNode metricsJson(SequenceRun run, EvaluationResult evaluation, Trajectory reference) {
        ObjectNode root = JsonOutput.object();
        ObjectNode estimate = root.putObject("estimate");
        estimate.put("file", TRAJECTORY_TUM);
        estimate.put("format", "tum");
        estimate.put("poses", run.trajectory().size());
        ObjectNode truth = root.putObject("reference");
        truth.put("sequence", run.sequence());
        truth.put("poses", reference.size());
        root.setAll(EvaluationReport.json(evaluation));
        return root;
    }
}
