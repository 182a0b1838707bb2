package org.gpuvo.odometry.dataset;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A sequence of the TUM RGB-D benchmark (file formats of cvg.cit.tum.de/data/datasets/rgbd-dataset/file_formats):
 * {@code rgb.txt} and {@code depth.txt} list {@code timestamp filename} per line ('#' comments), colour PNGs are
 * read as grey, depth PNGs are 16-bit with metres × 5000; {@code groundtruth.txt} (optional) holds
 * {@code timestamp tx ty tz qx qy qz qw} of the colour camera. Frames are the colour images that
 * {@link TumAssociation} pairs with a depth image (|Δt| < {@value #MAX_DIFFERENCE} s, associate.py's default);
 * a frame's time is its colour image's. The camera comes from {@link TumRgbdCalibration#forFolder}.
 */
public final class TumRgbdSequence extends RecordedSequence {
    /** associate.py's default --max_difference, in seconds. */
    public static final double MAX_DIFFERENCE = 0.02;

    private final Path[] rgbFiles, depthFiles;
    private final String[] rgbListed, depthListed;

    private TumRgbdSequence(String name, CameraModel camera, Path[] rgbFiles, String[] rgbListed, Path[] depthFiles,
                            String[] depthListed, double[] times, Trajectory groundTruth) {
        super(name, times, camera, null, groundTruth);
        this.rgbFiles = rgbFiles;
        this.rgbListed = rgbListed;
        this.depthFiles = depthFiles;
        this.depthListed = depthListed;
    }

    public static boolean looksLike(Path folder) {
        return Files.isRegularFile(folder.resolve("rgb.txt")) && Files.isRegularFile(folder.resolve("depth.txt"));
    }

    /** A {@code timestamp filename} list. */
    private static final class ImageList {
        final double[] times;
        final Path[] files;
        final String[] listed;

        ImageList(Path folder, Path listFile) {
            if (!Files.isRegularFile(listFile))
                throw new DatasetException(folder + ": no " + listFile.getFileName() + " (timestamp filename per line)");
            TextTable table = TextTable.read(listFile);
            if (table.size() == 0)
                throw DatasetException.at(listFile, 0, "lists no images");
            times = new double[table.size()];
            files = new Path[table.size()];
            listed = new String[table.size()];
            double previous = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < times.length; i++) {
                TextTable.Row row = table.rows.get(i).expectExactly(2, "timestamp filename");
                times[i] = row.number(0);
                TextTable.requireIncreasing(row, previous, times[i]);
                previous = times[i];
                files[i] = folder.resolve(row.text(1));
                listed[i] = listFile + ":" + row.line;
            }
        }
    }

    public static TumRgbdSequence open(Path folder) {
        ImageList rgb = new ImageList(folder, folder.resolve("rgb.txt"));
        ImageList depth = new ImageList(folder, folder.resolve("depth.txt"));
        int[][] pairs = TumAssociation.associate(rgb.times, depth.times, MAX_DIFFERENCE);
        if (pairs.length == 0)
            throw new DatasetException(folder + ": no colour image of rgb.txt has a depth image of depth.txt within "
                    + MAX_DIFFERENCE + " s");
        int n = pairs.length;
        Path[] rgbFiles = new Path[n], depthFiles = new Path[n];
        String[] rgbListed = new String[n], depthListed = new String[n];
        double[] times = new double[n];
        for (int k = 0; k < n; k++) {
            int i = pairs[k][0], j = pairs[k][1];
            rgbFiles[k] = rgb.files[i];
            rgbListed[k] = rgb.listed[i];
            depthFiles[k] = depth.files[j];
            depthListed[k] = depth.listed[j];
            times[k] = rgb.times[i];
            if (!Files.isRegularFile(rgbFiles[k]))
                throw new DatasetException(rgbListed[k] + ": image " + rgbFiles[k].getFileName() + " does not exist");
            if (!Files.isRegularFile(depthFiles[k]))
                throw new DatasetException(depthListed[k] + ": image " + depthFiles[k].getFileName() + " does not exist");
        }
        int[] size = Images.size(rgbFiles[0], rgbListed[0]);
        int[] depthSize = Images.size(depthFiles[0], depthListed[0]);
        if (depthSize[0] != size[0] || depthSize[1] != size[1])
            throw new DatasetException(depthListed[0] + ": depth image " + depthFiles[0].getFileName() + " is "
                    + depthSize[0] + "x" + depthSize[1] + " but colour image " + rgbFiles[0].getFileName() + " is "
                    + size[0] + "x" + size[1] + " (TUM depth is registered 1:1 to colour)");
        CameraModel camera = TumRgbdCalibration.forFolder(folder, size[0], size[1]);
        Path gt = folder.resolve("groundtruth.txt");
        Trajectory truth = Files.isRegularFile(gt) ? GroundTruthFiles.readTum(gt) : null;
        String name = folder.toAbsolutePath().normalize().getFileName().toString();
        return new TumRgbdSequence(name, camera, rgbFiles, rgbListed, depthFiles, depthListed, times, truth);
    }

    @Override
    public GrayImage left(int i) {
        return Images.gray(rgbFiles[i], rgbListed[i], camera.width, camera.height);
    }

    @Override
    public boolean hasDepth() {
        return true;
    }

    @Override
    public DepthImage depth(int i) {
        return Images.depth(depthFiles[i], depthListed[i], TumRgbdCalibration.DEPTH_FACTOR, camera.width, camera.height);
    }

    @Override
    public String toString() {
        return "TumRgbdSequence{" + name + ", " + size() + " frames}";
    }
}
