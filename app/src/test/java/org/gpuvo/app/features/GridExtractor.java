package org.gpuvo.app.features;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;

import java.util.SplittableRandom;

/**
 * A stand-in extractor for testing the command line's plumbing without depending on the real ORB: keypoints on a
 * regular grid, each with a pseudo-random descriptor determined by its index, so two images of the same size
 * give the same features and every keypoint matches its namesake.
 */
final class GridExtractor implements OrbExtractor {
    static final int SPACING = 40;
    private final ConfigOrb config;

    GridExtractor(ConfigOrb config) {
        this.config = config;
    }

    @Override
    public void detect(GrayImage image, OrbFeatures out) {
        KeyPoints k = out.keyPoints;
        k.clear();
        for (int y = SPACING; y < image.height - SPACING && k.size() < config.maxFeatures; y += SPACING)
            for (int x = SPACING; x < image.width - SPACING && k.size() < config.maxFeatures; x += SPACING) {
                int i = k.size();
                k.add(x, y, i % config.levels, 31f, (i * 37) % 360, 1f + i);
            }
        Descriptors d = out.descriptors;
        d.resize(k.size());
        for (int i = 0; i < k.size(); i++) {
            SplittableRandom random = new SplittableRandom(i);
            for (int b = 0; b < d.bytesPerDescriptor; b++)
                d.data[i * d.bytesPerDescriptor + b] = (byte) random.nextInt(256);
        }
    }

    @Override
    public void describe(GrayImage image, KeyPoints keyPoints, Descriptors out) {
        throw new UnsupportedOperationException("the grid extractor only detects");
    }

    @Override
    public ConfigOrb config() {
        return config.copy();
    }

    @Override
    public String backend() {
        return "grid";
    }
}
