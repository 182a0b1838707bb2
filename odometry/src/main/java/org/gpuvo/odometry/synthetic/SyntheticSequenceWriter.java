package org.gpuvo.odometry.synthetic;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.struct.so.Quaternion_F64;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.dataset.TextFileOutput;
import org.gpuvo.odometry.trajectory.Trajectory;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a sequence (typically a {@link SyntheticSequence}) in the folder layouts other tools read:
 * <ul>
 * <li>KITTI odometry ({@code image_0/000000.png}, {@code image_1/} for the right camera, {@code calib.txt} with
 * the 3×4 projection matrices P0 and P1 (P1's fourth column is -fx·baseline), {@code poses.txt} with one 3×4
 * row-major camera-to-world pose per frame, {@code times.txt} in seconds), as the KITTI odometry development kit
 * describes it;</li>
 * <li>TUM RGB-D ({@code rgb/TIME.png}, {@code depth/TIME.png} as 16-bit PNG of depth × 5000 with 0 for no depth,
 * {@code rgb.txt}, {@code depth.txt}, {@code groundtruth.txt} with "timestamp tx ty tz qx qy qz qw"), as the TUM
 * RGB-D benchmark's file formats page describes it.</li>
 * </ul>
 * The images are written as they are (grey); no lens distortion is written, so only undistorted sequences are
 * faithfully represented.
 */
public final class SyntheticSequenceWriter {
    /** TUM depth PNG units per metre. */
    public static final double TUM_DEPTH_SCALE = 5000;

    private SyntheticSequenceWriter() {
    }

    /** Writes {@code sequence} as a KITTI odometry sequence folder (created if missing). */
    public static void writeKitti(Sequence sequence, Path folder) throws IOException {
        Files.createDirectories(folder.resolve("image_0"));
        boolean stereo = sequence.hasRight();
        if (stereo)
            Files.createDirectories(folder.resolve("image_1"));
        for (int i = 0; i < sequence.size(); i++) {
            String name = String.format(Locale.ROOT, "%06d.png", i);
            ImageFiles.writePng(sequence.left(i), folder.resolve("image_0").resolve(name));
            if (stereo)
                ImageFiles.writePng(sequence.right(i), folder.resolve("image_1").resolve(name));
        }
        CameraModel c = sequence.camera();
        double tx = stereo ? -c.fx * sequence.stereo().map(StereoCalibration::baseline).orElse(0.0) : 0;
        try (BufferedWriter out = TextFileOutput.open(folder.resolve("calib.txt"))) {
            out.write(projection("P0", c, 0));
            if (stereo)
                out.write(projection("P1", c, tx));
        }
        try (BufferedWriter out = TextFileOutput.open(folder.resolve("times.txt"))) {
            for (int i = 0; i < sequence.size(); i++)
                out.write(String.format(Locale.ROOT, "%.6e%n", sequence.timestamp(i)));
        }
        Trajectory truth = sequence.groundTruth().orElse(null);
        if (truth != null) {
            try (BufferedWriter out = TextFileOutput.open(folder.resolve("poses.txt"))) {
                for (int i = 0; i < truth.size(); i++) {
                    Se3_F64 p = truth.pose(i);
                    double[] r = p.R.data;
                    out.write(String.format(Locale.ROOT, "%.9e %.9e %.9e %.9e %.9e %.9e %.9e %.9e %.9e %.9e %.9e %.9e%n",
                            r[0], r[1], r[2], p.T.x, r[3], r[4], r[5], p.T.y, r[6], r[7], r[8], p.T.z));
                }
            }
        }
    }

    private static String projection(String name, CameraModel c, double tx) {
        return String.format(Locale.ROOT, "%s: %.12e %.12e %.12e %.12e %.12e %.12e %.12e %.12e %.12e %.12e %.12e %.12e%n",
                name, c.fx, 0.0, c.cx, tx, 0.0, c.fy, c.cy, 0.0, 0.0, 0.0, 1.0, 0.0);
    }

    /** Writes {@code sequence} (which must have depth) as a TUM RGB-D sequence folder (created if missing). */
    public static void writeTum(Sequence sequence, Path folder) throws IOException {
        if (!sequence.hasDepth())
            throw new IllegalArgumentException(sequence.name() + " has no depth images: a TUM RGB-D folder needs them");
        Files.createDirectories(folder.resolve("rgb"));
        Files.createDirectories(folder.resolve("depth"));
        try (BufferedWriter rgb = TextFileOutput.open(folder.resolve("rgb.txt"));
             BufferedWriter depth = TextFileOutput.open(folder.resolve("depth.txt"))) {
            rgb.write("# grey images\n# file: '" + sequence.name() + "'\n# timestamp filename\n");
            depth.write("# depth maps\n# file: '" + sequence.name() + "'\n# timestamp filename\n");
            for (int i = 0; i < sequence.size(); i++) {
                String stamp = String.format(Locale.ROOT, "%.6f", sequence.timestamp(i));
                ImageFiles.writePng(sequence.left(i), folder.resolve("rgb").resolve(stamp + ".png"));
                writeDepthPng(sequence.depth(i), folder.resolve("depth").resolve(stamp + ".png"));
                rgb.write(stamp + " rgb/" + stamp + ".png\n");
                depth.write(stamp + " depth/" + stamp + ".png\n");
            }
        }
        Trajectory truth = sequence.groundTruth().orElse(null);
        if (truth != null) {
            try (BufferedWriter out = TextFileOutput.open(folder.resolve("groundtruth.txt"))) {
                out.write("# ground truth trajectory\n# file: '" + sequence.name() + "'\n# timestamp tx ty tz qx qy qz qw\n");
                Quaternion_F64 q = new Quaternion_F64();
                for (int i = 0; i < truth.size(); i++) {
                    Se3_F64 p = truth.pose(i);
                    ConvertRotation3D_F64.matrixToQuaternion(p.R, q);
                    q.normalize();
                    out.write(String.format(Locale.ROOT, "%.6f %.9f %.9f %.9f %.9f %.9f %.9f %.9f%n", truth.time(i),
                            p.T.x, p.T.y, p.T.z, q.x, q.y, q.z, q.w));
                }
            }
        }
    }

    /** A 16-bit PNG of depth × {@value #TUM_DEPTH_SCALE}, 0 where there is no depth or it does not fit. */
    static void writeDepthPng(DepthImage depth, Path file) throws IOException {
        BufferedImage image = new BufferedImage(depth.width, depth.height, BufferedImage.TYPE_USHORT_GRAY);
        WritableRaster raster = image.getRaster();
        for (int y = 0; y < depth.height; y++)
            for (int x = 0; x < depth.width; x++) {
                float d = depth.at(x, y);
                long v = Float.isNaN(d) ? 0 : Math.round(d * TUM_DEPTH_SCALE);
                raster.setSample(x, y, 0, v > 65535 ? 0 : (int) v);
            }
        if (!ImageIO.write(image, "png", file.toFile()))
            throw new IOException("no PNG writer for " + file);
    }
}
