package org.gpuvo.app.bench;

import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.cuda.CudaContext;
import org.gpuvo.gpu.cuda.CudaFloatMatcher;
import org.gpuvo.gpu.cuda.DeviceFloatFeatures;
import org.gpuvo.gpu.cuda.FloatMatchStageTimer;
import org.gpuvo.gpu.cuda.PinnedBuffer;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.gpuvo.gpu.match.Matches;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times the float-descriptor matcher alone on set sizes no frame gives ({@link SiftLikeDescriptors}): on the GPU
 * each stage's device time, launched alone between events, and the device time of the whole match as one CUDA graph
 * replayed {@link #REPLAYS} times back to back, per match ({@link FloatMatchStageTimer#streamMillis}: no gaps
 * between the stages, the download apart); on the CPU the wall time of the FP32 reference. The rate counts 2 · 128
 * floating-point operations per query-train pair and pass (a multiply and an add per component; the mutual check
 * is a second pass) over that time.
 */
final class MatcherBench {
    /**
     * @param stages   per-stage GPU times (empty on the CPU)
     * @param total    device time of a whole match on the GPU (graph replays back to back, download apart), wall time
     *                 of a whole match on the CPU
     * @param teraflops the rate of {@code total}
     */
    record Result(int queries, int train, boolean mutual, Map<String, TimingStats> stages, TimingStats total,
                  double teraflops, double meanMatches) {
    }

    /** graph replays per sample of the GPU's whole-match time */
    static final int REPLAYS = 10;

    private MatcherBench() {
    }

    static Result cuda(int queries, int train, ConfigMatch config, int warmup, int repetitions) {
        FloatDescriptors t = SiftLikeDescriptors.train(train, 7L * train + queries);
        FloatDescriptors q = SiftLikeDescriptors.queries(t, queries, 11L * queries + train);
        Map<String, double[]> millis = new LinkedHashMap<>();
        double[] whole = new double[repetitions];
        long matched = 0;
        try (CudaContext cuda = CudaContext.open("bench-matcher");
             CudaFloatMatcher matcher = new CudaFloatMatcher(cuda, config);
             FloatMatchStageTimer timer = new FloatMatchStageTimer(matcher);
             DeviceFloatFeatures dq = upload(cuda, q); DeviceFloatFeatures dt = upload(cuda, t)) {
            Matches out = new Matches();
            for (int i = 0; i < warmup + repetitions; i++) {
                Map<String, Float> stages = timer.match(dq, dt, config, out);
                if (i < warmup)
                    continue;
                int r = i - warmup;
                CudaSiftBench.collect(stages, millis, r, repetitions);
                matched += out.size();
            }
            for (int i = 0; i < warmup + repetitions; i++) {
                float ms = timer.streamMillis(dq, dt, config, REPLAYS, out);
                if (i >= warmup)
                    whole[i - warmup] = ms;
            }
        }
        TimingStats total = TimingStats.ofMillis(whole, repetitions);
        return new Result(queries, train, config.mutual, CudaSiftBench.stats(millis, repetitions), total,
                teraflops(queries, train, config.mutual, total.medianMs), (double) matched / repetitions);
    }

    static Result cpu(int queries, int train, ConfigMatch config, int warmup, int repetitions) {
        FloatDescriptors t = SiftLikeDescriptors.train(train, 7L * train + queries);
        FloatDescriptors q = SiftLikeDescriptors.queries(t, queries, 11L * queries + train);
        FloatDescriptorMatcher matcher = FactoryMatcher.floatCpu(config);
        Matches out = new Matches();
        long[] nanos = new long[repetitions];
        long matched = 0;
        for (int i = 0; i < warmup + repetitions; i++) {
            long start = System.nanoTime();
            matcher.match(q, t, out);
            if (i >= warmup) {
                nanos[i - warmup] = System.nanoTime() - start;
                matched += out.size();
            }
        }
        TimingStats total = TimingStats.ofNanos(nanos);
        return new Result(queries, train, config.mutual, Map.of(), total,
                teraflops(queries, train, config.mutual, total.medianMs), (double) matched / repetitions);
    }

    static double teraflops(int queries, int train, boolean mutual, double millis) {
        double operations = 2.0 * FloatDescriptors.SIFT_LENGTH * queries * train * (mutual ? 2 : 1);
        return operations / (millis * 1e-3) / 1e12;
    }

    /** The descriptors on the device, at position (0, 0) each. */
    private static DeviceFloatFeatures upload(CudaContext cuda, FloatDescriptors d) {
        DeviceFloatFeatures features = new DeviceFloatFeatures(cuda, CudaFloatMatcher.STAGE, d.size(), d.length);
        long bytes = 4L * d.size() * d.length;
        try (PinnedBuffer staging = cuda.pinnedBuffer(CudaFloatMatcher.STAGE, bytes)) {
            staging.putFloats(0, d.data, 0, d.size() * d.length);
            features.descriptors.uploadAsync(staging, bytes);
            features.positions.fillAsync((byte) 0);
            features.levels.fillAsync((byte) 0);
            cuda.synchronize(CudaFloatMatcher.STAGE);
        } catch (RuntimeException e) {
            features.close();
            throw e;
        }
        features.count = d.size();
        return features;
    }

    /** Parses {@code QxT} set sizes, e.g. {@code 4096x4096}; {@code none} alone: no sizes, the matcher untimed. */
    static List<int[]> parse(List<String> sizes) {
        List<int[]> parsed = new java.util.ArrayList<>();
        if (sizes.size() == 1 && sizes.get(0).trim().equalsIgnoreCase("none"))
            return parsed;
        for (String s : sizes) {
            String[] p = s.trim().toLowerCase(java.util.Locale.ROOT).split("x");
            if (p.length != 2)
                throw new IllegalArgumentException("invalid match size '" + s + "': expected QUERIESxTRAIN, e.g. 4096x4096");
            int q, t;
            try {
                q = Integer.parseInt(p[0]);
                t = Integer.parseInt(p[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("invalid match size '" + s + "': expected QUERIESxTRAIN, e.g. 4096x4096");
            }
            if (q < 1 || t < 1 || q > CudaFloatMatcher.MAX_FEATURES || t > CudaFloatMatcher.MAX_FEATURES)
                throw new IllegalArgumentException("invalid match size '" + s + "': each side in [1, "
                        + CudaFloatMatcher.MAX_FEATURES + "]");
            parsed.add(new int[]{q, t});
        }
        return parsed;
    }
}
