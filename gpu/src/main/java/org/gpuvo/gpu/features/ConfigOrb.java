package org.gpuvo.gpu.features;

import org.gpuvo.gpu.struct.Configuration;

/**
 * Parameters of ORB extraction. The defaults and meanings are those of OpenCV's {@code cv::ORB::create}, so that
 * the same numbers give the same features, except {@link #maxFeatures} (OpenCV: 500) and {@link #distribution}.
 */
public final class ConfigOrb implements Configuration {
    /** Largest feature count accepted: bounds device buffers, and is far beyond what any tracker uses. */
    public static final int MAX_FEATURES = 1 << 18;

    /** How the features of one pyramid level are chosen among the FAST corners. */
    public enum Distribution {
        /** OpenCV's rule: the strongest Harris responses of the level. */
        RETAIN_BEST,
        /**
         * ORB-SLAM's intent: the level is cut into square cells of {@link #gridCellSize} level pixels and each
         * cell contributes its strongest corners in turn, so that texture-rich regions cannot take every feature.
         */
        GRID
    }

    /** Features wanted over all levels; distributed over the levels as OpenCV does. */
    public int maxFeatures = 2000;
    /** Ratio between the sizes of consecutive pyramid levels. */
    public double scaleFactor = 1.2;
    public int levels = 8;
    /** Corners closer than this to a level's border are dropped. */
    public int edgeThreshold = 31;
    /** Side of the square patch the descriptor and the orientation are computed on; 31 is the learned pattern. */
    public int patchSize = 31;
    /** FAST-9 intensity threshold. */
    public int fastThreshold = 20;
    public Distribution distribution = Distribution.RETAIN_BEST;
    /** Cell side in pixels for {@link Distribution#GRID}. */
    public int gridCellSize = 32;

    public ConfigOrb() {
    }

    public ConfigOrb(int maxFeatures) {
        this.maxFeatures = maxFeatures;
    }

    /** Throws {@link IllegalArgumentException} naming the first parameter that is out of range. */
    @Override
    public ConfigOrb checkValidity() {
        if (maxFeatures <= 0 || maxFeatures > MAX_FEATURES)
            throw new IllegalArgumentException("maxFeatures must be in 1.." + MAX_FEATURES + ", got " + maxFeatures);
        if (!(scaleFactor > 1.0 && scaleFactor <= 4.0))
            throw new IllegalArgumentException("scaleFactor must be in (1, 4], got " + scaleFactor);
        if (levels < 1 || levels > 32)
            throw new IllegalArgumentException("levels must be in 1..32, got " + levels);
        if (patchSize != 31)
            throw new IllegalArgumentException("only patchSize 31 (OpenCV's learned test pattern) is supported, got "
                    + patchSize);
        if (edgeThreshold < patchSize / 2 || edgeThreshold > 255)
            throw new IllegalArgumentException("edgeThreshold must be in " + patchSize / 2 + "..255, got " + edgeThreshold);
        if (fastThreshold < 1 || fastThreshold > 254)
            throw new IllegalArgumentException("fastThreshold must be in 1..254, got " + fastThreshold);
        if (distribution == null)
            throw new IllegalArgumentException("distribution must be set");
        if (gridCellSize < 8 || gridCellSize > 4096)
            throw new IllegalArgumentException("gridCellSize must be in 8..4096, got " + gridCellSize);
        return this;
    }

    @Override
    public ConfigOrb copy() {
        ConfigOrb c = new ConfigOrb();
        c.maxFeatures = maxFeatures;
        c.scaleFactor = scaleFactor;
        c.levels = levels;
        c.edgeThreshold = edgeThreshold;
        c.patchSize = patchSize;
        c.fastThreshold = fastThreshold;
        c.distribution = distribution;
        c.gridCellSize = gridCellSize;
        return c;
    }

    @Override
    public String toString() {
        return "ConfigOrb{maxFeatures=" + maxFeatures + ", scaleFactor=" + scaleFactor + ", levels=" + levels
                + ", edgeThreshold=" + edgeThreshold + ", patchSize=" + patchSize + ", fastThreshold=" + fastThreshold
                + ", distribution=" + distribution + (distribution == Distribution.GRID ? ", gridCellSize=" + gridCellSize : "")
                + "}";
    }
}
