package org.gpuvo.ros.node.args;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RosArgumentsTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return ParamsFiles.write(dir, name, text);
    }

    @Test
    void theArgumentsRos2LaunchGivesANode() throws IOException {
        Path params = write("x.yaml", """
                /**:
                  ros__parameters:
                    use_sim_time: true
                    orb:
                      max_features: 1500
                """);
        RosArguments args = RosArguments.parse("--ros-args", "-r", "__node:=vo", "-r", "image:=/cam/image_raw",
                "--params-file", params.toString(), "-p", "k:=v");

        assertThat(args.programArguments()).isEmpty();
        assertThat(args.remapRules()).extracting(RemapRule::toString)
                .containsExactly("__node:=vo", "image:=/cam/image_raw");
        assertThat(args.paramsFiles()).containsExactly(params);
        assertThat(args.ignoredArguments()).isEmpty();
        assertThat(args.logLevels().isEmpty()).isTrue();

        NodeName node = args.nodeName("gpuvo", "/");
        assertThat(node.fullyQualifiedName()).isEqualTo("/vo");
        NameResolver names = args.nameResolver(node);
        assertThat(names.resolveTopic("image")).isEqualTo("/cam/image_raw");
        assertThat(names.resolveTopic("camera_info")).isEqualTo("/camera_info");

        Parameters p = args.parameters(node);
        assertThat(p.names()).containsExactly("k", "orb.max_features", "use_sim_time");
        assertThat(p.getString("k", "")).isEqualTo("v");
        assertThat(p.getBoolean("use_sim_time", false)).isTrue();
        assertThat(p.getInt("orb.max_features", 0)).isEqualTo(1500);
    }

    @Test
    void argumentsOutsideRosArgsAreTheProgramsInOrder() {
        RosArguments args = RosArguments.parse("replay", "--ros-args", "-r", "a:=b", "--", "bag.mcap",
                "--ros-args", "-p", "k:=1", "--", "--rate", "2", "--ros-args", "-r", "c:=d");
        assertThat(args.programArguments()).containsExactly("replay", "bag.mcap", "--rate", "2");
        assertThat(args.remapRules()).extracting(RemapRule::toString).containsExactly("a:=b", "c:=d");
        assertThat(args.parameters(NodeName.of("vo")).getLong("k", 0)).isEqualTo(1);
    }

    @Test
    void aBareOrEmptyRosArgsBlockIsValid() {
        assertThat(RosArguments.parse("a", "--ros-args").programArguments()).containsExactly("a");
        assertThat(RosArguments.parse("--ros-args", "--", "b").programArguments()).containsExactly("b");
        assertThat(RosArguments.parse().programArguments()).isEmpty();
        // --ros-args inside a block is passed over (rcl arguments.c)
        RosArguments twice = RosArguments.parse("--ros-args", "--ros-args", "-r", "a:=b");
        assertThat(twice.remapRules()).hasSize(1);
    }

    @Test
    void rosLookingArgumentsOutsideABlockAreLeftToTheProgram() {
        RosArguments args = RosArguments.parse("__node:=other", "-r", "a:=b", "-p", "k:=1", "--log-level", "x");
        assertThat(args.programArguments()).containsExactly("__node:=other", "-r", "a:=b", "-p", "k:=1",
                "--log-level", "x");
        assertThat(args.remapRules()).isEmpty();
        assertThat(args.nodeName("vo", "").fullyQualifiedName()).isEqualTo("/vo");
    }

    @Test
    void longFormsAreTheShortOnes() {
        RosArguments args = RosArguments.parse("--ros-args", "--remap", "a:=b", "--param", "k:=2.5");
        assertThat(args.remapRules()).extracting(RemapRule::toString).containsExactly("a:=b");
        assertThat(args.parameters(NodeName.of("vo")).getDouble("k", 0)).isEqualTo(2.5);
    }

    @Test
    void loggingArgumentsAreAcceptedAndReportedAsIgnoredAndTheLastEnclaveIsKept() {
        RosArguments args = RosArguments.parse("--ros-args", "--log-level", "debug", "--log-level", "vo:=WARN",
                "--enable-rosout-logs", "--disable-rosout-logs", "--enable-stdout-logs", "--disable-stdout-logs",
                "--enable-external-lib-logs", "--disable-external-lib-logs", "--log-config-file", "log.config",
                "--log-file-name", "vo_log", "-e", "/vo", "--enclave", "/other");
        assertThat(args.logLevels().defaultLevel()).contains(LogLevels.Severity.DEBUG);
        assertThat(args.logLevels().loggerLevels()).containsExactly(
                java.util.Map.entry("vo", LogLevels.Severity.WARN));
        assertThat(args.ignoredArguments()).containsExactly("--enable-rosout-logs", "--disable-rosout-logs",
                "--enable-stdout-logs", "--disable-stdout-logs", "--enable-external-lib-logs",
                "--disable-external-lib-logs", "--log-config-file log.config", "--log-file-name vo_log");
        assertThat(args.enclave()).contains("/other");
        assertThat(RosArguments.parse("--ros-args").enclave()).isEmpty();
        assertThat(args.programArguments()).isEmpty();
    }

    @Test
    void nodeAndNamespaceRulesRenameTheNodeTheFirstOneWinning() {
        RosArguments args = RosArguments.parse("--ros-args", "-r", "other:__node:=x", "-r", "gpuvo:__node:=vo",
                "-r", "__node:=late", "-r", "__ns:=/robot1", "-r", "__ns:=/robot2");
        NodeName node = args.nodeName("gpuvo", "/");
        assertThat(node.name()).isEqualTo("vo");
        assertThat(node.namespace()).isEqualTo("/robot1");
        // another program's node of another name gets the rule for every node
        assertThat(args.nodeName("camera", "/").name()).isEqualTo("late");
        // without rules the defaults stay, a relative default namespace made absolute
        assertThat(RosArguments.parse().nodeName("vo", "robot").fullyQualifiedName()).isEqualTo("/robot/vo");
    }

    @Test
    void nodeSpecificNamespaceRulesMatchTheNameTheProgramGave() {
        // rcl_node_init remaps the namespace with the node's original name, not the remapped one
        RosArguments args = RosArguments.parse("--ros-args", "-r", "__node:=vo", "-r", "gpuvo:__ns:=/a",
                "-r", "vo:__ns:=/b");
        assertThat(args.nodeName("gpuvo", "/").fullyQualifiedName()).isEqualTo("/a/vo");
    }

    @Test
    void malformedRemapRulesNameTheRule() {
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-r", "foo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("remap rule 'foo': expected [node:]from:=to");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "--remap", "a b:=c"))
                .hasMessageContaining("remap rule 'a b:=c'");
    }

    @Test
    void malformedParameterAssignmentsNameTheAssignment() {
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-p", ":=1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter assignment ':=1': the parameter name before := is empty");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-p", "k"))
                .hasMessage("parameter assignment 'k': expected [node:]name:=value");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-p", "k:="))
                .hasMessageStartingWith("parameter assignment 'k:=': no value after :=");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-p", "k:=[1, 2"))
                .hasMessageStartingWith("parameter assignment 'k:=[1, 2': the value is not valid YAML");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-p", "k:={a: 1}"))
                .hasMessageContaining("-p k:={a: 1}").hasMessageContaining("is a mapping");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-p", "1k:=1"))
                .hasMessageContaining("'1k' is not a parameter name");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-p", "v o:k:=1"))
                .hasMessageContaining("'v o' before ':' is not a node name");
    }

    @Test
    void aMissingOrBrokenParamsFileIsNamed() throws IOException {
        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "--params-file", missing.toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("params file " + missing + ": no such file");
        Path broken = write("broken.yaml", "vo:\n  ros__parameters:\n    a: [1, 2\n");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "--params-file", broken.toString()))
                .hasMessageStartingWith(broken + " line ");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "--params-file", dir.toString()))
                .hasMessageStartingWith("params file " + dir + ": cannot read");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "--params-file", "a\0b"))
                .hasMessageStartingWith("--params-file 'a\0b': not a file name");
    }

    @Test
    void anUnknownArgumentInsideRosArgsIsAnError() {
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "-r", "a:=b", "--rate", "2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown ROS argument '--rate' inside --ros-args");
        // a remap rule in the deprecated bare form is no longer read inside a block either
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "a:=b"))
                .hasMessageStartingWith("unknown ROS argument 'a:=b'");
    }

    @Test
    void aFlagWithoutItsValueIsAnError() {
        for (String flag : new String[]{"-r", "--remap", "-p", "--param", "--params-file", "--log-level",
                "--log-config-file", "--log-file-name", "-e", "--enclave"}) {
            assertThatThrownBy(() -> RosArguments.parse("--ros-args", flag))
                    .as(flag).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("'" + flag + "' is the last argument: ");
        }
    }

    @Test
    void aBadLogLevelIsNamed() {
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "--log-level", "loud"))
                .hasMessage("--log-level 'loud': 'loud' is not a log level (debug, info, warn, error, fatal or unset)");
        assertThatThrownBy(() -> RosArguments.parse("--ros-args", "--log-level", ":=debug"))
                .hasMessage("--log-level ':=debug': the logger name before := is empty");
    }

    @Test
    void nullArgumentsAreRefused() {
        assertThatThrownBy(() -> RosArguments.parse("a", null)).hasMessage("argument 1 is null");
    }
}
