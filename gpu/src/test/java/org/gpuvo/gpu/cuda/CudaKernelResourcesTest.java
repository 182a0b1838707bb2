package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

class CudaKernelResourcesTest {
    private static Properties properties(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2)
            p.setProperty(keyValues[i], keyValues[i + 1]);
        return p;
    }

    @Test
    void parsesABuiltManifest() {
        CudaKernelResources kernels = CudaKernelResources.parse(properties("built", "true", "nvcc", "13.0",
                "arch", "sm_75,sm_90,compute_90", "modules", "image_ops, pyramid,orb"));
        assertThat(kernels.built()).isTrue();
        assertThat(kernels.reason()).isEmpty();
        assertThat(kernels.nvcc()).isEqualTo("13.0");
        assertThat(kernels.arch()).isEqualTo("sm_75,sm_90,compute_90");
        assertThat(kernels.modules()).containsExactly("image_ops", "pyramid", "orb");
    }

    @Test
    void keepsTheReasonOfAManifestThatWasNotBuilt() {
        CudaKernelResources kernels = CudaKernelResources.parse(properties("built", "false",
                "reason", "nvcc was not found on PATH when gpuvo was built"));
        assertThat(kernels.built()).isFalse();
        assertThat(kernels.reason()).isEqualTo("nvcc was not found on PATH when gpuvo was built");
        assertThat(kernels.modules()).isEmpty();
    }

    @Test
    void aBuiltManifestWithoutModulesCountsAsNotBuilt() {
        CudaKernelResources kernels = CudaKernelResources.parse(properties("built", "true", "modules", ""));
        assertThat(kernels.built()).isFalse();
        assertThat(kernels.reason()).contains("no kernel sources");
    }

    @Test
    void anEmptyManifestIsNotBuiltAndSaysSo() {
        CudaKernelResources kernels = CudaKernelResources.parse(new Properties());
        assertThat(kernels.built()).isFalse();
        assertThat(kernels.reason()).isNotBlank();
    }

    @Test
    void unknownModuleIsRejectedNamingTheKnownOnes() {
        CudaKernelResources kernels = CudaKernelResources.parse(properties("built", "true", "modules", "image_ops"));
        assertThatThrownBy(() -> kernels.fatbin("sift"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sift").hasMessageContaining("image_ops");
    }

    @Test
    void listedModuleMissingFromTheClasspathIsReported() {
        CudaKernelResources kernels = CudaKernelResources.parse(properties("built", "true", "modules", "no_such_stage"));
        assertThatThrownBy(() -> kernels.fatbin("no_such_stage"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no_such_stage.fatbin");
    }

    /** The build's own manifest: either fatbins for every module, or a reason. */
    @Test
    void theBuildsManifestIsConsistent() {
        CudaKernelResources kernels = CudaKernelResources.load();
        if (kernels.built()) {
            assertThat(kernels.modules()).contains("image_ops");
            assertThat(kernels.nvcc()).matches("\\d+\\.\\d+");
            for (String module : kernels.modules())
                assertThat(kernels.fatbin(module)).as(module).hasSizeGreaterThan(1000);
        } else {
            assertThat(kernels.reason()).isNotBlank();
        }
    }

    @Test
    void fatbinStartsWithTheFatbinMagic() {
        CudaKernelResources kernels = CudaKernelResources.load();
        assumeTrue(kernels.built(), () -> "kernels not built: " + kernels.reason());
        byte[] fatbin = kernels.fatbin("image_ops");
        // fatbin header magic 0xBA55ED50, little-endian
        assertThat(new byte[]{fatbin[0], fatbin[1], fatbin[2], fatbin[3]})
                .containsExactly(0x50, 0xED, 0x55, 0xBA);
    }
}
