package org.gpuvo.tests.ament;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The ament package (ros_package/package.xml and CMakeLists.txt, launch/): colcon builds it, from the jars Maven has
 * just packaged, into a temporary folder, and the installed tree is checked: the node's launcher, the jars, the
 * launch files (compiled, and every file they name installed) and the parameter files (the names and types
 * docs/ros-node.md documents).
 *
 * <p>It needs colcon and ament_cmake for /usr/bin/python3 (Debian: python3-colcon-ros, ament-cmake) and the jars of
 * this build ({@code mvn verify} or {@code package} writes them before this module's tests run). Without them it is
 * skipped with the reason, unless the environment variable {@code GPUVO_REQUIRE_COLCON} is set (CI sets it), when it
 * fails instead.
 */
class AmentPackageTest {
    /** launch file -> the mode its node runs in ("$mode": a launch argument) and its parameter file */
    private static final Map<String, List<String>> LAUNCH_FILES = Map.of(
            "vo.launch.py", List.of("mono", "config/vo.yaml"),
            "stereo.launch.py", List.of("stereo", "config/stereo.yaml"),
            "rgbd.launch.py", List.of("rgbd", "config/rgbd.yaml"),
            "replay.launch.py", List.of("$mode", "config/replay.yaml"));
    /** the node's input topics in each mode (docs/ros-node.md), which the launch files must remap */
    private static final Map<String, List<String>> INPUT_TOPICS = Map.of(
            "mono", List.of("image", "camera_info"),
            "stereo", List.of("left/image_rect", "left/camera_info", "right/image_rect", "right/camera_info"),
            "rgbd", List.of("rgb/image", "rgb/camera_info", "depth/image"));

    @TempDir
    static Path workspace;
    static Path repository;
    static ColconBuild build;
    /** why the package cannot be built here, or null */
    static String skipped;

    @BeforeAll
    static void buildPackage() {
        repository = repositoryRoot();
        String missing = ColconBuild.missingTools();
        Path stamp = repository.resolve("ros_package/target/runtime.classpath");
        if (missing == null && !Files.isRegularFile(stamp))
            missing = "the jars of this build (" + stamp + " is written by `mvn package` or `mvn verify`)";
        if (missing != null) {
            if (System.getenv("GPUVO_REQUIRE_COLCON") != null)
                throw new AssertionError("GPUVO_REQUIRE_COLCON is set but this is missing: " + missing);
            skipped = "colcon build of the ament package skipped; missing: " + missing;
            System.err.println(skipped);
            return;
        }
        build = ColconBuild.run(repository, workspace, Duration.ofMinutes(5));
        System.out.printf("colcon build of the gpuvo ament package: %.1f s%n", build.seconds);
    }

    /** Each test is skipped, with the reason, where the package could not be built (see the class comment). */
    @BeforeEach
    void requireBuild() {
        assumeTrue(skipped == null, skipped);
    }

    @Test
    void colconFindsTheOnePackageGpuvo() throws IOException {
        try (Stream<Path> packages = Files.list(workspace.resolve("install"))) {
            assertThat(packages.filter(Files::isDirectory).map(p -> p.getFileName().toString()))
                    .containsExactly("gpuvo");
        }
        assertThat(build.share().resolve("package.xml")).hasSameTextualContentAs(
                repository.resolve("ros_package/package.xml"));
        assertThat(build.output).contains("Finished <<< gpuvo");
    }

    @Test
    void nodeLauncherIsAnInstalledExecutable() {
        Path launcher = build.libexec().resolve("gpuvo_node");
        assertThat(launcher).isRegularFile();
        assertThat(Files.isExecutable(launcher)).as("%s is executable", launcher).isTrue();
    }

    @Test
    void installedJarsAreGpuvoRosAndItsRuntimeDependencies() throws IOException {
        List<String> names = installedClasspath();
        assertThat(names.get(0)).as("the node's own jar comes first").matches("gpuvo-ros-.+\\.jar");
        assertThat(names).anyMatch(n -> n.matches("gpuvo-odometry-.+\\.jar"))
                .anyMatch(n -> n.matches("gpuvo-gpu-.+\\.jar"));

        // exactly what Maven resolved for ros_package at runtime, plus ros_package's jar
        String stamp = Files.readString(repository.resolve("ros_package/target/runtime.classpath")).strip();
        List<Path> dependencies = Arrays.stream(stamp.split(":")).map(Path::of).toList();
        Set<String> expected = new TreeSet<>();
        expected.add(names.get(0));
        dependencies.forEach(p -> expected.add(p.getFileName().toString()));
        assertThat(new TreeSet<>(names)).isEqualTo(expected);
        assertThat(names).doesNotHaveDuplicates();

        Path javaDir = build.share().resolve("java");
        for (Path dependency : dependencies)
            assertThat(Files.mismatch(dependency, javaDir.resolve(dependency.getFileName())))
                    .as("installed copy of %s", dependency).isEqualTo(-1L);
        Path nodeJar = repository.resolve("ros_package/target").resolve(names.get(0));
        assertThat(Files.mismatch(nodeJar, javaDir.resolve(names.get(0)))).as("installed %s", nodeJar).isEqualTo(-1L);
    }

    /** The installed jars load on their own: the node starts from them and answers --help. */
    @Test
    void installedJarsRunTheNode() {
        String classpath = installedClasspath().stream().map(n -> build.share().resolve("java").resolve(n).toString())
                .collect(Collectors.joining(":"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessRun run = ProcessRun.run(List.of(java.toString(), "-cp", classpath, "org.gpuvo.ros.node.NodeMain",
                "--help"), workspace, Map.of(), Duration.ofSeconds(60));
        assertThat(run.succeeded()).as(run.describe()).isTrue();
        assertThat(run.output()).contains("usage: gpuvo_node");
    }

    /** The node's package carries none of the command line's or the measurements' libraries. */
    @Test
    void installedJarsHoldNoCommandLineOrMeasurementLibraries() {
        assertThat(installedClasspath()).noneMatch(n -> n.matches(
                "(gpuvo-app|picocli|xchart|progressbar|opencv|openblas|javacpp|boofcv-feature)-.+\\.jar"));
    }

    /**
     * The launcher starts NodeMain with the installed classpath and hands every argument through untouched. A
     * stand-in {@code java} (through JAVA_HOME) records what it was given, NUL-separated.
     */
    @Test
    void launcherRunsNodeMainWithItsArgumentsUnchanged() throws IOException {
        Path fakeJdk = Files.createDirectories(workspace.resolve("fake-jdk/bin"));
        Path recorded = workspace.resolve("java-arguments");
        Path java = fakeJdk.resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done > \"$RECORD_TO\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

        List<String> arguments = List.of("--ros-args", "-r", "__node:=vo", "-r", "image:=/cam/image_raw",
                "--params-file", workspace.resolve("my params.yaml").toString(), "-p", "frame:='base link'",
                "-p", "k:=\"$HOME\" * ;", "");
        List<String> command = new ArrayList<>(List.of(build.libexec().resolve("gpuvo_node").toString()));
        command.addAll(arguments);
        Map<String, String> environment = new HashMap<>();
        environment.put("JAVA_HOME", fakeJdk.getParent().toString());
        environment.put("RECORD_TO", recorded.toString());
        environment.put("GPUVO_JAVA_OPTS", null);
        ProcessRun run = ProcessRun.run(command, workspace, environment, Duration.ofSeconds(30));
        assertThat(run.succeeded()).as(run.describe()).isTrue();

        String all = Files.readString(recorded, StandardCharsets.UTF_8);
        assertThat(all).endsWith("\0");
        List<String> received = List.of(all.substring(0, all.length() - 1).split("\0", -1));
        String classpath = installedClasspath().stream()
                .map(n -> build.share().resolve("java").resolve(n).toString()).collect(Collectors.joining(":"));
        List<String> expected = new ArrayList<>(List.of("-Djava.awt.headless=true", "-XX:-DontCompileHugeMethods",
                "-cp", classpath,
                "org.gpuvo.ros.node.NodeMain"));
        expected.addAll(arguments);
        assertThat(received).containsExactlyElementsOf(expected);
    }

    @Test
    void everyLaunchFileCompiles() {
        List<Path> files = installedLaunchFiles();
        List<String> command = new ArrayList<>(List.of(ColconBuild.SYSTEM_PYTHON.toString(), "-m", "py_compile"));
        files.forEach(f -> command.add(f.toString()));
        // the byte code goes to a folder of its own, not into the installed tree
        ProcessRun run = ProcessRun.run(command, workspace,
                Map.of("PYTHONPYCACHEPREFIX", workspace.resolve("pycache").toString()), Duration.ofSeconds(60));
        assertThat(run.succeeded()).as(run.describe()).isTrue();
    }

    @Test
    void everyFileALaunchFileNamesIsInstalled() {
        Map<Path, JsonNode> reports = LaunchFileReferences.read(ColconBuild.SYSTEM_PYTHON, installedLaunchFiles(),
                workspace);
        for (Map.Entry<Path, JsonNode> e : reports.entrySet()) {
            assertThat(LaunchFileReferences.unresolved(e.getValue(), "gpuvo", build.share(), build.libexec()))
                    .as("%s", e.getKey()).isEmpty();
            assertThat(e.getValue().path("share_files")).as("%s names its parameter file", e.getKey()).isNotEmpty();
            for (JsonNode node : e.getValue().path("nodes")) {
                assertThat(node.path("executable").asText()).isEqualTo("gpuvo_node");
                assertThat(node.path("name").asText()).isEqualTo("vo");
            }
        }
    }

    @Test
    void launchFilesDeclareWhatTheyUseAndDefaultToTheirParameterFile() {
        Map<Path, JsonNode> reports = LaunchFileReferences.read(ColconBuild.SYSTEM_PYTHON, installedLaunchFiles(),
                workspace);
        for (Map.Entry<Path, JsonNode> e : reports.entrySet()) {
            String file = e.getKey().getFileName().toString();
            String mode = LAUNCH_FILES.get(file).get(0);
            String config = LAUNCH_FILES.get(file).get(1);
            JsonNode report = e.getValue();
            JsonNode arguments = report.path("arguments");
            Set<String> declared = new LinkedHashSet<>();
            arguments.fieldNames().forEachRemaining(declared::add);

            assertThat(declared).as(file).contains("namespace", "params_file", "use_sim_time");
            Set<String> used = new TreeSet<>();
            report.path("configurations").forEach(c -> used.add(c.asText()));
            assertThat(declared).as("%s declares every launch configuration it uses", file).containsAll(used);
            assertThat(arguments.path("params_file").path("share").path("path").asText()).as(file).isEqualTo(config);
            assertThat(arguments.path("use_sim_time").path("text").asText()).as(file)
                    .isEqualTo(file.equals("replay.launch.py") ? "true" : "false");

            assertThat(report.path("nodes")).as(file).hasSize(1);
            JsonNode node = report.path("nodes").get(0);
            assertThat(node.path("namespace").path("config").asText()).as(file).isEqualTo("namespace");
            // parameters: the file first, then what the launch file fixes (mode, use_sim_time) over it
            JsonNode parameters = node.path("parameters").path("list");
            assertThat(parameters.get(0).path("config").asText()).as(file).isEqualTo("params_file");
            JsonNode fixed = parameters.get(1).path("dict");
            assertThat(fixed.path("use_sim_time").path("config").asText()).as(file).isEqualTo("use_sim_time");
            if (mode.equals("$mode"))
                assertThat(fixed.path("mode").path("config").asText()).as(file).isEqualTo("mode");
            else
                assertThat(fixed.path("mode").path("text").asText()).as(file).isEqualTo(mode);

            Set<String> remapped = new TreeSet<>();
            node.path("remappings").path("list").forEach(r -> remapped.add(r.path("tuple").get(0).path("text").asText()));
            List<String> topics = mode.equals("$mode")
                    ? INPUT_TOPICS.values().stream().flatMap(List::stream).toList() : INPUT_TOPICS.get(mode);
            assertThat(remapped).as("%s remaps the node's inputs", file).containsAll(topics);
        }
    }

    @Test
    void parameterFilesUseTheDocumentedNamesAndTypes() throws IOException {
        Map<String, String> documented = ParameterTable.types(repository.resolve("docs/ros-node.md"));
        Map<String, String> modeOfFile = Map.of("vo.yaml", "mono", "stereo.yaml", "stereo", "rgbd.yaml", "rgbd");
        List<Path> files;
        try (Stream<Path> list = Files.list(build.share().resolve("config"))) {
            files = list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files.stream().map(p -> p.getFileName().toString()))
                .containsExactlyInAnyOrder("vo.yaml", "stereo.yaml", "rgbd.yaml", "replay.yaml");
        Set<String> used = new TreeSet<>();
        for (Path file : files) {
            Map<String, Object> parameters = RosParameterFile.forAllNodes(file);
            for (Map.Entry<String, Object> p : parameters.entrySet()) {
                assertThat(documented).as("%s: %s is documented in docs/ros-node.md", file, p.getKey())
                        .containsKey(p.getKey());
                assertThat(RosParameterFile.rosType(p.getValue())).as("%s: type of %s = %s", file, p.getKey(),
                        p.getValue()).isEqualTo(documented.get(p.getKey()));
            }
            String name = file.getFileName().toString();
            assertThat(parameters.get("mode")).as("%s: mode", file)
                    .isEqualTo(modeOfFile.getOrDefault(name, (String) parameters.get("mode")))
                    .isIn(INPUT_TOPICS.keySet());
            used.addAll(parameters.keySet());
        }
        assertThat(used).as("every documented parameter is set in some parameter file")
                .containsExactlyInAnyOrderElementsOf(documented.keySet());
    }

    private static List<String> installedClasspath() {
        try {
            List<String> names = Files.readAllLines(build.share().resolve("java/classpath")).stream()
                    .filter(l -> !l.isEmpty()).toList();
            assertThat(names).isNotEmpty();
            return names;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The installed launch files, which must be those of {@link #LAUNCH_FILES}. */
    private static List<Path> installedLaunchFiles() {
        Path dir = build.share().resolve("launch");
        try (Stream<Path> list = Files.list(dir)) {
            List<Path> files = list.filter(Files::isRegularFile).sorted().toList();
            assertThat(files.stream().map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrderElementsOf(LAUNCH_FILES.keySet());
            return files;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The checkout: the nearest folder, from the working directory up, that holds ros_package/package.xml. */
    static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent())
            if (Files.isRegularFile(p.resolve("ros_package/package.xml")))
                return p;
        throw new IllegalStateException("no ros_package/package.xml above " + Path.of("").toAbsolutePath());
    }
}
