package org.gpuvo.app;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Image files named on the command line: a path that does not exist is a usage error (exit code 2); a file that
 * exists but cannot be decoded is a failure (exit code 1). Either way the message names the file.
 */
public final class ImageInputs {
    /** File name extensions collected from directories. */
    static final Set<String> EXTENSIONS = Set.of("png", "jpg", "jpeg", "pgm");
    /** How far below a named directory images are collected: deep enough for EuRoC's {@code mav0/cam0/data}. */
    static final int MAX_FOLDER_DEPTH = 3;

    private ImageInputs() {
    }

    public static GrayImage read(Path file, CommandLine command) throws IOException {
        if (!Files.exists(file))
            throw new ParameterException(command, "no such file: " + file);
        if (Files.isDirectory(file))
            throw new ParameterException(command, "a directory, not an image file: " + file);
        try {
            return ImageFiles.readGray(file);
        } catch (IOException | RuntimeException e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new IOException(message.contains(file.toString()) ? message
                    : "cannot read " + file + ": " + message, e);
        }
    }

    /**
     * The image files named, directories replaced by the images in them and in their subfolders up to
     * {@link #MAX_FOLDER_DEPTH} levels down, sorted by path.
     */
    public static List<Path> collect(List<Path> filesOrFolders, CommandLine command) throws IOException {
        List<Path> images = new ArrayList<>();
        for (Path path : filesOrFolders) {
            if (!Files.exists(path))
                throw new ParameterException(command, "no such file or directory: " + path);
            if (!Files.isDirectory(path)) {
                images.add(path);
                continue;
            }
            try (Stream<Path> files = Files.walk(path, MAX_FOLDER_DEPTH + 1)) {
                List<Path> found = files.filter(Files::isRegularFile).filter(ImageInputs::hasImageExtension)
                        .sorted().toList();
                if (found.isEmpty())
                    throw new ParameterException(command, "no images (*."
                            + String.join(", *.", EXTENSIONS.stream().sorted().toList()) + ") in " + path
                            + " or its subfolders down to " + MAX_FOLDER_DEPTH + " levels");
                images.addAll(found);
            }
        }
        return images;
    }

    private static boolean hasImageExtension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 && EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }
}
