package org.gpuvo.ros.node;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The public instance fields of one type in a table of settings ({@link ConfigNodeTopics}' names,
 * {@link ConfigNodeQos}' profiles), read and copied by reflection so that a field added to the table is checked and
 * copied with the others. The values must be immutable (strings, records): a copy shares them.
 */
final class ValueFields {
    private ValueFields() {
    }

    /** The public instance fields of {@code owner} declared with {@code type}. */
    static List<Field> of(Class<?> owner, Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Field field : owner.getFields())
            if (!Modifier.isStatic(field.getModifiers()) && field.getType() == type)
                fields.add(field);
        return fields;
    }

    static Object get(Field field, Object owner) {
        try {
            return field.get(owner);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sets each field of {@code type} in {@code to} to its value in {@code from}. */
    static <T> T copy(T from, T to, Class<?> type) {
        try {
            for (Field field : of(from.getClass(), type))
                field.set(to, field.get(from));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return to;
    }
}
