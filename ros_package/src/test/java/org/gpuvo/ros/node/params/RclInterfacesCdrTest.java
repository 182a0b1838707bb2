package org.gpuvo.ros.node.params;

import org.gpuvo.ros.cdr.CdrException;
import org.gpuvo.ros.node.args.ParameterValue;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RclInterfacesCdrTest {
    /**
     * GetParameters_Response with one integer value 300, laid out by hand from ParameterValue.msg: alignment counted
     * from after the encapsulation header, every empty string as its length 1 and the NUL, empty sequences as 0.
     */
    @Test
    void anIntegerValueAsRclcppWritesIt() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(new byte[]{0, 1, 0, 0});
        b.writeBytes(new byte[]{1, 0, 0, 0});                 // 0: one value
        b.writeBytes(new byte[]{2, 0, 0, 0});                 // 4: type INTEGER, bool false, padding to 8
        b.writeBytes(new byte[]{44, 1, 0, 0, 0, 0, 0, 0});    // 8: integer_value 300
        b.writeBytes(new byte[8]);                            // 16: double_value 0
        b.writeBytes(new byte[]{1, 0, 0, 0, 0, 0, 0, 0});     // 24: string_value "" and padding to 32
        b.writeBytes(new byte[4 * 5]);                        // 32: five empty sequences
        byte[] expected = b.toByteArray();
        byte[] encoded = RclInterfacesCdr.encodeValues(List.of(ParameterValue.ofInteger(300, "test")));
        assertThat(encoded).isEqualTo(expected);
        assertThat(RclInterfacesCdr.decodeValues(encoded)).containsExactly(ParameterValue.ofInteger(300, "x"));
    }

    @Test
    void everyTypeComesBackAsItWent() {
        List<ParameterValue> values = List.of(ParameterValue.ofBoolean(true, "t"), ParameterValue.ofDouble(0.5, "t"),
                ParameterValue.ofString("mono", "t"), ParameterValue.ofBooleans(new boolean[]{true, false}, "t"),
                ParameterValue.ofIntegers(new long[]{-1, 1L << 40}, "t"),
                ParameterValue.ofDoubles(new double[]{1.5, -2}, "t"),
                ParameterValue.ofStrings(new String[]{"a", ""}, "t"),
                ParameterValue.ofBytes(new byte[]{1, 2, 3}, "t"));
        assertThat(RclInterfacesCdr.decodeValues(RclInterfacesCdr.encodeValues(values))).isEqualTo(values);

        List<NamedValue> parameters = List.of(new NamedValue("a.b", ParameterValue.ofInteger(7, "t")),
                new NamedValue("gone", null));
        assertThat(RclInterfacesCdr.decodeParameters(RclInterfacesCdr.encodeParameters(parameters)))
                .isEqualTo(parameters);
        assertThat(RclInterfacesCdr.decodeListRequest(RclInterfacesCdr.encodeListRequest(List.of("orb"), 2)))
                .isEqualTo(new RclInterfacesCdr.ListRequest(List.of("orb"), 2));
        List<ParameterDescriptor> descriptors = List.of(new ParameterDescriptor("mode", 4, "", "fixed", true));
        assertThat(RclInterfacesCdr.decodeDescriptors(RclInterfacesCdr.encodeDescriptors(descriptors)))
                .isEqualTo(descriptors);
    }

    @Test
    void anUnknownTypeOrACutMessageIsMalformed() {
        byte[] value = RclInterfacesCdr.encodeValues(List.of(ParameterValue.ofInteger(1, "t")));
        value[8] = 42;
        assertThatThrownBy(() -> RclInterfacesCdr.decodeValues(value)).isInstanceOf(CdrException.class)
                .hasMessageContaining("42");
        byte[] names = RclInterfacesCdr.encodeNames(List.of("orb.max_features"));
        assertThatThrownBy(() -> RclInterfacesCdr.decodeNames(java.util.Arrays.copyOf(names, names.length - 6)))
                .isInstanceOf(CdrException.class);
    }
}
