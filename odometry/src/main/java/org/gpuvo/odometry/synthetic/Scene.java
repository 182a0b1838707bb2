package org.gpuvo.odometry.synthetic;

import java.util.Collections;
import java.util.List;

/**
 * A static scene of textured rectangles in a world frame with z up, sized in metres, and the grey level of
 * whatever no face covers (the sky). Immutable; textures are generated on first use.
 */
public final class Scene {
    private final String name;
    private final List<Face> faces;
    private final float skyLevel;

    Scene(String name, List<Face> faces, float skyLevel) {
        this.name = name;
        this.faces = List.copyOf(faces);
        this.skyLevel = skyLevel;
    }

    public String name() {
        return name;
    }

    public List<Face> faces() {
        return Collections.unmodifiableList(faces);
    }

    /** Grey level of a ray that hits no face. */
    public float skyLevel() {
        return skyLevel;
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
