package org.gpuvo.ros.node.args;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RosNamesTest {
    @ParameterizedTest
    @ValueSource(strings = {"vo", "_vo", "vo_2", "VO", "a__b"})
    void validNodeNames(String name) {
        assertThatCode(() -> RosNames.checkNodeName(name)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "``      | node name '' is not valid: it must not be empty",
            "2vo     | node name '2vo' is not valid: it must not start with a number (at character 0)",
            "v-o     | node name 'v-o' is not valid: it must hold only alphanumerics and '_' (at character 1)",
            "ns/vo   | node name 'ns/vo' is not valid: it must hold only alphanumerics and '_' (at character 2)",
            "vö      | node name 'vö' is not valid: it must hold only alphanumerics and '_' (at character 1)",
    })
    void invalidNodeNames(String name, String message) {
        assertThatThrownBy(() -> RosNames.checkNodeName(name)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void nodeNamesAndNamespacesHaveRmwsLengthLimits() {
        assertThatCode(() -> RosNames.checkNodeName("a".repeat(255))).doesNotThrowAnyException();
        assertThatThrownBy(() -> RosNames.checkNodeName("a".repeat(256))).hasMessageContaining("longer than 255");
        assertThatCode(() -> RosNames.checkNamespace("/" + "a".repeat(244))).doesNotThrowAnyException();
        assertThatThrownBy(() -> RosNames.checkNamespace("/" + "a".repeat(245))).hasMessageContaining("longer than 245");
        assertThatCode(() -> RosNames.checkFullTopicName("/" + "a".repeat(246))).doesNotThrowAnyException();
        assertThatThrownBy(() -> RosNames.checkFullTopicName("/" + "a".repeat(247)))
                .hasMessageContaining("longer than 247");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/           | ",
            "/robot1     | ",
            "/a/b_c/D9   | ",
            "robot1      | it must be absolute (start with '/') (at character 0)",
            "/robot1/    | it must not end with '/' (at character 7)",
            "/a//b       | it must not hold repeated '/' (at character 3)",
            "/a/1b       | a name token must not start with a number (at character 3)",
            "/a b        | it must hold only alphanumerics, '_' and '/' (at character 2)",
            "/~a         | it must hold only alphanumerics, '_' and '/' (at character 1)",
    })
    void namespaces(String namespace, String problem) {
        if (problem == null)
            assertThatCode(() -> RosNames.checkNamespace(namespace)).doesNotThrowAnyException();
        else
            assertThatThrownBy(() -> RosNames.checkNamespace(namespace))
                    .hasMessage("namespace '" + namespace + "' is not valid: " + problem);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "image                | ",
            "camera/image_raw     | ",
            "/tf                  | ",
            "~                    | ",
            "~/odom               | ",
            "{node}/odom          | ",
            "a_{ns}_b             | ",
            "a//b                 | ",
            "image/               | it must not end with '/' (at character 5)",
            "7up                  | a name token must not start with a number (at character 0)",
            "a/7up                | a name token must not start with a number (at character 2)",
            "a~b                  | '~' may only be the first character (at character 1)",
            "~odom                | '~' must be followed by '/' (at character 1)",
            "{node                | '{' is never closed (at character 0)",
            "node}                | '}' has no '{' before it (at character 4)",
            "{a{b}}               | a substitution must hold only alphanumerics and '_' (at character 2)",
            "{a/b}                | a substitution must hold only alphanumerics and '_' (at character 2)",
            "{1a}                 | a substitution must not start with a number (at character 1)",
            "a.b                  | it must hold only alphanumerics, '_', '/', '~', '{' and '}' (at character 1)",
    })
    void topicNamesAsCodeWritesThem(String name, String problem) {
        if (problem == null)
            assertThatCode(() -> RosNames.checkTopicName(name)).doesNotThrowAnyException();
        else
            assertThatThrownBy(() -> RosNames.checkTopicName(name))
                    .hasMessage("topic name '" + name + "' is not valid: " + problem);
    }

    @Test
    void tokensOfTheRemappingLexer() {
        assertThat(RosNames.isToken("image_raw")).isTrue();
        assertThat(RosNames.isToken("_x")).isTrue();
        assertThat(RosNames.isToken("x_")).isTrue();
        assertThat(RosNames.isToken("__node")).isFalse();
        assertThat(RosNames.isToken("a__b")).isFalse();
        assertThat(RosNames.isToken("1a")).isFalse();
        assertThat(RosNames.isToken("")).isFalse();
        assertThat(RosNames.isToken("a-b")).isFalse();
    }

    @Test
    void nodeNameMakesTheNamespaceAbsoluteAndGivesRclsNames() {
        assertThat(new NodeName("vo", "").namespace()).isEqualTo("/");
        assertThat(new NodeName("vo", "robot1").namespace()).isEqualTo("/robot1");
        NodeName vo = new NodeName("vo", "/robot1/front");
        assertThat(vo.fullyQualifiedName()).isEqualTo("/robot1/front/vo");
        assertThat(vo.loggerName()).isEqualTo("robot1.front.vo");
        assertThat(NodeName.of("vo").fullyQualifiedName()).isEqualTo("/vo");
        assertThat(NodeName.of("vo").loggerName()).isEqualTo("vo");
        assertThatThrownBy(() -> new NodeName("vo", "/robot1/")).hasMessageContaining("must not end with '/'");
        assertThatThrownBy(() -> NodeName.of("my-node")).hasMessageContaining("node name 'my-node'");
    }
}
