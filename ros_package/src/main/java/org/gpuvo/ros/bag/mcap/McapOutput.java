package org.gpuvo.ros.bag.mcap;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

/** The file being written: counts its position and, where asked, a CRC-32 of everything written so far. */
final class McapOutput implements AutoCloseable {
    private final OutputStream out;
    private final CRC32 crc;
    private long position;

    McapOutput(Path path, boolean crc) throws IOException {
        this.out = new BufferedOutputStream(Files.newOutputStream(path), 1 << 16);
        this.crc = crc ? new CRC32() : null;
    }

    void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        if (crc != null)
            crc.update(b, off, len);
        position += len;
    }

    void write(LittleEndianBuffer b) throws IOException {
        write(b.array(), 0, b.size());
    }

    long position() {
        return position;
    }

    /** CRC-32 of all bytes written so far, 0 where CRCs are off (the spec's "not computed"). */
    long crc() {
        return crc == null ? 0 : crc.getValue();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
