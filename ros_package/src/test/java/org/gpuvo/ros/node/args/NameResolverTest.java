package org.gpuvo.ros.node.args;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NameResolverTest {
    private static final NodeName VO = new NodeName("vo", "/robot1");

    private static NameResolver resolver(NodeName node, String... rules) {
        return new NameResolver(node, java.util.Arrays.stream(rules).map(RemapRule::parse).toList());
    }

    @Test
    void relativeAbsoluteAndPrivateNamesExpandUnderTheNamespace() {
        NameResolver names = new NameResolver(VO, List.of());
        assertThat(names.expand("image")).isEqualTo("/robot1/image");
        assertThat(names.expand("camera/image_raw")).isEqualTo("/robot1/camera/image_raw");
        assertThat(names.expand("/image")).isEqualTo("/image");
        assertThat(names.expand("~/odom")).isEqualTo("/robot1/vo/odom");
        assertThat(names.expand("~")).isEqualTo("/robot1/vo");
        // tf is absolute by convention: a namespace does not move it
        assertThat(names.resolveTopic("/tf")).isEqualTo("/tf");
        assertThat(names.resolveTopic("/tf_static")).isEqualTo("/tf_static");
    }

    @Test
    void inTheRootNamespaceNoSlashIsDoubled() {
        NameResolver names = new NameResolver(NodeName.of("vo"), List.of());
        assertThat(names.expand("image")).isEqualTo("/image");
        assertThat(names.expand("~/odom")).isEqualTo("/vo/odom");
        assertThat(names.expand("{node}/debug")).isEqualTo("/vo/debug");
    }

    @Test
    void substitutionsAreTheNodesNameAndNamespace() {
        NameResolver names = new NameResolver(VO, List.of());
        assertThat(names.expand("{node}/matches")).isEqualTo("/robot1/vo/matches");
        assertThat(names.expand("{ns}/odom")).isEqualTo("/robot1/odom");
        assertThat(names.expand("{namespace}/odom")).isEqualTo("/robot1/odom");
        assertThat(names.expand("/out/{node}/{node}")).isEqualTo("/out/vo/vo");
        assertThatThrownBy(() -> names.expand("{robot}/odom"))
                .hasMessage("topic name '{robot}/odom': unknown substitution {robot} (known: {node}, {ns}, {namespace})");
        // in the root namespace {ns} is "/", and "{ns}/x" repeats the slash: rcl refuses that name too
        assertThatThrownBy(() -> new NameResolver(NodeName.of("vo"), List.of()).expand("{ns}/x"))
                .hasMessageContaining("'{ns}/x' expanded for node /vo").hasMessageContaining("repeated '/'");
    }

    @Test
    void remapsApplyToTheExpandedNames() {
        NameResolver names = resolver(VO, "image:=/cam/image_raw", "/imu:=imu_filtered", "~/odom:=/odom",
                "camera_info:=~/info");
        // a relative rule matches the relative name expanded in the node's namespace
        assertThat(names.resolveTopic("image")).isEqualTo("/cam/image_raw");
        assertThat(names.resolveTopic("/robot1/image")).isEqualTo("/cam/image_raw");
        // ... and not the same word elsewhere
        assertThat(names.resolveTopic("/image")).isEqualTo("/image");
        // the replacement is expanded too
        assertThat(names.resolveTopic("/imu")).isEqualTo("/robot1/imu_filtered");
        assertThat(names.resolveTopic("~/odom")).isEqualTo("/odom");
        assertThat(names.resolveTopic("camera_info")).isEqualTo("/robot1/vo/info");
        assertThat(names.resolveTopic("other")).isEqualTo("/robot1/other");
    }

    @Test
    void theFirstMatchingRuleWins() {
        NameResolver names = resolver(VO, "image:=/first", "image:=/second", "/robot1/image:=/third");
        assertThat(names.resolveTopic("image")).isEqualTo("/first");
        // rules are not chained: the result of one is not matched again
        NameResolver chain = resolver(VO, "a:=b", "b:=c");
        assertThat(chain.resolveTopic("a")).isEqualTo("/robot1/b");
    }

    @Test
    void nodeSpecificRulesApplyOnlyToThatNode() {
        List<RemapRule> rules = java.util.stream.Stream.of("camera:image:=/cam/other", "vo:image:=/cam/image_raw",
                "image:=/fallback").map(RemapRule::parse).toList();
        assertThat(new NameResolver(VO, rules).resolveTopic("image")).isEqualTo("/cam/image_raw");
        assertThat(new NameResolver(new NodeName("camera", "/"), rules).resolveTopic("image"))
                .isEqualTo("/cam/other");
        assertThat(new NameResolver(new NodeName("viewer", "/"), rules).resolveTopic("image"))
                .isEqualTo("/fallback");
        // design.ros2.org's example: a node-specific rule does not prevail over an earlier general one
        NameResolver leftmost = resolver(VO, "image:=/general", "vo:image:=/specific");
        assertThat(leftmost.resolveTopic("image")).isEqualTo("/general");
    }

    @Test
    void nodeSpecificRulesFollowTheRenamedNode() throws Exception {
        // as rcl: the node name a topic rule is matched against is the node's name after __node
        RosArguments args = RosArguments.parse("--ros-args", "-r", "__node:=vo", "-r", "__ns:=/robot2",
                "-r", "vo:image:=/cam/image_raw", "-r", "gpuvo:image:=/never", "-r", "~/odom:=odom_vo");
        NodeName node = args.nodeName("gpuvo", "/");
        NameResolver names = args.nameResolver(node);
        assertThat(names.resolveTopic("image")).isEqualTo("/cam/image_raw");
        assertThat(names.resolveTopic("~/odom")).isEqualTo("/robot2/odom_vo");
        assertThat(names.resolveTopic("/tf")).isEqualTo("/tf");
    }

    @Test
    void topicAndServiceOnlyRules() {
        NameResolver names = resolver(VO, "rostopic://reset:=/topic_reset", "rosservice://reset:=/service_reset",
                "both:=/both");
        assertThat(names.resolveTopic("reset")).isEqualTo("/topic_reset");
        assertThat(names.resolveService("reset")).isEqualTo("/service_reset");
        assertThat(names.resolveTopic("both")).isEqualTo("/both");
        assertThat(names.resolveService("both")).isEqualTo("/both");
    }

    @Test
    void invalidNamesInCodeAreRefusedWithTheRuleTheyBreak() {
        NameResolver names = new NameResolver(VO, List.of());
        assertThatThrownBy(() -> names.resolveTopic("image/")).hasMessageContaining("must not end with '/'");
        assertThatThrownBy(() -> names.resolveTopic("a//b")).hasMessageContaining("repeated '/'");
        assertThatThrownBy(() -> names.resolveTopic("2d/odom")).hasMessageContaining("must not start with a number");
        assertThatThrownBy(() -> names.resolveTopic("~odom")).hasMessageContaining("'~' must be followed by '/'");
        assertThatThrownBy(() -> names.resolveTopic("img-raw")).hasMessageContaining("(at character 3)");
        assertThatThrownBy(() -> names.resolveTopic("")).hasMessageContaining("must not be empty");
    }
}
