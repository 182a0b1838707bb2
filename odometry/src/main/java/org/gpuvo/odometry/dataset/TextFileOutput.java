package org.gpuvo.odometry.dataset;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens a text file for writing (UTF-8, buffered) whose close always closes the file. On Java 17 the writer of
 * {@code Files.newBufferedWriter} leaves the file open when the last flush fails, as on a full disk: the file
 * descriptor leaks, and the disk cannot be unmounted until the JVM ends.
 */
public final class TextFileOutput {
    private TextFileOutput() {
    }

    /** Creates or truncates {@code file}. */
    public static BufferedWriter open(Path file) throws IOException {
        OutputStream stream = Files.newOutputStream(file);
        return new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8)) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    stream.close();
                }
            }
        };
    }
}
