package org.gpuvo.app.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A PLY point cloud read back by the tests, independently of {@link PlyWriter}: the header as the format defines
 * it (paulbourke.net/dataformats/ply), then exactly the vertices it announces and nothing more.
 */
record PlyFile(String format, List<String> properties, float[] xyz, int[] rgb) {
    int vertices() {
        return rgb.length / 3;
    }

    static PlyFile read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String head = new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.US_ASCII);
        int end = head.indexOf("end_header\n");
        if (!head.startsWith("ply\n") || end < 0)
            throw new IOException(file + ": no PLY header");
        String format = null;
        int vertices = -1;
        List<String> properties = new ArrayList<>();
        for (String line : head.substring(0, end).split("\n")) {
            String[] w = line.trim().split("\\s+");
            switch (w[0]) {
                case "format" -> format = w[1] + " " + w[2];
                case "element" -> {
                    if (!w[1].equals("vertex"))
                        throw new IOException(file + ": unexpected element " + w[1]);
                    vertices = Integer.parseInt(w[2]);
                }
                case "property" -> properties.add(w[1] + " " + w[2]);
                default -> {
                }
            }
        }
        int body = end + "end_header\n".length();
        float[] xyz = new float[3 * vertices];
        int[] rgb = new int[3 * vertices];
        if ("binary_little_endian 1.0".equals(format)) {
            if (bytes.length - body != 15L * vertices)
                throw new IOException(file + ": " + (bytes.length - body) + " bytes of vertices, expected 15 x "
                        + vertices);
            ByteBuffer b = ByteBuffer.wrap(bytes, body, bytes.length - body).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < vertices; i++) {
                for (int k = 0; k < 3; k++)
                    xyz[3 * i + k] = b.getFloat();
                for (int k = 0; k < 3; k++)
                    rgb[3 * i + k] = b.get() & 0xFF;
            }
        } else if ("ascii 1.0".equals(format)) {
            String[] lines = new String(bytes, body, bytes.length - body, StandardCharsets.US_ASCII).split("\n");
            int count = lines.length == 1 && lines[0].isEmpty() ? 0 : lines.length;
            if (count != vertices)
                throw new IOException(file + ": " + count + " vertex lines, expected " + vertices);
            for (int i = 0; i < vertices; i++) {
                String[] w = lines[i].split(" ");
                if (w.length != 6)
                    throw new IOException(file + ": vertex " + i + " has " + w.length + " values");
                for (int k = 0; k < 3; k++) {
                    xyz[3 * i + k] = Float.parseFloat(w[k]);
                    rgb[3 * i + k] = Integer.parseInt(w[3 + k]);
                }
            }
        } else {
            throw new IOException(file + ": format " + format);
        }
        return new PlyFile(format, properties, xyz, rgb);
    }
}
