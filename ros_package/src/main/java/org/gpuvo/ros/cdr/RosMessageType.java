package org.gpuvo.ros.cdr;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One ROS message type as the codecs know it: its name, its record class, the text of its {@code .msg} file, the
 * message types its fields use, and how its fields are read and written in CDR. Top-level messages and nested ones
 * (Time, Header, Pose, ...) are described alike, so a nested type is written once and used by every message that
 * holds it.
 */
final class RosMessageType<T> implements CdrType<T> {
    private final String name;
    private final Class<T> javaType;
    private final String msgText;
    private final List<RosMessageType<?>> dependencies;
    private final Function<CdrReader, T> reader;
    private final BiConsumer<CdrWriter, T> writer;

    private RosMessageType(String name, Class<T> javaType, String msgText, List<RosMessageType<?>> dependencies,
                           Function<CdrReader, T> reader, BiConsumer<CdrWriter, T> writer) {
        this.name = name;
        this.javaType = javaType;
        this.msgText = msgText;
        this.dependencies = dependencies;
        this.reader = reader;
        this.writer = writer;
    }

    /**
     * @param name         the ROS 2 name, {@code pkg/msg/Type}
     * @param msgText      the field lines of the type's {@code .msg} file, each ending in a newline
     * @param dependencies the message types that the fields name directly (in any order)
     * @param reader       reads the fields, in declaration order
     * @param writer       writes the fields, in declaration order
     */
    static <T> RosMessageType<T> of(String name, Class<T> javaType, String msgText,
                                    List<RosMessageType<?>> dependencies, Function<CdrReader, T> reader,
                                    BiConsumer<CdrWriter, T> writer) {
        return new RosMessageType<>(name, javaType, msgText, dependencies, reader, writer);
    }

    /** {@code pkg/msg/Type}. */
    String name() {
        return name;
    }

    /** {@code pkg/Type}, as the {@code MSG:} lines of a ros2msg definition name it. */
    String definitionName() {
        return name.replace("/msg/", "/");
    }

    Class<T> javaType() {
        return javaType;
    }

    String msgText() {
        return msgText;
    }

    List<RosMessageType<?>> dependencies() {
        return dependencies;
    }

    @Override
    public T read(CdrReader in) {
        return reader.apply(in);
    }

    @Override
    public void write(CdrWriter out, T value) {
        writer.accept(out, value);
    }

    @Override
    public String toString() {
        return name;
    }
}
