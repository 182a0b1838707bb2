package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;

/** ORB on the CPU. (being written) */
public final class CpuOrbExtractor implements OrbExtractor {
    private final ConfigOrb config;

    public CpuOrbExtractor(ConfigOrb config) {
        this.config = config.copy().checkValidity();
    }

    @Override
    public void detect(GrayImage image, OrbFeatures out) {
        throw new UnsupportedOperationException("in progress");
    }

    @Override
    public void describe(GrayImage image, KeyPoints keyPoints, Descriptors out) {
        throw new UnsupportedOperationException("in progress");
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
