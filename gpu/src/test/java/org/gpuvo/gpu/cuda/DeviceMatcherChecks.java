package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

/**
 * The checks every CUDA matcher passes whatever its descriptors, written once for the GPU tests of both: empty sets,
 * and arguments rejected before any kernel runs.
 */
final class DeviceMatcherChecks {
    /** {@code MatchTestData::upload} of one kind of descriptors. */
    interface Upload<D, F extends DeviceFeatureSet> {
        F upload(CudaContext cuda, D descriptors, KeyPoints keyPoints, int capacity);
    }

    private DeviceMatcherChecks() {
    }

    /** Empty query or train sets, on the device and on the host: no matches, whatever {@code out} held. */
    static <D, F extends DeviceFeatureSet> void emptySetsGiveNoMatches(CudaContext cuda, CudaMatching<D, F> matcher,
                                                                        D some, D none, Upload<D, F> upload) {
        Matches out = new Matches();
        out.add(1, 2, 3, 4);
        try (F a = upload.upload(cuda, some, null, 10);
             F b = upload.upload(cuda, none, null, 4)) {
            matcher.match(a, b, new ConfigMatch(), out);
            assertThat(out.isEmpty()).isTrue();
            out.add(1, 2, 3, 4);
            matcher.match(b, a, new ConfigMatch(), out);
            assertThat(out.isEmpty()).isTrue();
            matcher.match(b, b, new ConfigMatch(0.8, true, 256), out);
            assertThat(out.isEmpty()).isTrue();
        }
        out.add(1, 2, 3, 4);
        matcher.match(none, some, out);
        assertThat(out.isEmpty()).isTrue();
        matcher.match(some, none, out);
        assertThat(out.isEmpty()).isTrue();
    }

    /**
     * Null arguments, an invalid configuration, counts outside [0, capacity], a window buffer too small, a
     * homography of 8 values and features of another context are rejected; {@code a} (10 features) is left as it
     * came.
     */
    static <D, F extends DeviceFeatureSet> void badArgumentsAreRejected(CudaContext cuda, CudaMatching<D, F> matcher,
                                                                         F a, F b, D descriptors, Upload<D, F> upload) {
        Matches out = new Matches();
        ConfigMatch ok = new ConfigMatch();
        assertThatThrownBy(() -> matcher.match(null, b, ok, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("query");
        assertThatThrownBy(() -> matcher.match(a, b, null, out)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> matcher.match(a, b, ok, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> matcher.match(a, b, new ConfigMatch(1.5, false, 256), out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        a.count = 11;
        assertThatThrownBy(() -> matcher.match(a, b, ok, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("count 11");
        a.count = -1;
        assertThatThrownBy(() -> matcher.match(a, b, ok, out)).isInstanceOf(IllegalArgumentException.class);
        a.count = 10;
        try (DeviceBuffer small = cuda.deviceBuffer("test", 8)) {
            assertThatThrownBy(() -> matcher.matchWithin(a, small, b, ok, out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("predicted");
        }
        assertThatThrownBy(() -> matcher.matchWithin(a, new double[8], b, ok, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("9 values");
        try (CudaContext other = CudaContext.open("other");
             F foreign = upload.upload(other, descriptors, null, 10)) {
            assertThatThrownBy(() -> matcher.match(a, foreign, ok, out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another CUDA context");
        }
    }
}
