package org.gpuvo.odometry.dataset;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A EuRoC MAV sequence in the ASL layout: {@code mav0/cam0/{data.csv, data/, sensor.yaml}}, optionally
 * {@code mav0/cam1/...} (then frames are the cam0/cam1 pairs whose data.csv timestamps are identical) and
 * {@code mav0/state_groundtruth_estimate0/data.csv}. The ground truth there is the body (IMU) frame; it is turned
 * into the cam0 (left camera) pose, {@code T_WC = T_WB · T_BS}, so that it is comparable with the VO's output.
 * Timestamps are seconds (the files' nanoseconds / 1e9). Images are read when asked for.
 */
public final class EurocSequence extends RecordedSequence {
    private final Path[] leftFiles, rightFiles;
    private final String[] leftListed, rightListed;

    private EurocSequence(String name, Path[] leftFiles, String[] leftListed, Path[] rightFiles, String[] rightListed,
                          double[] times, CameraModel camera, StereoCalibration stereo, Trajectory groundTruth) {
        super(name, times, camera, stereo, groundTruth);
        this.leftFiles = leftFiles;
        this.leftListed = leftListed;
        this.rightFiles = rightFiles;
        this.rightListed = rightListed;
    }

    /** The mav0 folder of {@code folder} (the folder itself or its mav0 child), or null. */
    static Path mav0(Path folder) {
        if (Files.isRegularFile(folder.resolve("mav0/cam0/data.csv")))
            return folder.resolve("mav0");
        if (Files.isRegularFile(folder.resolve("cam0/data.csv")))
            return folder;
        return null;
    }

    /** Whether {@code folder} (or its mav0 child) holds cam0/data.csv. */
    public static boolean looksLike(Path folder) {
        return mav0(folder) != null;
    }

    /** One camera's list: times in ns, image files, and where each was listed. */
    private static final class CameraList {
        final List<Long> ns = new ArrayList<>();
        final List<Path> files = new ArrayList<>();
        final List<String> listed = new ArrayList<>();
    }

    private static CameraList readList(Path camDir) {
        Path csv = camDir.resolve("data.csv");
        if (!Files.isRegularFile(csv))
            throw new DatasetException(camDir + ": no data.csv (timestamp [ns], filename)");
        CameraList list = new CameraList();
        long previous = Long.MIN_VALUE;
        for (TextTable.Row row : TextTable.read(csv).rows) {
            row.expectExactly(2, "timestamp [ns], filename");
            long t = row.nanoseconds(0);
            if (t <= previous)
                throw row.error("timestamp " + t + " ns is not after the previous one (" + previous
                        + "): timestamps must increase strictly");
            previous = t;
            list.ns.add(t);
            list.files.add(camDir.resolve("data").resolve(row.text(1)));
            list.listed.add(csv + ":" + row.line);
        }
        if (list.ns.isEmpty())
            throw DatasetException.at(csv, 0, "lists no images");
        return list;
    }

    public static EurocSequence open(Path folder) {
        Path mav0 = mav0(folder);
        if (mav0 == null)
            throw new DatasetException(folder + ": not a EuRoC sequence: no mav0/cam0/data.csv");
        EurocCalibration cal0 = EurocCalibration.read(mav0.resolve("cam0/sensor.yaml"));
        CameraList cam0 = readList(mav0.resolve("cam0"));
        boolean hasRight = Files.isRegularFile(mav0.resolve("cam1/data.csv"));

        List<Integer> leftIndex = new ArrayList<>(), rightIndex = new ArrayList<>();
        EurocCalibration cal1 = null;
        CameraList cam1 = null;
        if (hasRight) {
            cal1 = EurocCalibration.read(mav0.resolve("cam1/sensor.yaml"));
            cam1 = readList(mav0.resolve("cam1"));
            Map<Long, Integer> byTime = new HashMap<>();
            for (int j = 0; j < cam1.ns.size(); j++)
                byTime.put(cam1.ns.get(j), j);
            for (int i = 0; i < cam0.ns.size(); i++) {
                Integer j = byTime.get(cam0.ns.get(i));
                if (j != null) {
                    leftIndex.add(i);
                    rightIndex.add(j);
                }
            }
            if (leftIndex.isEmpty())
                throw new DatasetException(mav0 + ": cam0/data.csv and cam1/data.csv share no timestamp: no stereo pairs");
        } else {
            for (int i = 0; i < cam0.ns.size(); i++)
                leftIndex.add(i);
        }

        int n = leftIndex.size();
        Path[] leftFiles = new Path[n], rightFiles = hasRight ? new Path[n] : null;
        String[] leftListed = new String[n], rightListed = hasRight ? new String[n] : null;
        double[] times = new double[n];
        for (int k = 0; k < n; k++) {
            int i = leftIndex.get(k);
            leftFiles[k] = existing(cam0, i);
            leftListed[k] = cam0.listed.get(i);
            times[k] = TextTable.seconds(cam0.ns.get(i));
            if (hasRight) {
                int j = rightIndex.get(k);
                rightFiles[k] = existing(cam1, j);
                rightListed[k] = cam1.listed.get(j);
            }
        }
        checkSize(leftFiles[0], leftListed[0], cal0);
        StereoCalibration stereo = null;
        if (hasRight) {
            checkSize(rightFiles[0], rightListed[0], cal1);
            stereo = EurocCalibration.stereo(cal0, cal1);
        }

        Trajectory truth = null;
        Path gt = mav0.resolve("state_groundtruth_estimate0/data.csv");
        if (Files.isRegularFile(gt))
            truth = bodyToCamera(GroundTruthFiles.readEurocBody(gt), cal0.cameraToBody());
        Path named = mav0.toAbsolutePath().normalize();
        String name = (named.getFileName().toString().equals("mav0") && named.getParent() != null
                ? named.getParent() : named).getFileName().toString();
        return new EurocSequence(name, leftFiles, leftListed, rightFiles, rightListed, times, cal0.camera, stereo, truth);
    }

    private static Path existing(CameraList list, int i) {
        Path file = list.files.get(i);
        if (!Files.isRegularFile(file))
            throw new DatasetException(list.listed.get(i) + ": image " + file.getFileName() + " does not exist");
        return file;
    }

    private static void checkSize(Path image, String listed, EurocCalibration cal) {
        int[] size = Images.size(image, listed);
        if (size[0] != cal.camera.width || size[1] != cal.camera.height)
            throw new DatasetException(listed + ": image " + image.getFileName() + " is " + size[0] + "x" + size[1]
                    + " but " + cal.file + " says resolution " + cal.camera.width + "x" + cal.camera.height);
    }

    /** T_WC = T_WB · T_BS for every pose. */
    static Trajectory bodyToCamera(Trajectory body, Se3_F64 cameraToBody) {
        Trajectory out = new Trajectory();
        Se3_F64 cameraToWorld = new Se3_F64();
        for (int i = 0; i < body.size(); i++) {
            cameraToBody.concat(body.pose(i), cameraToWorld); // camera -> body, then body -> world
            out.add(body.time(i), cameraToWorld);
        }
        return out;
    }

    @Override
    public GrayImage left(int i) {
        return Images.gray(leftFiles[i], leftListed[i], camera.width, camera.height);
    }

    @Override
    public GrayImage right(int i) {
        if (stereo == null)
            return super.right(i);
        return Images.gray(rightFiles[i], rightListed[i], stereo.right.width, stereo.right.height);
    }

    @Override
    public String toString() {
        return "EurocSequence{" + name + ", " + size() + " frames, " + (stereo != null ? "stereo" : "mono") + "}";
    }
}
