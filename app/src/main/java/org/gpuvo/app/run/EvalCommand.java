package org.gpuvo.app.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.AbstractCommand;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.AssociationMethod;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.DeltaUnit;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.metrics.RpeStyle;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryFormat;
import org.gpuvo.odometry.trajectory.TrajectoryReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code gpuvo eval}: an estimated trajectory against ground truth, with the conventions of evo, the TUM RGB-D
 * tools and the KITTI devkit (see {@link TrajectoryEvaluation}).
 */
@Command(name = "eval", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measures an estimated trajectory against ground truth: ATE after alignment (evo's APE), RPE "
                + "and, where the ground truth runs 100 m or more, the KITTI benchmark's t_err and r_err.",
                "Files: TUM (t tx ty tz qx qy qz qw), KITTI (3x4 row-major, optionally after a frame index; "
                        + "time = frame x --frame-period) or EuRoC csv; the format is detected unless given."})
public final class EvalCommand extends AbstractCommand {
    /** Association choice on the command line: AUTO picks by the files' formats. */
    enum Association { AUTO, NEAREST, GREEDY, INDEX }

    @Parameters(index = "0", paramLabel = "EST", description = "The estimated trajectory.")
    Path estimateFile;

    @Parameters(index = "1", paramLabel = "GT", description = "The ground truth.")
    Path referenceFile;

    @Option(names = "--est-format", paramLabel = "FORMAT", description = "tum, kitti or euroc (default: detected).")
    TrajectoryFormat estimateFormat;

    @Option(names = "--gt-format", paramLabel = "FORMAT", description = "tum, kitti or euroc (default: detected).")
    TrajectoryFormat referenceFormat;

    @Option(names = "--align", paramLabel = "MODE", defaultValue = "se3",
            description = "none, se3 (default) or sim3 (monocular: also the scale).")
    AlignmentMode alignment;

    @Option(names = "--delta", paramLabel = "N", defaultValue = "1",
            description = "RPE step in --delta-unit (default: ${DEFAULT-VALUE}).")
    double delta;

    @Option(names = "--delta-unit", paramLabel = "UNIT", defaultValue = "f", converter = UnitConverter.class,
            description = "f (frames, the default), m (metres along the estimate's path, evo's consecutive pairs) "
                    + "or s (seconds, as TUM's evaluate_rpe.py).")
    DeltaUnit deltaUnit;

    @Option(names = "--rpe-style", paramLabel = "STYLE", defaultValue = "evo",
            description = "evo (default: on the associated poses, non-overlapping pairs) or tum (evaluate_rpe.py: "
                    + "every pose starts a pair); seconds always follow tum.")
    RpeStyle rpeStyle;

    @Option(names = "--association", paramLabel = "HOW", defaultValue = "auto",
            description = "auto (default: by index when both files are plain KITTI, else nearest), nearest (evo), "
                    + "greedy (TUM associate.py, one-to-one) or index.")
    Association association;

    @Option(names = "--max-time-diff", paramLabel = "S", defaultValue = "0.01",
            description = "Largest time difference of an associated pair, seconds (default: ${DEFAULT-VALUE}).")
    double maxTimeDifference;

    @Option(names = "--time-offset", paramLabel = "S", defaultValue = "0",
            description = "Added to the estimate's times before association, seconds (default: ${DEFAULT-VALUE}).")
    double timeOffset;

    @Option(names = "--frame-period", paramLabel = "S", defaultValue = "0.1",
            description = "Seconds between frames of KITTI files (default: ${DEFAULT-VALUE}, KITTI's 10 Hz).")
    double framePeriod;

    @Option(names = "--plot", paramLabel = "DIR",
            description = "Write " + TrajectoryPlots.TRAJECTORY_PNG + " (top view) and " + TrajectoryPlots.ATE_PNG
                    + " into DIR.")
    Path plotDir;

    @Mixin
    JsonOutput json;

    /** Reads f|m|s (or frames|meters|metres|seconds). */
    static final class UnitConverter implements ITypeConverter<DeltaUnit> {
        @Override
        public DeltaUnit convert(String value) {
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "f", "frame", "frames" -> DeltaUnit.FRAMES;
                case "m", "meters", "metres" -> DeltaUnit.METERS;
                case "s", "seconds" -> DeltaUnit.SECONDS;
                default -> throw new picocli.CommandLine.TypeConversionException(
                        "'" + value + "' is not a unit: expected f (frames), m (metres) or s (seconds)");
            };
        }
    }

    @Override
    public Integer call() throws Exception {
        if (!(framePeriod > 0) || !Double.isFinite(framePeriod))
            throw usageError("--frame-period must be positive, not " + framePeriod);
        TrajectoryReader reader = new TrajectoryReader(framePeriod);
        TrajectoryFormat estFormat = format(estimateFile, estimateFormat);
        TrajectoryFormat refFormat = format(referenceFile, referenceFormat);
        Trajectory estimate = read(reader, estimateFile, estFormat);
        Trajectory reference = read(reader, referenceFile, refFormat);

        ConfigEvaluation config = new ConfigEvaluation();
        config.association = association(estimate, reference, estFormat, refFormat);
        config.maxTimeDifference = maxTimeDifference;
        config.timeOffset = timeOffset;
        config.alignment = alignment;
        config.rpeDelta = delta;
        config.rpeUnit = deltaUnit;
        config.rpeStyle = rpeStyle;
        try {
            config.checkValidity();
        } catch (IllegalArgumentException e) {
            throw usageError(e.getMessage());
        }
        EvaluationResult result;
        try {
            result = TrajectoryEvaluation.evaluate(estimate, reference, config);
        } catch (IllegalArgumentException | IllegalStateException e) {
            // the files were read, but cannot be compared: a failure of the data (exit 1), naming both files
            throw new IOException("cannot evaluate " + estimateFile + " against " + referenceFile + ": "
                    + e.getMessage(), e);
        }

        PrintWriter out = json.text();
        out.printf(Locale.ROOT, "gpuvo eval: %s (%s, %d poses) against %s (%s, %d poses)%n", estimateFile,
                name(estFormat), estimate.size(), referenceFile, name(refFormat), reference.size());
        EvaluationReport.print(result, out);
        if (plotDir != null) {
            List<Path> written = TrajectoryPlots.write(result, reference, plotDir,
                    String.valueOf(estimateFile.getFileName()));
            out.printf("plots      %s%n", String.join(", ", written.stream().map(Path::toString).toList()));
            out.flush();
        }
        ObjectNode report = JsonOutput.object();
        report.set("estimate", fileNode(estimateFile, estFormat, estimate));
        report.set("reference", fileNode(referenceFile, refFormat, reference));
        report.setAll(EvaluationReport.json(result));
        json.write(report);
        return 0;
    }

    /** By index where both files hold one pose per frame from frame 0 (plain KITTI); otherwise by time. */
    private AssociationMethod association(Trajectory estimate, Trajectory reference, TrajectoryFormat estFormat,
                                          TrajectoryFormat refFormat) {
        return switch (association) {
            case NEAREST -> AssociationMethod.NEAREST;
            case GREEDY -> AssociationMethod.GREEDY;
            case INDEX -> AssociationMethod.INDEX;
            case AUTO -> estFormat == TrajectoryFormat.KITTI && refFormat == TrajectoryFormat.KITTI
                    && framesFromZero(estimate) && framesFromZero(reference)
                    ? AssociationMethod.INDEX : AssociationMethod.NEAREST;
        };
    }

    /** Whether pose i is at time i × period for all i (a KITTI file without frame indices, or with 0, 1, 2, ...). */
    private boolean framesFromZero(Trajectory trajectory) {
        for (int i = 0; i < trajectory.size(); i++)
            if (Math.abs(trajectory.time(i) - i * framePeriod) > 1e-6 * framePeriod)
                return false;
        return true;
    }

    private TrajectoryFormat format(Path file, TrajectoryFormat given) throws IOException {
        requireFile(file);
        if (given != null)
            return given;
        try {
            return TrajectoryFormat.detect(file);
        } catch (DatasetException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static Trajectory read(TrajectoryReader reader, Path file, TrajectoryFormat format) throws IOException {
        try {
            return reader.read(file, format);
        } catch (DatasetException e) {
            // a file that exists but cannot be read is a failure (exit 1); the message names file and line
            throw new IOException(e.getMessage(), e);
        }
    }

    private void requireFile(Path file) {
        if (!Files.exists(file))
            throw usageError("no such file: " + file);
        if (Files.isDirectory(file))
            throw usageError("a directory, not a trajectory file: " + file);
    }

    private static ObjectNode fileNode(Path file, TrajectoryFormat format, Trajectory trajectory) {
        ObjectNode node = JsonOutput.object();
        node.put("file", file.toString());
        node.put("format", name(format));
        node.put("poses", trajectory.size());
        return node;
    }

    private static String name(TrajectoryFormat format) {
        return format.name().toLowerCase(Locale.ROOT);
    }
}
