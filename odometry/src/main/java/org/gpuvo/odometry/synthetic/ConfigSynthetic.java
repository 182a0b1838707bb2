package org.gpuvo.odometry.synthetic;

import org.gpuvo.gpu.struct.Configuration;
import org.gpuvo.odometry.camera.LensDistortion;

import java.util.Arrays;

/**
 * Parameters of a {@link SyntheticSequence}: the scene and the camera's path through it, the camera, the frame
 * timing, and optional sensor degradations. Start from {@link #room()}, {@link #street()} or {@link #highway()}
 * (or {@link #preset}), which set a speed and frame rate suited to the scene.
 */
public final class ConfigSynthetic implements Configuration {
    /** The scene, which also fixes the kind of path. */
    public enum SceneKind {
        /** A 10 × 8 × 3 m room with boxes and a pillar; a loop around it with yaw, pitch and roll. */
        ROOM,
        /** A street with buildings, parked cars and poles; a drive along it, through its bends. */
        STREET,
        /**
         * A motorway of three lanes each way between guard rails and grass slopes, with a central barrier, sparse
         * signs and trees, distant buildings and hills, and open sky; a fast drive along it, through gentle bends.
         */
        HIGHWAY
    }

    /** Kernel of {@link #blurSize}. */
    public enum BlurKernel {
        BOX,
        /** OpenCV's {@code getGaussianKernel(size, 0)}: sigma = 0.3·((size - 1)/2 - 1) + 0.8. */
        GAUSSIAN
    }

    public SceneKind scene = SceneKind.ROOM;
    /** Image size in pixels. */
    public int width = 640, height = 480;
    /** Focal length in pixels (fx = fy). */
    public double focalLength = 500;
    /** Principal point; NaN puts it at the image centre ((width - 1)/2, (height - 1)/2). */
    public double cx = Double.NaN, cy = Double.NaN;
    /** Lens distortion of both cameras; images are rendered through it (undistorting each pixel's ray). */
    public LensDistortion distortion = LensDistortion.NONE;
    /** Number of frames before any are dropped. */
    public int frames = 200;
    /** Frame rate in Hz. */
    public double rate = 30;
    /** Speed along the path in metres per second. */
    public double speed = 1.0;
    /** Seed of the scene layout, textures and noise. */
    public long seed = 1;
    /** Distance between the left and right cameras along the left camera's x axis, metres. */
    public double baseline = 0.12;
    /** Standard deviation of Gaussian pixel noise in grey levels; 0 for none. */
    public double noiseSigma = 0;
    /** Side of the blur kernel in pixels, odd; 0 or 1 for no blur. */
    public int blurSize = 0;
    public BlurKernel blurKernel = BlurKernel.GAUSSIAN;
    /** Exposure gain 1 + A·sin(2π t / period + phase), phase from the seed: this is A, in [0, 1); 0 for none. */
    public double exposureAmplitude = 0;
    /** Period of the exposure change in seconds. */
    public double exposurePeriod = 4;
    /**
     * Motion blur: the time in seconds the shutter is open, centred on the frame's time, during which the camera
     * moves along its path; 0 for none (a sharp image at the frame's time). Each pixel integrates what it sees
     * over that time: it is smeared along its image motion, from where its scene point is at the exposure's start
     * to where it is at its end (radially from the focus of expansion for a camera moving forwards, over a length
     * proportional to speed × exposure time over depth; rotation smears the sky too). Below the frame interval
     * 1 / rate.
     */
    public double exposureTime = 0;
    /** Frames (indices before dropping) whose images are all black. */
    public int[] blackFrames = new int[0];
    /** Frames (indices before dropping) left out of the sequence, leaving gaps in its timestamps. */
    public int[] droppedFrames = new int[0];
    /** Render the rows of a frame on several threads (same bits as on one). */
    public boolean parallel = false;

    public ConfigSynthetic() {
    }

    /** The room at walking pace: 1 m/s, 30 Hz. */
    public static ConfigSynthetic room() {
        ConfigSynthetic c = new ConfigSynthetic();
        c.scene = SceneKind.ROOM;
        c.rate = 30;
        c.speed = 1.0;
        return c;
    }

    /**
     * The room at walking pace in {@code frames} images of {@code width × height}, its focal length scaled from 500 px
     * at 640 pixels across: the same view, in smaller and cheaper frames.
     */
    public static ConfigSynthetic room(int width, int height, int frames) {
        ConfigSynthetic c = room();
        c.width = width;
        c.height = height;
        c.focalLength = 500.0 * width / 640;
        c.frames = frames;
        return c;
    }

    /** The street at 8 m/s (29 km/h), 10 Hz, as KITTI. */
    public static ConfigSynthetic street() {
        ConfigSynthetic c = new ConfigSynthetic();
        c.scene = SceneKind.STREET;
        c.rate = 10;
        c.speed = 8.0;
        return c;
    }

    /**
     * The highway at 30 m/s (108 km/h), 20 Hz: 1.5 m per frame, with the motion blur of a 4 ms exposure (in the
     * 640×480 image, a smear of about 1 pixel on the road 10 m ahead and up to 15 pixels at the bottom corners), seen
     * by a car's stereo rig of KITTI's 0.54 m baseline (Geiger, Lenz, Stiller, Urtasun, "Vision meets Robotics: The
     * KITTI Dataset", IJRR 2013). Nearly all of a highway's texture lies beyond 40 m, where the 12 cm of the other
     * scenes' rig gives less than 1.5 pixels of disparity at 640×480.
     */
    public static ConfigSynthetic highway() {
        ConfigSynthetic c = new ConfigSynthetic();
        c.scene = SceneKind.HIGHWAY;
        c.rate = 20;
        c.speed = 30.0;
        c.exposureTime = 0.004;
        c.baseline = 0.54;
        return c;
    }

    /** The preset of {@code scene}: {@link #room()}, {@link #street()} or {@link #highway()}. */
    public static ConfigSynthetic preset(SceneKind scene) {
        return switch (scene) {
            case ROOM -> room();
            case STREET -> street();
            case HIGHWAY -> highway();
        };
    }

    /** Throws {@link IllegalArgumentException} naming the first parameter that is out of range. */
    @Override
    public ConfigSynthetic checkValidity() {
        if (scene == null)
            throw new IllegalArgumentException("scene must be set");
        if (width < 16 || height < 16 || (long) width * height > 1L << 26)
            throw new IllegalArgumentException("image size must be at least 16x16 and at most 64 Mpixel"
                    + " (width × height), got " + width + "x" + height);
        if (!(focalLength > 0) || !Double.isFinite(focalLength))
            throw new IllegalArgumentException("focalLength must be positive and finite, got " + focalLength);
        if (Double.isInfinite(cx) || Double.isInfinite(cy))
            throw new IllegalArgumentException("cx and cy must be finite or NaN (the centre), got " + cx + ", " + cy);
        if (distortion == null)
            throw new IllegalArgumentException("distortion must be set (LensDistortion.NONE for none)");
        if (frames < 1)
            throw new IllegalArgumentException("frames must be at least 1, got " + frames);
        if (!(rate > 0) || !Double.isFinite(rate))
            throw new IllegalArgumentException("rate must be positive and finite, got " + rate);
        if (!(speed > 0) || !Double.isFinite(speed))
            throw new IllegalArgumentException("speed must be positive and finite, got " + speed);
        if (!(baseline > 0) || !Double.isFinite(baseline))
            throw new IllegalArgumentException("baseline must be positive and finite, got " + baseline);
        if (!(noiseSigma >= 0) || !Double.isFinite(noiseSigma))
            throw new IllegalArgumentException("noiseSigma must be non-negative and finite, got " + noiseSigma);
        if (blurSize < 0 || blurSize > 1 && blurSize % 2 == 0 || blurSize > 63)
            throw new IllegalArgumentException("blurSize must be 0, 1 or odd up to 63, got " + blurSize);
        if (blurKernel == null)
            throw new IllegalArgumentException("blurKernel must be set");
        if (!(exposureAmplitude >= 0 && exposureAmplitude < 1))
            throw new IllegalArgumentException("exposureAmplitude must be in [0, 1), got " + exposureAmplitude);
        if (!(exposurePeriod > 0) || !Double.isFinite(exposurePeriod))
            throw new IllegalArgumentException("exposurePeriod must be positive and finite, got " + exposurePeriod);
        if (!(exposureTime >= 0 && exposureTime < 1 / rate))
            throw new IllegalArgumentException("exposureTime must be at least 0 and below the frame interval 1/rate = "
                    + 1 / rate + " s, got " + exposureTime);
        checkIndices("blackFrames", blackFrames);
        checkIndices("droppedFrames", droppedFrames);
        if (Arrays.stream(droppedFrames).distinct().count() != droppedFrames.length)
            throw new IllegalArgumentException("droppedFrames has repeated indices: " + Arrays.toString(droppedFrames));
        if (frames - droppedFrames.length < 1)
            throw new IllegalArgumentException("droppedFrames leaves no frame");
        return this;
    }

    private void checkIndices(String name, int[] indices) {
        if (indices == null)
            throw new IllegalArgumentException(name + " must not be null (an empty array for none)");
        for (int i : indices)
            if (i < 0 || i >= frames)
                throw new IllegalArgumentException(name + " holds " + i + ", outside 0.." + (frames - 1));
    }

    @Override
    public ConfigSynthetic copy() {
        ConfigSynthetic c = new ConfigSynthetic();
        c.scene = scene;
        c.width = width;
        c.height = height;
        c.focalLength = focalLength;
        c.cx = cx;
        c.cy = cy;
        c.distortion = distortion;
        c.frames = frames;
        c.rate = rate;
        c.speed = speed;
        c.seed = seed;
        c.baseline = baseline;
        c.noiseSigma = noiseSigma;
        c.blurSize = blurSize;
        c.blurKernel = blurKernel;
        c.exposureAmplitude = exposureAmplitude;
        c.exposurePeriod = exposurePeriod;
        c.exposureTime = exposureTime;
        c.blackFrames = blackFrames == null ? null : blackFrames.clone();
        c.droppedFrames = droppedFrames == null ? null : droppedFrames.clone();
        c.parallel = parallel;
        return c;
    }

    @Override
    public String toString() {
        return "ConfigSynthetic{" + scene + " " + width + "x" + height + " f=" + focalLength + ", " + frames
                + " frames at " + rate + " Hz, " + speed + " m/s, seed " + seed + ", baseline " + baseline
                + (noiseSigma > 0 ? ", noise " + noiseSigma : "") + (blurSize > 1 ? ", blur " + blurKernel + " " + blurSize : "")
                + (exposureAmplitude > 0 ? ", exposure ±" + exposureAmplitude : "")
                + (exposureTime > 0 ? ", motion blur over " + exposureTime * 1000 + " ms" : "")
                + (blackFrames.length > 0 ? ", black " + Arrays.toString(blackFrames) : "")
                + (droppedFrames.length > 0 ? ", dropped " + Arrays.toString(droppedFrames) : "") + "}";
    }
}
