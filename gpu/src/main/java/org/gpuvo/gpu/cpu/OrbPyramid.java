package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;

import java.util.ArrayList;
import java.util.List;

/**
 * The image pyramid of ORB as OpenCV builds it: level {@code l} has size {@code round(W / s_l) × round(H / s_l)}
 * with {@code s_l = scaleFactor^l} as a float, and is resampled from level {@code l−1} (not from the original) with
 * {@link LinearResizeExact}. Each level carries a reflected border; see {@link PyramidLevel}. Buffers are kept
 * and reused from frame to frame.
 */
final class OrbPyramid {
    /** Distance from a keypoint to the farthest pixel its rotated 31×31 patch reaches, rounded up. */
    static final int DESCRIPTOR_REACH = (int) Math.ceil(15 * Math.sqrt(2.0));

    private final ConfigOrb config;
    final int border;
    private final List<PyramidLevel> levels = new ArrayList<>();
    private final LinearResizeExact resize = new LinearResizeExact();
    private final OrbSmoothing smoothing = new OrbSmoothing();
    private int built;

    OrbPyramid(ConfigOrb config) {
        this.config = config;
        // OpenCV: max(edgeThreshold, max(descPatchSize, HARRIS_BLOCK_SIZE/2)) + 1
        this.border = Math.max(config.edgeThreshold, Math.max(DESCRIPTOR_REACH, 9 / 2)) + 1;
    }

    /** Number of levels the last {@link #build} produced. */
    int size() {
        return built;
    }

    PyramidLevel level(int i) {
        return levels.get(i);
    }

    /**
     * Builds levels 0 .. {@code count−1}, stopping early at the first level that would be smaller than
     * {@code minSide} pixels on a side (every later level would be smaller still).
     */
    void build(GrayImage image, int count, int minSide) {
        built = 0;
        for (int l = 0; l < count; l++) {
            float scale = OrbLimits.levelScale(config, l);
            int w = (int) Math.rint(image.width / scale), h = (int) Math.rint(image.height / scale);
            if (w < Math.max(1, minSide) || h < Math.max(1, minSide))
                break;
            if (levels.size() <= l)
                levels.add(new PyramidLevel(border));
            PyramidLevel level = levels.get(l);
            level.resize(w, h, scale);
            if (l == 0) {
                for (int y = 0; y < h; y++)
                    System.arraycopy(image.data, image.offset + y * image.stride, level.pixels,
                            level.origin + y * level.stride, w);
            } else {
                PyramidLevel prev = levels.get(l - 1);
                resize.resize(prev.pixels, prev.origin, prev.stride, prev.width, prev.height,
                        level.pixels, level.origin, level.stride, w, h);
            }
            level.fillBorder(level.pixels);
            built = l + 1;
        }
    }

    /** Computes {@link PyramidLevel#smoothed} of level {@code i}, which the descriptor reads. */
    void smooth(int i) {
        smoothing.apply(levels.get(i));
    }
}
