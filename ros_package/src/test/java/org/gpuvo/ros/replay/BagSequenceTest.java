package org.gpuvo.ros.replay;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.Storage;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.RegionOfInterest;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A bag of what a real camera and a careless recorder produce, replayed as a sequence. */
class BagSequenceTest {
    private static final String IMAGE = "/camera/image_raw", INFO = "/camera/camera_info";
    private static final int W = 64, H = 48;
    private static final CameraModel CAMERA = CameraModel.pinhole(W, H, 50, 50, 32, 24);

    @TempDir
    Path dir;

    private static GrayImage noise(int seed) {
        GrayImage g = GrayImage.create(W, H);
        new Random(seed).nextBytes(g.data);
        return g;
    }

    private static Header header(long ns) {
        return new Header(Time.ofNanos(ns), "camera");
    }

    private static final long SECOND = 1_000_000_000L;

    /**
     * Frames 0..5 at 1 s + k·0.1 s, with around them: images before any camera info, a NaN camera info, each kind
     * of malformed image, a CDR blob cut short, an image of another size, and a stamp going backwards.
     */
    private Path carelessBag(Storage storage, List<GrayImage> good) throws Exception {
        Path bag = dir.resolve("careless-" + storage.id());
        try (BagWriter writer = Bags.create(bag, storage)) {
            TypedBagWriter out = new TypedBagWriter(writer);
            out.declare(INFO, CameraInfo.class);
            out.declare(IMAGE, Image.class);
            long t = SECOND;
            // an image before any camera info: fine in a replay, the calibration is read first
            GrayImage first = noise(0);
            good.add(first);
            out.write(IMAGE, t, ImageMessages.fromGray(first, header(t)));
            double[] nanK = {Double.NaN, 0, 32, 0, 50, 24, 0, 0, 1};
            out.write(INFO, t, new CameraInfo(header(t), H, W, "plumb_bob", new double[5], nanK,
                    new double[]{1, 0, 0, 0, 1, 0, 0, 0, 1}, new double[12], 0, 0, RegionOfInterest.FULL));
            out.write(INFO, t, CameraInfoMessages.of(CAMERA, header(t)));
            byte[] pixels = new byte[W * H];
            long bad = t + SECOND / 20;
            out.write(IMAGE, bad, new Image(header(bad), H, W, "mono8", false, W - 1, pixels));      // step < width
            out.write(IMAGE, bad, new Image(header(bad), H, W, "yuv422_yuy2", false, W * 2, new byte[W * H * 2]));
            out.write(IMAGE, bad, new Image(header(bad), 0, 0, "mono8", false, 0, new byte[0]));    // zero size
            out.write(IMAGE, bad, new Image(header(bad), H, W, "mono8", false, W, new byte[W * H - 1])); // short data
            byte[] valid = MessageCodecs.of(Image.class).encode(ImageMessages.fromGray(noise(99), header(bad)));
            writer.write(IMAGE, bad, Arrays.copyOf(valid, 40));                                       // CDR cut short
            out.write(IMAGE, bad, ImageMessages.fromGray(GrayImage.create(W + 16, H), header(bad)));  // wrong size
            for (int k = 1; k < 6; k++) {
                long stamp = t + k * SECOND / 10;
                GrayImage g = noise(k);
                good.add(g);
                out.write(IMAGE, stamp, ImageMessages.fromGray(g, header(stamp)));
                if (k == 3) // the recorder looped: an old stamp again
                    out.write(IMAGE, stamp, ImageMessages.fromGray(noise(50), header(t)));
            }
        }
        return bag;
    }

    @ParameterizedTest
    @EnumSource(Storage.class)
    void badMessagesAreCountedAndTheGoodFramesServed(Storage storage) throws Exception {
        List<GrayImage> good = new ArrayList<>();
        Path bag = carelessBag(storage, good);
        ReplayCounters counters = new ReplayCounters();
        try (BagReader reader = Bags.open(bag)) {
            ReplayTopics topics = ReplayTopics.choose(reader.topics(), null, List.of(), null, null);
            try (BagSequence sequence = BagSequence.open(reader, "careless", topics, ConfigSync.exact(), null, 0, counters)) {
                assertThat(sequence.size()).isEqualTo(6);
                assertThat(sequence.camera().fx).isEqualTo(50);
                for (int i = 0; i < 6; i++) {
                    assertThat(sequence.timestamp(i)).isEqualTo(1 + i * 0.1);
                    assertThat(sequence.left(i).data).as("frame %d", i).isEqualTo(good.get(i).data);
                }
                // going back restarts the stream
                assertThat(sequence.left(2).data).isEqualTo(good.get(2).data);
                assertThat(sequence.groundTruth()).isEmpty();
            }
        }
        assertThat(counters.imageMessages()).isEqualTo(6 + 6 + 1);
        // a bad camera_info is not an image: it is counted apart, not among the skipped images
        assertThat(counters.malformedByTopic()).containsOnly(java.util.Map.entry(IMAGE, 5L));
        assertThat(counters.malformedOtherByTopic()).containsOnly(java.util.Map.entry(INFO, 1L));
        assertThat(counters.wrongSize()).isEqualTo(1);
        assertThat(counters.stampsNotIncreasing()).isEqualTo(1);
    }

    @Test
    void stereoPairsAreMatchedByStampWithinTheTolerance() throws Exception {
        Path bag = dir.resolve("stereo");
        var rig = new org.gpuvo.odometry.camera.StereoCalibration(CAMERA, CAMERA, stereoOffset());
        try (BagWriter writer = Bags.create(bag, Storage.MCAP)) {
            TypedBagWriter out = new TypedBagWriter(writer);
            out.declare("/left/camera_info", CameraInfo.class);
            out.declare("/right/camera_info", CameraInfo.class);
            out.declare("/left/image_rect", Image.class);
            out.declare("/right/image_rect", Image.class);
            CameraInfo[] infos = CameraInfoMessages.of(rig, header(0), header(0));
            out.write("/left/camera_info", 0, infos[0]);
            out.write("/right/camera_info", 0, infos[1]);
            for (int k = 0; k < 5; k++) {
                long l = SECOND + k * SECOND / 10, r = l + (k == 2 ? 30_000_000L : 2_000_000L); // 2 ms apart; once 30
                out.write("/left/image_rect", l, ImageMessages.fromGray(noise(k), header(l)));
                out.write("/right/image_rect", r, ImageMessages.fromGray(noise(100 + k), header(r)));
            }
        }
        for (double tolerance : new double[]{0, 0.005, 0.05}) {
            ReplayCounters counters = new ReplayCounters();
            try (BagReader reader = Bags.open(bag)) {
                ReplayTopics topics = ReplayTopics.choose(reader.topics(), null, List.of(), null, null);
                try (BagSequence s = BagSequence.open(reader, "stereo", topics, ConfigSync.approximate(tolerance), null, 0,
                        counters)) {
                    int expected = tolerance == 0 ? 0 : tolerance < 0.03 ? 4 : 5;
                    assertThat(s.size()).as("tolerance %s", tolerance).isEqualTo(expected);
                    assertThat(s.stereo()).isPresent();
                    if (expected == 4)
                        assertThat(s.right(2).data).isEqualTo(noise(103).data); // frame 2 is left 3's pair
                }
            } catch (IllegalArgumentException e) {
                assertThat(tolerance).isZero();
                assertThat(e).hasMessageContaining("no usable frame");
            }
        }
    }

    private static georegression.struct.se.Se3_F64 stereoOffset() {
        var t = new georegression.struct.se.Se3_F64();
        t.T.setTo(0.1, 0, 0);
        return t;
    }

    @Test
    void aBagWithoutCalibrationIsRefusedByName() throws Exception {
        Path bag = dir.resolve("nocal");
        try (BagWriter writer = Bags.create(bag, Storage.MCAP)) {
            TypedBagWriter out = new TypedBagWriter(writer);
            out.declare(IMAGE, Image.class);
            writer.addTopic(TopicInfo.of(INFO, CameraInfo.TYPE), "");
            out.write(IMAGE, SECOND, ImageMessages.fromGray(noise(1), header(SECOND)));
        }
        try (BagReader reader = Bags.open(bag)) {
            ReplayTopics topics = ReplayTopics.choose(reader.topics(), null, List.of(), null, null);
            assertThatThrownBy(() -> BagSequence.open(reader, "nocal", topics, ConfigSync.exact(), null, 0,
                    new ReplayCounters())).hasMessageContaining("no usable camera_info on " + INFO);
        }
    }
}
