package org.gpuvo.tests.dds;

import java.nio.file.Path;

/**
 * Latency of the Cyclone DDS chain alone, camera → gpuvo_standin_vo → consumer, on the 51 KITTI 06 frames (1226×370
 * mono8) at 10 and 30 Hz, images best effort (the node's default) and reliable: from the camera's image write to
 * the stand-in's odometry write, and to the consumer's receipt of that odometry. This is the floor under the
 * node's own figure (image publish to odometry receipt), which adds the node's transport and its odometry.
 *
 * <p>Run from the project root (it builds the C peers into tests/target/cyclone and needs ../shared/data):
 * <pre>
 * mvn -q -o test-compile dependency:build-classpath -pl tests -am -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * cd tests &amp;&amp; java -cp target/test-classes:$(cat /tmp/cp.txt) org.gpuvo.tests.dds.CycloneLatencyBenchmark
 * </pre>
 * With 51 frames a run, the p99 is the largest latency (nearest rank).
 */
public final class CycloneLatencyBenchmark {
    private CycloneLatencyBenchmark() {
    }

    public static void main(String[] args) {
        try (ScratchDir dir = ScratchDir.create("gpuvo-cyclone-latency")) {
            measure(dir.path());
        }
    }

    private static void measure(Path dir) {
        SequenceFrames kitti = SequenceFrames.kitti(dir.resolve("kitti"), 51);
        System.out.println("Cyclone DDS peers on loopback, KITTI 06 frames 0-50, 1226x370 mono8");
        for (boolean reliable : new boolean[]{false, true})
            for (double rate : new double[]{10, 30}) {
                Path runDir = dir.resolve((reliable ? "reliable-" : "besteffort-") + (int) rate);
                try (CyclonePeers peers = CyclonePeers.start(runDir)) {
                    OdometryChain chain = OdometryChain.run(peers, kitti, rate, reliable);
                    System.out.printf("%-11s %2.0f Hz  image -> stand-in odom write: %s%n", reliable ? "reliable"
                            : "best effort", rate, chain.imageToVo());
                    System.out.printf("%-11s %2.0f Hz  image -> consumer odom receipt: %s%n", "", rate,
                            chain.imageToOdometry());
                }
            }
    }
}
