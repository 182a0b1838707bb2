package org.gpuvo.tests.ament;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A colcon build of the gpuvo ament package into a folder of its own: colcon finds the package in the repository,
 * CMake installs it under {@code install/gpuvo}. colcon and the Python that CMake runs are the system's
 * ({@code /usr/bin/python3}, where Debian's colcon and ament packages live), whatever else comes first on the PATH.
 * The jars are those Maven already built ({@code GPUVO_JARS=prebuilt}): Maven never runs inside the build.
 */
final class ColconBuild {
    static final Path SYSTEM_PYTHON = Path.of("/usr/bin/python3");
    private static final String AMENT_CMAKE_CONFIG = "share/ament_cmake/cmake/ament_cmakeConfig.cmake";

    final Path installPrefix;
    final String output;
    final double seconds;

    private ColconBuild(Path installPrefix, String output, double seconds) {
        this.installPrefix = installPrefix;
        this.output = output;
        this.seconds = seconds;
    }

    /** What is missing for a colcon build of an ament_cmake package, or null when nothing is. */
    static String missingTools() {
        List<String> missing = new ArrayList<>();
        if (!Files.isExecutable(SYSTEM_PYTHON)) {
            missing.add(SYSTEM_PYTHON + " (python3)");
        } else {
            ProcessRun imports = ProcessRun.run(List.of(SYSTEM_PYTHON.toString(), "-c",
                    "import colcon_core, colcon_cmake, colcon_ros"), Path.of("."), Map.of(), Duration.ofSeconds(30));
            if (!imports.succeeded())
                missing.add("colcon with its cmake and ros extensions for " + SYSTEM_PYTHON
                        + " (python3-colcon-ros, python3-colcon-cmake)");
        }
        if (onPath("cmake") == null)
            missing.add("cmake");
        if (amentCmakePrefix() == null)
            missing.add("ament_cmake (ament-cmake; " + AMENT_CMAKE_CONFIG + " under none of " + prefixes() + ")");
        return missing.isEmpty() ? null : String.join(", ", missing);
    }

    /**
     * Builds the package found under {@code repository} into {@code workspace} (build/, install/, log/); fails with
     * colcon's output when the build fails.
     */
    static ColconBuild run(Path repository, Path workspace, Duration timeout) {
        List<String> command = List.of(SYSTEM_PYTHON.toString(), "-m", "colcon",
                "--log-base", workspace.resolve("log").toString(),
                "build", "--base-paths", repository.toString(),
                "--build-base", workspace.resolve("build").toString(),
                "--install-base", workspace.resolve("install").toString(),
                "--event-handlers", "console_direct+",
                "--cmake-args", "-DGPUVO_JARS=prebuilt", "-DPython3_EXECUTABLE=" + SYSTEM_PYTHON);
        long start = System.nanoTime();
        ProcessRun run = ProcessRun.run(command, workspace, Map.of(), timeout);
        double seconds = (System.nanoTime() - start) * 1e-9;
        if (!run.succeeded())
            throw new AssertionError("the colcon build of gpuvo failed: " + run.describe());
        return new ColconBuild(workspace.resolve("install/gpuvo"), run.output(), seconds);
    }

    Path share() {
        return installPrefix.resolve("share/gpuvo");
    }

    Path libexec() {
        return installPrefix.resolve("lib/gpuvo");
    }

    private static Path amentCmakePrefix() {
        for (Path prefix : prefixes())
            if (Files.isRegularFile(prefix.resolve(AMENT_CMAKE_CONFIG)))
                return prefix;
        return null;
    }

    /** Where CMake's find_package looks for ament_cmake without being told: the prefix paths, then the system's. */
    private static Set<Path> prefixes() {
        Set<Path> prefixes = new LinkedHashSet<>();
        for (String variable : List.of("CMAKE_PREFIX_PATH", "AMENT_PREFIX_PATH")) {
            String value = System.getenv(variable);
            if (value != null)
                for (String entry : value.split(File.pathSeparator))
                    if (!entry.isEmpty())
                        prefixes.add(Path.of(entry));
        }
        prefixes.add(Path.of("/usr/local"));
        prefixes.add(Path.of("/usr"));
        return prefixes;
    }

    static Path onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null)
            return null;
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate))
                return candidate;
        }
        return null;
    }
}
