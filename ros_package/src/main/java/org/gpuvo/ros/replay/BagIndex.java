package org.gpuvo.ros.replay;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.image.CompressedImages;
import org.gpuvo.ros.image.ImageEncoding;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.image.MalformedImageException;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.PoseStamped;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The first reading of a bag for a replay: every image's stamp and size (checked, so that a frame the replay
 * serves later can be decoded), the first valid camera_info of each camera, and the ground truth. Frames are then
 * formed: each first image paired with a second one (stereo, RGB-D) by {@link ConfigSync}, in the bag's order, and
 * kept only where its stamp is after the previous frame's.
 */
final class BagIndex {
    /** The frames: stamp in seconds and, per topic, the message's ordinal among the topic's messages. */
    static final class Frames {
        final long[] stampNanos;
        final double[] times;
        final int[] firstOrdinal, secondOrdinal;

        Frames(long[] stampNanos, int[] firstOrdinal, int[] secondOrdinal) {
            this.stampNanos = stampNanos;
            this.times = Arrays.stream(stampNanos).mapToDouble(ns -> ns / 1e9).toArray();
            this.firstOrdinal = firstOrdinal;
            this.secondOrdinal = secondOrdinal;
        }

        int size() {
            return times.length;
        }
    }

    /** One usable image message: its stamp (ns), ordinal within its topic, size. */
    private record Entry(long stampNs, int ordinal, int width, int height) {
    }

    private final ReplayTopics topics;
    private final ReplayCounters counters;
    private final List<Entry> first = new ArrayList<>(), second = new ArrayList<>();
    private final int[] ordinals = new int[2];
    private CameraInfo cameraInfo, secondCameraInfo;
    private final Trajectory groundTruth = new Trajectory();
    private Frames frames;

    private BagIndex(ReplayTopics topics, ReplayCounters counters) {
        this.topics = topics;
        this.counters = counters;
    }

    static BagIndex read(BagReader bag, ReplayTopics topics, ConfigSync sync, ReplayCounters counters) throws IOException {
        BagIndex index = new BagIndex(topics, counters);
        Set<String> read = new HashSet<>(topics.imageTopics());
        read.add(topics.cameraInfo);
        if (topics.secondCameraInfo != null)
            read.add(topics.secondCameraInfo);
        if (topics.groundTruth != null)
            read.add(topics.groundTruth);
        // damage is counted and passed: every good message of every file is used
        try (MessageCursor cursor = bag.messages(read, damage -> counters.damaged(damage.getMessage()))) {
            for (BagMessage m; (m = cursor.next()) != null; )
                index.add(m);
        }
        if (!counters.damage().isEmpty())
            counters.lostToDamage = index.lostToDamage(bag);
        if (index.cameraInfo == null)
            throw new IllegalArgumentException("no usable camera_info on " + topics.cameraInfo);
        if (topics.secondCameraInfo != null && index.secondCameraInfo == null)
            throw new IllegalArgumentException("no usable camera_info on " + topics.secondCameraInfo);
        index.frames = index.pair(sync);
        return index;
    }

    /**
     * Image messages the bag's counts (its index or statistics) hold beyond those read; -1 where the counts cannot
     * be had (a damaged file without an index).
     */
    private long lostToDamage(BagReader bag) {
        try {
            Map<String, Long> counts = bag.messageCounts();
            long held = counts.getOrDefault(topics.image, 0L)
                    + (topics.second == null ? 0 : counts.getOrDefault(topics.second, 0L));
            long read = ordinals[0] + ordinals[1];
            // counts from a scan that stopped at the damage (a file without an index) fall short of what was read
            return held < read ? -1 : held - read;
        } catch (IOException e) {
            return -1;
        }
    }

    Frames frames() {
        return frames;
    }

    CameraInfo cameraInfo() {
        return cameraInfo;
    }

    CameraInfo secondCameraInfo() {
        return secondCameraInfo;
    }

    /** The ground truth read from the bag, or null where it has none. */
    Trajectory groundTruth() {
        return groundTruth.isEmpty() ? null : groundTruth;
    }

    private void add(BagMessage m) {
        String topic = m.topic().name();
        String where = m.file().getFileName() + " at " + m.offset();
        if (topic.equals(topics.image) || topic.equals(topics.second)) {
            int t = topic.equals(topics.image) ? 0 : 1;
            int ordinal = ordinals[t]++;
            counters.imageMessages++;
            try {
                Entry e = entry(m, ordinal, t == 1 && topics.mode == VoMode.RGBD);
                (t == 0 ? first : second).add(e);
            } catch (RuntimeException e) {
                counters.malformed(topic, where, e.getMessage());
            }
            return;
        }
        if (topic.equals(topics.cameraInfo) || topic.equals(topics.secondCameraInfo)) {
            boolean isFirst = topic.equals(topics.cameraInfo);
            try {
                CameraInfo info = MessageCodecs.of(CameraInfo.class).decode(m.data());
                CameraInfoMessages.camera(info); // checks it
                CameraInfo known = isFirst ? cameraInfo : secondCameraInfo;
                if (known == null) {
                    if (isFirst)
                        cameraInfo = info;
                    else
                        secondCameraInfo = info;
                } else if (!sameCalibration(known, info)) {
                    counters.cameraInfoChanges++;
                    counters.warnFirst("camera_info change " + topic, topic + ": the calibration changes (" + where
                            + "); the first one is used for the whole replay");
                }
            } catch (RuntimeException e) {
                counters.malformedOther(topic, where, e.getMessage());
            }
            return;
        }
        if (topic.equals(topics.groundTruth)) {
            try {
                Header header;
                Se3_F64 pose;
                if (ReplayTopics.normalised(m.topic().type()).equals(Odometry.TYPE)) {
                    Odometry odometry = MessageCodecs.of(Odometry.class).decode(m.data());
                    header = odometry.header();
                    pose = PoseMessages.se3(odometry.pose().pose());
                } else {
                    PoseStamped stamped = MessageCodecs.of(PoseStamped.class).decode(m.data());
                    header = stamped.header();
                    pose = PoseMessages.se3(stamped.pose());
                }
                double time = header.stamp().toSeconds();
                if (!groundTruth.isEmpty() && !(time > groundTruth.time(groundTruth.size() - 1))) {
                    counters.groundTruthRejected++;
                    counters.warnFirst("ground truth order", topic + ": a pose whose stamp is not after the previous "
                            + "one's (" + where + ") is left out");
                    return;
                }
                groundTruth.add(time, pose);
            } catch (RuntimeException e) {
                counters.groundTruthRejected++;
                counters.malformedOther(topic, where, e.getMessage());
            }
        }
    }

    /** The stamp and size of an image message, after the checks that decoding it later needs. */
    private Entry entry(BagMessage m, int ordinal, boolean depth) {
        if (ReplayTopics.normalised(m.topic().type()).equals(CompressedImage.TYPE)) {
            if (depth)
                throw new MalformedImageException("compressed depth images are not supported");
            CompressedImage c = MessageCodecs.of(CompressedImage.class).decode(m.data());
            int[] size = CompressedImages.size(c);
            return new Entry(c.header().stamp().toNanos(), ordinal, size[0], size[1]);
        }
        Image image = MessageCodecs.of(Image.class).decode(m.data());
        ImageEncoding encoding = ImageMessages.check(image);
        if (depth != encoding.isDepth())
            throw new MalformedImageException(depth ? "a depth image must be 16UC1 (mm) or 32FC1 (m), not " + encoding.rosName
                    : "a " + encoding.rosName + " image is depth, not intensity");
        return new Entry(image.header().stamp().toNanos(), ordinal, image.width(), image.height());
    }

    private static boolean sameCalibration(CameraInfo a, CameraInfo b) {
        return a.width() == b.width() && a.height() == b.height() && Arrays.equals(a.k(), b.k())
                && Arrays.equals(a.d(), b.d()) && Arrays.equals(a.r(), b.r()) && Arrays.equals(a.p(), b.p())
                && a.distortionModel().equals(b.distortionModel());
    }

    /** Frames from the entries: size checks, pairing, increasing stamps. */
    private Frames pair(ConfigSync sync) {
        int width = cameraInfo.width(), height = cameraInfo.height();
        List<Entry> firsts = withSize(first, width, height, topics.image);
        List<Entry> seconds = topics.second == null ? List.of() : withSize(second,
                topics.mode == VoMode.STEREO ? secondCameraInfo.width() : width,
                topics.mode == VoMode.STEREO ? secondCameraInfo.height() : height, topics.second);
        Entry[] bySecondStamp = seconds.toArray(new Entry[0]);
        Arrays.sort(bySecondStamp, (a, b) -> Long.compare(a.stampNs, b.stampNs));
        long[] secondStamps = Arrays.stream(bySecondStamp).mapToLong(Entry::stampNs).toArray();
        boolean[] used = new boolean[bySecondStamp.length];
        long tolerance = Math.round(sync.toleranceSeconds * 1e9);

        long[] stamps = new long[firsts.size()];
        int[] firstOrd = new int[firsts.size()], secondOrd = new int[firsts.size()];
        int n = 0;
        long lastStamp = Long.MIN_VALUE;
        for (Entry e : firsts) {
            int partner = -1;
            if (topics.second != null) {
                partner = nearest(secondStamps, used, e.stampNs, tolerance);
                if (partner < 0) {
                    counters.unpaired++;
                    counters.warnFirst("unpaired", topics.image + ": an image without a partner on " + topics.second
                            + (sync.isExact() ? " of the same stamp" : " within " + sync.toleranceSeconds + " s")
                            + " is left out (stamp " + e.stampNs + " ns)");
                    continue;
                }
                used[partner] = true; // taken even if the frame is left out below: it is not unpaired
            }
            if (e.stampNs <= lastStamp) {
                counters.stampsNotIncreasing++;
                counters.warnFirst("stamps", topics.image + ": an image whose stamp (" + e.stampNs + " ns) is not after "
                        + "the previous frame's (" + lastStamp + " ns) is left out (a bag recorded in a loop?)");
                continue;
            }
            if (partner >= 0)
                secondOrd[n] = bySecondStamp[partner].ordinal;
            lastStamp = e.stampNs;
            stamps[n] = e.stampNs;
            firstOrd[n] = e.ordinal;
            n++;
        }
        if (topics.second != null)
            for (boolean u : used)
                if (!u)
                    counters.unpaired++;
        return new Frames(Arrays.copyOf(stamps, n), Arrays.copyOf(firstOrd, n), Arrays.copyOf(secondOrd, n));
    }

    private List<Entry> withSize(List<Entry> entries, int width, int height, String topic) {
        List<Entry> kept = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            if (e.width == width && e.height == height) {
                kept.add(e);
            } else {
                counters.wrongSize++;
                counters.warnFirst("size " + topic, topic + ": an image of " + e.width + "x" + e.height
                        + " where the camera_info says " + width + "x" + height + " is left out");
            }
        }
        return kept;
    }

    /** Index of the unused stamp nearest to {@code stamp} within {@code tolerance}, or -1. */
    private static int nearest(long[] stamps, boolean[] used, long stamp, long tolerance) {
        int at = Arrays.binarySearch(stamps, stamp);
        int start = at >= 0 ? at : -at - 1;
        int best = -1;
        long bestDiff = Long.MAX_VALUE;
        for (int i = start; i < stamps.length && stamps[i] - stamp <= tolerance; i++)
            if (!used[i] && stamps[i] - stamp < bestDiff) {
                best = i;
                bestDiff = stamps[i] - stamp;
                break;
            }
        for (int i = start - 1; i >= 0 && stamp - stamps[i] <= tolerance; i--)
            if (!used[i] && stamp - stamps[i] < bestDiff) {
                best = i;
                break;
            }
        return best;
    }
}
