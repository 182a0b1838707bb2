package org.gpuvo.ros.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;

/** The wait of a frame for the first camera_info ({@link Calibration#awaitFirstCameraInfos}). */
class CalibrationTest {
    private static final CameraInfo GOOD = CameraInfoMessages.of(CameraModel.pinhole(64, 48, 50, 50, 32, 24),
            new Header(new Time(1, 0), "camera"));
    private static final long SECONDS = 1_000_000_000L;

    @Test
    void aWaitingFrameWakesWithTheCalibrationHeld() throws Exception {
        Calibration calibration = new Calibration(VoMode.MONO, false);
        CompletableFuture<CameraSetup> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                calibration.awaitFirstCameraInfos(System.nanoTime() + 30 * SECONDS, () -> false);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return calibration.current();
        });
        Thread.sleep(100);
        assertThat(waiting).isNotDone();
        calibration.offer(0, GOOD);
        assertThat(waiting.get(10, TimeUnit.SECONDS)).isNotNull();
    }

    @Test
    void anUnusableCameraInfoEndsTheWaitWithoutACalibration() throws Exception {
        Calibration calibration = new Calibration(VoMode.MONO, false);
        CameraInfo zeros = new CameraInfo(GOOD.header(), GOOD.height(), GOOD.width(), GOOD.distortionModel(),
                GOOD.d(), new double[9], GOOD.r(), GOOD.p(), 0, 0, GOOD.roi());
        assertThatThrownBy(() -> calibration.offer(0, zeros)).isInstanceOf(IllegalArgumentException.class);
        long start = System.nanoTime();
        calibration.awaitFirstCameraInfos(start + 30 * SECONDS, () -> false);
        assertThat(System.nanoTime() - start).as("no wait once a camera_info has come").isLessThan(5 * SECONDS);
        assertThat(calibration.current()).isNull();
    }

    @Test
    void theWaitEndsAtItsDeadlineOrWhenCancelled() throws Exception {
        Calibration stereo = new Calibration(VoMode.STEREO, true);
        stereo.offer(0, GOOD); // the right camera's never comes
        long start = System.nanoTime();
        stereo.awaitFirstCameraInfos(start + SECONDS / 5, () -> false);
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(SECONDS / 5).isLessThan(5 * SECONDS);

        AtomicBoolean stopped = new AtomicBoolean();
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
            try {
                stereo.awaitFirstCameraInfos(System.nanoTime() + 60 * SECONDS, stopped::get);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100);
        assertThat(waiting).isNotDone();
        stopped.set(true);
        stereo.wakeWaiters();
        waiting.get(10, TimeUnit.SECONDS);
        assertThat(stereo.current()).isNull();
    }
}
