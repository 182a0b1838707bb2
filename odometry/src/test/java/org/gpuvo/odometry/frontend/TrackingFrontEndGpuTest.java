package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.cuda.GpuTestSupport;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.odometry.frontend.FeatureDescriptors.binaryRows;

/**
 * The CUDA front end gives the CPU front end's results exactly, frame after frame: the same matches (indices,
 * distances, coordinates) with and without a search window, and the same features when they are downloaded. The
 * VO built on either backend is then the same computation, so equal seeds give equal trajectories.
 */
@Tag("gpu")
class TrackingFrontEndGpuTest {
    @Test
    void cudaMatchesAndFeaturesEqualTheCpuReference() {
        GpuTestSupport.assumeCuda();
        List<GrayImage> frames = TestFrames.consecutiveKittiFrames(6);
        ConfigOrb orb = new ConfigOrb(2000);
        ConfigMatch match = new ConfigMatch(0.8, true, 64);
        match.searchRadius = 48;
        // a small rotation about the vertical axis, as the motion prior would give it (KITTI intrinsics)
        double[] window = {1.0, 0, -6.0, 0, 1.0, 0.5, 0, 0, 1};
        try (TrackingFrontEnd cpu = FactoryTrackingFrontEnd.create("cpu", orb, match, Backend.CPU);
             TrackingFrontEnd cuda = FactoryTrackingFrontEnd.create("cuda", orb, match, Backend.CUDA)) {
            Matches a = new Matches(), b = new Matches();
            int frame = 0, compared = 0;
            for (GrayImage image : frames) {
                double[] w = frame % 2 == 0 ? null : window;
                int na = cpu.process(image, w, a), nb = cuda.process(image, w, b);
                assertThat(nb).as("features of frame %d", frame).isEqualTo(na);
                assertSameMatches(a, b, frame);
                compared += a.size();
                assertSameFeatures(cpu, cuda, frame);
                frame++;
            }
            assertThat(compared).as("matches compared").isGreaterThan(1000);

            KeyPoints ka = new KeyPoints(), kb = new KeyPoints();
            FeatureDescriptors da = FeatureDescriptors.of(FeatureType.ORB), db = FeatureDescriptors.of(FeatureType.ORB);
            cpu.extract(frames.get(0), ka, da);
            cuda.extract(frames.get(0), kb, db);
            assertThat(kb.size()).isEqualTo(ka.size());
            assertThat(binaryRows(db).data).isEqualTo(binaryRows(da).data);
            // extracting another image leaves the tracking state alone
            int na = cpu.process(frames.get(1), null, a), nb = cuda.process(frames.get(1), null, b);
            assertThat(nb).isEqualTo(na);
            assertSameMatches(a, b, -1);
        }
    }

    /** ORB on the GPU searches the local map where its features are; the CPU, and SIFT on the GPU, leave it to the host. */
    @Test
    void onlyOrbOnTheGpuSearchesTheMapOnTheDevice() {
        GpuTestSupport.assumeCuda();
        try (TrackingFrontEnd cpu = FactoryTrackingFrontEnd.create("cpu", new ConfigOrb(500), new ConfigMatch(),
                Backend.CPU);
             TrackingFrontEnd cuda = FactoryTrackingFrontEnd.create("cuda", new ConfigOrb(500), new ConfigMatch(),
                     Backend.CUDA);
             TrackingFrontEnd sift = FactoryTrackingFrontEnd.create("sift", new ConfigSift(500), new ConfigMatch(),
                     Backend.CUDA)) {
            assertThat(cpu.mapSearch()).isNull();
            assertThat(cuda.mapSearch()).isNotNull();
            assertThat(sift.mapSearch()).isNull();
        }
    }

    /**
     * Processes {@code image} on both front ends and checks that {@code other} gives {@code reference}'s feature
     * count, matches (into a and b; over 100 after the first frame) and downloaded features.
     */
    static void processAlike(TrackingFrontEnd reference, TrackingFrontEnd other, GrayImage image, double[] window,
                             Matches a, Matches b, int frame) {
        assertThat(other.process(image, window, b)).isEqualTo(reference.process(image, window, a));
        assertSameMatches(a, b, frame);
        if (frame > 0)
            assertThat(b.size()).as("matches of frame %d", frame).isGreaterThan(100);
        assertSameFeatures(reference, other, frame);
    }

    static void assertSameMatches(Matches a, Matches b, int frame) {
        assertThat(b.size()).as("matches of frame %d", frame).isEqualTo(a.size());
        for (int m = 0; m < a.size(); m++) {
            assertThat(b.query[m]).isEqualTo(a.query[m]);
            assertThat(b.train[m]).isEqualTo(a.train[m]);
            assertThat(b.distance[m]).isEqualTo(a.distance[m]);
            assertThat(b.queryX[m]).isEqualTo(a.queryX[m]);
            assertThat(b.queryY[m]).isEqualTo(a.queryY[m]);
            assertThat(b.trainX[m]).isEqualTo(a.trainX[m]);
            assertThat(b.trainY[m]).isEqualTo(a.trainY[m]);
        }
    }

    static void assertSameFeatures(TrackingFrontEnd cpu, TrackingFrontEnd cuda, int frame) {
        KeyPoints ka = new KeyPoints(), kb = new KeyPoints();
        FeatureDescriptors da = FeatureDescriptors.of(FeatureType.ORB), db = FeatureDescriptors.of(FeatureType.ORB);
        cpu.currentFeatures(ka, da);
        cuda.currentFeatures(kb, db);
        assertThat(kb.size()).as("downloaded features of frame %d", frame).isEqualTo(ka.size());
        for (int i = 0; i < ka.size(); i++) {
            assertThat(kb.x[i]).isEqualTo(ka.x[i]);
            assertThat(kb.y[i]).isEqualTo(ka.y[i]);
            assertThat(kb.level[i]).isEqualTo(ka.level[i]);
        }
        assertThat(java.util.Arrays.copyOf(binaryRows(db).data, db.size() * 32))
                .isEqualTo(java.util.Arrays.copyOf(binaryRows(da).data, da.size() * 32));
    }
}
