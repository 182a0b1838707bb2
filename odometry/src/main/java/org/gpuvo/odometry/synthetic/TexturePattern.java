package org.gpuvo.odometry.synthetic;

/**
 * Grey levels of a surface as a pure function of metric position in the surface's own plane, sampled on a grid of
 * texels: the source of a {@link MipTexture}. Being a function of position (not of the grid), a pattern gives the
 * same surface at every texel size, and faces that show neighbouring regions of one pattern join without a seam.
 */
@FunctionalInterface
interface TexturePattern {
    /**
     * Texels of the region whose texel (0, 0) has its lower corner at ({@code x0}, {@code y0}) metres: texel
     * (i, j) covers [x0 + i·texel, x0 + (i+1)·texel) × [y0 + j·texel, ...). Values are in [0, 255], row-major.
     */
    float[] generate(double x0, double y0, int nx, int ny, double texel);
}
