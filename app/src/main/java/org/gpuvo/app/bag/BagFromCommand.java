package org.gpuvo.app.bag;

import com.fasterxml.jackson.databind.node.ObjectNode;
import me.tongfei.progressbar.ProgressBar;
import org.gpuvo.app.AbstractCommand;
import org.gpuvo.app.DatasetSelection;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.run.RunProgress;
import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.ros.replay.SequenceBagWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code gpuvo bag-from}: a dataset as the bag a robot's camera would have recorded, for replay and for tools. */
@Command(name = "bag-from", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a dataset (KITTI, EuRoC, TUM RGB-D, an image folder, or synthetic:room / "
                + "synthetic:street / synthetic:highway) as a rosbag2 bag: per frame the images (sensor_msgs/Image "
                + "mono8; depth 32FC1 in metres) and their sensor_msgs/CameraInfo under camera-driver topic names "
                + "(/camera/image_raw; /left/image_raw and /right/image_raw, or image_rect for a rectified pair; "
                + "/camera/rgb/image_raw and /camera/depth/image_raw), stamped with the frame times; the ground truth "
                + "as nav_msgs/Odometry on /ground_truth and as /tf.",
                "OUT is created as a bag folder with metadata.yaml; it must not exist or be empty."})
public final class BagFromCommand extends AbstractCommand {
    @Mixin
    DatasetSelection dataset;

    @Parameters(index = "1", paramLabel = "OUT", description = "The bag folder to create.")
    Path out;

    @Mixin
    BagOutput bagOutput;

    @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
    boolean quiet;

    @Mixin
    JsonOutput json;

    @Override
    public Integer call() throws Exception {
        DatasetSelection.Selection selection = dataset.open();
        Sequence whole = selection.whole(), sequence = selection.frames();
        if (Files.exists(out) && !(Files.isDirectory(out) && isEmpty(out)))
            throw usageError("OUT " + out + " exists: name a new (or empty) folder");
        long start = System.nanoTime();
        long messages;
        boolean show = !quiet && RunProgress.standardErrorIsTerminal();
        try {
            messages = bagOutput.write(out, "bag-from", bag -> {
                try (ProgressBar bar = show ? RunProgress.bar("bag-from " + whole.name(), sequence.size(), " frames")
                        : null) {
                    return SequenceBagWriter.write(sequence, bag, bar == null ? null : i -> bar.step());
                }
            });
        } catch (DatasetException e) {
            throw new IOException(e.getMessage(), e);
        } catch (IOException e) {
            throw new IOException("writing the bag " + out + " failed: " + e.getMessage(), e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long size = 0;
        try (var files = Files.walk(out)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator)
                size += Files.size(f);
        }
        String topics = SequenceBagWriter.layout(sequence).stream()
                .map(c -> c.image() + " " + c.cameraInfo()).collect(Collectors.joining(" "))
                + (sequence.groundTruth().isPresent() ? " " + SequenceBagWriter.GROUND_TRUTH + " /tf" : "");
        PrintWriter text = json.text();
        text.printf(Locale.ROOT, "gpuvo bag-from: %s, %d frames, %d messages -> %s (%s, %s) in %.1f s%n", whole.name(),
                sequence.size(), messages, out, bagOutput.id(), BagInfoCommand.humanSize(size), seconds);
        text.printf("topics     %s%n", topics);
        text.flush();
        ObjectNode root = JsonOutput.object();
        root.put("dataset", whole.name());
        root.put("out", out.toString());
        root.put("storage", bagOutput.id());
        root.put("frames", sequence.size());
        root.put("messages", messages);
        root.put("size_bytes", size);
        root.put("wall_s", seconds);
        json.write(root);
        return 0;
    }

    private static boolean isEmpty(Path folder) throws IOException {
        try (var entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        }
    }
}
