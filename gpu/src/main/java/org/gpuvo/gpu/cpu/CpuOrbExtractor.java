package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;

/**
 * ORB (Rublee et al., "ORB: an efficient alternative to SIFT or SURF", ICCV 2011) on the CPU, step for step as
 * OpenCV 4's {@code cv::ORB} with Harris scoring, so that keypoints and descriptors are interchangeable with
 * OpenCV's. Per pyramid level: FAST-9 corners with non-maximum suppression, away from the border by
 * {@code edgeThreshold}; the best {@code 2·quota} by FAST score; Harris responses; the best {@code quota} by Harris
 * (or a grid-spread choice); orientation by intensity centroid; then the Gaussian-smoothed level and the steered
 * BRIEF tests. Written for clarity first: it is the reference of the CUDA backend and its fallback.
 */
public final class CpuOrbExtractor implements OrbExtractor {
    private final ConfigOrb config;
    private final int[] quota;
    private final OrbPyramid pyramid;
    private final FastCorners fast = new FastCorners();
    private final FeatureSelection selection = new FeatureSelection();
    private final IntensityCentroid centroid;

    // candidates of the current level
    private int[] cx = new int[0];
    private int[] cy = new int[0];
    private float[] cresponse = new float[0];

    public CpuOrbExtractor(ConfigOrb config) {
        this.config = config.copy().checkValidity();
        this.quota = OrbLimits.featuresPerLevel(this.config);
        this.pyramid = new OrbPyramid(this.config);
        this.centroid = new IntensityCentroid(this.config.patchSize);
    }

    @Override
    public void detect(GrayImage image, OrbFeatures out) {
        OrbLimits.checkImage(image);
        KeyPoints kp = out.keyPoints;
        kp.clear();
        int edge = config.edgeThreshold;
        // a level narrower than 2·edge+1 cannot hold a corner far enough from its border
        pyramid.build(image, config.levels, 2 * edge + 1);
        for (int l = 0; l < pyramid.size(); l++) {
            PyramidLevel level = pyramid.level(l);
            int n = selectCorners(level, quota[l]);
            if (n == 0)
                continue;
            float diameter = config.patchSize * level.scale;
            for (int i = 0; i < n; i++) {
                float angle = centroid.angle(level, cx[i], cy[i]);
                kp.add(cx[i] * level.scale, cy[i] * level.scale, l, diameter, angle, cresponse[i]);
            }
        }
        describeAll(kp, out.descriptors);
    }

    /** Detects, scores and selects the corners of one level into cx, cy, cresponse; returns how many. */
    private int selectCorners(PyramidLevel level, int wanted) {
        if (wanted <= 0)
            return 0;
        fast.detect(level, config.fastThreshold, config.edgeThreshold);
        int m = fast.count;
        if (cx.length < m) {
            cx = new int[m];
            cy = new int[m];
            cresponse = new float[m];
        }
        System.arraycopy(fast.xs, 0, cx, 0, m);
        System.arraycopy(fast.ys, 0, cy, 0, m);
        for (int i = 0; i < m; i++)
            cresponse[i] = fast.scores[i];
        if (config.distribution == ConfigOrb.Distribution.RETAIN_BEST) {
            // FAST scores are coarse: keep twice the quota for Harris to rank
            m = selection.retainBest(m, 2 * wanted, cx, cy, cresponse);
            harris(level, m);
            return selection.retainBest(m, wanted, cx, cy, cresponse);
        }
        harris(level, m);
        return selection.spreadOverGrid(m, wanted, cx, cy, cresponse, level.width, level.height, config.gridCellSize);
    }

    private void harris(PyramidLevel level, int m) {
        for (int i = 0; i < m; i++)
            cresponse[i] = HarrisResponse.compute(level, cx[i], cy[i]);
    }

    @Override
    public void describe(GrayImage image, KeyPoints keyPoints, Descriptors out) {
        OrbLimits.checkImage(image);
        if (out.bytesPerDescriptor != Descriptors.ORB_BYTES)
            throw new IllegalArgumentException("ORB descriptors are " + Descriptors.ORB_BYTES + " bytes, the output holds "
                    + out.bytesPerDescriptor);
        int maxLevel = OrbLimits.retainDescribable(image, keyPoints, config.edgeThreshold);
        pyramid.build(image, maxLevel + 1, 1);
        // a keypoint on a level too small to exist for this image cannot be described
        int kept = 0;
        for (int i = 0; i < keyPoints.size(); i++)
            if (keyPoints.level[i] < pyramid.size() && patchInsideBuffer(keyPoints, i))
                keyPoints.move(i, kept++);
        keyPoints.truncate(kept);
        describeAll(keyPoints, out);
    }

    /** Whether the keypoint's rotated patch, around its pixel on its level as OpenCV rounds it, fits the buffer. */
    private boolean patchInsideBuffer(KeyPoints kp, int i) {
        PyramidLevel level = pyramid.level(kp.level[i]);
        float inverse = 1.f / level.scale;
        int x = (int) Math.rint(kp.x[i] * inverse), y = (int) Math.rint(kp.y[i] * inverse);
        int reach = OrbPyramid.DESCRIPTOR_REACH;
        return x - reach >= -level.border && y - reach >= -level.border
                && x + reach < level.width + level.border && y + reach < level.height + level.border;
    }

    /** Smooths the levels that hold keypoints and computes every descriptor. */
    private void describeAll(KeyPoints kp, Descriptors out) {
        int n = kp.size();
        out.resize(n);
        boolean[] smoothed = new boolean[pyramid.size()];
        for (int i = 0; i < n; i++) {
            int l = kp.level[i];
            if (!smoothed[l]) {
                pyramid.smooth(l);
                smoothed[l] = true;
            }
            PyramidLevel level = pyramid.level(l);
            float inverse = 1.f / level.scale;
            int x = (int) Math.rint(kp.x[i] * inverse), y = (int) Math.rint(kp.y[i] * inverse);
            SteeredBrief.describe(level, x, y, kp.angle[i], out.data, i * Descriptors.ORB_BYTES);
        }
    }

    @Override
    public ConfigOrb config() {
        return config.copy();
    }

    @Override
    public String backend() {
        return "cpu";
    }
}
