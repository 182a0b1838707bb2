package org.gpuvo.ros.node;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.msg.CameraInfo;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * The latest usable camera_info of each camera, checked as it arrives, and the {@link CameraSetup} made from them.
 * A camera_info equal in content to the one held changes nothing (drivers repeat it with every image); one that
 * differs makes a new version. Thread-safe: transport threads offer, the processing thread asks.
 */
final class Calibration {
    private final VoMode mode;
    private final boolean rectified;
    private final CameraInfo[] infos = new CameraInfo[2];
    /** whether a camera_info of each camera has come at all, usable or not */
    private final boolean[] heard = new boolean[2];
    private long version;
    private CameraSetup setup;
    /** the version whose setup could not be made, so that it is reported once */
    private long failedVersion = -1;

    Calibration(VoMode mode, boolean rectified) {
        this.mode = mode;
        this.rectified = rectified;
    }

    /** The cameras the mode needs: 2 for stereo, else 1. */
    int cameras() {
        return mode == VoMode.STEREO ? 2 : 1;
    }

    /**
     * Checks a camera_info of camera {@code index} (0: mono / left / RGB, 1: right) and holds it.
     *
     * @return whether it changed the calibration
     * @throws IllegalArgumentException naming what is wrong with it; the one held before stays
     */
    boolean offer(int index, CameraInfo info) {
        Objects.checkIndex(index, cameras());
        try {
            check(info);
        } catch (IllegalArgumentException e) {
            heard(index);
            throw e;
        }
        synchronized (this) {
            heard(index);
            if (infos[index] != null && sameCalibration(infos[index], info))
                return false;
            infos[index] = info;
            version++;
            setup = null;
            return true;
        }
    }

    /**
     * The setup of the camera_infos held, or null while one is missing.
     *
     * @throws IllegalArgumentException where the camera_infos do not form a usable calibration (a stereo pair whose
     *                                  R and P disagree), once per version; null afterwards
     */
    synchronized CameraSetup current() {
        if (setup != null)
            return setup;
        for (int i = 0; i < cameras(); i++)
            if (infos[i] == null)
                return null;
        if (failedVersion == version)
            return null;
        try {
            setup = make();
            return setup;
        } catch (RuntimeException e) {
            failedVersion = version;
            throw e;
        }
    }

    /** Whether every camera_info the mode needs has come. */
    synchronized boolean complete() {
        for (int i = 0; i < cameras(); i++)
            if (infos[i] == null)
                return false;
        return true;
    }

    /**
     * Waits until a camera_info of every camera the mode needs has come, usable or not, until {@code deadlineNanos}
     * ({@link System#nanoTime()}), or until {@code cancelled} holds when {@link #wakeWaiters} is called.
     */
    synchronized void awaitFirstCameraInfos(long deadlineNanos, BooleanSupplier cancelled)
            throws InterruptedException {
        while (!allHeard() && !cancelled.getAsBoolean()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0)
                return;
            wait(Math.max(1, left / 1_000_000), 0);
        }
    }

    /** Notes that a camera_info of camera {@code index} has come (held by then if usable). */
    private synchronized void heard(int index) {
        heard[index] = true;
        notifyAll();  // a frame may be waiting for the first camera_info (awaitFirstCameraInfos)
    }

    private boolean allHeard() {
        for (int i = 0; i < cameras(); i++)
            if (!heard[i])
                return false;
        return true;
    }

    /** Wakes the threads in {@link #awaitFirstCameraInfos}, so that they look at their cancellation. */
    synchronized void wakeWaiters() {
        notifyAll();
    }

    private CameraSetup make() {
        if (mode == VoMode.STEREO) {
            StereoCalibration rig = CameraInfoMessages.stereo(infos[0], infos[1], rectified);
            return new CameraSetup(version, rig.left, rig);
        }
        return new CameraSetup(version, camera(infos[0]), null);
    }

    private CameraModel camera(CameraInfo info) {
        return rectified ? CameraInfoMessages.rectifiedCamera(info) : CameraInfoMessages.camera(info);
    }

    /** The checks that one message allows: K and D (and P where it is used) finite and calibrated, a size. */
    private void check(CameraInfo info) {
        camera(info);
        if (mode == VoMode.STEREO)
            CameraInfoMessages.rectifiedCamera(info); // P is used for the rig's extrinsics, rectified or not
    }

    private static boolean sameCalibration(CameraInfo a, CameraInfo b) {
        return a.width() == b.width() && a.height() == b.height()
                && Objects.equals(a.distortionModel(), b.distortionModel()) && Arrays.equals(a.d(), b.d())
                && Arrays.equals(a.k(), b.k()) && Arrays.equals(a.r(), b.r()) && Arrays.equals(a.p(), b.p());
    }
}
