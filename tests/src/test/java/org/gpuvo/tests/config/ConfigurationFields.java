package org.gpuvo.tests.config;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.struct.Configuration;
import org.gpuvo.odometry.camera.LensDistortion;
import org.gpuvo.odometry.camera.RadialTangentialDistortion;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The public fields of configurations, read and written by reflection: each changed to a value unlike the one it
 * holds (nested configurations in place, recursively), compared, and checked for shared mutable state. A field of a
 * type it does not know fails the check, so that a new kind of setting is taught here rather than passed over.
 */
final class ConfigurationFields {
    /** immutable values for fields of interface type, handed out in turn so that equal changes give equal values */
    private static final List<LensDistortion> DISTORTIONS = List.of(
            RadialTangentialDistortion.plumbBob(-0.1, 0.01, 0.001, -0.002, 0),
            RadialTangentialDistortion.plumbBob(-0.2, 0.02, 0.002, -0.001, 0.003));

    private ConfigurationFields() {
    }

    /** The settings: public instance fields that are not final. */
    static List<Field> settings(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Field f : type.getFields()) {
            int m = f.getModifiers();
            if (!Modifier.isStatic(m) && !Modifier.isFinal(m))
                fields.add(f);
        }
        return fields;
    }

    static <T> T create(Class<T> type) {
        try {
            Constructor<T> constructor = type.getConstructor();
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(type.getName() + " needs a public constructor without arguments", e);
        }
    }

    /** Sets every setting of {@code config} to a value unlike the one it holds; nested configurations in place. */
    static void change(Object config) {
        for (Field f : settings(config.getClass()))
            set(f, config, next(f.getType(), f.getGenericType(), get(f, config), name(f)));
    }

    private static Object next(Class<?> type, Type generic, Object current, String where) {
        if (type == int.class || type == Integer.class)
            return current == null ? 1 : (Integer) current + 1;
        if (type == long.class || type == Long.class)
            return current == null ? 1L : (Long) current + 1;
        if (type == short.class || type == Short.class)
            return (short) (current == null ? 1 : (Short) current + 1);
        if (type == byte.class || type == Byte.class)
            return (byte) (current == null ? 1 : (Byte) current + 1);
        if (type == char.class || type == Character.class)
            return (char) (current == null ? 'a' : (Character) current + 1);
        if (type == double.class || type == Double.class) {
            double v = current == null ? Double.NaN : (Double) current;
            return Double.isFinite(v) ? v + 0.5 : 1.25;
        }
        if (type == float.class || type == Float.class) {
            float v = current == null ? Float.NaN : (Float) current;
            return Float.isFinite(v) ? v + 0.5f : 1.25f;
        }
        if (type == boolean.class || type == Boolean.class)
            return current == null || !(Boolean) current;
        if (type == String.class)
            return current == null ? "changed" : current + "_";
        if (type.isEnum()) {
            Object[] constants = type.getEnumConstants();
            if (current == null)
                return constants[0];
            return constants.length > 1 ? constants[(((Enum<?>) current).ordinal() + 1) % constants.length] : null;
        }
        if (Configuration.class.isAssignableFrom(type)) {
            Object nested = current != null ? current : create(type);
            change(nested);
            return nested;
        }
        if (type.isArray()) {
            int n = current == null ? 0 : Array.getLength(current);
            Object array = Array.newInstance(type.getComponentType(), n + 1);
            for (int i = 0; i < n; i++)
                Array.set(array, i, Array.get(current, i));
            Array.set(array, n, next(type.getComponentType(), null, n > 0 ? Array.get(current, n - 1) : null,
                    where + "[" + n + "]"));
            return array;
        }
        if (List.class.isAssignableFrom(type) && generic instanceof ParameterizedType p
                && p.getActualTypeArguments()[0] instanceof Class<?> element) {
            List<Object> list = current == null ? new ArrayList<>() : new ArrayList<>((List<?>) current);
            list.add(next(element, null, list.isEmpty() ? null : list.get(list.size() - 1), where + "[]"));
            return list;
        }
        if (type.isRecord())
            return nextRecord(type, current, where);
        if (type == LensDistortion.class)
            return DISTORTIONS.get((DISTORTIONS.indexOf(current) + 1) % DISTORTIONS.size());
        if (type == Se3_F64.class) {
            Se3_F64 pose = new Se3_F64();
            if (current != null)
                pose.setTo((Se3_F64) current);
            // turned by 0.1 rad about z and moved by 1 along x
            double c = Math.cos(0.1), s = Math.sin(0.1);
            double[] r = pose.R.data;
            for (int col = 0; col < 3; col++) {
                double x = r[col], y = r[3 + col];
                r[col] = c * x - s * y;
                r[3 + col] = s * x + c * y;
            }
            pose.T.x += 1;
            return pose;
        }
        throw new AssertionError(where + ": no way to change a " + generic + "; teach ConfigurationFields its type"
                + " (and whether it is mutable)");
    }

    private static Object nextRecord(Class<?> type, Object current, String where) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                Object value = current == null ? null : components[i].getAccessor().invoke(current);
                values[i] = next(types[i], components[i].getGenericType(), value,
                        where + "." + components[i].getName());
            }
            return type.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(where + ": cannot make a " + type.getName(), e);
        }
    }

    /** Asserts that every setting of {@code actual} equals that of {@code expected}, nested ones recursively. */
    static void assertSameSettings(Object expected, Object actual, String where) {
        assertThat(actual).as(where).isNotNull();
        assertThat(actual.getClass()).as(where).isEqualTo(expected.getClass());
        for (Field f : settings(expected.getClass())) {
            Object e = get(f, expected), a = get(f, actual);
            String path = where + "." + f.getName();
            if (e != null && a != null && e instanceof Configuration)
                assertSameSettings(e, a, path);
            else if (e instanceof Se3_F64 pe && a instanceof Se3_F64 pa)
                assertThat(Arrays.equals(pa.R.data, pe.R.data) && pa.T.isIdentical(pe.T, 0))
                        .as(path + ": the copy holds " + pa + ", not " + pe).isTrue();
            else
                assertThat(Objects.deepEquals(a, e)).as(path + ": the copy holds " + show(a) + ", not " + show(e))
                        .isTrue();
        }
    }

    /** Asserts that {@code copy} holds no mutable object of {@code original}'s (a nested configuration, an array). */
    static void assertNothingShared(Object original, Object copy, String where) {
        for (Field f : settings(original.getClass())) {
            Object o = get(f, original), c = get(f, copy);
            String path = where + "." + f.getName();
            if (o == null || !isMutable(o))
                continue;
            assertThat(c).as(path + " is shared with the original").isNotSameAs(o);
            if (o instanceof Configuration)
                assertNothingShared(o, c, path);
        }
    }

    private static boolean isMutable(Object value) {
        return value instanceof Configuration || value.getClass().isArray() && Array.getLength(value) > 0
                || value instanceof List || value instanceof Se3_F64;
    }

    static Object get(Field f, Object owner) {
        try {
            return f.get(owner);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static void set(Field f, Object owner, Object value) {
        try {
            f.set(owner, value);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static String name(Field f) {
        return f.getDeclaringClass().getSimpleName() + "." + f.getName();
    }

    private static String show(Object value) {
        return value != null && value.getClass().isArray() ? Arrays.deepToString(new Object[]{value}) : "" + value;
    }
}
