package org.gpuvo.ros.node;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The node with ROS 2 security asked for: it refuses to start, before any DDS participant exists, with a one-line
 * reason; an ambiguous value of the variable is a usage error; discovery settings it cannot hold are errors too.
 */
class NodeSecurityTest {
    private record Outcome(int code, String err) {
    }

    private static Outcome run(Map<String, String> environment, String... argv) {
        PrintStream before = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            return new Outcome(NodeMain.run(argv, environment), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(before);
        }
    }

    @Test
    void securityAskedForIsRefusedUnderEitherStrategy() {
        for (String strategy : new String[]{"Enforce", "Permissive"}) {
            Outcome outcome = run(Map.of("ROS_SECURITY_ENABLE", "true", "ROS_SECURITY_STRATEGY", strategy,
                    "ROS_SECURITY_KEYSTORE", "/nonexistent/keystore"), "--ros-args", "--enclave", "/robot/vo");
            assertThat(outcome.code()).as(strategy).isEqualTo(1);
            assertThat(outcome.err()).startsWith("gpuvo_node: error: ROS_SECURITY_ENABLE=true asks for DDS Security")
                    .contains("refusing to run unsecured", "enclave /robot/vo").hasLineCount(1);
        }
    }

    @Test
    void anAmbiguousSecurityValueOrAnImpossibleDiscoveryRangeIsAUsageError() {
        Outcome one = run(Map.of("ROS_SECURITY_ENABLE", "1"));
        assertThat(one.code()).isEqualTo(2);
        assertThat(one.err()).contains("ROS_SECURITY_ENABLE='1'");
        Outcome off = run(Map.of("ROS_AUTOMATIC_DISCOVERY_RANGE", "OFF"));
        assertThat(off.code()).isEqualTo(2);
        assertThat(off.err()).contains("ROS_STATIC_PEERS");
    }
}
