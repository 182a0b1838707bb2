package org.gpuvo.ros.transport.ihmc;

import us.ihmc.pubsub.Domain;
import us.ihmc.pubsub.impl.fastRTPS.FastRTPSDomain;
import us.ihmc.tools.nativelibraries.NativeLibraryLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Loads ihmc-pub-sub's Fast DDS natives once per process. ihmc-native-library-loader extracts them from the jar into
 * {@code ~/.ihmc/lib} and loads them from there, so the home directory must be writable.
 *
 * <p>When loading fails the loader prints the reason on standard error and the error that reaches the caller only
 * names a JNI method; so the reason is looked for again here (natives for this platform in the jar, a writable
 * extraction folder, each extracted library loading) and put in the exception.</p>
 */
final class FastDdsLibrary {
    /** Where ihmc-pub-sub keeps its natives, in the jar and under the extraction folder. */
    private static final String NATIVE_FOLDER = "ihmc-pub-sub/native/";
    /** Dependencies first, as the loader loads them. */
    private static final List<String> LIBRARY_PREFIXES = List.of("libfastcdr", "libfastrtps", "libFastRTPSWrapper");

    private FastDdsLibrary() {
    }

    /**
     * The process's Fast DDS domain object (participants of every DDS domain id are made through it).
     *
     * @throws FastDdsUnavailableException where the natives cannot be extracted or loaded, with the reason
     */
    static synchronized Domain domain() {
        try {
            return FastRTPSDomain.getInstance(false);
        } catch (LinkageError | RuntimeException e) {
            throw new FastDdsUnavailableException("Fast DDS (ihmc-pub-sub natives) cannot run on "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ": " + reason() + " ("
                    + e + ")", e);
        }
    }

    private static String reason() {
        String platform = platformFolder();
        if (platform == null || FastDdsLibrary.class.getClassLoader().getResource(NATIVE_FOLDER + platform) == null)
            return "ihmc-pub-sub ships no natives for this platform";
        Path extracted = Path.of(NativeLibraryLoader.LIBRARY_LOCATION, NATIVE_FOLDER, platform);
        try {
            Files.createDirectories(extracted);
        } catch (IOException | SecurityException e) {
            return "the natives cannot be extracted into " + NativeLibraryLoader.LIBRARY_LOCATION
                    + " (is the home directory writable?): " + e;
        }
        for (String prefix : LIBRARY_PREFIXES) {
            Path library = extractedLibrary(extracted, prefix);
            if (library == null)
                return prefix + " was not extracted into " + extracted;
            try {
                System.load(library.toString());
            } catch (UnsatisfiedLinkError e) {
                return library.getFileName() + " does not load: " + e.getMessage();
            }
        }
        return "the natives load when tried again, see the loader's message on standard error";
    }

    /** The newest file named {@code prefix*} in the loader's hash-named subfolders, or null. */
    private static Path extractedLibrary(Path extracted, String prefix) {
        try (Stream<Path> files = Files.walk(extracted, 2)) {
            return files.filter(p -> p.getFileName().toString().startsWith(prefix) && Files.isRegularFile(p))
                    .max(Comparator.comparingLong(p -> p.toFile().lastModified()))
                    .orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** ihmc-pub-sub's folder name for this OS and CPU, or null where it has none. */
    private static String platformFolder() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        boolean arm64 = arch.equals("aarch64") || arch.equals("arm64");
        if (os.startsWith("linux"))
            return x64 ? "Linux/x86_64" : arm64 ? "Linux/aarch64" : null;
        if (os.startsWith("windows"))
            return x64 ? "Windows/AMD64" : null;
        if (os.startsWith("mac"))
            return arm64 ? "Darwin/arm64" : null;
        return null;
    }
}
