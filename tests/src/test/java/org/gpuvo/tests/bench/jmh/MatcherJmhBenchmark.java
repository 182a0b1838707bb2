package org.gpuvo.tests.bench.jmh;

import org.gpuvo.app.opencv.OpenCvMats;

import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.DMatchVectorVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_features2d.BFMatcher;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * JMH micro-benchmark of brute-force Hamming matching of random 256-bit descriptors: gpuvo's CPU matcher
 * (k = 2 and ratio test) versus OpenCV's {@code BFMatcher.knnMatch(k = 2)} on one thread. Run with
 * {@code java -cp <test classpath> org.openjdk.jmh.Main MatcherJmhBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MatcherJmhBenchmark {
    @Param({"2000"})
    public int size;

    private Descriptors query, train;
    private final Matches matches = new Matches();
    private DescriptorMatcher matcher;
    private Mat queryMat, trainMat;
    private BFMatcher bfMatcher;

    @Setup(Level.Trial)
    public void setUp() {
        Random random = new Random(42);
        query = random(random, size);
        train = random(random, size);
        matcher = FactoryMatcher.cpu(new ConfigMatch(0.8, false, 256));
        opencv_core.setNumThreads(1);
        queryMat = OpenCvMats.toMat(query);
        trainMat = OpenCvMats.toMat(train);
        bfMatcher = new BFMatcher(opencv_core.NORM_HAMMING, false);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        bfMatcher.close();
        queryMat.close();
        trainMat.close();
    }

    private static Descriptors random(Random random, int count) {
        Descriptors d = Descriptors.orb();
        d.resize(count);
        byte[] bytes = new byte[count * Descriptors.ORB_BYTES];
        random.nextBytes(bytes);
        System.arraycopy(bytes, 0, d.data, 0, bytes.length);
        return d;
    }


    @Benchmark
    public int gpuvoKnn2Ratio() {
        matcher.match(query, train, matches);
        return matches.size();
    }

    @Benchmark
    public long openCvKnnMatch() {
        try (DMatchVectorVector knn = new DMatchVectorVector()) {
            bfMatcher.knnMatch(queryMat, trainMat, knn, 2);
            return knn.size();
        }
    }
}
