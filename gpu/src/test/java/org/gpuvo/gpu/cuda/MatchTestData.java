package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.HostMatcher;
import org.gpuvo.gpu.match.Matches;

/**
 * Seeded descriptor sets, their upload into {@link DeviceFeatures} and {@link DeviceFloatFeatures}, and comparison of
 * match lists.
 */
final class MatchTestData {
    private MatchTestData() {
    }




    /** New device features of {@code capacity} holding {@code d} and the positions of {@code k} (may be null). */
    static DeviceFeatures upload(CudaContext cuda, Descriptors d, KeyPoints k, int capacity) {
        DeviceFeatures f = new DeviceFeatures(cuda, "test", Math.max(1, capacity));
        fill(cuda, f, d, k);
        return f;
    }

    /** Replaces the contents of {@code f} with the 32-byte descriptors {@code d} and keypoints {@code k}. */
    static void fill(CudaContext cuda, DeviceFeatures f, Descriptors d, KeyPoints k) {
        if (d.bytesPerDescriptor != DeviceFeatures.DESCRIPTOR_BYTES)
            throw new IllegalArgumentException("device features hold 32-byte descriptors");
        int n = d.size();
        if (n > 0) {
            try (PinnedBuffer stage = cuda.pinnedBuffer("test", (long) n * 32)) {
                stage.put(0, d.data, 0, n * 32);
                f.descriptors.uploadAsync(stage, (long) n * 32);
                cuda.synchronize("test");
            }
            if (k != null)
                uploadFloats(cuda, f.positions, interleave(k, n));
        }
        f.count = n;
    }

    /** New device float features of {@code capacity} holding {@code d} and the positions of {@code k} (may be null). */
    static DeviceFloatFeatures upload(CudaContext cuda, FloatDescriptors d, KeyPoints k, int capacity) {
        DeviceFloatFeatures f = new DeviceFloatFeatures(cuda, "test", Math.max(1, capacity), d.length);
        int n = d.size();
        if (n > 0) {
            uploadFloats(cuda, f.descriptors, java.util.Arrays.copyOf(d.data, n * d.length));
            if (k != null)
                uploadFloats(cuda, f.positions, interleave(k, n));
        }
        f.count = n;
        return f;
    }

    private static float[] interleave(KeyPoints k, int n) {
        float[] xy = new float[2 * n];
        for (int i = 0; i < n; i++) {
            xy[2 * i] = k.x[i];
            xy[2 * i + 1] = k.y[i];
        }
        return xy;
    }

    static void uploadFloats(CudaContext cuda, DeviceBuffer target, float[] values) {
        try (PinnedBuffer stage = cuda.pinnedBuffer("test", (long) values.length * 4)) {
            stage.putFloats(0, values, 0, values.length);
            target.uploadAsync(stage, (long) values.length * 4);
            cuda.synchronize("test");
        }
    }

    /**
     * The differences between two match lists, query by query (a query is either absent from both or present
     * in both with the same train index, distance and second distance): empty when identical.
     */
    static List<String> differences(Matches expected, Matches actual, int queries) {
        int[][] e = byQuery(expected, queries), a = byQuery(actual, queries);
        List<String> out = new ArrayList<>();
        for (int q = 0; q < queries; q++) {
            if (!java.util.Arrays.equals(e[q], a[q]) && out.size() < 20)
                out.add("query " + q + ": expected " + describe(e[q]) + ", got " + describe(a[q]));
            else if (!java.util.Arrays.equals(e[q], a[q]))
                out.set(19, "... more");
        }
        for (int i = 1; i < actual.size(); i++)
            if (actual.query[i] <= actual.query[i - 1]) {
                out.add("not in increasing query order at " + i);
                break;
            }
        return out;
    }

    /** Share of queries with the same outcome in both lists. */
    static double agreement(Matches expected, Matches actual, int queries) {
        int[][] e = byQuery(expected, queries), a = byQuery(actual, queries);
        int same = 0;
        for (int q = 0; q < queries; q++)
            if (java.util.Arrays.equals(e[q], a[q]))
                same++;
        return queries == 0 ? 1 : same / (double) queries;
    }

    private static int[][] byQuery(Matches m, int queries) {
        int[][] r = new int[queries][];
        for (int i = 0; i < m.size(); i++) {
            int q = m.query[i];
            if (q < 0 || q >= queries)
                throw new AssertionError("match " + i + " has query index " + q + " outside [0, " + queries + ")");
            if (r[q] != null)
                throw new AssertionError("query " + q + " matched twice");
            r[q] = new int[]{m.train[i], m.distance[i], m.secondDistance[i]};
        }
        return r;
    }

    private static String describe(int[] m) {
        return m == null ? "no match" : "train " + m[0] + " d1 " + m[1] + " d2 " + m[2];
    }

    /** Every match carries the positions of its query keypoint in {@code qk} and its train keypoint in {@code tk}. */
    static void assertCoordinates(Matches matches, KeyPoints qk, KeyPoints tk) {
        assertThat(matches.hasCoordinates()).isTrue();
        for (int i = 0; i < matches.size(); i++) {
            assertThat(matches.queryX[i]).isEqualTo(qk.x[matches.query[i]]);
            assertThat(matches.queryY[i]).isEqualTo(qk.y[matches.query[i]]);
            assertThat(matches.trainX[i]).isEqualTo(tk.x[matches.train[i]]);
            assertThat(matches.trainY[i]).isEqualTo(tk.y[matches.train[i]]);
        }
    }

    /** The predictions of {@code h} for the keypoints {@code qk}, as the device computes them: {x[], y[]}. */
    static float[][] predictions(double[] h, KeyPoints qk) {
        int n = qk.size();
        float[] px = new float[n], py = new float[n];
        for (int i = 0; i < n; i++) {
            float[] p = CudaHammingMatcher.predict(h, qk.x[i], qk.y[i]);
            px[i] = p[0];
            py[i] = p[1];
        }
        return new float[][]{px, py};
    }

    /** {@code matcher.matchWithin} with the predictions {@code px}, {@code py} uploaded into a buffer of the caller. */
    static <F extends DeviceFeatureSet> Matches matchWithinUploaded(CudaContext cuda, CudaMatching<?, F> matcher, F q,
                                                                     F t, float[] px, float[] py, ConfigMatch config) {
        int nq = q.count;
        try (DeviceBuffer predicted = cuda.deviceBuffer("test", (long) nq * 8)) {
            float[] xy = new float[2 * nq];
            for (int i = 0; i < nq; i++) {
                xy[2 * i] = px[i];
                xy[2 * i + 1] = py[i];
            }
            uploadFloats(cuda, predicted, xy);
            Matches viaBuffer = new Matches();
            matcher.matchWithin(q, predicted, t, config, viaBuffer);
            return viaBuffer;
        }
    }

    /**
     * The matches of the factory's CUDA matcher {@code gpu} (closed after) and of the CPU reference {@code cpu} for
     * the same sets: {gpu's, cpu's}.
     */
    static <D> Matches[] cudaAndCpu(HostMatcher<D> gpu, HostMatcher<D> cpu, D query, D train) throws Exception {
        try {
            assertThat(gpu.backend()).isEqualTo("cuda");
            Matches g = new Matches(), c = new Matches();
            gpu.match(query, train, g);
            cpu.match(query, train, c);
            return new Matches[]{g, c};
        } finally {
            ((AutoCloseable) gpu).close();
        }
    }
}
