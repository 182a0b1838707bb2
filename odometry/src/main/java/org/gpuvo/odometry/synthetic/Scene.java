package org.gpuvo.odometry.synthetic;

import java.util.Collections;
import java.util.List;

/**
 * A static scene of textured rectangles in a world frame with z up, sized in metres, and the grey level of
 * whatever no face covers (the sky): uniform, or a smooth gradient with the elevation of the line of sight.
 * Immutable; textures are generated on first use.
 */
public final class Scene {
    private final String name;
    private final List<Face> faces;
    private final float skyLevel, zenithLevel;

    Scene(String name, List<Face> faces, float skyLevel, float zenithLevel) {
        this.name = name;
        this.faces = List.copyOf(faces);
        this.skyLevel = skyLevel;
        this.zenithLevel = zenithLevel;
    }

    public String name() {
        return name;
    }

    public List<Face> faces() {
        return Collections.unmodifiableList(faces);
    }

    /** Grey level of a horizontal ray that hits no face; that of every such ray if the sky is uniform. */
    public float skyLevel() {
        return skyLevel;
    }

    /** Whether every ray that hits no face has the same grey level, {@link #skyLevel()}. */
    public boolean uniformSky() {
        return zenithLevel == skyLevel;
    }

    /**
     * Grey level of a ray that hits no face, for the sine of its elevation above the horizontal (the z component
     * of its unit direction): {@link #skyLevel()} at and below the horizon, going to the zenith's level overhead
     * along {@code sin(elevation)}.
     */
    public double skyLevel(double sinElevation) {
        return sinElevation <= 0 ? skyLevel : skyLevel + (zenithLevel - skyLevel) * sinElevation;
    }

    /** Texels of the textures generated so far, at the resolution they were generated (memory is about 4/3 bytes each). */
    public long generatedTexels() {
        long n = 0;
        for (Face f : faces)
            n += f.texture.generatedTexels();
        return n;
    }

    @Override
    public String toString() {
        return "Scene{" + name + ", " + faces.size() + " faces}";
    }
}
