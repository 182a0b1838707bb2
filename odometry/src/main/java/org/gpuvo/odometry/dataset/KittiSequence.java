package org.gpuvo.odometry.dataset;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A KITTI odometry sequence folder ({@code sequences/NN} of the benchmark): left images in {@code image_0} (or
 * {@code image_l}), right images, if any, with the same names in {@code image_1} (or {@code image_r}),
 * {@code calib.txt} (see {@link KittiCalibration}), {@code times.txt} (seconds, one per frame) or else 10 Hz, and
 * ground truth from {@code poses.txt} in the folder or the benchmark's {@code ../../poses/NN.txt}. Images are
 * read when asked for.
 */
public final class KittiSequence extends RecordedSequence {
    /** KITTI's frame rate, used when there is no times.txt. */
    public static final double DEFAULT_RATE_HZ = 10.0;

    private final List<Path> leftFiles;
    private final Path rightDir;

    private KittiSequence(String name, List<Path> leftFiles, Path rightDir, CameraModel camera, StereoCalibration stereo,
                          double[] times, Trajectory groundTruth) {
        super(name, times, camera, stereo, groundTruth);
        this.leftFiles = leftFiles;
        this.rightDir = rightDir;
    }

    /** Whether {@code folder} has the files of a KITTI sequence (calib.txt and image_0 or image_l). */
    public static boolean looksLike(Path folder) {
        return Files.isRegularFile(folder.resolve("calib.txt"))
                && (Files.isDirectory(folder.resolve("image_0")) || Files.isDirectory(folder.resolve("image_l")));
    }

    public static KittiSequence open(Path folder) {
        Path leftDir = firstDir(folder, "image_0", "image_l");
        if (leftDir == null)
            throw new DatasetException(folder + ": not a KITTI sequence: no image_0 or image_l folder");
        Path rightDir = firstDir(folder, leftDir.endsWith("image_0") ? "image_1" : "image_r");
        List<Path> left = Images.list(leftDir);
        if (left.isEmpty())
            throw new DatasetException(leftDir + ": no images");
        if (rightDir != null) {
            List<Path> right = Images.list(rightDir);
            if (right.size() != left.size())
                throw new DatasetException(rightDir + ": holds " + right.size() + " images but " + leftDir.getFileName()
                        + " holds " + left.size());
            for (int i = 0; i < left.size(); i++)
                if (!right.get(i).getFileName().equals(left.get(i).getFileName()))
                    throw new DatasetException(rightDir + ": image " + right.get(i).getFileName() + " has no namesake in "
                            + leftDir.getFileName() + " (left and right images pair by name)");
        }
        Path calibFile = folder.resolve("calib.txt");
        if (!Files.isRegularFile(calibFile))
            throw new DatasetException(folder + ": no calib.txt (KITTI projection matrices P0, P1)");
        int[] size = Images.size(left.get(0), null);
        KittiCalibration calib = KittiCalibration.read(calibFile, size[0], size[1]);
        StereoCalibration stereo = null;
        if (rightDir != null)
            stereo = calib.stereo().orElseThrow(() -> DatasetException.at(calibFile, 0,
                    "has no P1 but the sequence has right images"));

        double[] times = TextTable.readTimes(folder.resolve("times.txt"), left.size(), DEFAULT_RATE_HZ);
        Trajectory truth = null;
        Path poses = posesFile(folder);
        if (poses != null)
            truth = GroundTruthFiles.readKitti(poses, times);
        String name = folder.toAbsolutePath().normalize().getFileName().toString();
        return new KittiSequence(name, left, rightDir, calib.left(), stereo, times, truth);
    }

    private static Path firstDir(Path folder, String... names) {
        for (String n : names)
            if (Files.isDirectory(folder.resolve(n)))
                return folder.resolve(n);
        return null;
    }

    /** poses.txt beside the images, or the benchmark layout's poses/NN.txt for sequences/NN. */
    private static Path posesFile(Path folder) {
        Path local = folder.resolve("poses.txt");
        if (Files.isRegularFile(local))
            return local;
        Path abs = folder.toAbsolutePath().normalize();
        if (abs.getParent() != null && abs.getParent().getParent() != null) {
            Path benchmark = abs.getParent().getParent().resolve("poses").resolve(abs.getFileName() + ".txt");
            if (Files.isRegularFile(benchmark))
                return benchmark;
        }
        return null;
    }

    @Override
    public GrayImage left(int i) {
        return Images.gray(leftFiles.get(i), null, camera.width, camera.height);
    }

    @Override
    public GrayImage right(int i) {
        if (rightDir == null)
            return super.right(i);
        return Images.gray(rightDir.resolve(leftFiles.get(i).getFileName()), null, stereo.right.width, stereo.right.height);
    }

    @Override
    public String toString() {
        return "KittiSequence{" + name + ", " + size() + " frames, " + (stereo != null ? "stereo" : "mono") + "}";
    }
}
