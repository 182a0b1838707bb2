package org.gpuvo.app.run;

import org.gpuvo.app.AbstractCommand;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code gpuvo demo}: {@code gpuvo run} on a sequence gpuvo renders itself, with exact ground truth, so that it
 * needs no data. The defaults finish well within a minute on two CPU cores without a GPU.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Renders a short synthetic stereo + depth sequence (gpuvo's own ray-cast scene: a textured "
                + "room, street or highway, with exact ground truth), runs the visual odometry on it (the GPU where "
                + "CUDA is usable, else the CPU), prints the errors and writes the same files as gpuvo run.",
                "Local mapping runs deterministically (as gpuvo run --deterministic runs it), so that the figures "
                        + "printed repeat from run to run."})
public final class DemoCommand extends AbstractCommand {
    private static final Pattern SIZE = Pattern.compile("(\\d+)x(\\d+)");

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "runs/demo",
            description = "The run folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--frames", paramLabel = "N", defaultValue = "120",
            description = "Frames to render (default: ${DEFAULT-VALUE}).")
    int frames;

    @Option(names = "--scene", paramLabel = "NAME", defaultValue = "ROOM",
            description = "room (the default: a loop around a 10 x 8 m room at 1 m/s, 30 Hz), street "
                    + "(a drive at 8 m/s, 10 Hz, as KITTI) or highway (30 m/s, 20 Hz: sparse texture, open sky, "
                    + "motion blur).")
    ConfigSynthetic.SceneKind scene;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "640x480",
            description = "Image size (default: ${DEFAULT-VALUE}; the focal length scales with the width).")
    String size;

    @Mixin
    PipelineOptions pipeline;

    @Mixin
    JsonOutput json;

    @Override
    public Integer call() throws Exception {
        SyntheticSequence sequence;
        try {
            sequence = new SyntheticSequence(config());
        } catch (IllegalArgumentException e) {
            throw usageError("invalid synthetic sequence: " + e.getMessage());
        }
        // deterministic: what the demo prints (and the README shows) must repeat
        PipelineRun run = new PipelineRun(sequence, pipeline, true);
        run.execute(out, i -> i).report("gpuvo demo", json);
        return 0;
    }

    private ConfigSynthetic config() {
        ConfigSynthetic config = ConfigSynthetic.preset(scene);
        Matcher m = SIZE.matcher(size.trim().toLowerCase(Locale.ROOT));
        if (!m.matches())
            throw usageError("--size takes WxH (e.g. 640x480), not '" + size + "'");
        try {
            config.width = Integer.parseInt(m.group(1));
            config.height = Integer.parseInt(m.group(2));
        } catch (NumberFormatException e) {
            throw usageError("--size " + size + ": number too large");
        }
        // the field of view of the default camera (500 px at 640 wide: 65 degrees across) at any size
        config.focalLength = 500.0 * config.width / 640.0;
        config.frames = frames;
        // rows of a frame on every core: the same images as on one
        config.parallel = true;
        return config;
    }
}
