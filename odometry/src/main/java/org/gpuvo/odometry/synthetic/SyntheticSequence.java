package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A rendered stereo + depth sequence with exact ground truth: a camera rig moving along a {@link CameraPath}
 * through a {@link Scene}, rendered by ray casting (see {@link SceneRenderer}). Frames are rendered when asked for,
 * in any order, and the same configuration always gives the same bytes.
 *
 * <p>Frames: nominal frame k is taken at time k / rate seconds; {@link ConfigSynthetic#droppedFrames} are left
 * out, so frame i of the sequence is the i-th nominal frame that is kept and timestamps have gaps where frames were
 * dropped. Black frames have all-zero left and right images (their depth is still rendered: a depth sensor does not
 * share the camera's failure). With {@link ConfigSynthetic#exposureTime} the left and right images are motion
 * blurred by the rig's motion along the path over the exposure (see {@link MotionBlur}); depth and ground truth are
 * those of the frame's time, the middle of the exposure.
 *
 * <p>The rig: the right camera sits {@link ConfigSynthetic#baseline} metres along the left camera's x axis with
 * the same orientation and intrinsics (a rectified pair, as KITTI's). Depth is registered to the left camera.
 *
 * <p>Ground truth: the left camera's poses, camera-to-world, with the world frame the left camera frame of the
 * first frame (so the first pose is the identity, as in KITTI's poses.txt). {@link #scenePose} gives the same
 * poses in the scene's own z-up frame.
 */
public final class SyntheticSequence implements Sequence {
    /** Road scenes reach this far past the last frame's position along the road, metres. */
    private static final double STREET_LOOKAHEAD = 150, HIGHWAY_LOOKAHEAD = 500;

    private final ConfigSynthetic config;
    private final Scene scene;
    private final CameraPath path;
    private final CameraModel camera;
    private final StereoCalibration stereo;
    private final int[] nominal;
    private final double[] times;
    private final Se3_F64[] scenePoses;
    private final Trajectory groundTruth;
    private final boolean[] black;
    private final double exposurePhase;
    private final float[] blurKernel;
    private final SceneRenderer renderer;

    private int cachedFrame = -1;
    private byte[] cachedLeft;
    private float[] cachedDepth;

    /**
     * @throws IllegalArgumentException if the configuration is out of range
     */
    public SyntheticSequence(ConfigSynthetic config) {
        this.config = config.copy().checkValidity();
        ConfigSynthetic c = this.config;
        double cx = Double.isNaN(c.cx) ? (c.width - 1) / 2.0 : c.cx;
        double cy = Double.isNaN(c.cy) ? (c.height - 1) / 2.0 : c.cy;
        camera = new CameraModel(c.width, c.height, c.focalLength, c.focalLength, cx, cy, c.distortion);
        Se3_F64 rightToLeft = new Se3_F64();
        rightToLeft.T.setTo(c.baseline, 0, 0);
        stereo = new StereoCalibration(camera, camera, rightToLeft);

        double duration = (c.frames - 1) / c.rate;
        switch (c.scene) {
            case ROOM -> {
                scene = RoomScene.create(c.seed);
                path = new RoomLoopPath(c.speed);
            }
            case STREET -> {
                double end = c.speed * duration + STREET_LOOKAHEAD;
                Centerline line = new Centerline(c.seed, Centerline.STREET, end);
                scene = StreetScene.create(c.seed, line, end);
                path = new DrivePath(line, DrivePath.STREET, c.speed);
            }
            case HIGHWAY -> {
                double end = c.speed * duration + HIGHWAY_LOOKAHEAD;
                Centerline line = new Centerline(c.seed, Centerline.HIGHWAY, end);
                scene = HighwayScene.create(c.seed, line, end);
                path = new DrivePath(line, HighwayScene.RIDE, c.speed);
            }
            default -> throw new IllegalArgumentException("unknown scene " + c.scene);
        }

        boolean[] dropped = new boolean[c.frames];
        for (int k : c.droppedFrames)
            dropped[k] = true;
        black = new boolean[c.frames];
        for (int k : c.blackFrames)
            black[k] = true;
        nominal = new int[c.frames - c.droppedFrames.length];
        for (int k = 0, i = 0; k < c.frames; k++)
            if (!dropped[k])
                nominal[i++] = k;
        times = new double[nominal.length];
        scenePoses = new Se3_F64[nominal.length];
        for (int i = 0; i < nominal.length; i++) {
            times[i] = nominal[i] / c.rate;
            scenePoses[i] = path.cameraToWorld(times[i]);
        }
        Se3_F64 sceneToFirst = scenePoses[0].invert(null);
        groundTruth = new Trajectory();
        Se3_F64 pose = new Se3_F64();
        for (int i = 0; i < nominal.length; i++) {
            scenePoses[i].concat(sceneToFirst, pose);
            groundTruth.add(times[i], pose);
        }
        exposurePhase = 2 * Math.PI * Hashing.unit(Hashing.hash(c.seed, 0xE790, 0, 0), 0);
        blurKernel = c.blurSize > 1 ? SensorEffects.kernel(c.blurKernel, c.blurSize) : null;
        renderer = new SceneRenderer(scene, camera, c.parallel);
    }

    @Override
    public String name() {
        return "synthetic-" + scene.name() + "-" + config.seed;
    }

    @Override
    public int size() {
        return nominal.length;
    }

    @Override
    public double timestamp(int i) {
        check(i);
        return times[i];
    }

    @Override
    public CameraModel camera() {
        return camera;
    }

    @Override
    public synchronized GrayImage left(int i) {
        renderLeft(i);
        return new GrayImage(camera.width, camera.height, cachedLeft.clone());
    }

    @Override
    public boolean hasRight() {
        return true;
    }

    @Override
    public synchronized GrayImage right(int i) {
        check(i);
        return new GrayImage(camera.width, camera.height, renderImage(i, rightPose(scenePoses[i]), null, 1));
    }

    /** The right camera's pose (camera-to-scene) where the left one is at {@code leftPose}. */
    private Se3_F64 rightPose(Se3_F64 leftPose) {
        return stereo.rightToLeft().concat(leftPose, null);
    }

    @Override
    public Optional<StereoCalibration> stereo() {
        return Optional.of(stereo);
    }

    @Override
    public boolean hasDepth() {
        return true;
    }

    @Override
    public synchronized DepthImage depth(int i) {
        renderLeft(i);
        return new DepthImage(camera.width, camera.height, cachedDepth.clone());
    }

    @Override
    public Optional<Trajectory> groundTruth() {
        return Optional.of(groundTruth.copy());
    }

    /** The configuration (a copy). */
    public ConfigSynthetic config() {
        return config.copy();
    }

    public Scene scene() {
        return scene;
    }

    public CameraPath path() {
        return path;
    }

    /** The left camera's pose of frame {@code i} in the scene frame (camera-to-scene, a copy). */
    public Se3_F64 scenePose(int i) {
        check(i);
        return scenePoses[i].copy();
    }

    /** Index of frame {@code i} before frames were dropped. */
    public int nominalIndex(int i) {
        check(i);
        return nominal[i];
    }

    /** Exposure gain applied to frame {@code i}. */
    public double exposureGain(int i) {
        check(i);
        if (config.exposureAmplitude == 0)
            return 1;
        return 1 + config.exposureAmplitude * Math.sin(2 * Math.PI * times[i] / config.exposurePeriod + exposurePhase);
    }

    private void renderLeft(int i) {
        check(i);
        if (cachedFrame == i)
            return;
        float[] depth = new float[camera.width * camera.height];
        cachedLeft = renderImage(i, scenePoses[i], depth, 0);
        cachedDepth = depth;
        cachedFrame = i;
    }

    /**
     * Renders camera {@code side} (0 left, 1 right) of frame {@code i} at {@code pose}, with the motion blur and
     * the sensor effects, and its depth into {@code depth} unless null.
     */
    private byte[] renderImage(int i, Se3_F64 pose, float[] depth, int side) {
        int n = camera.width * camera.height;
        byte[] out = new byte[n];
        boolean isBlack = black[nominal[i]];
        if (isBlack && depth == null)
            return out;
        float[] image = isBlack ? null : new float[n];
        boolean blur = !isBlack && config.exposureTime > 0;
        if (blur && depth == null)
            depth = new float[n];
        renderer.render(pose, image, depth);
        if (isBlack)
            return out;
        if (blur) {
            double half = config.exposureTime / 2;
            Se3_F64 start = path.cameraToWorld(times[i] - half), end = path.cameraToWorld(times[i] + half);
            if (side == 1) {
                start = rightPose(start);
                end = rightPose(end);
            }
            MotionBlur.apply(image, depth, camera, pose, start, end, config.parallel);
        }
        SplittableRandom noise = config.noiseSigma > 0
                ? new SplittableRandom(Hashing.hash(config.seed, 0x4015E, nominal[i], side)) : null;
        SensorEffects.apply(image, camera.width, camera.height, exposureGain(i), blurKernel, config.noiseSigma, noise, out);
        return out;
    }

    private void check(int i) {
        if (i < 0 || i >= nominal.length)
            throw new IndexOutOfBoundsException("frame " + i + " of " + name() + ", which has " + nominal.length);
    }

    @Override
    public String toString() {
        return "SyntheticSequence{" + name() + ", " + size() + " frames, " + config + "}";
    }

}
