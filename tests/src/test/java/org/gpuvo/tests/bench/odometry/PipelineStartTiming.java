package org.gpuvo.tests.bench.odometry;

import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.odometry.dataset.CachedSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.gpuvo.odometry.vo.VisualOdometry;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.tests.bench.BenchmarkReport;

import java.io.IOException;
import java.util.Arrays;

/**
 * What starting a pipeline costs, as the node pays it for a new camera or a changed parameter: a stereo pipeline of
 * gpuvo's rendered room (640×480) made ({@link FactoryVisualOdometry#create}), its first two frames, and its close,
 * for ORB and SIFT features, again and again in one JVM; the first of each is reported apart (it also starts the
 * JVM's code and, on CUDA, the device). Run as every benchmark of this module ({@link org.gpuvo.tests.bench}), with
 * the launchers' JVM option:
 * <pre>java -XX:-DontCompileHugeMethods -cp ... org.gpuvo.tests.bench.odometry.PipelineStartTiming [cuda|cpu] [--reps 8]</pre>
 */
public final class PipelineStartTiming {
    public static void main(String[] args) throws IOException {
        Backend backend = args.length > 0 && args[0].equalsIgnoreCase("cpu") ? Backend.CPU : Backend.CUDA;
        int reps = args.length == 3 && args[1].equals("--reps") ? Integer.parseInt(args[2]) : 8;
        ConfigSynthetic render = ConfigSynthetic.room();
        render.frames = 2;
        Sequence room = CachedSequence.of(new SyntheticSequence(render));
        BenchmarkReport report = backend == Backend.CUDA ? BenchmarkReport.startOnCuda(PipelineStartTiming.class, args)
                : BenchmarkReport.start(PipelineStartTiming.class, args);
        for (FeatureType type : new FeatureType[]{FeatureType.ORB, FeatureType.SIFT}) {
            ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.STEREO);
            config.backend = backend;
            config.features = type;
            double[] create = new double[reps + 1], frames = new double[reps + 1], close = new double[reps + 1];
            for (int r = 0; r <= reps; r++) {
                long t0 = System.nanoTime();
                VisualOdometry vo = FactoryVisualOdometry.create(config, room.camera(), room.stereo().orElseThrow());
                long t1 = System.nanoTime();
                for (int i = 0; i < 2; i++)
                    vo.process(room.timestamp(i), room.left(i), room.right(i), null);
                long t2 = System.nanoTime();
                vo.close();
                long t3 = System.nanoTime();
                create[r] = (t1 - t0) / 1e6;
                frames[r] = (t2 - t1) / 1e6;
                close[r] = (t3 - t2) / 1e6;
            }
            String configuration = type.name().toLowerCase(java.util.Locale.ROOT) + " stereo 640x480 on " + backend;
            report.timing(configuration, "make, first in the JVM", create[0], Double.NaN, 1);
            report.timing(configuration, "make", TimingStats.ofMillis(Arrays.copyOfRange(create, 1, reps + 1), reps));
            report.timing(configuration, "first two frames", TimingStats.ofMillis(Arrays.copyOfRange(frames, 1,
                    reps + 1), reps));
            report.timing(configuration, "close", TimingStats.ofMillis(Arrays.copyOfRange(close, 1, reps + 1), reps));
        }
        report.finish();
    }
}
