package org.gpuvo.tests.bench.odometry;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.tests.bench.BenchmarkReport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Times rendering of synthetic frames on one thread, in CPU time of that thread (so that other processes on the
 * machine disturb the figures less): the median and 90th percentile per 640×480 frame (left image with its depth),
 * for the room, the street and the highway (the highway with its motion blur), after a warm-up; and the time to
 * build each scene with the textures the sequence needs. Optionally writes some frames as PNG to look at.
 *
 * <p>Run as every benchmark of this module ({@link org.gpuvo.tests.bench}):
 * <pre>java -cp ... org.gpuvo.tests.bench.odometry.SyntheticRenderBenchmark [--frames N] [--png DIR]</pre>
 */
public final class SyntheticRenderBenchmark {
    public static void main(String[] args) throws Exception {
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        int frames = 200;
        Path png = null;
        for (int a = 0; a < args.length; a++) {
            switch (args[a]) {
                case "--frames" -> frames = Integer.parseInt(args[++a]);
                case "--png" -> png = Path.of(args[++a]);
                default -> throw new IllegalArgumentException("unknown argument " + args[a]);
            }
        }
        BenchmarkReport report = BenchmarkReport.start(SyntheticRenderBenchmark.class, args);
        report.environment("clock", "CPU time of the rendering thread");
        for (ConfigSynthetic.SceneKind kind : ConfigSynthetic.SceneKind.values()) {
            ConfigSynthetic config = ConfigSynthetic.preset(kind);
            config.frames = frames;
            long t0 = cpu.getCurrentThreadCpuTime();
            SyntheticSequence seq = new SyntheticSequence(config);
            long t1 = cpu.getCurrentThreadCpuTime();
            // first pass: generates the textures the path sees, and warms up the JIT
            for (int i = 0; i < seq.size(); i++)
                seq.depth(i);
            long t2 = cpu.getCurrentThreadCpuTime();
            double[] ms = new double[seq.size()];
            for (int i = 0; i < seq.size(); i++) {
                int j = (i + 1) % seq.size(); // a different frame from the cached one
                long s = cpu.getCurrentThreadCpuTime();
                seq.left(j);
                ms[i] = (cpu.getCurrentThreadCpuTime() - s) / 1e6;
            }
            double[] right = new double[Math.min(50, seq.size())];
            for (int i = 0; i < right.length; i++) {
                long s = cpu.getCurrentThreadCpuTime();
                seq.right(i);
                right[i] = (cpu.getCurrentThreadCpuTime() - s) / 1e6;
            }
            Arrays.sort(ms);
            Arrays.sort(right);
            String name = String.format(Locale.ROOT, "%s, %d frames %dx%d", seq.name(), seq.size(), config.width,
                    config.height);
            report.timing(name, "build the scene", (t1 - t0) / 1e6, Double.NaN, 1);
            report.timing(name, "first pass (textures + JIT)", (t2 - t1) / 1e6, Double.NaN, 1);
            report.value(name, "textures generated", seq.scene().generatedTexels() / 1e6, "Mtexels");
            report.timing(name, "left + depth", ms[ms.length / 2], ms[(int) (ms.length * 0.9)], ms.length);
            report.timing(name, "left + depth, slowest", ms[ms.length - 1], Double.NaN, 1);
            report.timing(name, "right", right[right.length / 2], right[(int) (right.length * 0.9)], right.length);
            if (png != null) {
                Files.createDirectories(png);
                for (int i = 0; i < seq.size(); i += Math.max(1, seq.size() / 5)) {
                    ImageFiles.writePng(seq.left(i), png.resolve(seq.name() + "-" + i + "-left.png"));
                    ImageFiles.writePng(seq.right(i), png.resolve(seq.name() + "-" + i + "-right.png"));
                    ImageFiles.writePng(depthPreview(seq, i), png.resolve(seq.name() + "-" + i + "-depth.png"));
                }
            }
        }
        report.finish();
    }

    private static GrayImage depthPreview(SyntheticSequence seq, int i) {
        float[] d = seq.depth(i).metres;
        GrayImage g = GrayImage.create(seq.camera().width, seq.camera().height);
        for (int k = 0; k < d.length; k++)
            g.data[k] = (byte) (d[k] > 0 ? Math.min(255, 255 / (1 + d[k] / 3)) : 0);
        return g;
    }
}
