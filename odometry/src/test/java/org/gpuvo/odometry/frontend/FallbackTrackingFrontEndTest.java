package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.BackendFailureException;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.ProjectionSearch;
import org.gpuvo.gpu.match.ProjectionSearchRules;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.odometry.frontend.FeatureDescriptors.binaryRows;

/**
 * A front end whose GPU fails goes on on the CPU without losing the frame: its matches, features and extractions are
 * those of a CPU front end that ran all along, whichever call failed. The failing GPU is played by a CPU front end
 * that throws as a failed CUDA call does (the device tests fail a real GPU: {@code FrontEndFallbackGpuTest}).
 */
class FallbackTrackingFrontEndTest {
    private static final int FAILING_FRAME = 3;

    /** A front end that throws {@link BackendFailureException} at one call of one frame, as a failing GPU would. */
    private static final class FailingFrontEnd implements TrackingFrontEnd {
        final TrackingFrontEnd delegate;
        final String failingCall;
        int processed = -1;
        boolean closed;

        FailingFrontEnd(TrackingFrontEnd delegate, String failingCall) {
            this.delegate = delegate;
            this.failingCall = failingCall;
        }

        private void failIf(String call, int frame) {
            if (call.equals(failingCall) && frame == FAILING_FRAME)
                throw new BackendFailureException("planted failure in " + call, null);
        }

        @Override
        public int process(GrayImage image, double[] searchWindow, Matches out) {
            failIf("process", processed + 1);
            processed++;
            return delegate.process(image, searchWindow, out);
        }

        @Override
        public void currentFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
            failIf("features", processed);
            delegate.currentFeatures(keyPoints, descriptors);
        }

        @Override
        public void extract(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
            failIf("extract", processed);
            delegate.extract(image, keyPoints, descriptors);
        }

        /** A map search only where it is the call to fail (the CPU front end it plays the GPU with has none). */
        @Override
        public ProjectionSearch mapSearch() {
            if (!failingCall.equals("search"))
                return null;
            return new ProjectionSearch() {
                @Override
                public void setMap(byte[] descriptors, int rows) {
                }

                @Override
                public int search(double[] slotValues, byte[] freeFeature, ProjectionSearchRules rules,
                                  int[] feature, int[] slot, float[] x, float[] y) {
                    failIf("search", processed);
                    return 0;
                }
            };
        }

        @Override
        public FeatureType features() {
            return delegate.features();
        }

        @Override
        public void reset() {
            delegate.reset();
        }

        @Override
        public String backend() {
            return "cuda";
        }

        @Override
        public void close() {
            closed = true;
            delegate.close();
        }
    }

    private static ConfigOrb orb() {
        return new ConfigOrb(1000);
    }

    private static ConfigMatch match() {
        ConfigMatch match = new ConfigMatch(0.8, true, 64);
        match.searchRadius = 48;
        return match;
    }

    @ParameterizedTest
    @ValueSource(strings = {"process", "features", "extract"})
    void aFailingGpuLosesNoFrameAndChangesNoMatch(String failingCall) {
        List<GrayImage> frames = TestFrames.consecutiveKittiFrames(6);
        double[] window = {1.0, 0, -6.0, 0, 1.0, 0.5, 0, 0, 1};
        FailingFrontEnd gpu = new FailingFrontEnd(FactoryTrackingFrontEnd.create("gpu", orb(), match(), Backend.CPU),
                failingCall);
        try (TrackingFrontEnd reference = FactoryTrackingFrontEnd.create("reference", orb(), match(), Backend.CPU);
             TrackingFrontEnd frontEnd = new FallbackTrackingFrontEnd(gpu,
                     () -> FactoryTrackingFrontEnd.create("cpu", orb(), match(), Backend.CPU))) {
            Matches a = new Matches(), b = new Matches();
            for (int frame = 0; frame < frames.size(); frame++) {
                TrackingFrontEndGpuTest.processAlike(reference, frontEnd, frames.get(frame),
                        frame % 2 == 0 ? null : window, a, b, frame);
                KeyPoints ka = new KeyPoints(), kb = new KeyPoints();
                FeatureDescriptors da = FeatureDescriptors.of(FeatureType.ORB);
                FeatureDescriptors db = FeatureDescriptors.of(FeatureType.ORB);
                reference.extract(frames.get(0), ka, da);
                frontEnd.extract(frames.get(0), kb, db);
                assertThat(kb.size()).isEqualTo(ka.size());
                assertThat(binaryRows(db).data).isEqualTo(binaryRows(da).data);
                assertThat(frontEnd.backend()).isEqualTo(frame < FAILING_FRAME ? "cuda" : "cpu");
            }
            assertThat(frontEnd.cpuFallbackFrame()).isEqualTo(FAILING_FRAME);
            assertThat(gpu.closed).as("the failed front end was closed").isTrue();
        }
    }

    @Test
    void aFailingSearchOfTheMapHandsOverTooAndTheHostSearchesThatFrame() {
        List<GrayImage> frames = TestFrames.consecutiveKittiFrames(5);
        FailingFrontEnd gpu = new FailingFrontEnd(FactoryTrackingFrontEnd.create("gpu", orb(), match(), Backend.CPU),
                "search");
        try (TrackingFrontEnd reference = FactoryTrackingFrontEnd.create("reference", orb(), match(), Backend.CPU);
             TrackingFrontEnd frontEnd = new FallbackTrackingFrontEnd(gpu,
                     () -> FactoryTrackingFrontEnd.create("cpu", orb(), match(), Backend.CPU))) {
            Matches a = new Matches(), b = new Matches();
            for (int frame = 0; frame < frames.size(); frame++) {
                TrackingFrontEndGpuTest.processAlike(reference, frontEnd, frames.get(frame), null, a, b, frame);
                ProjectionSearch search = frontEnd.mapSearch();
                if (frame > FAILING_FRAME) {
                    assertThat(search).as("frame %d: no GPU to search on", frame).isNull();
                    continue;
                }
                int n = 2000;
                int found = search.search(new double[0], new byte[n],
                        new ProjectionSearchRules(new double[0], 1.2, 1, 1, 16, 50, 0.9), new int[n], new int[n],
                        new float[n], new float[n]);
                assertThat(found).as("frame %d", frame).isEqualTo(frame < FAILING_FRAME ? 0 : -1);
                if (frame == FAILING_FRAME) {
                    // the frame's features, for the host's search, are the CPU's of that frame
                    KeyPoints ka = new KeyPoints(), kb = new KeyPoints();
                    FeatureDescriptors da = FeatureDescriptors.of(FeatureType.ORB);
                    FeatureDescriptors db = FeatureDescriptors.of(FeatureType.ORB);
                    reference.currentFeatures(ka, da);
                    frontEnd.currentFeatures(kb, db);
                    assertThat(kb.size()).isEqualTo(ka.size());
                    assertThat(binaryRows(db).data).isEqualTo(binaryRows(da).data);
                }
            }
            assertThat(frontEnd.cpuFallbackFrame()).isEqualTo(FAILING_FRAME);
            assertThat(frontEnd.backend()).isEqualTo("cpu");
            assertThat(gpu.closed).as("the failed front end was closed").isTrue();
        }
    }

    @Test
    void aResetBeforeTheFailureLeavesNothingToCatchUp() {
        List<GrayImage> frames = TestFrames.consecutiveKittiFrames(5);
        FailingFrontEnd gpu = new FailingFrontEnd(FactoryTrackingFrontEnd.create("gpu", orb(), match(), Backend.CPU),
                "process");
        try (TrackingFrontEnd frontEnd = new FallbackTrackingFrontEnd(gpu,
                () -> FactoryTrackingFrontEnd.create("cpu", orb(), match(), Backend.CPU))) {
            Matches out = new Matches();
            for (int frame = 0; frame < FAILING_FRAME; frame++)
                frontEnd.process(frames.get(frame), null, out);
            assertThat(frontEnd.cpuFallbackFrame()).isEqualTo(-1);
            frontEnd.reset();
            // the failing frame comes after a gap: it is matched against nothing, as it would have been on the GPU
            frontEnd.process(frames.get(FAILING_FRAME), null, out);
            assertThat(out.size()).isZero();
            assertThat(frontEnd.backend()).isEqualTo("cpu");
            frontEnd.process(frames.get(FAILING_FRAME + 1), null, out);
            assertThat(out.size()).isGreaterThan(100);
        }
    }
}
