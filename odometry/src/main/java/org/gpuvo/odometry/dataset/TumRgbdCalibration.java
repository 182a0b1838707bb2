package org.gpuvo.odometry.dataset;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.RadialTangentialDistortion;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Cameras of the TUM RGB-D benchmark (Sturm et al., IROS 2012). The intrinsics and plumb_bob distortion
 * (d0..d4 = k1 k2 p1 p2 k3) of the three Kinects are the table "Calibration of the color camera" of the benchmark's
 * "File Formats" page (cvg.cit.tum.de/data/datasets/rgbd-dataset/file_formats); freiburg3 images were undistorted
 * when recorded, hence its zero distortion. Depth PNGs hold metres × 5000 ({@link #DEPTH_FACTOR}, same page).
 * The sequence's camera is chosen by its folder name ({@code rgbd_dataset_freiburg1_xyz} → freiburg1); a
 * {@code camera_info.yaml} in the folder overrides that and is required when the name tells nothing.
 */
public final class TumRgbdCalibration {
    /** Depth PNG value per metre. */
    public static final double DEPTH_FACTOR = 5000.0;
    /** The file a TUM-format folder may hold instead of a freiburg name. */
    public static final String CAMERA_INFO = "camera_info.yaml";

    private TumRgbdCalibration() {
    }

    /** Kinect {@code index} (1, 2 or 3) of the benchmark, for images of the given size. */
    public static CameraModel freiburg(int index, int width, int height) {
        switch (index) {
            case 1:
                return new CameraModel(width, height, 517.3, 516.5, 318.6, 255.3,
                        RadialTangentialDistortion.plumbBob(0.2624, -0.9531, -0.0054, 0.0026, 1.1633));
            case 2:
                return new CameraModel(width, height, 520.9, 521.0, 325.1, 249.7,
                        RadialTangentialDistortion.plumbBob(0.2312, -0.7849, -0.0033, -0.0001, 0.9172));
            case 3:
                return CameraModel.pinhole(width, height, 535.4, 539.2, 320.1, 247.6);
            default:
                throw new IllegalArgumentException("the TUM RGB-D benchmark has freiburg1, 2 and 3, not " + index);
        }
    }

    /** The freiburg index named in a folder name, or 0. */
    public static int freiburgOf(String folderName) {
        String name = folderName.toLowerCase(Locale.ROOT);
        for (int i = 1; i <= 3; i++)
            if (name.contains("freiburg" + i))
                return i;
        return 0;
    }

    /** The camera of a TUM-format folder whose colour images are {@code width × height}. */
    public static CameraModel forFolder(Path folder, int width, int height) {
        Path info = folder.resolve(CAMERA_INFO);
        if (Files.isRegularFile(info)) {
            CameraInfoYaml yaml = CameraInfoYaml.read(info);
            if (yaml.camera.width != width || yaml.camera.height != height)
                throw DatasetException.at(info, 0, "calibration is for " + yaml.camera.width + "x" + yaml.camera.height
                        + " images but the colour images are " + width + "x" + height);
            return yaml.camera;
        }
        Path name = folder.toAbsolutePath().normalize().getFileName();
        int index = name == null ? 0 : freiburgOf(name.toString());
        if (index == 0)
            throw new DatasetException(folder + ": cannot tell the camera: the folder name does not contain "
                    + "freiburg1, freiburg2 or freiburg3 (as rgbd_dataset_freiburg1_xyz does) and there is no "
                    + CAMERA_INFO + " (ROS camera_info format) in it");
        return freiburg(index, width, height);
    }
}
