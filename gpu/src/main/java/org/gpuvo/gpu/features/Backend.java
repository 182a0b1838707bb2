package org.gpuvo.gpu.features;

/** Which implementation runs the feature extraction. */
public enum Backend {
    /** CUDA where {@code CudaProbe} finds it usable, else the CPU (with one warning per JVM saying why). */
    AUTO,
    /** The pure-Java reference. */
    CPU,
    /** The GPU through JCuda; fails with the reason when CUDA is unusable. */
    CUDA
}
