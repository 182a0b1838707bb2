package org.gpuvo.tests.dds;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chain camera → visual odometry → consumer run once: gpuvo_consumer takes odom and tf, gpuvo_standin_vo (in
 * the place the gpuvo node will take) answers each image, gpuvo_camera publishes the frames at a rate. Each is
 * started only when the one after it is listening, so that no frame is lost to discovery.
 *
 * @param camera   the camera's output
 * @param vo       the stand-in's output
 * @param consumer the consumer's output
 */
public record OdometryChain(PeerOutput camera, PeerOutput vo, PeerOutput consumer) {
    private static final Duration STEP = Duration.ofSeconds(20);

    /**
     * Runs the chain over {@code frames} (mono) at {@code rateHz}; images go best effort (the node's default) unless
     * {@code reliableImages}. Fails the calling test where a peer exits with an error.
     */
    public static OdometryChain run(CyclonePeers peers, SequenceFrames frames, double rateHz, boolean reliableImages) {
        int n = frames.input().frames().size();
        String count = Integer.toString(n), timeout = Double.toString(20 + 2 * n / rateHz);
        PeerProcess consumer = peers.consumer("--count", count, "--timeout", timeout, "--linger-ms", "300");
        consumer.awaitLine("ready"::equals, STEP);
        List<String> voArgs = new ArrayList<>(List.of("--count", count, "--timeout", timeout, "--wait-subscribers", "1",
                "--wait-timeout", "20"));
        if (reliableImages)
            voArgs.add("--reliable");
        PeerProcess vo = peers.standinVo(voArgs.toArray(String[]::new));
        vo.awaitLine("ready"::equals, STEP);
        List<String> cameraArgs = new ArrayList<>(frames.cameraArguments("camera/image_raw", null));
        cameraArgs.addAll(List.of("--rate", Double.toString(rateHz), "--wait-subscribers", "1", "--wait-timeout", "20"));
        if (reliableImages)
            cameraArgs.add("--reliable");
        PeerProcess camera = peers.camera(cameraArgs.toArray(String[]::new));
        Duration run = Duration.ofSeconds(40 + (long) (n / rateHz));
        assertThat(camera.waitFor(run)).as(camera.describe()).isZero();
        if (reliableImages) {
            assertThat(vo.waitFor(run)).as(vo.describe()).isZero();
            assertThat(consumer.waitFor(run)).as(consumer.describe()).isZero();
        } else {
            // best effort: the stand-in and the consumer may wait for frames that were lost; once the camera has
            // ended (a second after its last frame) there is nothing more to wait for
            vo.waitOrStop(Duration.ofSeconds(2));
            consumer.waitOrStop(Duration.ofSeconds(2));
        }
        return new OdometryChain(PeerOutput.of(camera), PeerOutput.of(vo), PeerOutput.of(consumer));
    }

    /** From the camera's image write to the consumer's receipt of the odometry with that stamp. */
    public LatencySummary imageToOdometry() {
        return LatencySummary.imageToOdometry(camera, consumer);
    }

    /** From the camera's image write to the stand-in's odometry write (receipt, decoding and the two writes). */
    public LatencySummary imageToVo() {
        return LatencySummary.of(LatencySummary.sentAt(camera.published()), LatencySummary.sentAt(vo.echoed()));
    }
}
