package org.gpuvo.gpu.testdata;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The real recordings in {@code ../shared/data} beside the checkout (or where the system property
 * {@code gpuvo.data} points). Tests that need them skip, with a message, where they are absent.
 */
public final class SharedData {
    private SharedData() {
    }

    public static Path root() {
        String configured = System.getProperty("gpuvo.data");
        if (configured != null && Files.isDirectory(Path.of(configured)))
            return Path.of(configured);
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("../shared/data").normalize();
            if (Files.isDirectory(candidate))
                return candidate;
        }
        return Path.of("../shared/data");
    }

    /** The folder {@code relative} under the data root; skips the calling test if it is absent. */
    public static Path require(String relative) {
        Path dir = root().resolve(relative);
        Assumptions.assumeTrue(Files.isDirectory(dir),
                "real data not available (" + dir + " is absent): test skipped");
        return dir;
    }

    /** Every {@code step}-th PNG of a folder, sorted by name. */
    public static List<Path> pngs(Path dir, int step) {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.filter(p -> p.toString().endsWith(".png")).sorted().collect(Collectors.toList());
            return java.util.stream.IntStream.range(0, all.size()).filter(i -> i % step == 0).mapToObj(all::get)
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Path> kittiFrames(int step) {
        return pngs(require("kitti-06-0050/image_l"), step);
    }

    public static List<Path> eurocFrames(int step) {
        return pngs(require("euroc-v101-micro/mav0/cam0/data"), step);
    }

    public static GrayImage read(Path file) {
        try {
            return ImageFiles.readGray(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
