package org.gpuvo.gpu.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Backend choice; runs everywhere (on a machine without CUDA it checks the fallback). */
class FactoryOrbTest {
    @Test
    void autoUsesCudaWhereUsableElseTheCpu() {
        try (OrbExtractor orb = FactoryOrb.create(new ConfigOrb(300), Backend.AUTO)) {
            assertThat(orb.backend()).isEqualTo(CudaProbe.status().usable() ? "cuda" : "cpu");
            OrbFeatures out = new OrbFeatures();
            orb.detect(RandomImages.blocks(320, 240, 200, 1), out);
            assertThat(out.size()).isPositive();
            assertThat(out.descriptors.size()).isEqualTo(out.size());
        }
        // a second fallback does not warn again (checked by eye in the log) and still works
        try (OrbExtractor orb = FactoryOrb.create(new ConfigOrb(300), Backend.AUTO)) {
            assertThat(orb.backend()).isIn("cpu", "cuda");
        }
    }

    @Test
    void cpuIsTheCpu() {
        try (OrbExtractor orb = FactoryOrb.create(new ConfigOrb(), Backend.CPU)) {
            assertThat(orb.backend()).isEqualTo("cpu");
        }
    }

    @Test
    void cudaWithoutAUsableDeviceSaysWhy() {
        assumeFalse(CudaProbe.status().usable(), "CUDA is usable here");
        String reason = CudaProbe.status().reason();
        assertThatThrownBy(() -> FactoryOrb.cuda(new ConfigOrb())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CUDA").hasMessageContaining(reason);
        assertThatThrownBy(() -> FactoryOrb.create(new ConfigOrb(), Backend.CUDA))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(reason);
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void badConfigurationsAreRejectedFirstAndAlike(Backend backend) {
        ConfigOrb bad = new ConfigOrb(0);
        String expected = catchMessage(() -> FactoryOrb.cpu(bad));
        assertThatThrownBy(() -> FactoryOrb.create(bad, backend)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
        ConfigOrb scale = new ConfigOrb();
        scale.scaleFactor = 0.5;
        assertThatThrownBy(() -> FactoryOrb.create(scale, backend)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scaleFactor");
    }

    @Test
    void aBackendMustBeNamed() {
        assertThatThrownBy(() -> FactoryOrb.create(new ConfigOrb(), null)).isInstanceOf(IllegalArgumentException.class);
    }

    private static String catchMessage(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected an exception");
    }
}
