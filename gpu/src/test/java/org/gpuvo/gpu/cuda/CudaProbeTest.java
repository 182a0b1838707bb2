package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.api.Test;

/** The probe on any machine: with or without a GPU it answers, and a negative answer says why. */
class CudaProbeTest {
    @Test
    void neverThrowsAndIsProbedOnce() {
        assertThatCode(CudaProbe::status).doesNotThrowAnyException();
        assertThat(CudaProbe.status()).isSameAs(CudaProbe.status());
    }

    @Test
    void aNegativeAnswerHasAKnownReason() {
        CudaStatus status = CudaProbe.status();
        assumeFalse(status.usable(), "a CUDA device is usable here");
        assertThat(status.reason()).satisfiesAnyOf(
                r -> assertThat(r).startsWith("JCuda natives failed to load: "),
                r -> assertThat(r).startsWith("cuInit failed: CUDA_ERROR_"),
                r -> assertThat(r).isEqualTo("no CUDA device"),
                r -> assertThat(r).startsWith("CUDA kernels are not built into the jar: "),
                r -> assertThat(r).startsWith("a kernel module failed to load: "),
                r -> assertThat(r).startsWith("self-test failed: "));
        assertThat(status.describe()).contains("unavailable: " + status.reason());
    }

    @Test
    void withoutTheDriverTheReasonNamesTheMissingLibrary() {
        CudaStatus status = CudaProbe.status();
        assumeFalse(status.usable(), "a CUDA device is usable here");
        if (status.reason().startsWith("JCuda natives failed to load: ")) {
            assertThat(status.reason()).contains("JCudaDriver").doesNotContain("\n");
            assertThat(status.kernelsLoaded()).isFalse();
            assertThat(status.selfTest()).isEqualTo(CudaStatus.SelfTest.NOT_RUN);
            assertThat(status.deviceName()).isEmpty();
        }
    }

    @Test
    void reportsTheKernelsOfTheJarWhateverTheDevice() {
        CudaStatus status = CudaProbe.status();
        CudaKernelResources kernels = CudaKernelResources.load();
        assertThat(status.kernelsBuilt()).isEqualTo(kernels.built());
        assertThat(status.kernelModules()).isEqualTo(kernels.modules());
    }

    @Test
    void withoutKernelsInTheJarTheProbeSaysSoOrStopsEarlier() {
        CudaStatus status = CudaProbe.probe(CudaKernelResources.notBuilt("nvcc was not found"));
        assertThat(status.usable()).isFalse();
        assertThat(status.kernelsBuilt()).isFalse();
        assertThat(status.reason()).satisfiesAnyOf(
                r -> assertThat(r).isEqualTo("CUDA kernels are not built into the jar: nvcc was not found"),
                r -> assertThat(r).startsWith("JCuda natives failed to load: "),
                r -> assertThat(r).startsWith("cuInit failed: "),
                r -> assertThat(r).isEqualTo("no CUDA device"));
    }

    @Test
    void condensesJCudasLoaderError() {
        UnsatisfiedLinkError error = new UnsatisfiedLinkError("Error while loading native library \"JCudaDriver-12.6.0-linux-x86_64\"\n"
                + "Operating system name: Linux\n---(start of nested stack traces)---\n"
                + "java.lang.UnsatisfiedLinkError: no JCudaDriver-12.6.0-linux-x86_64 in java.library.path: /usr/lib\n"
                + "\tat java.base/java.lang.ClassLoader.loadLibrary(ClassLoader.java:2434)\n"
                + "java.lang.UnsatisfiedLinkError: /tmp/libJCudaDriver-12.6.0-linux-x86_64.so: libcuda.so.1: cannot open"
                + " shared object file: No such file or directory\n\tat jcuda.LibUtils.loadLibrary(LibUtils.java:183)\n");
        assertThat(CudaProbe.nativeLoadMessage(error)).isEqualTo("UnsatisfiedLinkError: Error while loading native"
                + " library \"JCudaDriver-12.6.0-linux-x86_64\" (/tmp/libJCudaDriver-12.6.0-linux-x86_64.so: libcuda.so.1:"
                + " cannot open shared object file: No such file or directory)");
        NoClassDefFoundError later = new NoClassDefFoundError("Could not initialize class jcuda.driver.JCudaDriver");
        later.initCause(new ExceptionInInitializerError("Exception " + error.getMessage()));
        assertThat(CudaProbe.nativeLoadMessage(later)).isEqualTo("NoClassDefFoundError: Could not initialize class"
                + " jcuda.driver.JCudaDriver (/tmp/libJCudaDriver-12.6.0-linux-x86_64.so: libcuda.so.1: cannot open"
                + " shared object file: No such file or directory)");
    }
}
