package org.gpuvo.odometry.dataset;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A plain folder of images (png, jpg, pgm, ... sorted by file name) with a ROS camera_info YAML for the camera:
 * {@code camera_info.yaml}, or the folder's only {@code .yaml}/{@code .yml} file. Timestamps come from a
 * {@code times.txt} (seconds, one per image, as KITTI's) if there is one, else from a frame rate. Colour images are
 * read as grey. Images are read when asked for.
 */
public final class ImageFolderSequence extends RecordedSequence {
    public static final double DEFAULT_RATE_HZ = 10.0;

    private final List<Path> files;

    private ImageFolderSequence(String name, List<Path> files, double[] times, CameraModel camera) {
        super(name, times, camera, null, null);
        this.files = files;
    }

    /** Whether the folder holds images and a calibration YAML this reader would pick. */
    public static boolean looksLike(Path folder) {
        return !Images.list(folder).isEmpty() && findCalibration(folder) != null;
    }

    /** Opens the folder at {@value #DEFAULT_RATE_HZ} Hz unless it has a times.txt. */
    public static ImageFolderSequence open(Path folder) {
        return open(folder, DEFAULT_RATE_HZ);
    }

    /** Opens the folder at {@code rateHz} unless it has a times.txt. */
    public static ImageFolderSequence open(Path folder, double rateHz) {
        Path yaml = findCalibration(folder);
        if (yaml == null)
            throw new DatasetException(folder + ": no camera calibration: put a ROS camera_info YAML named camera_info.yaml "
                    + "in the folder (or make it the folder's only .yaml file)");
        return open(folder, yaml, rateHz);
    }

    /** Opens the folder with an explicit camera_info YAML. */
    public static ImageFolderSequence open(Path folder, Path cameraInfo, double rateHz) {
        if (!(rateHz > 0) || !Double.isFinite(rateHz))
            throw new IllegalArgumentException("frame rate must be positive, got " + rateHz);
        List<Path> files = Images.list(folder);
        if (files.isEmpty())
            throw new DatasetException(folder + ": no images (" + String.join(", ", Images.EXTENSIONS) + ")");
        CameraModel camera = CameraInfoYaml.read(cameraInfo).camera;
        int[] size = Images.size(files.get(0), null);
        if (size[0] != camera.width || size[1] != camera.height)
            throw new DatasetException(files.get(0) + ": image is " + size[0] + "x" + size[1] + " but " + cameraInfo
                    + " says " + camera.width + "x" + camera.height);
        double[] times = TextTable.readTimes(folder.resolve("times.txt"), files.size(), rateHz);
        String name = folder.toAbsolutePath().normalize().getFileName().toString();
        return new ImageFolderSequence(name, files, times, camera);
    }

    static Path findCalibration(Path folder) {
        Path named = folder.resolve("camera_info.yaml");
        if (Files.isRegularFile(named))
            return named;
        try (Stream<Path> s = Files.list(folder)) {
            List<Path> yamls = s.filter(p -> {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                return Files.isRegularFile(p) && (n.endsWith(".yaml") || n.endsWith(".yml"));
            }).collect(Collectors.toList());
            return yamls.size() == 1 ? yamls.get(0) : null;
        } catch (IOException e) {
            throw new DatasetException(folder + ": cannot list: " + e.getMessage(), e);
        }
    }

    @Override
    public GrayImage left(int i) {
        return Images.gray(files.get(i), null, camera.width, camera.height);
    }

    @Override
    public String toString() {
        return "ImageFolderSequence{" + name + ", " + size() + " frames}";
    }
}
