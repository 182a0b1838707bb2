package org.gpuvo.ros.node.args;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParameterFileTest {
    @TempDir
    Path dir;

    private Path write(String text) throws IOException {
        return ParamsFiles.write(dir, "params.yaml", text);
    }

    @Test
    void everyNodeSectionAndTheNodesOwnWithNestedKeysFlattened() throws IOException {
        Path file = write("""
                /**:
                  ros__parameters:
                    use_sim_time: true
                    orb:
                      max_features: 1000
                      scale_factor: 1.2
                /vo:
                  ros__parameters:
                    orb:
                      max_features: 1500
                      levels:
                        count: 8
                    frame_id: camera
                /other:
                  ros__parameters:
                    frame_id: wrong
                """);
        Parameters p = ParameterFile.read(file, "/vo");
        assertThat(p.names()).containsExactly("frame_id", "orb.levels.count", "orb.max_features",
                "orb.scale_factor", "use_sim_time");
        assertThat(p.getInt("orb.max_features", 0)).isEqualTo(1500);
        assertThat(p.getDouble("orb.scale_factor", 0)).isEqualTo(1.2);
        assertThat(p.getInt("orb.levels.count", 0)).isEqualTo(8);
        assertThat(p.getString("frame_id", "")).isEqualTo("camera");
        assertThat(p.getBoolean("use_sim_time", false)).isTrue();
        assertThat(p.get("orb.max_features").orElseThrow().source()).isEqualTo(file + " line 10");

        Parameters other = ParameterFile.read(file, "/robot1/vo");
        assertThat(other.names()).containsExactly("orb.max_features", "orb.scale_factor", "use_sim_time");
        assertThat(other.getInt("orb.max_features", 0)).isEqualTo(1000);
    }

    @Test
    void nodeNamesAreFullyQualifiedWithOrWithoutTheLeadingSlash() throws IOException {
        Path file = write("""
                vo:
                  ros__parameters:
                    a: 1
                robot1/vo:
                  ros__parameters:
                    b: 2
                /robot2:
                  vo:
                    ros__parameters:
                      c: 3
                  cam:
                    ros__parameters:
                      d: 4
                """);
        assertThat(ParameterFile.read(file, "/vo").names()).containsExactly("a");
        assertThat(ParameterFile.read(file, "/robot1/vo").names()).containsExactly("b");
        assertThat(ParameterFile.read(file, "/robot2/vo").names()).containsExactly("c");
        assertThat(ParameterFile.read(file, "/robot2/cam").names()).containsExactly("d");
        assertThat(ParameterFile.read(file, "/robot3/vo").names()).isEmpty();
    }

    @Test
    void wildcardsStandForOneOrAnyNumberOfTokens() throws IOException {
        Path file = write("""
                /*:
                  ros__parameters:
                    root_only: 1
                /robot1/*:
                  ros__parameters:
                    in_robot1: 2
                /**/vo:
                  ros__parameters:
                    any_vo: 3
                /*/vo:
                  ros__parameters:
                    one_deep_vo: 4
                """);
        assertThat(ParameterFile.read(file, "/vo").names()).containsExactly("any_vo", "root_only");
        assertThat(ParameterFile.read(file, "/robot1/vo").names()).containsExactly("any_vo", "in_robot1",
                "one_deep_vo");
        assertThat(ParameterFile.read(file, "/a/b/vo").names()).containsExactly("any_vo");
        assertThat(ParameterFile.read(file, "/robot1/cam").names()).containsExactly("in_robot1");
    }

    @Test
    void theNodesOwnSectionPrevailsOverWildcardsAndLaterSectionsOverEarlier() throws IOException {
        // design.ros2.org "ROS command line arguments", "Precedence order": this file gives
        // my_int=2, another_int=2, global_int=1, my_float=1.0, another_float=1.0
        Path file = write(ParamsFiles.DESIGN_ARTICLE_EXAMPLE);
        Parameters p = ParameterFile.read(file, "/my_node");
        assertThat(p.getLong("my_int", 0)).isEqualTo(2);
        assertThat(p.getLong("another_int", 0)).isEqualTo(2);
        assertThat(p.getLong("global_int", 0)).isEqualTo(1);
        assertThat(p.getDouble("my_float", 0)).isEqualTo(1.0);
        assertThat(p.getDouble("another_float", 0)).isEqualTo(1.0);
        assertThat(p.get("my_int").orElseThrow().source()).isEqualTo(file + " line 5");
    }

    @Test
    void anEmptyFileOrOneOfCommentsGivesNothing() throws IOException {
        assertThat(ParameterFile.read(write(""), "/vo").names()).isEmpty();
        assertThat(ParameterFile.read(write("# nothing yet\n"), "/vo").names()).isEmpty();
        assertThat(ParameterFile.read(write("vo:\n  ros__parameters: {}\n"), "/vo").names()).isEmpty();
    }

    @Test
    void yamlErrorsNameTheFileAndLine() throws IOException {
        Path file = write("""
                vo:
                  ros__parameters:
                    a: 1
                    b: [1, 2
                    c: 3
                """);
        assertThatThrownBy(() -> ParameterFile.read(file, "/vo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + " line 5: not valid YAML:");
        Path tabs = write("vo:\n  ros__parameters:\n\ta: 1\n");
        assertThatThrownBy(() -> ParameterFile.read(tabs, "/vo")).hasMessageStartingWith(tabs + " line 3: not valid YAML");
    }

    @Test
    void structureErrorsNameTheFileAndLine() throws IOException {
        assertThatThrownBy(() -> ParameterFile.read(write("- a\n- b\n"), "/vo"))
                .hasMessageEndingWith(" line 1: expected node names, each with ros__parameters under it");
        assertThatThrownBy(() -> ParameterFile.read(write("vo:\n  max_features: 10\n"), "/vo"))
                .hasMessageContaining(" line 2: a value under 'max_features' before ros__parameters");
        assertThatThrownBy(() -> ParameterFile.read(write("ros__parameters:\n  a: 1\n"), "/vo"))
                .hasMessageContaining(" line 1: no node name before ros__parameters");
        assertThatThrownBy(() -> ParameterFile.read(write("vo:\n  ros__parameters: 3\n"), "/vo"))
                .hasMessageContaining(" line 2: ros__parameters of vo must be a mapping of parameter names to values");
        assertThatThrownBy(() -> ParameterFile.read(write("9vo:\n  ros__parameters:\n    a: 1\n"), "/vo"))
                .hasMessageContaining(" line 2: node name '9vo' is not valid: '9vo' is neither a name");
        assertThatThrownBy(() -> ParameterFile.read(write("/a//vo:\n  ros__parameters:\n    a: 1\n"), "/vo"))
                .hasMessageContaining("node name '/a//vo' is not valid: '' is neither");
        assertThatThrownBy(() -> ParameterFile.read(write("vo*:\n  ros__parameters:\n    a: 1\n"), "/vo"))
                .hasMessageContaining("node name 'vo*' is not valid");
        assertThatThrownBy(() -> ParameterFile.read(write("vo:\n  ros__parameters:\n    [a, b]: 1\n"), "/vo"))
                .hasMessageContaining(" line 3: expected a parameter name, found a list as a key");
    }

    @Test
    void valueErrorsNameTheFileLineAndParameter() throws IOException {
        Path file = write("""
                vo:
                  ros__parameters:
                    ok: 1
                    orb:
                      scales: [1.0, 2, 3.0]
                """);
        assertThatThrownBy(() -> ParameterFile.read(file, "/vo"))
                .hasMessage(file + " line 5: parameter orb.scales is a list of doubles, but element 1 (2) is an"
                        + " integer; a list must hold values of one type (write 1.0, not 1, in a list of doubles)");
        Path empty = write("vo:\n  ros__parameters:\n    a:\n");
        assertThatThrownBy(() -> ParameterFile.read(empty, "/vo"))
                .hasMessageStartingWith(empty + " line 3: parameter a has no value");
        Path emptyList = write("vo:\n  ros__parameters:\n    topics: []\n");
        assertThatThrownBy(() -> ParameterFile.read(emptyList, "/vo"))
                .hasMessageStartingWith(emptyList + " line 3: parameter topics is an empty list, which has no type");
        Path nested = write("vo:\n  ros__parameters:\n    m: [[1, 2], [3, 4]]\n");
        assertThatThrownBy(() -> ParameterFile.read(nested, "/vo"))
                .hasMessageStartingWith(nested + " line 3: parameter m[0] is a list; a list may hold only values");
    }

    @Test
    void errorsInSectionsOfOtherNodesStillStop() throws IOException {
        // as rcl, the whole file is checked, not only what the node reads
        Path file = write("other:\n  ros__parameters:\n    a: []\nvo:\n  ros__parameters:\n    b: 1\n");
        assertThatThrownBy(() -> ParameterFile.read(file, "/vo")).hasMessageContaining("parameter a is an empty list");
    }

    @Test
    void aFileTooLargeToBeParametersIsRefusedUnread() throws IOException {
        Path file = dir.resolve("huge.yaml");
        try (var out = Files.newOutputStream(file)) {
            byte[] line = "# padding padding padding padding padding padding padding padding padding\n".getBytes();
            for (long written = 0; written <= ParameterFile.MAX_BYTES; written += line.length)
                out.write(line);
        }
        assertThatThrownBy(() -> ParameterFile.read(file, "/vo"))
                .hasMessageStartingWith("params file " + file + ": the file has ")
                .hasMessageContaining("more than the");
    }
}
