package org.gpuvo.gpu.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** SIFT backend choice; runs everywhere (on a machine without CUDA it checks the fallback). */
class FactorySiftTest {
    @Test
    void autoUsesCudaWhereUsableElseTheCpu() {
        try (SiftExtractor sift = FactorySift.create(new ConfigSift(300), Backend.AUTO)) {
            assertThat(sift.backend()).isEqualTo(CudaProbe.status().usable() ? "cuda" : "cpu");
            SiftFeatures out = new SiftFeatures();
            sift.detect(RandomImages.blocks(320, 240, 200, 1), out);
            assertThat(out.size()).isPositive();
            assertThat(out.descriptors.size()).isEqualTo(out.size());
        }
        // a second fallback does not warn again (checked by eye in the log) and still works
        try (SiftExtractor sift = FactorySift.create(new ConfigSift(300), Backend.AUTO)) {
            assertThat(sift.backend()).isIn("cpu", "cuda");
        }
    }

    @Test
    void cpuIsTheCpu() {
        try (SiftExtractor sift = FactorySift.create(new ConfigSift(), Backend.CPU)) {
            assertThat(sift.backend()).isEqualTo("cpu");
        }
    }

    @Test
    void cudaWithoutAUsableDeviceSaysWhy() {
        assumeFalse(CudaProbe.status().usable(), "CUDA is usable here");
        String reason = CudaProbe.status().reason();
        assertThatThrownBy(() -> FactorySift.cuda(new ConfigSift())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CUDA").hasMessageContaining(reason);
        assertThatThrownBy(() -> FactorySift.create(new ConfigSift(), Backend.CUDA))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(reason);
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void badConfigurationsAreRejectedFirstAndAlike(Backend backend) {
        ConfigSift bad = new ConfigSift(0);
        String expected = catchMessage(() -> FactorySift.cpu(bad));
        assertThatThrownBy(() -> FactorySift.create(bad, backend)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
        ConfigSift octave = new ConfigSift();
        octave.firstOctave = 1;
        assertThatThrownBy(() -> FactorySift.create(octave, backend)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("firstOctave");
        assertThatThrownBy(() -> FactorySift.create(null, backend)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("configuration is null");
    }

    @Test
    void backendMustBeSet() {
        assertThatThrownBy(() -> FactorySift.create(new ConfigSift(), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("backend");
    }

    private static String catchMessage(Runnable r) {
        try {
            r.run();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("no IllegalArgumentException");
    }
}
