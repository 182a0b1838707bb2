package org.gpuvo.app.bench;

import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.cuda.CudaFloatMatcher;
import org.gpuvo.gpu.cuda.CudaSiftExtractor;
import org.gpuvo.gpu.cuda.DeviceFloatFeatures;
import org.gpuvo.gpu.cuda.FloatMatchStageTimer;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times gpuvo's CUDA SIFT front end frame by frame on real frames: the extractor's stages (CUDA events between
 * them, {@link CudaSiftExtractor#lastStageMillis()}), the whole detection as deployed (one CUDA graph, events around
 * it: the device-only extraction time), the detection as a caller sees it from Java (upload, extraction and
 * download of keypoints and descriptors), and the tensor-core matcher on the device-resident features of consecutive
 * frames, stage by stage ({@link FloatMatchStageTimer}).
 */
final class CudaSiftBench {
    /**
     * @param stages       GPU time of each extraction stage (upload of the frame, ..., download of the counts)
     * @param deviceFrame  GPU time of one detection as one CUDA graph, memset to descriptors (no transfers)
     * @param javaFrame    wall time of {@code detect}: upload, extraction, download of the features
     * @param matchStages  GPU time of each stage of matching a frame's features with the previous frame's
     * @param matching     the sum of those stages
     */
    record Result(Map<String, TimingStats> stages, TimingStats deviceFrame, TimingStats javaFrame,
                  Map<String, TimingStats> matchStages, TimingStats matching, double meanFeatures,
                  double meanMatches) {
    }

    private CudaSiftBench() {
    }

    static Result measure(List<GrayImage> frames, ConfigSift sift, ConfigMatch match, int warmup, int repetitions) {
        Map<String, double[]> stageMillis = new LinkedHashMap<>(), matchMillis = new LinkedHashMap<>();
        double[] matching = new double[repetitions];
        long features = 0, matched = 0;
        try (CudaSiftExtractor extractor = new CudaSiftExtractor(sift);
             CudaFloatMatcher matcher = new CudaFloatMatcher(extractor.context(), match);
             FloatMatchStageTimer timer = new FloatMatchStageTimer(matcher)) {
            extractor.enableStageTiming();
            Matches out = new Matches();
            DeviceFloatFeatures previous = extractor.detectOnDevice(frames.get(frames.size() - 1));
            for (int i = 0; i < warmup + repetitions; i++) {
                DeviceFloatFeatures current = extractor.detectOnDevice(frames.get(i % frames.size()));
                Map<String, Float> stages = extractor.lastStageMillis();
                Map<String, Float> matchStages = current.count > 0 && previous.count > 0
                        ? timer.match(current, previous, match, out) : Map.of();
                previous = current;
                if (i < warmup)
                    continue;
                int r = i - warmup;
                features += current.count;
                matched += matchStages.isEmpty() ? 0 : out.size();
                collect(stages, stageMillis, r, repetitions);
                collect(matchStages, matchMillis, r, repetitions);
                matching[r] = matchStages.isEmpty() ? Double.NaN
                        : matchStages.values().stream().mapToDouble(Float::doubleValue).sum();
            }
        }
        double[] device = new double[repetitions];
        long[] java = new long[repetitions];
        try (CudaSiftExtractor extractor = new CudaSiftExtractor(sift)) {
            extractor.enableFrameTiming();
            for (int i = 0; i < warmup + repetitions; i++) {
                extractor.detectOnDevice(frames.get(i % frames.size()));
                if (i >= warmup)
                    device[i - warmup] = extractor.lastFrameMillis();
            }
            SiftFeatures out = new SiftFeatures();
            for (int i = 0; i < warmup + repetitions; i++) {
                long start = System.nanoTime();
                extractor.detect(frames.get(i % frames.size()), out);
                if (i >= warmup)
                    java[i - warmup] = System.nanoTime() - start;
            }
        }
        return new Result(stats(stageMillis, repetitions), TimingStats.ofMillis(device, repetitions),
                TimingStats.ofNanos(java), stats(matchMillis, repetitions), TimingStats.ofMillis(matching, repetitions),
                (double) features / repetitions, (double) matched / repetitions);
    }

    /** Puts repetition {@code r} of each named time into its array (NaN where a repetition lacks the name). */
    static void collect(Map<String, Float> times, Map<String, double[]> into, int r, int repetitions) {
        for (Map.Entry<String, Float> t : times.entrySet())
            into.computeIfAbsent(t.getKey(), k -> {
                double[] a = new double[repetitions];
                java.util.Arrays.fill(a, Double.NaN);
                return a;
            })[r] = t.getValue();
    }

    static Map<String, TimingStats> stats(Map<String, double[]> millis, int repetitions) {
        Map<String, TimingStats> stats = new LinkedHashMap<>();
        millis.forEach((name, ms) -> stats.put(name, TimingStats.ofMillis(ms, repetitions)));
        return stats;
    }
}
