package org.gpuvo.ros.node.args;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Which value a node gets when params files and -p say different things. */
class ParameterPrecedenceTest {
    @TempDir
    Path dir;

    private String write(String name, String text) throws IOException {
        return ParamsFiles.write(dir, name, text).toString();
    }

    @Test
    void laterFilesOverrideEarlierOnesAndMinusPAfterThemOverridesBoth() throws IOException {
        String base = write("base.yaml", "/**:\n  ros__parameters:\n    a: 1\n    b: 1\n    c: 1\n");
        String site = write("site.yaml", "/**:\n  ros__parameters:\n    b: 2\n    c: 2\n");
        Parameters p = RosArguments.parse("--ros-args", "--params-file", base, "--params-file", site, "-p", "c:=3")
                .parameters(NodeName.of("vo"));
        assertThat(p.getLong("a", 0)).isEqualTo(1);
        assertThat(p.getLong("b", 0)).isEqualTo(2);
        assertThat(p.getLong("c", 0)).isEqualTo(3);
        assertThat(p.get("c").orElseThrow().source()).isEqualTo("-p c:=3");
        assertThat(p.get("b").orElseThrow().source()).isEqualTo(site + " line 3");

        // the same files the other way round
        Parameters reversed = RosArguments.parse("--ros-args", "--params-file", site, "--params-file", base)
                .parameters(NodeName.of("vo"));
        assertThat(reversed.getLong("b", 0)).isEqualTo(1);
    }

    @Test
    void filesAndMinusPAreReadLeftToRight() throws IOException {
        // design.ros2.org: "Parameter files have the same precedence that command line parameter assignments"
        String file = write("f.yaml", "/**:\n  ros__parameters:\n    a: 2\n");
        Parameters p = RosArguments.parse("--ros-args", "-p", "a:=1", "--params-file", file)
                .parameters(NodeName.of("vo"));
        assertThat(p.getLong("a", 0)).isEqualTo(2);
    }

    @Test
    void theNodesOwnNamePrevailsOverWildcardsWhateverTheOrder() throws IOException {
        String file = write("f.yaml", "/robot1/vo:\n  ros__parameters:\n    a: 1\n/**:\n  ros__parameters:\n    a: 2\n");
        NodeName node = new NodeName("vo", "/robot1");
        assertThat(RosArguments.parse("--ros-args", "--params-file", file, "-p", "a:=3").parameters(node)
                .getLong("a", 0)).isEqualTo(1);
        // and it does not reach another node
        assertThat(RosArguments.parse("--ros-args", "--params-file", file).parameters(NodeName.of("vo"))
                .getLong("a", 0)).isEqualTo(2);
    }

    @Test
    void designArticleExampleWithMinusPAroundAFile() throws IOException {
        // design.ros2.org "ROS command line arguments", "Precedence order of command line arguments":
        // ros2 run some_package some_exec --ros-args -p my_node:global_int:=2 -p my_float:=2.0
        //   --params-file my_params.yaml -p my_float:=3.0 -p my_node:another_float:=2.0
        // "will result in: my_int=2, another_int=2, global_int=2, my_float=1.0, another_float=2.0"
        String file = write("my_params.yaml", ParamsFiles.DESIGN_ARTICLE_EXAMPLE);
        Parameters p = RosArguments.parse("--ros-args", "-p", "my_node:global_int:=2", "-p", "my_float:=2.0",
                "--params-file", file, "-p", "my_float:=3.0", "-p", "my_node:another_float:=2.0")
                .parameters(NodeName.of("my_node"));
        assertThat(p.getLong("my_int", 0)).isEqualTo(2);
        assertThat(p.getLong("another_int", 0)).isEqualTo(2);
        assertThat(p.getLong("global_int", 0)).isEqualTo(2);
        assertThat(p.getDouble("my_float", 0)).isEqualTo(1.0);
        assertThat(p.getDouble("another_float", 0)).isEqualTo(2.0);
        assertThat(p.names()).containsExactly("another_float", "another_int", "global_int", "my_float", "my_int");
    }

    @Test
    void aMinusPNodeNameIsANodeInTheRootNamespace() {
        // rclcpp puts '/' before a node name without one: "vo:" is /vo, not /robot1/vo
        RosArguments args = RosArguments.parse("--ros-args", "-p", "vo:a:=1", "-p", "b:=2");
        assertThat(args.parameters(NodeName.of("vo")).names()).containsExactly("a", "b");
        assertThat(args.parameters(new NodeName("vo", "/robot1")).names()).containsExactly("b");
        assertThat(args.parameters(NodeName.of("cam")).names()).containsExactly("b");
    }

    @Test
    void parametersFollowTheRenamedNode() throws IOException {
        String file = write("f.yaml", "/robot1/vo:\n  ros__parameters:\n    a: 1\n/gpuvo:\n  ros__parameters:\n    a: 2\n");
        RosArguments args = RosArguments.parse("--ros-args", "-r", "__node:=vo", "-r", "__ns:=/robot1",
                "--params-file", file);
        assertThat(args.parameters(args.nodeName("gpuvo", "/")).getLong("a", 0)).isEqualTo(1);
    }
}
