package org.gpuvo.gpu.cuda;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInfo;

/**
 * A GPU test class whose tests share one CUDA context, {@link #cuda}: opened before the class's first test where CUDA
 * is usable (null otherwise), named after the class, and closed after its last. Each test skips itself without a
 * usable device, rather than the whole class, so that surefire lists each test as skipped.
 */
@Tag("gpu")
abstract class SharedContextGpuTest {
    static CudaContext cuda;

    @BeforeAll
    static void openSharedContext(TestInfo info) {
        if (CudaProbe.status().usable())
            cuda = CudaContext.open(info.getTestClass().map(Class::getSimpleName).orElse("test"));
    }

    @BeforeEach
    void assumeDevice() {
        GpuTestSupport.assumeCuda();
    }

    @AfterAll
    static void closeSharedContext() {
        if (cuda != null)
            cuda.close();
        cuda = null;
    }
}
