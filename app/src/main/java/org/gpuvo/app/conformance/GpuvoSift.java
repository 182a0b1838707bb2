package org.gpuvo.app.conformance;

import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;

/** gpuvo's SIFT (either backend) as a {@link SiftSource}; closing it closes the extractor. */
public final class GpuvoSift implements SiftSource {
    private final SiftExtractor extractor;

    public GpuvoSift(SiftExtractor extractor) {
        if (extractor == null)
            throw new IllegalArgumentException("extractor is null");
        this.extractor = extractor;
    }

    @Override
    public String name() {
        return "gpuvo";
    }

    @Override
    public String implementation() {
        return extractor.backend();
    }

    @Override
    public int firstOctave() {
        return extractor.config().firstOctave;
    }

    @Override
    public void detect(GrayImage image, SiftFeatures out) {
        extractor.detect(image, out);
    }

    @Override
    public void close() {
        extractor.close();
    }
}
