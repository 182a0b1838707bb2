package org.gpuvo.app.bench;

import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.cuda.CudaFrontEnd;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Times the CUDA front end ({@link CudaFrontEnd}: upload, extraction, matching with the previous frame on the
 * device, download of the matches) frame by frame: each stage's GPU time from CUDA events, and the whole frame as
 * the caller sees it from Java. Then the offline throughput: several front ends, each on its own thread and
 * stream, process frames at once, as a replay of a recording would.
 */
final class CudaBench {
    /**
     * @param stages      GPU time of each stage (the extractor's stages, then "match")
     * @param frame       one frame, from Java: {@link CudaFrontEnd#process} until the matches are on the host, with
     *                    stage timing on (so without the CUDA graph)
     * @param frameGraph  the same without stage timing: the detection runs as one CUDA graph
     * @param frameOverlapped one call of {@link CudaFrontEnd#processOverlapped}: the upload of the next frame
     *                    overlaps the current frame's work (the steady-state time per frame of a live stream)
     * @param offlineFps  frames per second with {@code inFlight} front ends at once (NaN if not measured)
     */
    record Result(Map<String, TimingStats> stages, TimingStats frame, TimingStats frameGraph,
                  TimingStats frameOverlapped, double offlineFps, int inFlight, double meanFeatures,
                  double meanMatches) {
    }

    private CudaBench() {
    }

    static Result measure(List<GrayImage> frames, ConfigOrb orb, ConfigMatch match, int warmup, int repetitions,
                          int inFlight, int offlineFrames) throws Exception {
        Map<String, double[]> stageMillis = new LinkedHashMap<>();
        long[] frameNanos = new long[repetitions];
        long features = 0, matched = 0;
        try (CudaFrontEnd frontEnd = new CudaFrontEnd("bench", orb, match)) {
            frontEnd.enableStageTiming();
            Matches out = new Matches();
            for (int i = 0; i < warmup + repetitions; i++) {
                GrayImage frame = frames.get(i % frames.size());
                long start = System.nanoTime();
                int n = frontEnd.process(frame, out);
                long elapsed = System.nanoTime() - start;
                if (i < warmup)
                    continue;
                int r = i - warmup;
                frameNanos[r] = elapsed;
                features += n;
                matched += out.size();
                for (Map.Entry<String, Float> stage : frontEnd.lastStageMillis().entrySet())
                    stageMillis.computeIfAbsent(stage.getKey(), k -> new double[repetitions])[r] = stage.getValue();
            }
        }
        Map<String, TimingStats> stages = new LinkedHashMap<>();
        stageMillis.forEach((name, ms) -> stages.put(name, TimingStats.ofMillis(ms, repetitions)));
        long[] graphNanos = new long[repetitions], overlappedNanos = new long[repetitions];
        try (CudaFrontEnd frontEnd = new CudaFrontEnd("bench-graph", orb, match)) {
            Matches out = new Matches();
            timeFrames(frames, warmup, graphNanos, f -> frontEnd.process(f, out));
            timeFrames(frames, warmup, overlappedNanos, f -> frontEnd.processOverlapped(f, out));
            frontEnd.processOverlapped(null, out);
        }
        double fps = inFlight > 0 ? offlineFramesPerSecond(frames, orb, match, inFlight, offlineFrames) : Double.NaN;
        return new Result(stages, TimingStats.ofNanos(frameNanos), TimingStats.ofNanos(graphNanos),
                TimingStats.ofNanos(overlappedNanos), fps, inFlight, (double) features / repetitions,
                (double) matched / repetitions);
    }

    private static void timeFrames(List<GrayImage> frames, int warmup, long[] nanos,
                                   java.util.function.Consumer<GrayImage> work) {
        for (int i = 0; i < warmup + nanos.length; i++) {
            GrayImage frame = frames.get(i % frames.size());
            long start = System.nanoTime();
            work.accept(frame);
            if (i >= warmup)
                nanos[i - warmup] = System.nanoTime() - start;
        }
    }

    /** {@code pipelines} front ends on as many threads share {@code total} frames; frames per second of wall time. */
    private static double offlineFramesPerSecond(List<GrayImage> frames, ConfigOrb orb, ConfigMatch match,
                                                 int pipelines, int total) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(pipelines);
        try {
            List<CudaFrontEnd> frontEnds = new ArrayList<>();
            try {
                for (int p = 0; p < pipelines; p++)
                    frontEnds.add(new CudaFrontEnd("offline-" + p, orb, match));
                // warm each pipeline (buffers sized, kernels loaded) before the clock starts
                runAll(threads, frontEnds, frames, 2 * frames.size());
                long start = System.nanoTime();
                runAll(threads, frontEnds, frames, Math.max(1, total / pipelines));
                double seconds = (System.nanoTime() - start) / 1e9;
                return pipelines * Math.max(1, total / pipelines) / seconds;
            } finally {
                for (CudaFrontEnd f : frontEnds)
                    f.close();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private static void runAll(ExecutorService threads, List<CudaFrontEnd> frontEnds, List<GrayImage> frames,
                               int framesEach) throws Exception {
        List<Future<?>> done = new ArrayList<>();
        for (int p = 0; p < frontEnds.size(); p++) {
            CudaFrontEnd frontEnd = frontEnds.get(p);
            int offset = p;
            done.add(threads.submit(() -> {
                Matches out = new Matches();
                for (int i = 0; i < framesEach; i++)
                    frontEnd.process(frames.get((offset + i) % frames.size()), out);
                return null;
            }));
        }
        for (Future<?> f : done)
            f.get();
    }
}
