package org.gpuvo.gpu.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.gpuvo.gpu.features.SiftFeatures;

/** Asserts that two SIFT results are the same bit for bit: every keypoint field and every descriptor, in order. */
public final class SameSiftFeatures {
    private SameSiftFeatures() {
    }

    public static void assertSame(SiftFeatures actual, SiftFeatures expected, String what) {
        int n = expected.size();
        assertThat(actual.size()).as("%s: features", what).isEqualTo(n);
        assertThat(actual.descriptors.size()).as("%s: descriptors", what).isEqualTo(n);
        assertThat(Arrays.copyOf(actual.keyPoints.x, n)).as("%s: x", what).containsExactly(Arrays.copyOf(expected.keyPoints.x, n));
        assertThat(Arrays.copyOf(actual.keyPoints.y, n)).as("%s: y", what).containsExactly(Arrays.copyOf(expected.keyPoints.y, n));
        assertThat(Arrays.copyOf(actual.keyPoints.level, n)).as("%s: octave", what)
                .containsExactly(Arrays.copyOf(expected.keyPoints.level, n));
        assertThat(Arrays.copyOf(actual.keyPoints.diameter, n)).as("%s: diameter", what)
                .containsExactly(Arrays.copyOf(expected.keyPoints.diameter, n));
        assertThat(Arrays.copyOf(actual.keyPoints.angle, n)).as("%s: angle", what)
                .containsExactly(Arrays.copyOf(expected.keyPoints.angle, n));
        assertThat(Arrays.copyOf(actual.keyPoints.response, n)).as("%s: response", what)
                .containsExactly(Arrays.copyOf(expected.keyPoints.response, n));
        int floats = n * actual.descriptors.length;
        assertThat(Arrays.equals(actual.descriptors.data, 0, floats, expected.descriptors.data, 0, floats))
                .as("%s: descriptors equal bit for bit", what).isTrue();
    }
}
