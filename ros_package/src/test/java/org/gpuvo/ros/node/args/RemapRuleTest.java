package org.gpuvo.ros.node.args;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RemapRuleTest {
    @Test
    void theKindsOfRule() {
        assertThat(RemapRule.parse("image:=/cam/image_raw"))
                .isEqualTo(new RemapRule(null, RemapRule.Kind.TOPIC_OR_SERVICE, "image", "/cam/image_raw"));
        assertThat(RemapRule.parse("vo:~/odom:=odom"))
                .isEqualTo(new RemapRule("vo", RemapRule.Kind.TOPIC_OR_SERVICE, "~/odom", "odom"));
        assertThat(RemapRule.parse("rostopic://a/b:=c"))
                .isEqualTo(new RemapRule(null, RemapRule.Kind.TOPIC, "a/b", "c"));
        assertThat(RemapRule.parse("vo:rosservice:///reset:=r"))
                .isEqualTo(new RemapRule("vo", RemapRule.Kind.SERVICE, "/reset", "r"));
        assertThat(RemapRule.parse("__node:=vo")).isEqualTo(new RemapRule(null, RemapRule.Kind.NODE_NAME, null, "vo"));
        assertThat(RemapRule.parse("__name:=vo")).isEqualTo(new RemapRule(null, RemapRule.Kind.NODE_NAME, null, "vo"));
        assertThat(RemapRule.parse("cam:__ns:=/robot1/sensors"))
                .isEqualTo(new RemapRule("cam", RemapRule.Kind.NAMESPACE, null, "/robot1/sensors"));
        assertThat(RemapRule.parse("__ns:=/")).isEqualTo(new RemapRule(null, RemapRule.Kind.NAMESPACE, null, "/"));
        // rcl's grammar allows a trailing '/' on a namespace; it names the same namespace
        assertThat(RemapRule.parse("__ns:=/robot1/").replacement()).isEqualTo("/robot1");
    }

    @Test
    void aRuleAppliesToEveryNodeOrToItsOwn() {
        assertThat(RemapRule.parse("a:=b").appliesToNode("anything")).isTrue();
        assertThat(RemapRule.parse("vo:a:=b").appliesToNode("vo")).isTrue();
        assertThat(RemapRule.parse("vo:a:=b").appliesToNode("vo2")).isFalse();
        assertThat(RemapRule.parse("rostopic://a:=b").renamesServices()).isFalse();
        assertThat(RemapRule.parse("rosservice://a:=b").renamesTopics()).isFalse();
        assertThat(RemapRule.parse("__node:=x").renamesTopics()).isFalse();
    }

    @Test
    void toStringWritesTheRuleBack() {
        for (String rule : new String[]{"a:=b", "vo:~/a:=/b/c", "rostopic://x:=y", "n:rosservice://x:=y",
                "__node:=vo", "vo:__ns:=/r"})
            assertThat(RemapRule.parse(rule).toString()).isEqualTo(rule);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "foo                 | expected [node:]from:=to",
            ":=b                 | the name to remap is empty",
            "a:=                 | the new name is empty",
            ":a:=b               | '' before ':' is not a node name",
            "1vo:a:=b            | '1vo' before ':' is not a node name",
            "a b:=c              | the name to remap has 'a b' where a name token",
            "a/:=b               | the name to remap has '' where a name token",
            "a:=b//c             | the new name has '' where a name token",
            "2d:=b               | the name to remap has '2d' where a name token",
            "~a:=b               | the name to remap has '~a' where a name token",
            "a__b:=c             | the name to remap has 'a__b' where a name token",
            "{node}/a:=b         | the name to remap has '{node}' where a name token",
            "**:=b               | wildcards ('**') are not implemented",
            "a/*/c:=b            | wildcards ('*') are not implemented",
            "a:=\\1              | back-references ('\\1') are not implemented",
            "__ns:=robot1        | the namespace must be absolute",
            "__ns:=//            | the namespace '//' repeats '/'",
            "__ns:=/a//b         | the namespace has '' where a name token",
            "__node:=2vo         | the new node name '2vo' is not a valid name",
            "__node:=a/b         | the new node name 'a/b' is not a valid name",
            "a:b:c:=d            | the name to remap has 'b:c' where a name token",
    })
    void malformedRulesSayWhatIsWrong(String rule, String problem) {
        assertThatThrownBy(() -> RemapRule.parse(rule))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("remap rule '" + rule + "': " + problem);
    }
}
