package org.gpuvo.app.run;

import org.gpuvo.odometry.vo.PointCloud;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link PointCloud} as a PLY file (Greg Turk's polygon file format, as documented by Paul Bourke,
 * paulbourke.net/dataformats/ply): one {@code vertex} element with {@code float x y z} and the point's grey value as
 * {@code uchar red green blue}, the property names and types that MeshLab, Open3D and CloudCompare read as a
 * coloured point cloud. No faces.
 */
final class PlyWriter {
    /** How the vertices are stored after the header. */
    enum Encoding {
        /** {@code format ascii 1.0}: one vertex per line. */
        ASCII,
        /** {@code format binary_little_endian 1.0}: 15 bytes per vertex, a quarter of the ASCII size. */
        BINARY
    }

    /** Bytes of one binary vertex: three floats and three uchars. */
    static final int BINARY_VERTEX_BYTES = 3 * Float.BYTES + 3;

    private PlyWriter() {
    }

    static void write(PointCloud cloud, Path file, Encoding encoding) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            write(cloud, out, encoding);
        }
    }

    static void write(PointCloud cloud, OutputStream out, Encoding encoding) throws IOException {
        out.write(header(cloud.size(), encoding).getBytes(StandardCharsets.US_ASCII));
        if (encoding == Encoding.ASCII)
            writeAscii(cloud, out);
        else
            writeBinary(cloud, out);
    }

    static String header(int vertices, Encoding encoding) {
        return "ply\n"
                + "format " + (encoding == Encoding.ASCII ? "ascii" : "binary_little_endian") + " 1.0\n"
                + "comment gpuvo map points: world frame = the first camera's (x right, y down, z forward); "
                + "colour = grey\n"
                + "element vertex " + vertices + "\n"
                + "property float x\nproperty float y\nproperty float z\n"
                + "property uchar red\nproperty uchar green\nproperty uchar blue\n"
                + "end_header\n";
    }

    private static void writeAscii(PointCloud cloud, OutputStream out) throws IOException {
        StringBuilder line = new StringBuilder(64);
        for (int i = 0; i < cloud.size(); i++) {
            int g = cloud.grey(i);
            line.setLength(0);
            // the shortest decimal that reads back as the same float (strtod reads its exponent form too)
            line.append(Float.toString(cloud.x(i))).append(' ').append(Float.toString(cloud.y(i))).append(' ')
                    .append(Float.toString(cloud.z(i))).append(' ').append(g).append(' ').append(g).append(' ')
                    .append(g).append('\n');
            out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static void writeBinary(PointCloud cloud, OutputStream out) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(BINARY_VERTEX_BYTES * 4096).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < cloud.size(); i++) {
            if (buffer.remaining() < BINARY_VERTEX_BYTES) {
                out.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            byte g = (byte) cloud.grey(i);
            buffer.putFloat(cloud.x(i)).putFloat(cloud.y(i)).putFloat(cloud.z(i)).put(g).put(g).put(g);
        }
        out.write(buffer.array(), 0, buffer.position());
    }
}
