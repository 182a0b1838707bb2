package org.gpuvo.gpu.features;

/**
 * Whether a backend can run here, and if not, why (e.g. "no CUDA driver"), for callers that choose a backend
 * themselves.
 */
public record BackendStatus(boolean usable, String reason) {
}
