package org.gpuvo.tests.ament;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What ROS 2 launch files name (nodes, files of a package's share folder, launch arguments), read by
 * {@code launch_references.py} with Python's {@code ast} module: the files are parsed, never executed, so neither
 * {@code launch} nor {@code launch_ros} need be installed. See that script for the form of each file's report.
 */
final class LaunchFileReferences {
    private static final String SCRIPT = "launch_references.py";

    private LaunchFileReferences() {
    }

    /** Each file's report, keyed by the file; runs the script with {@code python}, in {@code scratch}. */
    static Map<Path, JsonNode> read(Path python, List<Path> launchFiles, Path scratch) {
        Path script = scratch.resolve(SCRIPT);
        try (InputStream in = LaunchFileReferences.class.getResourceAsStream(SCRIPT)) {
            if (in == null)
                throw new IllegalStateException(SCRIPT + " is not on the test classpath");
            Files.copy(in, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = new ArrayList<>(List.of(python.toString(), script.toString()));
        launchFiles.forEach(f -> command.add(f.toString()));
        ProcessRun run = ProcessRun.run(command, scratch, Map.of(), Duration.ofSeconds(60));
        if (!run.succeeded())
            throw new AssertionError("reading the launch files failed: " + run.describe());
        try {
            JsonNode all = new ObjectMapper().readTree(run.output());
            Map<Path, JsonNode> reports = new LinkedHashMap<>();
            for (Path file : launchFiles)
                reports.put(file, all.required(file.toString()));
            return reports;
        } catch (IOException e) {
            throw new AssertionError("the launch file report is not JSON: " + run.output(), e);
        }
    }

    /**
     * What in one file's report does not resolve in an installed package {@code packageName}: the script's own
     * errors, no node at all, a node of another package, an executable missing from (or not executable in)
     * {@code libexec}, a file missing from {@code share} or named in another package's share folder.
     */
    static List<String> unresolved(JsonNode report, String packageName, Path share, Path libexec) {
        List<String> problems = new ArrayList<>();
        report.path("errors").forEach(e -> problems.add(e.asText()));
        if (report.path("nodes").isEmpty())
            problems.add("starts no node");
        for (JsonNode node : report.path("nodes")) {
            String where = "line " + node.path("line").asInt() + ": ";
            String pkg = node.path("package").asText(null);
            String executable = node.path("executable").asText(null);
            if (pkg != null && !pkg.equals(packageName))
                problems.add(where + "a node of package " + pkg + ", not " + packageName);
            if (executable != null) {
                Path file = libexec.resolve(executable);
                if (!Files.isRegularFile(file))
                    problems.add(where + "executable " + executable + " is not installed (" + file + ")");
                else if (!Files.isExecutable(file))
                    problems.add(where + "executable " + file + " is not executable");
            }
        }
        for (JsonNode ref : report.path("share_files")) {
            String where = "line " + ref.path("line").asInt() + ": ";
            String pkg = ref.path("package").asText();
            Path file = share.resolve(ref.path("path").asText());
            if (!pkg.equals(packageName))
                problems.add(where + "names " + ref.path("path").asText() + " of package " + pkg);
            else if (!Files.isRegularFile(file))
                problems.add(where + ref.path("path").asText() + " is not installed (" + file + ")");
        }
        return problems;
    }
}
