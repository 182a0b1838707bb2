package org.gpuvo.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks on files a command is about to write, so that a failure names the file and the reason. */
public final class OutputFiles {
    private OutputFiles() {
    }

    /** Throws with a clear message unless {@code file} can be created or replaced. */
    public static void requireWritable(Path file) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        if (folder == null || !Files.isDirectory(folder))
            throw new IOException("cannot write " + file + ": folder " + folder + " does not exist");
        if (Files.isDirectory(file))
            throw new IOException("cannot write " + file + ": it is a directory");
        if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(folder))
            throw new IOException("cannot write " + file + ": permission denied");
    }
}
