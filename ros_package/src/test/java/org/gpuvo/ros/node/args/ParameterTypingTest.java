package org.gpuvo.ros.node.args;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** YAML values typed as rcl_yaml_param_parser types them, through {@code -p} (a params file goes the same way). */
class ParameterTypingTest {
    private static ParameterValue p(String yaml) {
        ParameterSection s = ParameterAssignment.parse("k:=" + yaml);
        assertThat(s.nodeKey()).isEqualTo("/**");
        return s.values().get("k");
    }

    @Test
    void theBriefsExamples() {
        assertThat(p("true")).isEqualTo(ParameterValue.ofBoolean(true, ""));
        assertThat(p("3")).isEqualTo(ParameterValue.ofInteger(3, ""));
        assertThat(p("3.0")).isEqualTo(ParameterValue.ofDouble(3.0, ""));
        assertThat(p("'3'")).isEqualTo(ParameterValue.ofString("3", ""));
        assertThat(p("[1, 2]")).isEqualTo(ParameterValue.ofIntegers(new long[]{1, 2}, ""));
        assertThat(p("[1, 2]").source()).isEqualTo("-p k:=[1, 2]");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            // booleans: YAML 1.1's words in rcl's three casings, unquoted only
            "true    | BOOL    | true",  "True  | BOOL | true",  "TRUE | BOOL | true", "yes | BOOL | true",
            "On      | BOOL    | true",  "y     | BOOL | true",  "Y    | BOOL | true",
            "false   | BOOL    | false", "NO    | BOOL | false", "off  | BOOL | false", "n   | BOOL | false",
            "tRue    | STRING  | tRue",  "'true' | STRING | true", "\"on\" | STRING | on",
            // integers: strtol base 0 reading everything
            "42      | INTEGER | 42",    "-7    | INTEGER | -7",   "+5   | INTEGER | 5",
            "0x1F    | INTEGER | 31",    "-0x10 | INTEGER | -16",  "010  | INTEGER | 8", "0 | INTEGER | 0",
            "9223372036854775807  | INTEGER | 9223372036854775807",
            "-9223372036854775808 | INTEGER | -9223372036854775808",
            // past 64 bits strtol fails and strtod reads it
            "9223372036854775808  | DOUBLE  | 9.223372036854776E18",
            // doubles: strtod reading everything; 08 is not octal, so strtod reads it
            "3.0     | DOUBLE  | 3.0",   "1e3   | DOUBLE | 1000.0", "-.5 | DOUBLE | -0.5", "5. | DOUBLE | 5.0",
            "08      | DOUBLE  | 8.0",   "0x1.8 | DOUBLE | 1.5",    "0x1p3 | DOUBLE | 8.0",
            ".inf    | DOUBLE  | Infinity", "-.Inf | DOUBLE | -Infinity", ".NaN | DOUBLE | NaN",
            "inf     | DOUBLE  | Infinity", "-Infinity | DOUBLE | -Infinity", "nan | DOUBLE | NaN",
            // out of double's range strtod sets ERANGE and the text stays a string
            "1e999   | STRING  | 1e999", "1e-999 | STRING | 1e-999", "0e-999 | DOUBLE | 0.0",
            // strings
            "many    | STRING  | many",  "1_000 | STRING | 1_000", "0x    | STRING | 0x", "1.0f | STRING | 1.0f",
            "~       | STRING  | ~",     "null  | STRING | null",  "'3'   | STRING | 3",  "''   | STRING | ''",
            "hello world | STRING | hello world", "a:b | STRING | a:b", "0b101 | STRING | 0b101",
    })
    void scalars(String yaml, ParameterValue.Type type, String text) {
        ParameterValue v = p(yaml);
        assertThat(v.type()).isEqualTo(type);
        assertThat(v.text()).isEqualTo(text.equals("''") ? "" : text);
    }

    @Test
    void listsOfOneType() {
        assertThat(p("[true, no]")).isEqualTo(ParameterValue.ofBooleans(new boolean[]{true, false}, ""));
        assertThat(p("[1.5, 2.0]")).isEqualTo(ParameterValue.ofDoubles(new double[]{1.5, 2.0}, ""));
        assertThat(p("[a, 'b', \"3\"]")).isEqualTo(ParameterValue.ofStrings(new String[]{"a", "b", "3"}, ""));
        assertThat(p("[0x10, 010]")).isEqualTo(ParameterValue.ofIntegers(new long[]{16, 8}, ""));
    }

    @Test
    void listsOfMixedTypesAreRefusedAsRclRefusesThem() {
        assertThatThrownBy(() -> p("[1, 2.5]"))
                .hasMessageStartingWith("-p k:=[1, 2.5]: parameter k is a list of integers, but element 1 (2.5) is a double");
        assertThatThrownBy(() -> p("[1, '2']"))
                .hasMessageContaining("is a list of integers, but element 1 (2) is a string");
        assertThatThrownBy(() -> p("[]")).hasMessageContaining("parameter k is an empty list, which has no type");
        assertThatThrownBy(() -> p("[[1], [2]]")).hasMessageContaining("parameter k[0] is a list");
        assertThatThrownBy(() -> p("[{a: 1}]")).hasMessageContaining("parameter k[0] is a mapping");
    }

    @Test
    void aNodeNameBeforeTheParameterLimitsIt() {
        ParameterSection s = ParameterAssignment.parse("vo:orb.max_features:=500");
        assertThat(s.nodeKey()).isEqualTo("/vo");
        assertThat(s.values()).containsOnlyKeys("orb.max_features");
        assertThat(ParameterAssignment.parse("a/b.c_d:=1").values()).containsOnlyKeys("a/b.c_d");
        assertThatThrownBy(() -> ParameterAssignment.parse("a..b:=1")).hasMessageContaining("'a..b' is not a parameter name");
        assertThatThrownBy(() -> ParameterAssignment.parse("__ns:=1")).hasMessageContaining("'__ns' is not a parameter name");
        assertThatThrownBy(() -> ParameterAssignment.parse("a.*:=1")).hasMessageContaining("wildcards in parameter names");
    }
}
