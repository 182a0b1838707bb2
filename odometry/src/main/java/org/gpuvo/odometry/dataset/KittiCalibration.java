package org.gpuvo.odometry.dataset;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A KITTI odometry {@code calib.txt}: lines {@code P0: 12 numbers}, {@code P1: ...} (3×4 row-major projection
 * matrices of the rectified grey cameras; P2/P3 colour, Tr velodyne, which are ignored). Files stripped of the
 * {@code Pn:} labels (bare lines of 12 numbers) are taken as P0, P1, ... in order. The images are rectified, so
 * the left camera is P0's K without distortion, the right one P1's, and the baseline is
 * {@code (P0[3] - P1[3]) / fx} (P1[3] = -fx·B, P0[3] = 0). The image size is not in the file: the caller gives it.
 */
public final class KittiCalibration {
    private final CameraModel left;
    private final StereoCalibration stereo;

    private KittiCalibration(CameraModel left, StereoCalibration stereo) {
        this.left = left;
        this.stereo = stereo;
    }

    /** The left (P0) camera. */
    public CameraModel left() {
        return left;
    }

    /** The rectified pair P0/P1, when the file holds P1. */
    public Optional<StereoCalibration> stereo() {
        return Optional.ofNullable(stereo);
    }

    public static KittiCalibration read(Path file, int width, int height) {
        TextTable table = TextTable.read(file);
        Map<String, TextTable.Row> matrices = new LinkedHashMap<>();
        int unlabelled = 0;
        for (TextTable.Row row : table.rows) {
            String first = row.fields[0];
            String key;
            String[] numbers;
            if (first.endsWith(":")) {
                key = first.substring(0, first.length() - 1);
                numbers = java.util.Arrays.copyOfRange(row.fields, 1, row.fields.length);
            } else {
                key = "P" + unlabelled++;
                numbers = row.fields;
            }
            if (matrices.containsKey(key))
                throw row.error(key + " appears twice (first at line " + matrices.get(key).line + ")");
            matrices.put(key, new TextTable.Row(file, row.line, numbers));
        }
        TextTable.Row p0Row = matrices.get("P0");
        if (p0Row == null)
            throw DatasetException.at(file, 0, "no P0 line (expected 'P0: ' and 12 numbers)");
        double[] p0 = projection(p0Row, "P0");
        if (width <= 0 || height <= 0)
            throw DatasetException.at(file, 0, "image size must be positive, got " + width + "x" + height);
        CameraModel left = CameraModel.pinhole(width, height, p0[0], p0[5], p0[2], p0[6]);

        TextTable.Row p1Row = matrices.get("P1");
        if (p1Row == null)
            return new KittiCalibration(left, null);
        double[] p1 = projection(p1Row, "P1");
        for (int i : new int[]{0, 2, 5, 6})
            if (Math.abs(p1[i] - p0[i]) > 1e-9 * Math.abs(p0[0]))
                throw p1Row.error("P1's intrinsics (fx fy cx cy = " + p1[0] + " " + p1[5] + " " + p1[2] + " " + p1[6]
                        + ") differ from P0's: the KITTI cameras are rectified to one K, these are not");
        if (p1[7] != p0[7])
            throw p1Row.error("P1[1][3] = " + p1[7] + " differs from P0's: a rectified pair is offset along x only");
        double baseline = (p0[3] - p1[3]) / p1[0];
        if (!(baseline > 0))
            throw p1Row.error("P1[0][3] = " + p1[3] + " gives baseline " + baseline + ": the right camera has P1[0][3] = -fx·B < 0");
        Se3_F64 rightToLeft = new Se3_F64();
        rightToLeft.T.setTo(baseline, 0, 0);
        CameraModel right = CameraModel.pinhole(width, height, p1[0], p1[5], p1[2], p1[6]);
        return new KittiCalibration(left, new StereoCalibration(left, right, rightToLeft));
    }

    /** 12 finite numbers of the form [fx 0 cx tx; 0 fy cy ty; 0 0 1 tz] with fx, fy > 0. */
    private static double[] projection(TextTable.Row row, String name) {
        row.expectExactly(12, name + ": 12 numbers of a 3x4 projection matrix");
        double[] p = new double[12];
        for (int i = 0; i < 12; i++)
            p[i] = row.number(i);
        String focal = FocalLengths.problem("fx", p[0], "fy", p[5]);
        if (focal != null)
            throw row.error(name + ": " + focal);
        if (p[1] != 0 || p[4] != 0 || p[8] != 0 || p[9] != 0 || p[10] != 1)
            throw row.error(name + " must have the form [fx 0 cx tx; 0 fy cy ty; 0 0 1 tz]");
        return p;
    }

    @Override
    public String toString() {
        return "KittiCalibration{" + (stereo != null ? stereo : left) + "}";
    }
}
