package org.gpuvo.tests.dds;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.EurocSequence;
import org.gpuvo.odometry.dataset.KittiSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A recorded sequence turned into {@code gpuvo_camera} input: its first frames as mono8 files with their stamps,
 * and its calibration as camera info files (one for mono, two for a stereo rig). The real sequences come from
 * {@code ../shared/data} through {@link SharedData}: a test asking for them is skipped where they are absent.
 *
 * @param input     the frames
 * @param list      their list file ({@code gpuvo_camera --list})
 * @param info      the (left) camera info
 * @param rightInfo the right camera info of a stereo rig, or null
 * @param infoFile  where {@code info} was written
 * @param rightInfoFile where {@code rightInfo} was written, or null
 */
public record SequenceFrames(CameraInput input, Path list, CameraInfoFile info, CameraInfoFile rightInfo,
                             Path infoFile, Path rightInfoFile) {
    /** KITTI's sequence has no times.txt (10 Hz from 0 s): its stamps start here, so that none is zero. */
    public static final long KITTI_FIRST_STAMP_NS = 1_000_000_000_000_000_000L;

    /** The first {@code count} frames of KITTI 06 (mono, 1226×370, 10 Hz). */
    public static SequenceFrames kitti(Path dir, int count) {
        return write(KittiSequence.open(SharedData.require("kitti-06-0050")), count, KITTI_FIRST_STAMP_NS, dir);
    }

    /**
     * gpuvo's rendered room ({@link ConfigSynthetic#room()}) at {@code width}×{@code height}, {@code count} frames
     * rendered at {@code rateHz} (the rig moves at the room's speed whatever the rate), the left images alone as a
     * monocular camera's, stamped from {@link #KITTI_FIRST_STAMP_NS} on.
     */
    public static SequenceFrames roomMono(Path dir, int width, int height, int count, double rateHz) {
        ConfigSynthetic room = ConfigSynthetic.room();
        room.width = width;
        room.height = height;
        room.frames = count;
        room.rate = rateHz;
        room.parallel = true;
        return write(new MonoView(new SyntheticSequence(room)), count, KITTI_FIRST_STAMP_NS, dir);
    }

    /**
     * The first {@code count} stereo pairs of the EuRoC V1_01 excerpt (752×480, 20 Hz), stamped with the recording's
     * own times (to within 0.25 µs: the sequence reader keeps them as double seconds).
     */
    public static SequenceFrames eurocStereo(Path dir, int count) {
        return write(EurocSequence.open(SharedData.require("euroc-v101-micro")), count, 0, dir);
    }

    /** Writes frames {@code 0..count-1} of {@code seq} (both sides where it has right images) into {@code dir}. */
    public static SequenceFrames write(Sequence seq, int count, long firstStampNs, Path dir) {
        if (count < 1 || count > seq.size())
            throw new IllegalArgumentException(seq.name() + " has " + seq.size() + " frames, asked for " + count);
        CameraInput input = CameraInput.in(dir);
        for (int i = 0; i < count; i++) {
            GrayImage left = seq.left(i).packed();
            byte[] right = seq.hasRight() ? seq.right(i).packed().data : null;
            long stamp = firstStampNs + Math.round(seq.timestamp(i) * 1e9);
            input.add(stamp, left.width, left.height, left.width, "mono8", left.data, right);
        }
        Path list = input.writeList();
        if (!seq.hasRight()) {
            CameraInfoFile info = CameraInfoFile.mono(seq.camera());
            return new SequenceFrames(input, list, info, null, info.write(dir.resolve("camera_info.txt")), null);
        }
        CameraInfoFile[] infos = CameraInfoFile.stereo(seq.stereo().orElseThrow());
        return new SequenceFrames(input, list, infos[0], infos[1], infos[0].write(dir.resolve("left_info.txt")),
                infos[1].write(dir.resolve("right_info.txt")));
    }

    /**
     * The gpuvo_camera arguments that publish these frames and infos on {@code imageTopic} (mono), or on
     * {@code imageTopic} and {@code rightImageTopic} (stereo), camera infos beside them.
     */
    public List<String> cameraArguments(String imageTopic, String rightImageTopic) {
        List<String> args = new ArrayList<>(List.of("--list", list.toString(), "--image-topic", imageTopic,
                "--info", infoFile.toString()));
        if (rightInfo != null)
            args.addAll(List.of("--right-image-topic", rightImageTopic, "--right-info", rightInfoFile.toString()));
        return args;
    }
}
