package org.gpuvo.app.features;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;

import java.util.Locale;

/**
 * What {@code gpuvo features} extracts: ORB with its configuration, or SIFT with its; and how keypoints are counted
 * by scale: per ORB pyramid level, or per SIFT octave (from the first, -1 where the image is upsampled).
 */
record FeatureSettings(ConfigOrb orb, ConfigSift sift) {
    static FeatureSettings orb(ConfigOrb config) {
        return new FeatureSettings(config, null);
    }

    static FeatureSettings sift(ConfigSift config) {
        return new FeatureSettings(null, config);
    }

    FeatureType type() {
        return sift != null ? FeatureType.SIFT : FeatureType.ORB;
    }

    /** "level" (ORB's pyramid) or "octave" (SIFT's scale space). */
    String scaleName() {
        return sift != null ? "octave" : "level";
    }

    /** The first level or octave: 0, or SIFT's first octave. */
    int firstLevel() {
        return sift != null ? sift.firstOctave : 0;
    }

    /**
     * How many levels or octaves the counts cover: ORB's levels, or SIFT's octaves up to the highest of any
     * keypoint.
     */
    int levelCount(KeyPoints... keyPoints) {
        if (sift == null)
            return orb.levels;
        int highest = firstLevel();
        for (KeyPoints k : keyPoints)
            for (int i = 0; i < k.size(); i++)
                highest = Math.max(highest, k.level[i]);
        return highest - firstLevel() + 1;
    }

    /** The configuration as JSON. */
    void putJson(ObjectNode node) {
        if (sift != null) {
            node.put("max_features", sift.maxFeatures);
            node.put("first_octave", sift.firstOctave);
            node.put("octaves", sift.octaves);
            node.put("levels_per_octave", sift.levelsPerOctave);
            node.put("sigma", sift.sigma);
            node.put("contrast_threshold", sift.contrastThreshold);
            node.put("edge_threshold", sift.edgeThreshold);
            node.put("root_sift", sift.rootSift);
            return;
        }
        node.put("max_features", orb.maxFeatures);
        node.put("levels", orb.levels);
        node.put("scale_factor", orb.scaleFactor);
        node.put("fast_threshold", orb.fastThreshold);
        node.put("edge_threshold", orb.edgeThreshold);
        node.put("patch_size", orb.patchSize);
        node.put("distribution", orb.distribution.name().toLowerCase(Locale.ROOT));
        if (orb.distribution == ConfigOrb.Distribution.GRID)
            node.put("grid_cell_size", orb.gridCellSize);
    }
}
