package org.gpuvo.odometry.synthetic;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Times rendering of synthetic frames on one thread, in CPU time of that thread (so that other processes on the
 * machine disturb the figures less): the median and 90th percentile per 640×480 frame (left image with its depth),
 * for the room, the street and the highway (the highway with its motion blur), after a warm-up; and the time to
 * build each scene with the textures the sequence needs. Optionally writes some frames as PNG to look at.
 *
 * <p>Run from the project root:
 * <pre>mvn -q -B -pl odometry -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
 * java -cp odometry/target/test-classes:odometry/target/classes:$(cat odometry/target/bench.classpath) \
 *     org.gpuvo.odometry.synthetic.SyntheticRenderBenchmark [--frames N] [--png DIR]</pre>
 * This is a benchmark, not a test: it asserts nothing and is not run by the build.
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
            System.out.printf("%s: %d frames %dx%d; scene %.0f ms; first pass (textures + JIT) %.0f ms, %.1f Mtexels;"
                            + " left+depth median %.2f ms, p90 %.2f ms, max %.2f ms; right median %.2f ms%n",
                    seq.name(), seq.size(), config.width, config.height, (t1 - t0) / 1e6, (t2 - t1) / 1e6,
                    seq.scene().generatedTexels() / 1e6, ms[ms.length / 2], ms[(int) (ms.length * 0.9)],
                    ms[ms.length - 1], right[right.length / 2]);
            if (png != null) {
                Files.createDirectories(png);
                for (int i = 0; i < seq.size(); i += Math.max(1, seq.size() / 5)) {
                    ImageFiles.writePng(seq.left(i), png.resolve(seq.name() + "-" + i + "-left.png"));
                    ImageFiles.writePng(seq.right(i), png.resolve(seq.name() + "-" + i + "-right.png"));
                    ImageFiles.writePng(depthPreview(seq, i), png.resolve(seq.name() + "-" + i + "-depth.png"));
                }
            }
        }
    }

    private static GrayImage depthPreview(SyntheticSequence seq, int i) {
        float[] d = seq.depth(i).metres;
        GrayImage g = GrayImage.create(seq.camera().width, seq.camera().height);
        for (int k = 0; k < d.length; k++)
            g.data[k] = (byte) (d[k] > 0 ? Math.min(255, 255 / (1 + d[k] / 3)) : 0);
        return g;
    }
}
