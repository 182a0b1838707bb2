package org.gpuvo.gpu.features;

import org.gpuvo.gpu.image.GrayImage;

/**
 * What every ORB backend accepts, checked at the API boundary so that all backends reject the same inputs with
 * the same message, before any work starts.
 */
public final class OrbLimits {
    /** Longest image side accepted ({@link ImageLimits#MAX_SIDE}). */
    public static final int MAX_SIDE = ImageLimits.MAX_SIDE;
    /** Most pixels accepted ({@link ImageLimits#MAX_PIXELS}). */
    public static final long MAX_PIXELS = ImageLimits.MAX_PIXELS;

    private OrbLimits() {
    }

    public static void checkImage(GrayImage image) {
        ImageLimits.checkImage(image, "ORB");
    }

    /**
     * Keeps, in order, the keypoints {@code describe} can describe: OpenCV's {@code KeyPointsFilter::runByImageBorder}
     * on level-0 coordinates ({@code edgeThreshold} from every side).
     *
     * @return the highest level among the kept keypoints, -1 if none is kept
     * @throws IllegalArgumentException if a kept keypoint's level is outside 0..31 or its angle is not finite
     */
    public static int retainDescribable(GrayImage image, KeyPoints keyPoints, int edgeThreshold) {
        int maxLevel = -1, kept = 0;
        for (int i = 0; i < keyPoints.size(); i++) {
            float x = keyPoints.x[i], y = keyPoints.y[i];
            int level = keyPoints.level[i];
            if (!(x >= edgeThreshold && x < image.width - edgeThreshold && y >= edgeThreshold
                    && y < image.height - edgeThreshold))
                continue;
            if (level < 0 || level >= 32 || !Float.isFinite(keyPoints.angle[i]))
                throw new IllegalArgumentException("keypoint " + i + " has level " + level + " and angle "
                        + keyPoints.angle[i] + "; levels are 0..31 and angles finite");
            maxLevel = Math.max(maxLevel, level);
            keyPoints.move(i, kept++);
        }
        keyPoints.truncate(kept);
        return maxLevel;
    }

    /**
     * Features wanted on each pyramid level: a geometric series over the levels, with ratio 1/scaleFactor,
     * summing to {@code maxFeatures}, rounded as OpenCV's ORB rounds it (float arithmetic, the remainder to
     * the last level).
     */
    public static int[] featuresPerLevel(ConfigOrb config) {
        int levels = config.levels;
        int[] perLevel = new int[levels];
        float factor = (float) (1.0 / openCvScaleFactor(config));
        float desired = config.maxFeatures * (1 - factor) / (1 - (float) Math.pow(factor, levels));
        int sum = 0;
        for (int level = 0; level < levels - 1; level++) {
            perLevel[level] = (int) Math.rint(desired);
            sum += perLevel[level];
            desired *= factor;
        }
        perLevel[levels - 1] = Math.max(config.maxFeatures - sum, 0);
        return perLevel;
    }

    /**
     * The scale factor as OpenCV holds it: {@code ORB::create} takes a float, so 1.2 becomes 1.2000000477; level
     * sizes and quotas are computed from that value.
     */
    public static double openCvScaleFactor(ConfigOrb config) {
        return (float) config.scaleFactor;
    }

    /** Ratio of level-0 size to level {@code level}'s size, as a float, as OpenCV's {@code getScale}. */
    public static float levelScale(ConfigOrb config, int level) {
        return (float) Math.pow(openCvScaleFactor(config), level);
    }
}
