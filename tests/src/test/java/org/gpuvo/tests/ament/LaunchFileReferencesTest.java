package org.gpuvo.tests.ament;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The launch file reader finds what a launch file names, and reports what does not resolve. */
class LaunchFileReferencesTest {
    @TempDir
    Path dir;
    Path share;
    Path libexec;

    @BeforeEach
    void installedPackage() throws IOException {
        assumeTrue(Files.isExecutable(ColconBuild.SYSTEM_PYTHON), ColconBuild.SYSTEM_PYTHON + " is absent: skipped");
        share = Files.createDirectories(dir.resolve("install/share/demo"));
        libexec = Files.createDirectories(dir.resolve("install/lib/demo"));
        Files.createDirectories(share.resolve("config"));
        Files.writeString(share.resolve("config/present.yaml"), "/**:\n  ros__parameters: {}\n");
        Files.writeString(libexec.resolve("demo_node"), "#!/bin/sh\n");
        libexec.resolve("demo_node").toFile().setExecutable(true);
        Files.writeString(libexec.resolve("not_executable"), "#!/bin/sh\n");
    }

    private JsonNode report(String source) throws IOException {
        Path file = dir.resolve("demo.launch.py");
        Files.writeString(file, source);
        return LaunchFileReferences.read(ColconBuild.SYSTEM_PYTHON, List.of(file), dir).get(file);
    }

    @Test
    void resolvedReferencesGiveNoProblem() throws IOException {
        JsonNode report = report("""
                import os
                from ament_index_python.packages import get_package_share_directory
                from launch.substitutions import PathJoinSubstitution
                from launch_ros.substitutions import FindPackageShare
                from launch_ros.actions import Node
                a = PathJoinSubstitution([FindPackageShare('demo'), 'config', 'present.yaml'])
                b = os.path.join(get_package_share_directory('demo'), 'config', 'present.yaml')
                n = Node(package='demo', executable='demo_node', name='x', parameters=[a, b])
                """);
        assertThat(LaunchFileReferences.unresolved(report, "demo", share, libexec)).isEmpty();
        assertThat(report.path("share_files")).hasSize(2);
        assertThat(report.path("nodes").get(0).path("executable").asText()).isEqualTo("demo_node");
    }

    @Test
    void missingFilesAndExecutablesAreReported() throws IOException {
        JsonNode report = report("""
                from launch.substitutions import PathJoinSubstitution
                from launch_ros.substitutions import FindPackageShare
                from launch_ros.actions import Node
                a = PathJoinSubstitution([FindPackageShare('demo'), 'config', 'absent.yaml'])
                b = PathJoinSubstitution([FindPackageShare('other'), 'config', 'present.yaml'])
                Node(package='demo', executable='absent_node', name='x')
                Node(package='demo', executable='not_executable', name='y')
                Node(package='other', executable='demo_node', name='z')
                """);
        List<String> problems = LaunchFileReferences.unresolved(report, "demo", share, libexec);
        assertThat(problems).hasSize(5);
        assertThat(problems).anyMatch(p -> p.startsWith("line 4: config/absent.yaml is not installed"))
                .anyMatch(p -> p.startsWith("line 5: names config/present.yaml of package other"))
                .anyMatch(p -> p.startsWith("line 6: executable absent_node is not installed"))
                .anyMatch(p -> p.startsWith("line 7: executable ") && p.endsWith("not_executable is not executable"))
                .anyMatch(p -> p.equals("line 8: a node of package other, not demo"));
    }

    @Test
    void namesThatAreNotLiteralsAreReported() throws IOException {
        JsonNode report = report("""
                from launch.substitutions import LaunchConfiguration, PathJoinSubstitution
                from launch_ros.substitutions import FindPackageShare
                from launch_ros.actions import Node
                name = 'x.yaml'
                a = PathJoinSubstitution([FindPackageShare('demo'), 'config', name])
                Node(package='demo', executable=LaunchConfiguration('exe'), name='x')
                """);
        assertThat(LaunchFileReferences.unresolved(report, "demo", share, libexec))
                .anyMatch(p -> p.startsWith("line 5: a path under a share folder that is not made of literals"))
                .anyMatch(p -> p.equals("line 6: Node executable is missing or not a string literal"));
    }

    @Test
    void aFileWithoutNodeIsReported() throws IOException {
        JsonNode report = report("from launch import LaunchDescription\n");
        assertThat(LaunchFileReferences.unresolved(report, "demo", share, libexec)).containsExactly("starts no node");
    }
}
