package org.gpuvo.ros.node.params;

import org.gpuvo.ros.node.args.ParameterValue;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class ParameterServerTest {
    private final List<List<NamedValue>> events = new ArrayList<>();
    private String refuseWith;

    private ParameterServer server() {
        Map<String, ParameterValue> values = new TreeMap<>();
        values.put("mode", ParameterValue.ofString("mono", "t"));
        values.put("orb.levels", ParameterValue.ofInteger(8, "t"));
        values.put("orb.max_features", ParameterValue.ofInteger(2000, "t"));
        values.put("qos.image.depth", ParameterValue.ofInteger(5, "t"));
        values.put("qos.image.reliability", ParameterValue.ofString("best_effort", "t"));
        Map<String, ParameterDescriptor> descriptors = new TreeMap<>();
        values.forEach((name, v) -> descriptors.put(name, new ParameterDescriptor(name,
                RclInterfacesCdr.typeCode(v), "", "fixed", !name.startsWith("orb."))));
        return new ParameterServer(values, descriptors, (changed, all) -> refuseWith, events::add);
    }

    /** rclcpp's list_parameters on the same names. */
    @Test
    void listsByPrefixAndDepthAsRclcpp() {
        ParameterServer p = server();
        assertThat(p.list(List.of(), 0).get(0)).hasSize(5);
        assertThat(p.list(List.of(), 0).get(1)).containsExactly("orb", "qos.image");
        assertThat(p.list(List.of(), 1).get(0)).containsExactly("mode");
        assertThat(p.list(List.of(), 2).get(0)).containsExactly("mode", "orb.levels", "orb.max_features");
        assertThat(p.list(List.of("orb"), 0).get(0)).containsExactly("orb.levels", "orb.max_features");
        assertThat(p.list(List.of("qos"), 1).get(0)).isEmpty();
        assertThat(p.list(List.of("qos"), 2).get(0)).as("the part after the prefix starts with its separator")
                .isEmpty();
        assertThat(p.list(List.of("qos"), 3).get(0)).containsExactly("qos.image.depth", "qos.image.reliability");
        assertThat(p.list(List.of("mode"), 1).get(0)).containsExactly("mode");
        assertThat(p.list(List.of("or"), 0).get(0)).as("a prefix is whole name parts").isEmpty();
    }

    @Test
    void setsOneByOneOrAtomicallyAndSaysWhyNot() {
        ParameterServer p = server();
        List<SetParametersResult> results = p.set(List.of(
                new NamedValue("orb.levels", ParameterValue.ofInteger(4, "x")),
                new NamedValue("mode", ParameterValue.ofString("rgbd", "x")),
                new NamedValue("orb.max_features", ParameterValue.ofDouble(10, "x")),
                new NamedValue("orb.max_features", null),
                new NamedValue("nope", ParameterValue.ofInteger(1, "x"))));
        assertThat(results.get(0).successful()).isTrue();
        assertThat(results.get(1).reason()).contains("read-only", "fixed");
        assertThat(results.get(2).reason()).contains("an integer", "a double");
        assertThat(results.get(3).reason()).contains("cannot be undeclared");
        assertThat(results.get(4).reason()).contains("not declared");
        assertThat(p.get(List.of("orb.levels"))).containsExactly(ParameterValue.ofInteger(4, "x"));
        assertThat(events).hasSize(1);

        refuseWith = "parameter orb.levels: must be positive";
        SetParametersResult atomic = p.setAtomically(List.of(
                new NamedValue("orb.levels", ParameterValue.ofInteger(-1, "x")),
                new NamedValue("orb.max_features", ParameterValue.ofInteger(10, "x"))));
        assertThat(atomic).isEqualTo(SetParametersResult.refused("parameter orb.levels: must be positive"));
        assertThat(p.get(List.of("orb.levels", "orb.max_features"))).containsExactly(
                ParameterValue.ofInteger(4, "x"), ParameterValue.ofInteger(2000, "x"));
        assertThat(events).hasSize(1);
    }

    @Test
    void unknownNamesGetNothingAsRclcppAnswers() {
        ParameterServer p = server();
        assertThat(p.get(List.of("mode", "nope"))).isEmpty();
        assertThat(p.describe(List.of("nope"))).isEmpty();
        assertThat(p.types(List.of("mode", "nope"))).containsExactly(RclInterfacesCdr.STRING,
                RclInterfacesCdr.NOT_SET);
    }
}
