package org.gpuvo.ros.node;

import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.node.args.NameResolver;
import org.gpuvo.ros.node.args.NodeName;
import org.gpuvo.ros.node.args.ParameterValue;
import org.gpuvo.ros.node.args.Parameters;
import org.gpuvo.ros.node.args.RemapRule;
import org.gpuvo.ros.node.params.NamedValue;
import org.gpuvo.ros.node.params.ParameterDescriptor;
import org.gpuvo.ros.node.params.ParameterServices;
import org.gpuvo.ros.node.params.RclInterfacesCdr;
import org.gpuvo.ros.node.params.SetParametersResult;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The node's services on the in-memory transport: {@code ~/reset} and the parameter services, with the node running
 * on rendered frames. The wire between middlewares is tested in {@code tests/} with a Cyclone DDS client.
 */
class NodeServicesTest {
    private static final String NODE = "/gpuvo";

    /** The node as NodeMain makes it from parameters, with its parameter services. */
    private record Started(NodeHarness harness, ParameterServices parameters) implements AutoCloseable {
        @Override
        public void close() {
            parameters.close();
            harness.close();
        }
    }

    private static Started start(Map<String, ParameterValue> given) {
        Parameters parameters = Parameters.of(given);
        NameResolver names = new NameResolver(NodeName.of("gpuvo"), List.<RemapRule>of());
        ConfigVoNode config = NodeParameters.config(parameters, names);
        config.nodeName = NODE;
        config.statusPeriodSeconds = 3600;
        NodeHarness harness = new NodeHarness(config, NodeHarness.smallRoom(12)).start();
        return new Started(harness, NodeParameterServices.offer(harness.transport, harness.node, parameters, names));
    }

    private static Map<String, ParameterValue> cpuMono() {
        return Map.of("mode", ParameterValue.ofString("mono", "test"),
                "backend", ParameterValue.ofString("cpu", "test"),
                "deterministic", ParameterValue.ofBoolean(true, "test"));
    }

    private static Optional<byte[]> call(Started s, String service, String type, byte[] request) {
        return s.harness.transport.call(NODE + "/" + service, "rcl_interfaces/srv/" + type, request);
    }

    @Test
    void resetServiceStartsTheOdometryOver() throws Exception {
        try (Started s = start(cpuMono())) {
            s.harness.frame(0);
            byte[] empty = MessageCodecs.of(EmptyMessage.class).encode(new EmptyMessage());
            Optional<byte[]> answer = s.harness.transport.call("/gpuvo/reset", "std_srvs/srv/Empty", empty);
            assertThat(answer).hasValueSatisfying(a -> assertThat(a).isEqualTo(empty));
            s.harness.frame(1);
            assertThat(s.harness.status().resets()).isEqualTo(1);

            // a request that is not an Empty (two bytes too many for its one field) is not answered, and counted
            byte[] wrong = {0, 1, 0, 0, 0, 7, 7, 7, 7, 7, 7};
            assertThat(s.harness.transport.call("/gpuvo/reset", "std_srvs/srv/Empty", wrong)).isEmpty();
            assertThat(s.harness.status().issue(NodeIssue.MALFORMED)).isEqualTo(1);
            assertThat(s.harness.status().resets()).isEqualTo(1);
        }
    }

    @Test
    void listGetDescribeAndTypesAnswerForEveryParameterTheNodeRead() {
        try (Started s = start(cpuMono())) {
            List<List<String>> listed = RclInterfacesCdr.decode(call(s, "list_parameters", "ListParameters",
                    RclInterfacesCdr.encodeListRequest(List.of(), 0)).orElseThrow(), "list", in -> List.of(
                    in.sequence("names", stringType()), in.sequence("prefixes", stringType())));
            assertThat(listed.get(0)).contains("mode", "backend", "orb.max_features", "qos.image.depth",
                    "use_sim_time");
            assertThat(listed.get(1)).contains("orb", "qos.image");

            List<List<String>> orbOnly = RclInterfacesCdr.decode(call(s, "list_parameters", "ListParameters",
                    RclInterfacesCdr.encodeListRequest(List.of("qos"), 1)).orElseThrow(), "list", in -> List.of(
                    in.sequence("names", stringType()), in.sequence("prefixes", stringType())));
            assertThat(orbOnly.get(0)).as("depth 1 below qos: no qos.image.depth").isEmpty();

            List<ParameterValue> values = RclInterfacesCdr.decodeValues(call(s, "get_parameters", "GetParameters",
                    RclInterfacesCdr.encodeNames(List.of("mode", "orb.max_features"))).orElseThrow());
            assertThat(values).containsExactly(ParameterValue.ofString("mono", "x"),
                    ParameterValue.ofInteger(2000, "x"));
            assertThat(RclInterfacesCdr.decodeValues(call(s, "get_parameters", "GetParameters",
                    RclInterfacesCdr.encodeNames(List.of("mode", "no_such"))).orElseThrow())).isEmpty();

            byte[] types = call(s, "get_parameter_types", "GetParameterTypes",
                    RclInterfacesCdr.encodeNames(List.of("publish_tf", "orb.scale_factor", "no_such"))).orElseThrow();
            byte[] typeCodes = RclInterfacesCdr.decode(types, "types", in -> in.uint8Sequence("types"));
            assertThat(typeCodes).containsExactly(RclInterfacesCdr.BOOL, RclInterfacesCdr.DOUBLE,
                    RclInterfacesCdr.NOT_SET);

            List<ParameterDescriptor> described = RclInterfacesCdr.decodeDescriptors(call(s, "describe_parameters",
                    "DescribeParameters", RclInterfacesCdr.encodeNames(List.of("mode", "orb.max_features")))
                    .orElseThrow());
            assertThat(described).extracting(ParameterDescriptor::readOnly).containsExactly(true, false);
            assertThat(described.get(1).type()).isEqualTo(RclInterfacesCdr.INTEGER);
        }
    }

    @Test
    void aChangedFeatureCountTakesEffectAndReadOnlyOrWrongOnesAreRefusedWithTheReason() throws Exception {
        try (Started s = start(cpuMono())) {
            List<byte[]> events = new ArrayList<>();
            s.harness.transport.subscribe(ParameterServices.EVENTS_TOPIC, ParameterServices.EVENT_TYPE,
                    ParameterServices.QOS, (ReceivedMessage m) -> events.add(m.data()));
            s.harness.frame(0);
            assertThat(s.harness.status().lastFrameFeatures()).isGreaterThan(300);

            List<SetParametersResult> results = RclInterfacesCdr.decodeResults(call(s, "set_parameters",
                    "SetParameters", RclInterfacesCdr.encodeParameters(List.of(
                            new NamedValue("orb.max_features", ParameterValue.ofInteger(300, "x")),
                            new NamedValue("mode", ParameterValue.ofString("stereo", "x")),
                            new NamedValue("orb.levels", ParameterValue.ofString("many", "x")),
                            new NamedValue("orb.scale_factor", ParameterValue.ofDouble(0.5, "x")),
                            new NamedValue("no_such", ParameterValue.ofInteger(1, "x"))))).orElseThrow());
            assertThat(results.get(0)).isEqualTo(SetParametersResult.OK);
            assertThat(results.get(1).successful()).isFalse();
            assertThat(results.get(1).reason()).contains("'mode'", "read-only");
            assertThat(results.get(2).reason()).contains("'orb.levels'", "an integer", "a string");
            assertThat(results.get(3).successful()).as("checked as at start").isFalse();
            assertThat(results.get(3).reason()).contains("scale");
            assertThat(results.get(4).reason()).contains("'no_such'", "not declared");

            long restarts = s.harness.status().restarts();
            for (int i = 1; i < 4; i++)
                s.harness.frame(i);
            assertThat(s.harness.status().lastFrameFeatures()).isBetween(1, 300);
            assertThat(s.harness.status().restarts()).isEqualTo(restarts + 1);
            assertThat(RclInterfacesCdr.decodeValues(call(s, "get_parameters", "GetParameters",
                    RclInterfacesCdr.encodeNames(List.of("orb.max_features"))).orElseThrow()))
                    .containsExactly(ParameterValue.ofInteger(300, "x"));
            assertThat(events).as("one event for the one accepted change").hasSize(1);

            // atomically: one refused parameter refuses them all
            byte[] atomic = call(s, "set_parameters_atomically", "SetParametersAtomically",
                    RclInterfacesCdr.encodeParameters(List.of(
                            new NamedValue("orb.max_features", ParameterValue.ofInteger(500, "x")),
                            new NamedValue("backend", ParameterValue.ofString("cuda", "x"))))).orElseThrow();
            SetParametersResult result = RclInterfacesCdr.decode(atomic, "atomic",
                    in -> new SetParametersResult(in.bool("successful"), in.string("reason")));
            assertThat(result.successful()).isFalse();
            assertThat(result.reason()).contains("'backend'");
            assertThat(RclInterfacesCdr.decodeValues(call(s, "get_parameters", "GetParameters",
                    RclInterfacesCdr.encodeNames(List.of("orb.max_features"))).orElseThrow()))
                    .containsExactly(ParameterValue.ofInteger(300, "x"));

            // a malformed request: not answered, counted, and the services go on
            assertThat(call(s, "get_parameters", "GetParameters", new byte[]{0, 1, 0, 0, 9, 0, 0, 0})).isEmpty();
            assertThat(s.parameters.malformed()).isEqualTo(1);
            assertThat(s.harness.status().issue(NodeIssue.MALFORMED)).isEqualTo(1);
            assertThat(call(s, "get_parameters", "GetParameters",
                    RclInterfacesCdr.encodeNames(List.of("mode")))).isPresent();
        }
    }

    private static org.gpuvo.ros.cdr.CdrType<String> stringType() {
        return org.gpuvo.ros.cdr.CdrType.of(in -> in.string("element"), (out, value) -> out.string("element", value));
    }
}
