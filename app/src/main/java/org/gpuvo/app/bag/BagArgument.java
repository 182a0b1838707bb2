package org.gpuvo.app.bag;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.nio.file.Files;
import java.nio.file.Path;

/** The BAG argument of {@code gpuvo bag info} and {@code gpuvo replay}. */
final class BagArgument {
    private BagArgument() {
    }

    /** A usage error where nothing is at {@code bag}. */
    static void requireExists(Path bag, CommandLine commandLine) {
        if (!Files.exists(bag))
            throw new ParameterException(commandLine, "no such bag: " + bag
                    + " (a bag folder, or a .db3 or .mcap file)");
    }

    /** A short name for reports: the folder's name, or the file's without its extension. */
    static String name(Path bag) {
        String name = bag.toAbsolutePath().normalize().getFileName().toString();
        if (Files.isRegularFile(bag)) {
            int dot = name.lastIndexOf('.');
            name = dot > 0 ? name.substring(0, dot) : name;
        }
        return name;
    }
}
