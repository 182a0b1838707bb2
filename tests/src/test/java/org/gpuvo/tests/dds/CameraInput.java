package org.gpuvo.tests.dds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The input of {@code gpuvo_camera}: a folder of raw frame files ({@code frame-NNNN.gray}, and
 * {@code frame-NNNN-right.gray} for stereo) and the list file {@code frames.txt} with one
 * {@code <stamp_ns> <width> <height> <step> <encoding> <file> [<right_file>]} line per frame. Header fields are
 * written as given, also where they disagree with each other or with the data, so that malformed frames can be
 * sent on purpose.
 */
public final class CameraInput {
    /**
     * One frame as listed.
     *
     * @param left  the data file, or null for a frame without data
     * @param right the right image's data file, or null (mono)
     */
    public record Frame(long stampNs, long width, long height, long step, String encoding, Path left, Path right) {
        /** java.util.zip.CRC32 of the left data as read back from its file (0 without data). */
        public long leftCrc32() {
            return crc32(left);
        }

        /** java.util.zip.CRC32 of the right data as read back from its file. */
        public long rightCrc32() {
            return crc32(right);
        }

        /** Bytes of left data. */
        public long leftBytes() {
            return size(left);
        }

        /** Bytes of right data. */
        public long rightBytes() {
            return size(right);
        }
    }

    private final Path dir;
    private final List<Frame> frames = new ArrayList<>();

    private CameraInput(Path dir) {
        this.dir = dir;
    }

    /** An empty input in {@code dir} (created if needed). */
    public static CameraInput in(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
        return new CameraInput(dir);
    }

    /**
     * Adds a frame and writes its data.
     *
     * @param encoding any text without blanks ("" is sent as an empty encoding)
     * @param left     the image data (null: none at all)
     * @param right    the right image of a stereo pair, or null
     */
    public Frame add(long stampNs, long width, long height, long step, String encoding, byte[] left, byte[] right) {
        if (stampNs < 0)
            throw new IllegalArgumentException("gpuvo_camera takes stamps from 0 ns on, got " + stampNs);
        for (long v : new long[]{width, height, step})
            if (v < 0 || v > 0xFFFF_FFFFL)
                throw new IllegalArgumentException("width, height and step are uint32, got " + v);
        if (!encoding.isEmpty() && (!encoding.matches("\\S+") || encoding.equals("\"\"")))
            throw new IllegalArgumentException("an encoding for the list file cannot hold blanks: '" + encoding + "'");
        if (!frames.isEmpty() && (frames.get(0).right == null) != (right == null))
            throw new IllegalArgumentException("all frames of an input are mono or all are stereo pairs");
        String name = String.format("frame-%04d", frames.size());
        Frame f = new Frame(stampNs, width, height, step, encoding, write(name + ".gray", left),
                write(name + "-right.gray", right));
        frames.add(f);
        return f;
    }

    private Path write(String name, byte[] data) {
        if (data == null)
            return null;
        Path file = dir.resolve(name);
        try {
            Files.write(file, data);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    public List<Frame> frames() {
        return List.copyOf(frames);
    }

    public boolean stereo() {
        return !frames.isEmpty() && frames.get(0).right != null;
    }

    /** Writes {@code frames.txt} (again, after frames were added) and returns it. */
    public Path writeList() {
        StringBuilder text = new StringBuilder("# stamp_ns width height step encoding file [right_file]\n");
        for (Frame f : frames) {
            text.append(f.stampNs).append(' ').append(f.width).append(' ').append(f.height).append(' ').append(f.step)
                    .append(' ').append(f.encoding.isEmpty() ? "\"\"" : f.encoding).append(' ')
                    .append(f.left == null ? "-" : f.left.getFileName().toString());
            if (f.right != null)
                text.append(' ').append(f.right.getFileName());
            text.append('\n');
        }
        Path list = dir.resolve("frames.txt");
        try {
            Files.writeString(list, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + list, e);
        }
        return list;
    }

    private static long crc32(Path file) {
        if (file == null)
            return 0;
        CRC32 crc = new CRC32();
        try {
            crc.update(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return crc.getValue();
    }

    private static long size(Path file) {
        try {
            return file == null ? 0 : Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
