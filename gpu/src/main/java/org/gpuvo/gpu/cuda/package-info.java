/**
 * The CUDA backend's foundation, on the driver API through JCuda: {@link org.gpuvo.gpu.cuda.CudaProbe} says
 * once per JVM whether the backend can run here (and exactly why not); {@link org.gpuvo.gpu.cuda.CudaContext}
 * holds one pipeline's stream, kernel modules and buffers; the kernels are CUDA C files in
 * {@code src/main/cuda}, one per stage, compiled into fatbins of the jar and described by
 * {@link org.gpuvo.gpu.cuda.CudaKernelResources}. Driver failures surface as
 * {@link org.gpuvo.gpu.cuda.CudaStageException}s that name the stage and the {@code CUresult}.
 */
package org.gpuvo.gpu.cuda;
