package org.gpuvo.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** A JVM for {@link StagingFolderTest}: opens a staging folder, writes into it, says so, then waits to be stopped. */
final class StagingFolderChild {
    static final String WRITTEN = "written";

    private StagingFolderChild() {
    }

    public static void main(String[] args) throws Exception {
        try (StagingFolder folder = StagingFolder.create(Path.of(args[0]), Set.of("a.txt"))) {
            folder.write(dir -> Files.writeString(dir.resolve("a.txt"), "partial"));
            System.out.println(WRITTEN);
            System.out.flush();
            Thread.sleep(60_000);
            folder.commit();
        }
    }
}
