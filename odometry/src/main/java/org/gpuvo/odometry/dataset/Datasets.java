package org.gpuvo.odometry.dataset;

import java.nio.file.Files;
import java.nio.file.Path;

/** Opens a dataset folder as a {@link Sequence}, recognising its layout. */
public final class Datasets {
    private Datasets() {
    }

    /**
     * Detects the layout, in this order: KITTI (calib.txt + image_0 or image_l), EuRoC (mav0/cam0/data.csv, or the
     * mav0 folder itself), TUM RGB-D (rgb.txt + depth.txt), a plain image folder (images + a camera_info YAML).
     *
     * @throws DatasetException if the folder is none of these (the message lists what was looked for), or if the
     *                          recognised dataset cannot be read
     */
    public static Sequence open(Path folder) {
        if (!Files.isDirectory(folder))
            throw new DatasetException(folder + ": " + (Files.exists(folder) ? "not a folder" : "does not exist"));
        if (KittiSequence.looksLike(folder))
            return KittiSequence.open(folder);
        if (EurocSequence.looksLike(folder))
            return EurocSequence.open(folder);
        if (TumRgbdSequence.looksLike(folder))
            return TumRgbdSequence.open(folder);
        boolean hasImages = !Images.list(folder).isEmpty();
        if (hasImages && ImageFolderSequence.findCalibration(folder) != null)
            return ImageFolderSequence.open(folder);
        throw new DatasetException(folder + ": unknown dataset layout; looked for"
                + "\n  KITTI:        calib.txt and image_0/ (or image_l/)"
                + "\n  EuRoC:        mav0/cam0/data.csv (or cam0/data.csv inside mav0)"
                + "\n  TUM RGB-D:    rgb.txt and depth.txt"
                + "\n  image folder: image files (" + String.join(" ", Images.EXTENSIONS)
                + ") and camera_info.yaml (ROS camera_info)"
                + (hasImages ? "\n  (the folder has images but no camera_info.yaml)" : ""));
    }
}
