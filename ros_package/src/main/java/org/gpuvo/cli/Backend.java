package org.gpuvo.cli;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.OrbExtractor;

import java.util.function.Function;

/** The backends a command can run features on; {@code --backend} accepts exactly these (case-insensitive). */
enum Backend {
    CPU(FactoryOrb::cpu);

    private final Function<ConfigOrb, OrbExtractor> factory;

    Backend(Function<ConfigOrb, OrbExtractor> factory) {
        this.factory = factory;
    }

    OrbExtractor orb(ConfigOrb config) {
        return factory.apply(config);
    }
}
