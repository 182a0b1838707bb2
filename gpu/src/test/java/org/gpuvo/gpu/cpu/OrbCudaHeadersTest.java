package org.gpuvo.gpu.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.junit.jupiter.api.Test;

/** The CUDA kernels' constants are the CPU reference's, bit for bit. */
class OrbCudaHeadersTest {
    @Test
    void checkedInHeadersAreWhatTheGeneratorWrites() throws IOException {
        if (Boolean.getBoolean("gpuvo.regenerateHeaders"))
            OrbCudaHeaders.main(new String[0]);
        assertThat(Files.readString(OrbCudaHeaders.DIR.resolve(OrbCudaHeaders.CONSTANTS), StandardCharsets.US_ASCII))
                .as("%s is stale: run the test with -Dgpuvo.regenerateHeaders=true", OrbCudaHeaders.CONSTANTS)
                .isEqualTo(OrbCudaHeaders.constants());
        assertThat(Files.readString(OrbCudaHeaders.DIR.resolve(OrbCudaHeaders.TABLES), StandardCharsets.US_ASCII))
                .as("%s is stale: run the test with -Dgpuvo.regenerateHeaders=true", OrbCudaHeaders.TABLES)
                .isEqualTo(OrbCudaHeaders.tables());
    }

    @Test
    void hexLiteralsRoundTrip() {
        for (float f : new float[]{0.04f, 1.f / 7140, (float) (Math.PI / 180.f), 2.220446e-16f, -0.3258f * 57.29578f})
            assertThat(Float.parseFloat(Float.toHexString(f))).isEqualTo(f);
    }
}
