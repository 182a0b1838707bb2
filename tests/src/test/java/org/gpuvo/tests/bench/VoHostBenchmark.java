package org.gpuvo.tests.bench;

import org.gpuvo.cli.TimingStats;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.SequenceOdometry;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VoMode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Per-frame cost of the visual odometry, split as the pipeline reports it: the front end (feature extraction and
 * matching, on the backend asked for) and the host work after it (RANSAC, refinement, triangulation, bookkeeping and
 * the bundle adjustment every few frames). Each sequence runs once to warm up, then {@code --repeat} times; the
 * figures are medians and 90th percentiles over all timed frames. The host work runs on the calling thread only.
 *
 * <p>Run from the project root ({@code ../shared/data} is the data folder; else pass {@code --data DIR}):
 * <pre>java -cp ... org.gpuvo.tests.bench.VoHostBenchmark [--backend cpu|cuda|auto] [--repeat N]</pre>
 */
public final class VoHostBenchmark {
    private VoHostBenchmark() {
    }

    public static void main(String[] args) {
        Backend backend = Backend.CPU;
        int repeat = 3;
        Path data = Path.of(System.getProperty("gpuvo.data", "../shared/data"));
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--backend" -> backend = Backend.valueOf(args[++i].toUpperCase());
                case "--repeat" -> repeat = Integer.parseInt(args[++i]);
                case "--data" -> data = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        System.out.printf("VO per-frame cost, backend %s, %d timed runs each, %s%n", backend, repeat,
                Runtime.version());
        Path kitti = data.resolve("kitti-06-0050");
        if (Files.isDirectory(kitti))
            measure("KITTI 06 0-50 mono 1226x370", Datasets.open(kitti), VoMode.MONO, backend, repeat);
        else
            System.out.println("(no " + kitti + ": KITTI skipped)");
        ConfigSynthetic room = ConfigSynthetic.room();
        room.frames = 150;
        SyntheticSequence synthetic = new SyntheticSequence(room);
        measure("synthetic room stereo 640x480", synthetic, VoMode.STEREO, backend, repeat);
        measure("synthetic room RGB-D 640x480", synthetic, VoMode.RGBD, backend, repeat);
        measure("synthetic room mono 640x480", synthetic, VoMode.MONO, backend, repeat);
    }

    private static void measure(String name, Sequence sequence, VoMode mode, Backend backend, int repeat) {
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.backend = backend;
        // frames are read once, so that the timed runs measure the pipeline and not image decoding
        Sequence cached = CachedSequence.of(sequence);
        SequenceOdometry.run(cached, config, null);
        double[] host = new double[0], front = new double[0];
        String used = "";
        for (int r = 0; r < repeat; r++) {
            SequenceRun run = SequenceOdometry.run(cached, config, null);
            used = run.backend();
            List<FrameResult> frames = run.frames();
            host = append(host, frames.stream().mapToDouble(f -> f.hostMillis).toArray());
            front = append(front, frames.stream().mapToDouble(f -> f.frontEndMillis).toArray());
        }
        TimingStats f = TimingStats.ofMillis(front, front.length), h = TimingStats.ofMillis(host, host.length);
        System.out.printf("%-32s %-5s %4d frames  front end median %7.3f ms p90 %7.3f  |  host median %6.3f ms p90 %6.3f%n",
                name, used, host.length, f.medianMs, f.p90Ms, h.medianMs, h.p90Ms);
    }

    private static double[] append(double[] a, double[] b) {
        double[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
