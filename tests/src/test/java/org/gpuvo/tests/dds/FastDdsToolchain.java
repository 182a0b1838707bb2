package org.gpuvo.tests.dds;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code gpuvo_fastdds_client}, the Fast DDS C++ peer, built from {@code src/test/cpp} into {@code target/fastdds/}
 * with Debian's {@code fastddsgen} (type support from the IDL) and {@code g++} against {@code libfastrtps-dev}
 * (Fast DDS 2.9, the middleware family of ROS 2's default rmw), once per JVM and again only when a source is newer.
 * Where a tool or the library is missing the calling test is skipped with a message saying what to install; a
 * failing build of present tools is an error.
 */
final class FastDdsToolchain {
    /** Debian 12's packages, which {@code .ci/run} installs. */
    static final String INSTALL_HINT = "apt-get install libfastrtps-dev fastddsgen g++";
    private static final String PROGRAM = "gpuvo_fastdds_client";
    private static final String IDL = "ros_services";
    private static final long BUILD_TIMEOUT_S = 300;

    private static Path built;
    private static String unavailable;

    private FastDdsToolchain() {
    }

    /** The built client; skips the calling test where the tools are missing. */
    static synchronized Path client() {
        if (built == null && unavailable == null) {
            unavailable = missing();
            if (unavailable == null)
                built = build(CycloneToolchain.moduleDir());
        }
        Assumptions.assumeTrue(unavailable == null, () -> "Fast DDS peer not built: " + unavailable
                + " (install with: " + INSTALL_HINT + "): test skipped");
        return built;
    }

    private static String missing() {
        for (String tool : new String[]{"fastddsgen", "g++"})
            if (onPath(tool) == null)
                return tool + " is not on the PATH";
        if (!Files.isRegularFile(Path.of("/usr/include/fastdds/dds/publisher/DataWriter.hpp")))
            return "the Fast DDS headers (libfastrtps-dev) are missing";
        return null;
    }

    private static Path onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null)
            return null;
        for (String dir : path.split(File.pathSeparator))
            if (Files.isExecutable(Path.of(dir, tool)))
                return Path.of(dir, tool);
        return null;
    }

    private static Path build(Path module) {
        Path src = module.resolve("src/test/cpp");
        Path out = module.resolve("target/fastdds");
        Path gen = out.resolve("gen");
        Path program = out.resolve(PROGRAM);
        try {
            if (upToDate(src, program))
                return program;
            Files.createDirectories(gen);
            run(src, List.of("fastddsgen", "-replace", "-d", gen.toString(), src.resolve("idl/" + IDL + ".idl")
                    .toString()), "fastddsgen");
            run(src, List.of("g++", "-std=c++14", "-O1", "-Wall", "-I", gen.toString(), "-o", program.toString(),
                    src.resolve(PROGRAM + ".cpp").toString(), gen.resolve(IDL + ".cxx").toString(),
                    gen.resolve(IDL + "PubSubTypes.cxx").toString(), "-lfastrtps", "-lfastcdr"), "g++");
            return program;
        } catch (IOException e) {
            throw new UncheckedIOException("building the Fast DDS peer in " + out, e);
        }
    }

    private static boolean upToDate(Path src, Path program) throws IOException {
        if (!Files.isExecutable(program))
            return false;
        FileTime built = Files.getLastModifiedTime(program);
        try (Stream<Path> files = Files.walk(src)) {
            return files.filter(Files::isRegularFile).allMatch(p -> {
                try {
                    return Files.getLastModifiedTime(p).compareTo(built) < 0;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static void run(Path dir, List<String> command, String what) throws IOException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        try {
            byte[] output = p.getInputStream().readAllBytes();
            if (!p.waitFor(BUILD_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(what + " ran longer than " + BUILD_TIMEOUT_S + " s");
            }
            if (p.exitValue() != 0)
                throw new IllegalStateException(what + " failed (exit " + p.exitValue() + "):\n"
                        + new String(output, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + what, e);
        }
    }
}
