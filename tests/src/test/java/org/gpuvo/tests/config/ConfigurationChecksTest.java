package org.gpuvo.tests.config;

import org.gpuvo.gpu.struct.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every configuration class of every module (as BoofCV's StandardConfigurationChecks): its defaults are valid,
 * {@code copy()} carries every public field (nested configurations, enums, arrays and lists included) and shares no
 * mutable state with the original, and {@code checkValidity()} names the field it rejects.
 */
class ConfigurationChecksTest {
    static Stream<String> configurations() {
        return ConfigurationClasses.find().stream();
    }

    @Test
    void theConfigurationsOfEveryModuleAreFound() {
        assertThat(ConfigurationClasses.find()).contains(
                "org.gpuvo.gpu.features.ConfigOrb",
                "org.gpuvo.gpu.features.ConfigSift",
                "org.gpuvo.gpu.match.ConfigMatch",
                "org.gpuvo.odometry.bundle.ConfigBundle",
                "org.gpuvo.odometry.frontend.ConfigSiftThreshold",
                "org.gpuvo.odometry.geometry.ConfigRansac",
                "org.gpuvo.odometry.metrics.ConfigEvaluation",
                "org.gpuvo.odometry.synthetic.ConfigSynthetic",
                "org.gpuvo.odometry.vo.ConfigVisualOdometry",
                "org.gpuvo.ros.node.ConfigNodeQos",
                "org.gpuvo.ros.node.ConfigNodeTopics",
                "org.gpuvo.ros.node.ConfigVoNode",
                "org.gpuvo.ros.replay.ConfigSync");
    }

    @ParameterizedTest
    @MethodSource("configurations")
    void isAConfigurationWithValidDefaults(String name) {
        Class<?> type = load(name);
        assertThat(Configuration.class).as(name + " implements Configuration").isAssignableFrom(type);
        assertThat(ConfigurationFields.settings(type)).as(name + " has settings").isNotEmpty();
        Configuration config = (Configuration) ConfigurationFields.create(type);
        assertThat(config.checkValidity()).isSameAs(config);
    }

    @ParameterizedTest
    @MethodSource("configurations")
    void copyCarriesEveryFieldAndSharesNothing(String name) {
        Class<?> type = load(name);
        Object defaults = ConfigurationFields.create(type);
        Configuration changed = (Configuration) ConfigurationFields.create(type);
        Object expected = ConfigurationFields.create(type);
        ConfigurationFields.change(changed);
        ConfigurationFields.change(expected);
        assertEveryFieldDiffers(defaults, expected, type.getSimpleName());

        Configuration copy = changed.copy();
        assertThat(copy).isNotSameAs(changed);
        ConfigurationFields.assertSameSettings(expected, copy, type.getSimpleName());
        ConfigurationFields.assertNothingShared(changed, copy, type.getSimpleName());
        // changing the original afterwards leaves the copy as it was
        ConfigurationFields.change(changed);
        ConfigurationFields.assertSameSettings(expected, copy, type.getSimpleName());
    }

    /**
     * Each number set to a value out of any range (NaN, the least int) and each object field to null, one at a time,
     * nested ones included: where checkValidity rejects it, it throws IllegalArgumentException naming the field.
     */
    @ParameterizedTest
    @MethodSource("configurations")
    void checkValidityNamesTheFieldItRejects(String name) {
        Class<?> type = load(name);
        int rejected = 0;
        for (List<Field> path : leafPaths(type, new ArrayList<>())) {
            Configuration config = (Configuration) ConfigurationFields.create(type);
            Object owner = config;
            for (Field f : path.subList(0, path.size() - 1))
                owner = ConfigurationFields.get(f, owner);
            Field leaf = path.get(path.size() - 1);
            Object bad = badValue(leaf.getType());
            if (bad == NONE)
                continue;
            ConfigurationFields.set(leaf, owner, bad);
            String where = ConfigurationFields.name(leaf) + " = " + bad;
            try {
                config.checkValidity();
            } catch (IllegalArgumentException e) {
                rejected++;
                assertThat(e.getMessage()).as(where).contains(leaf.getName());
            } catch (RuntimeException e) {
                fail(where + ": checkValidity threw " + e + " instead of an IllegalArgumentException", e);
            }
        }
        assertThat(rejected).as(name + ": some bad value is rejected").isPositive();
    }

    private static final Object NONE = new Object();

    private static Object badValue(Class<?> type) {
        if (type == int.class)
            return Integer.MIN_VALUE;
        if (type == double.class)
            return Double.NaN;
        if (type == float.class)
            return Float.NaN;
        return type.isPrimitive() ? NONE : null;
    }

    /** The paths from {@code type} to each of its settings, through nested configurations. */
    private static List<List<Field>> leafPaths(Class<?> type, List<Field> prefix) {
        List<List<Field>> paths = new ArrayList<>();
        for (Field f : ConfigurationFields.settings(type)) {
            List<Field> path = new ArrayList<>(prefix);
            path.add(f);
            paths.add(path);
            if (Configuration.class.isAssignableFrom(f.getType()))
                paths.addAll(leafPaths(f.getType(), path));
        }
        return paths;
    }

    private static void assertEveryFieldDiffers(Object defaults, Object changed, String where) {
        for (Field f : ConfigurationFields.settings(defaults.getClass())) {
            Object d = ConfigurationFields.get(f, defaults), c = ConfigurationFields.get(f, changed);
            if (d instanceof Configuration && c instanceof Configuration)
                assertEveryFieldDiffers(d, c, where + "." + f.getName());
            else
                assertThat(Objects.deepEquals(d, c)).as(where + "." + f.getName() + " was changed")
                        .isFalse();
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ConfigurationChecksTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }
}
