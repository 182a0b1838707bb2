package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point3D_F64;
import georegression.struct.point.Vector3D_F64;

/**
 * A textured rectangle of a scene: the points {@code origin + s·axisU + t·axisV} for s in [0, width] and t in
 * [0, height] metres. It is seen only from the side its {@link #normal} ({@code axisU × axisV}) points to; the
 * surfaces of a scene are closed, so the back of a face is never visible. Immutable.
 */
public final class Face {
    private final Point3D_F64 origin;
    private final Vector3D_F64 axisU, axisV, normal;
    public final double width, height;
    final MipTexture texture;

    Face(Point3D_F64 origin, Vector3D_F64 axisU, Vector3D_F64 axisV, double width, double height, MipTexture texture) {
        if (!(width > 0) || !(height > 0))
            throw new IllegalArgumentException("face size must be positive, got " + width + " x " + height);
        this.origin = origin.copy();
        this.axisU = axisU.copy();
        this.axisV = axisV.copy();
        this.axisU.normalize();
        this.axisV.normalize();
        if (Math.abs(this.axisU.dot(this.axisV)) > 1e-9)
            throw new IllegalArgumentException("face axes must be orthogonal");
        this.normal = cross(this.axisU, this.axisV);
        this.width = width;
        this.height = height;
        this.texture = texture;
    }

    static Vector3D_F64 cross(Vector3D_F64 a, Vector3D_F64 b) {
        return new Vector3D_F64(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
    }

    /** Corner at (s, t) = (0, 0), in scene coordinates (a copy). */
    public Point3D_F64 origin() {
        return origin.copy();
    }

    /** Unit direction of increasing s (a copy). */
    public Vector3D_F64 axisU() {
        return axisU.copy();
    }

    /** Unit direction of increasing t (a copy). */
    public Vector3D_F64 axisV() {
        return axisV.copy();
    }

    /** Unit normal on the visible side, {@code axisU × axisV} (a copy). */
    public Vector3D_F64 normal() {
        return normal.copy();
    }

    /** Size of a level-0 texel in metres. */
    public double texelSize() {
        return texture.texel;
    }

    @Override
    public String toString() {
        return "Face{origin=" + origin + ", u=" + axisU + ", v=" + axisV + ", " + width + " x " + height + " m}";
    }
}
