package org.gpuvo.ros.replay;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.image.CompressedImages;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.Image;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A bag's camera topics as a {@link Sequence}, so that a replay runs the very pipeline of {@code gpuvo run}.
 *
 * <p>Opening reads the bag once ({@link BagIndex}): the stamp of every image, the calibration, the ground truth,
 * and every message that cannot be used is counted and left out. Frames are then served in order by streaming the
 * bag's image topics a second time, holding only the messages of frames not yet served that arrived early (the
 * partner of a pair); the bag is never held in memory. Asking for an earlier frame restarts the stream.</p>
 */
public final class BagSequence implements Sequence, Closeable {
    private final BagReader bag;
    private final String name;
    private final ReplayTopics topics;
    private final BagIndex.Frames frames;
    private final CameraModel camera;
    private final StereoCalibration stereo;
    private final Trajectory groundTruth;
    private final boolean secondIsCompressed, firstIsCompressed;
    /** (topic number, ordinal within the topic) of a frame's message → the frame */
    private final Map<Long, Integer> frameOfMessage = new HashMap<>();
    private final double rate;
    private final String cameraFrameId;
    private final double indexSeconds;

    private MessageCursor cursor;
    private final Map<Long, BagMessage> early = new HashMap<>();
    private int[] ordinals;
    private int servedFrame = -1;
    private BagMessage servedFirst, servedSecond;
    private long paceStartNanos;
    /** time spent reading and decoding the frames served, in nanoseconds */
    private long readNanos;

    private BagSequence(BagReader bag, String name, ReplayTopics topics, BagIndex index, Trajectory groundTruth, double rate,
                        double indexSeconds) {
        this.bag = bag;
        this.indexSeconds = indexSeconds;
        this.name = name;
        this.topics = topics;
        this.frames = index.frames();
        this.rate = rate;
        CameraInfo info = index.cameraInfo();
        cameraFrameId = info.header().frameId();
        if (topics.mode == VoMode.STEREO) {
            stereo = CameraInfoMessages.stereo(info, index.secondCameraInfo(), topics.rectified);
            camera = stereo.left;
        } else {
            stereo = null;
            camera = topics.rectified ? CameraInfoMessages.rectifiedCamera(info) : CameraInfoMessages.camera(info);
        }
        this.groundTruth = groundTruth;
        firstIsCompressed = ReplayTopics.normalised(topics.type(topics.image)).equals(CompressedImage.TYPE);
        secondIsCompressed = topics.second != null
                && ReplayTopics.normalised(topics.type(topics.second)).equals(CompressedImage.TYPE);
        for (int i = 0; i < frames.size(); i++) {
            frameOfMessage.put(key(0, frames.firstOrdinal[i]), i);
            if (topics.second != null)
                frameOfMessage.put(key(1, frames.secondOrdinal[i]), i);
        }
    }

    /**
     * Indexes the bag and checks that it can be replayed.
     *
     * @param groundTruth ground truth from elsewhere (a file), or null to take the bag's {@link ReplayTopics#groundTruth}
     * @param rate        0 for as fast as possible, else frames are served no earlier than their stamps allow at
     *                    {@code rate} × real time
     * @throws IOException              where the bag cannot be read at all
     * @throws IllegalArgumentException where it has no usable frame or calibration
     */
    public static BagSequence open(BagReader bag, String name, ReplayTopics topics, ConfigSync sync,
                                   Trajectory groundTruth, double rate, ReplayCounters counters) throws IOException {
        long start = System.nanoTime();
        BagIndex index = BagIndex.read(bag, topics, sync.copy().checkValidity(), counters);
        double indexSeconds = (System.nanoTime() - start) / 1e9;
        if (index.frames().size() == 0)
            throw new IllegalArgumentException(name + ": no usable frame on " + topics.imageTopics() + " ("
                    + counters.imageMessages() + " image messages, " + counters.skipped() + " skipped)");
        Trajectory truth = groundTruth != null ? groundTruth : index.groundTruth();
        return new BagSequence(bag, name, topics, index, truth, rate, indexSeconds);
    }

    private static long key(int topic, int ordinal) {
        return (long) topic << 32 | ordinal;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int size() {
        return frames.size();
    }

    @Override
    public double timestamp(int i) {
        return frames.times[i];
    }

    @Override
    public CameraModel camera() {
        return camera;
    }

    @Override
    public GrayImage left(int i) {
        if (i != servedFrame)
            pace(i);
        long start = System.nanoTime();
        serve(i);
        GrayImage image = gray(servedFirst, firstIsCompressed);
        readNanos += System.nanoTime() - start;
        return image;
    }

    @Override
    public GrayImage right(int i) {
        if (topics.mode != VoMode.STEREO)
            throw new UnsupportedOperationException(name + " is not replayed as stereo");
        long start = System.nanoTime();
        serve(i);
        GrayImage image = gray(servedSecond, secondIsCompressed);
        readNanos += System.nanoTime() - start;
        return image;
    }

    @Override
    public Optional<StereoCalibration> stereo() {
        return Optional.ofNullable(stereo);
    }

    @Override
    public boolean hasDepth() {
        return topics.mode == VoMode.RGBD;
    }

    @Override
    public DepthImage depth(int i) {
        if (topics.mode != VoMode.RGBD)
            throw new UnsupportedOperationException(name + " is not replayed as RGB-D");
        long start = System.nanoTime();
        serve(i);
        DepthImage depth = ImageMessages.toDepth(decode(servedSecond, Image.class));
        readNanos += System.nanoTime() - start;
        return depth;
    }

    @Override
    public Optional<Trajectory> groundTruth() {
        return Optional.ofNullable(groundTruth);
    }

    /** The stamp of frame i's (first) image, in nanoseconds as in the bag. */
    public long stampNanos(int i) {
        return frames.stampNanos[i];
    }

    /** The camera's frame id (of its camera_info), for results published beside the images. */
    public String cameraFrameId() {
        return cameraFrameId;
    }

    /** Seconds the first reading of the bag took (stamps, calibration, ground truth, checks). */
    public double indexSeconds() {
        return indexSeconds;
    }

    /** Seconds spent streaming and decoding the frames' images so far (waits of {@code rate} excluded). */
    public double readSeconds() {
        return readNanos / 1e9;
    }

    /** The topics replayed. */
    public ReplayTopics topics() {
        return topics;
    }

    private GrayImage gray(BagMessage message, boolean compressed) {
        try {
            return compressed ? CompressedImages.toGray(decode(message, CompressedImage.class))
                    : ImageMessages.toGray(decode(message, Image.class));
        } catch (RuntimeException e) {
            // the index checked the message; what fails here is inside compressed data
            throw new DatasetException(message.file() + " at " + message.offset() + ", " + message.topic().name()
                    + ": " + e.getMessage(), e);
        }
    }

    private static <T> T decode(BagMessage message, Class<T> type) {
        return MessageCodecs.of(type).decode(message.data());
    }

    /** Makes frame i's messages {@link #servedFirst} and {@link #servedSecond}, streaming the bag up to them. */
    private void serve(int i) {
        if (i == servedFrame)
            return;
        if (i < 0 || i >= frames.size())
            throw new IndexOutOfBoundsException("frame " + i + " of " + frames.size());
        try {
            if (cursor == null || i < servedFrame)
                restart();
            long firstKey = key(0, frames.firstOrdinal[i]);
            Long secondKey = topics.second == null ? null : key(1, frames.secondOrdinal[i]);
            while (!early.containsKey(firstKey) || secondKey != null && !early.containsKey(secondKey)) {
                BagMessage m = cursor.next();
                if (m == null)
                    throw new DatasetException(name + ": the bag ended before frame " + i + "'s images (read twice, "
                            + "it changed between the readings?)");
                int topic = m.topic().name().equals(topics.image) ? 0 : 1;
                long k = key(topic, ordinals[topic]++);
                Integer frame = frameOfMessage.get(k);
                if (frame != null && frame >= i)
                    early.put(k, m);
            }
            servedFirst = early.remove(firstKey);
            servedSecond = secondKey == null ? null : early.remove(secondKey);
            servedFrame = i;
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    private void restart() throws IOException {
        if (cursor != null)
            cursor.close();
        early.clear();
        ordinals = new int[2];
        Set<String> read = new HashSet<>(topics.imageTopics());
        // damage was counted by the index; passing it the same way here delivers the same messages in the same order
        cursor = bag.messages(read, damage -> { });
    }

    /** At a rate, waits until frame i's time has come (measured from the first frame served). */
    private void pace(int i) {
        if (rate <= 0)
            return;
        long now = System.nanoTime();
        if (servedFrame < 0 || i == 0)
            paceStartNanos = now - (long) ((frames.times[i] - frames.times[0]) / rate * 1e9);
        long due = paceStartNanos + (long) ((frames.times[i] - frames.times[0]) / rate * 1e9);
        try {
            while (due - System.nanoTime() > 0)
                Thread.sleep(Math.max(1, (due - System.nanoTime()) / 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes the stream; the bag itself is the caller's. */
    @Override
    public void close() throws IOException {
        if (cursor != null)
            cursor.close();
        cursor = null;
    }
}
