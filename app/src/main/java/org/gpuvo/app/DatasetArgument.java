package org.gpuvo.app;

import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The DATASET argument of the commands that read a sequence: a dataset folder (KITTI, EuRoC, TUM RGB-D, images with
 * a camera_info.yaml), or {@code synthetic:room} / {@code synthetic:street} / {@code synthetic:highway} for gpuvo's
 * rendered sequences (300 frames of 640×480 with exact ground truth, stereo and depth; the highway's with motion
 * blur).
 */
final class DatasetArgument {
    static final String SYNTHETIC = "synthetic:";

    private DatasetArgument() {
    }

    /** The sequence: a usage error if there is no such folder or scene, a failure if it cannot be read. */
    static Sequence open(String argument, CommandLine commandLine) throws IOException {
        if (argument.toLowerCase(Locale.ROOT).startsWith(SYNTHETIC))
            return synthetic(argument.substring(SYNTHETIC.length()), commandLine);
        Path folder = Path.of(argument);
        if (!Files.exists(folder))
            throw new ParameterException(commandLine, "no such dataset folder: " + folder);
        if (!Files.isDirectory(folder))
            throw new ParameterException(commandLine, "a file, not a dataset folder: " + folder);
        try {
            return Datasets.open(folder);
        } catch (DatasetException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static Sequence synthetic(String scene, CommandLine commandLine) {
        ConfigSynthetic config = switch (scene.toLowerCase(Locale.ROOT)) {
            case "room" -> ConfigSynthetic.room();
            case "street" -> ConfigSynthetic.street();
            case "highway" -> ConfigSynthetic.highway();
            default -> throw new ParameterException(commandLine, "unknown synthetic scene '" + scene
                    + "': synthetic:room, synthetic:street or synthetic:highway");
        };
        config.frames = 300;
        return new SyntheticSequence(config);
    }
}
