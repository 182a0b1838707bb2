package org.gpuvo.ros.node.args;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParametersTest {
    private static final String SRC = "vo.yaml line 7";

    private static Parameters sample() {
        return Parameters.of(Map.of(
                "use_sim_time", ParameterValue.ofBoolean(true, SRC),
                "orb.max_features", ParameterValue.ofString("many", SRC),
                "orb.levels", ParameterValue.ofInteger(8, SRC),
                "orb.scale", ParameterValue.ofDouble(1.2, SRC),
                "big", ParameterValue.ofInteger(3_000_000_000L, SRC),
                "frame_id", ParameterValue.ofString("camera", SRC),
                "k", ParameterValue.ofDoubles(new double[]{500, 500, 320, 240}, SRC),
                "ids", ParameterValue.ofIntegers(new long[]{1, 2, 3}, SRC),
                "flags", ParameterValue.ofBooleans(new boolean[]{true, false}, SRC),
                "topics", ParameterValue.ofStrings(new String[]{"/a", "/b"}, SRC)));
    }

    @Test
    void typedGettersGiveTheValueOrTheDefault() {
        Parameters p = sample();
        assertThat(p.getBoolean("use_sim_time", false)).isTrue();
        assertThat(p.getBoolean("absent", true)).isTrue();
        assertThat(p.getInt("orb.levels", 0)).isEqualTo(8);
        assertThat(p.getLong("big", 0)).isEqualTo(3_000_000_000L);
        assertThat(p.getDouble("orb.scale", 0)).isEqualTo(1.2);
        assertThat(p.getString("frame_id", "x")).isEqualTo("camera");
        assertThat(p.getString("absent", "x")).isEqualTo("x");
        assertThat(p.getDoubleArray("k", null)).containsExactly(500, 500, 320, 240);
        assertThat(p.getLongArray("ids", null)).containsExactly(1, 2, 3);
        assertThat(p.getIntArray("ids", null)).containsExactly(1, 2, 3);
        assertThat(p.getBooleanArray("flags", null)).containsExactly(true, false);
        assertThat(p.getStringArray("topics", null)).containsExactly("/a", "/b");
        assertThat(p.getIntArray("absent", new int[]{9})).containsExactly(9);
    }

    @Test
    void anIntegerServesWhereADoubleIsAsked() {
        Parameters p = sample();
        assertThat(p.getDouble("orb.levels", 0)).isEqualTo(8.0);
        assertThat(p.getDoubleArray("ids", null)).containsExactly(1.0, 2.0, 3.0);
    }

    @Test
    void aValueOfAnotherTypeIsAClearError() {
        Parameters p = sample();
        assertThatThrownBy(() -> p.getInt("orb.max_features", 1000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter orb.max_features: expected an integer, got 'many' (set in vo.yaml line 7)");
        assertThatThrownBy(() -> p.getInt("orb.scale", 0))
                .hasMessage("parameter orb.scale: expected an integer, got 1.2 (a double) (set in vo.yaml line 7)");
        assertThatThrownBy(() -> p.getInt("big", 0))
                .hasMessage("parameter big: expected an integer from -2147483648 to 2147483647, got 3000000000"
                        + " (set in vo.yaml line 7)");
        assertThatThrownBy(() -> p.getString("orb.levels", ""))
                .hasMessage("parameter orb.levels: expected a string, got 8 (an integer) (set in vo.yaml line 7);"
                        + " quote it to make it a string");
        assertThatThrownBy(() -> p.getBoolean("frame_id", false))
                .hasMessage("parameter frame_id: expected a boolean, got 'camera' (set in vo.yaml line 7)");
        assertThatThrownBy(() -> p.getDoubleArray("topics", null))
                .hasMessage("parameter topics: expected a list of doubles, got [/a, /b] (a list of strings)"
                        + " (set in vo.yaml line 7)");
        assertThatThrownBy(() -> p.getDouble("k", 0)).hasMessageContaining("expected a double, got [500.0, 500.0");
        assertThatThrownBy(() -> p.getLongArray("k", null)).hasMessageContaining("expected a list of integers");
    }

    @Test
    void unreadListsWhatWasGivenButNeverAskedFor() {
        Parameters p = sample();
        assertThat(p.unread()).containsExactly("big", "flags", "frame_id", "ids", "k", "orb.levels",
                "orb.max_features", "orb.scale", "topics", "use_sim_time");
        p.getBoolean("use_sim_time", false);
        p.getInt("orb.levels", 0);
        p.getDouble("absent", 0);
        p.has("frame_id");
        assertThatThrownBy(() -> p.getInt("orb.max_features", 0)).isInstanceOf(IllegalArgumentException.class);
        // a name asked for counts as read even where its value was refused: it is not a typo
        assertThat(p.unread()).containsExactly("big", "flags", "ids", "k", "orb.scale", "topics");
        assertThat(p.names()).hasSize(10);
    }

    @Test
    void arraysAreCopiedInAndOut() {
        long[] ids = {1, 2};
        Parameters p = Parameters.of(Map.of("ids", ParameterValue.ofIntegers(ids, SRC)));
        ids[0] = 99;
        long[] out = p.getLongArray("ids", null);
        out[1] = 77;
        assertThat(p.getLongArray("ids", null)).containsExactly(1, 2);
    }

    @Test
    void emptyGivesDefaults() {
        Parameters p = Parameters.empty();
        assertThat(p.getInt("x", 5)).isEqualTo(5);
        assertThat(p.names()).isEmpty();
        assertThat(p.unread()).isEmpty();
        assertThat(p.get("x")).isEmpty();
    }
}
