/**
 * gpuvo's benchmarks, all in this module: programs with a {@code main} that time one part of gpuvo and print their
 * figures in one format, {@link org.gpuvo.tests.bench.BenchmarkReport} (what ran where, then timings, values,
 * comparisons and notes; as JSON too with {@code -Dgpuvo.bench.json=FILE}), and JMH benchmarks in {@code jmh}.
 * They are not tests: they assert nothing and the build does not run them.
 * <ul>
 * <li>here: the CPU front end against OpenCV ({@code CpuOrbBenchmark}), the pipeline's host side per frame
 * ({@code VoHostBenchmark});</li>
 * <li>{@code cpu}: the CPU SIFT against OpenCV's ({@code CpuSiftTiming});</li>
 * <li>{@code odometry}: trajectory evaluation, synthetic rendering; {@code ros}: bag reading and writing, the DDS
 * transport's latency;</li>
 * <li>{@code org.gpuvo.gpu.cuda} of this module: the CUDA extractors, matchers and front end
 * ({@code CudaOrbTiming}, {@code CudaSiftTiming}, {@code CudaMatchTiming}, {@code CudaFloatMatchTiming},
 * {@code CudaFrontEndTiming}), and {@code org.gpuvo.odometry.geometry}: motion estimation
 * ({@code MotionEstimationBenchmark}); these stay in the package of what they measure, for its tuning and test
 * helpers that are not public.</li>
 * </ul>
 *
 * <p>Run one from the project root with the test class path of this module packed into a file (it lists the
 * reactor modules' {@code target/classes}, so nothing needs installing; on a GPU machine, build there so that the
 * kernels are compiled):
 * <pre>mvn -q -B -pl tests -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
 * java -cp tests/target/test-classes:$(cat tests/target/bench.classpath) org.gpuvo.gpu.cuda.CudaSiftTiming</pre>
 * The JMH benchmarks run through JMH's runner: {@code java -cp ... org.openjdk.jmh.Main MatcherJmhBenchmark}.
 * {@code gpuvo bench} is the user-facing benchmark of the whole front end; the programs here measure its parts.
 */
package org.gpuvo.tests.bench;
