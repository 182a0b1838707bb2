package org.gpuvo.tests.dds;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The C peers ({@code gpuvo_camera}, {@code gpuvo_consumer}, {@code gpuvo_standin_vo}, {@code gpuvo_param_client},
 * and {@code gpuvo_graph_probe}
 * once per gid layout, from {@code idl/gid16} and {@code idl/gid24}) built from {@code src/test/c} into
 * {@code target/cyclone/} with Cyclone DDS's {@code idlc} and {@code gcc}, once per JVM and again only when a
 * source is newer than the programs. Where {@code idlc}, {@code gcc} or the ddsc headers and library are missing
 * the calling test is skipped with a message saying what to install; a failing build of present tools is an error.
 *
 * <p>On a machine without Cyclone DDS or a compiler, prebuilt peers are used instead: the system property
 * {@value #PREBUILT_PROPERTY} (else the environment variable {@value #PREBUILT_ENV}) names a folder with the
 * programs in {@code bin/} and the shared libraries they need in {@code lib/}, as {@code tests/scripts/
 * pack-cyclone-peers.sh} writes it. The peers then run with {@code lib/} first on their {@code LD_LIBRARY_PATH}.</p>
 */
final class CycloneToolchain {
    /** Debian 12's packages (Cyclone DDS 0.10.2), which {@code .ci/run} installs. */
    static final String INSTALL_HINT = "apt-get install cyclonedds-dev cyclonedds-tools gcc";
    /** Where prebuilt peers are: a system property, else {@link #PREBUILT_ENV}. */
    static final String PREBUILT_PROPERTY = "gpuvo.cyclone.peers";
    static final String PREBUILT_ENV = "GPUVO_CYCLONE_PEERS";
    private static final String[] IDL = {"builtin_interfaces", "std_msgs", "sensor_msgs", "geometry_msgs", "nav_msgs",
            "tf2_msgs", "rcl_interfaces"};
    private static final String[] PROGRAMS = {"gpuvo_camera", "gpuvo_consumer", "gpuvo_standin_vo",
            "gpuvo_param_client"};
    /** rmw_dds_common's gid sizes: a program is built per size, from its own IDL folder */
    private static final int[] GID_SIZES = {16, 24};
    private static final String GRAPH_PROBE = "gpuvo_graph_probe";
    private static final long BUILD_TIMEOUT_S = 120;

    private static CycloneToolchain built;
    private static String unavailable;

    private final Path bin;
    /** the prebuilt peers' shared libraries, or null for programs linked against the system's */
    private final Path lib;

    private CycloneToolchain(Path bin, Path lib) {
        this.bin = bin;
        this.lib = lib;
    }

    /** The built programs; skips the calling test where the tools are missing. */
    static synchronized CycloneToolchain require() {
        if (built == null && unavailable == null) {
            Path prebuilt = prebuiltDir();
            if (prebuilt != null) {
                built = prebuilt(prebuilt);
            } else {
                unavailable = missingTools();
                if (unavailable == null)
                    built = build(moduleDir());
            }
        }
        Assumptions.assumeTrue(unavailable == null, () -> "Cyclone DDS peers not built: " + unavailable
                + " (install with: " + INSTALL_HINT + "): test skipped");
        return built;
    }

    Path camera() {
        return bin.resolve("gpuvo_camera");
    }

    Path consumer() {
        return bin.resolve("gpuvo_consumer");
    }

    Path standinVo() {
        return bin.resolve("gpuvo_standin_vo");
    }

    /** The shared libraries of prebuilt peers, to go first on their LD_LIBRARY_PATH; null for the system's. */
    Path libraryDir() {
        return lib;
    }

    /** The folder of prebuilt peers named by the property or the environment, or null. */
    private static Path prebuiltDir() {
        String dir = System.getProperty(PREBUILT_PROPERTY);
        if (dir == null || dir.isBlank())
            dir = System.getenv(PREBUILT_ENV);
        return dir == null || dir.isBlank() ? null : Path.of(dir).toAbsolutePath();
    }

    /**
     * The prebuilt peers in {@code dir}; a folder that lacks a program or its {@code lib/} is an error, not a skip:
     * it was asked for.
     */
    static CycloneToolchain prebuilt(Path dir) {
        Path bin = dir.resolve("bin"), lib = dir.resolve("lib");
        for (String program : PROGRAMS)
            if (!Files.isExecutable(bin.resolve(program)))
                throw new IllegalStateException("prebuilt Cyclone peers in " + dir + ": no executable bin/" + program
                        + " (write the folder with tests/scripts/pack-cyclone-peers.sh)");
        if (!Files.isDirectory(lib))
            throw new IllegalStateException("prebuilt Cyclone peers in " + dir + ": no lib/ folder");
        return new CycloneToolchain(bin, lib);
    }

    Path paramClient() {
        return bin.resolve("gpuvo_param_client");
    }

    /** gpuvo_graph_probe reading gids of {@code gidBytes} (16 or 24). */
    Path graphProbe(int gidBytes) {
        return bin.resolve(GRAPH_PROBE + gidBytes);
    }

    /** The tests module's folder: Maven's basedir, else the working directory. */
    static Path moduleDir() {
        String basedir = System.getProperty("basedir");
        Path dir = basedir != null ? Path.of(basedir) : Path.of("").toAbsolutePath();
        if (!Files.isRegularFile(dir.resolve("src/test/c/gpuvo_camera.c")))
            throw new IllegalStateException(dir + " is not the tests module: no src/test/c/gpuvo_camera.c");
        return dir;
    }

    /** What is missing, or null when idlc, gcc, the ddsc headers and libddsc are all there. */
    private static String missingTools() {
        for (String tool : new String[]{"idlc", "gcc"})
            if (onPath(tool) == null)
                return tool + " is not on the PATH";
        try {
            Path probeDir = Files.createTempDirectory("gpuvo-ddsc-probe");
            try {
                Path source = probeDir.resolve("probe.c");
                Files.writeString(source, "#include \"dds/dds.h\"\n"
                        + "int main(void) { return dds_create_participant(DDS_DOMAIN_DEFAULT, NULL, NULL) > 0 ? 0 : 1; }\n");
                Result r = run(probeDir, List.of("gcc", "-o", probeDir.resolve("probe").toString(), source.toString(),
                        "-lddsc"));
                return r.exitCode == 0 ? null : "the ddsc headers or library are missing (gcc: " + r.output.strip() + ")";
            } finally {
                try (Stream<Path> files = Files.list(probeDir)) {
                    for (Path p : (Iterable<Path>) files::iterator)
                        Files.deleteIfExists(p);
                }
                Files.deleteIfExists(probeDir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null)
            return null;
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate))
                return candidate;
        }
        return null;
    }

    private static CycloneToolchain build(Path module) {
        Path src = module.resolve("src/test/c");
        Path out = module.resolve("target/cyclone");
        Path gen = out.resolve("gen"), bin = out.resolve("bin");
        try {
            if (upToDate(src, bin))
                return new CycloneToolchain(bin, null);
            Files.createDirectories(gen);
            Files.createDirectories(bin);
            List<String> generated = new ArrayList<>();
            for (String idl : IDL) {
                // -x final: XCDR1 as ROS 2 uses; -t: no XTypes type information in discovery, so that other
                // vendors match by topic and type name only
                check(run(src, List.of("idlc", "-t", "-x", "final", "-o", gen.toString(), "-I",
                        src.resolve("idl").toString(), src.resolve("idl").resolve(idl + ".idl").toString())), "idlc " + idl);
                generated.add(gen.resolve(idl + ".c").toString());
            }
            for (String program : PROGRAMS) {
                List<String> gcc = new ArrayList<>(List.of("gcc", "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror",
                        "-I", gen.toString(), "-I", src.toString(), "-o", bin.resolve(program).toString(),
                        src.resolve(program + ".c").toString(), src.resolve("peer_common.c").toString()));
                gcc.addAll(generated);
                gcc.addAll(List.of("-lddsc", "-lm"));
                check(run(src, gcc), "gcc " + program);
            }
            for (int size : GID_SIZES) {
                Path layoutGen = Files.createDirectories(gen.resolve("gid" + size));
                Path idl = src.resolve("idl/gid" + size + "/rmw_dds_common.idl");
                check(run(src, List.of("idlc", "-t", "-x", "final", "-o", layoutGen.toString(), idl.toString())),
                        "idlc " + idl);
                check(run(src, List.of("gcc", "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-I",
                        layoutGen.toString(), "-I", src.toString(), "-o", bin.resolve(GRAPH_PROBE + size).toString(),
                        src.resolve(GRAPH_PROBE + ".c").toString(), src.resolve("peer_common.c").toString(),
                        layoutGen.resolve("rmw_dds_common.c").toString(), "-lddsc", "-lm")),
                        "gcc " + GRAPH_PROBE + size);
            }
            return new CycloneToolchain(bin, null);
        } catch (IOException e) {
            throw new UncheckedIOException("building the Cyclone peers in " + out, e);
        }
    }

    /** Whether every program is newer than every source file. */
    private static boolean upToDate(Path src, Path bin) throws IOException {
        FileTime newestSource;
        try (Stream<Path> files = Files.walk(src)) {
            newestSource = files.filter(Files::isRegularFile).map(CycloneToolchain::modified)
                    .max(FileTime::compareTo).orElseThrow();
        }
        List<String> programs = new ArrayList<>(List.of(PROGRAMS));
        for (int size : GID_SIZES)
            programs.add(GRAPH_PROBE + size);
        for (String program : programs) {
            Path p = bin.resolve(program);
            if (!Files.isExecutable(p) || modified(p).compareTo(newestSource) <= 0)
                return false;
        }
        return true;
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(Path dir, List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        try {
            byte[] output = p.getInputStream().readAllBytes();
            if (!p.waitFor(BUILD_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " ran longer than " + BUILD_TIMEOUT_S + " s");
            }
            return new Result(p.exitValue(), new String(output, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.get(0), e);
        }
    }

    private static void check(Result r, String what) {
        if (r.exitCode != 0)
            throw new IllegalStateException(what + " failed (exit " + r.exitCode + "):\n" + r.output);
    }
}
