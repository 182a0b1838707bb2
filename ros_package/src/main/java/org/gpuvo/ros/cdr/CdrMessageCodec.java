package org.gpuvo.ros.cdr;

import java.nio.ByteOrder;

/** The codec of a message type: its CDR layout at the top level of a blob, and its definition text. */
final class CdrMessageCodec<T> implements MessageCodec<T> {
    private static final int INITIAL_CAPACITY = 256;

    private final RosMessageType<T> type;
    private final String definition;
    private final String typeHash;

    CdrMessageCodec(RosMessageType<T> type) {
        this.type = type;
        this.definition = Ros2msgDefinition.of(type);
        this.typeHash = RosTypeHash.of(type);
    }

    @Override
    public String typeHash() {
        return typeHash;
    }

    @Override
    public String type() {
        return type.name();
    }

    @Override
    public Class<T> messageClass() {
        return type.javaType();
    }

    @Override
    public String definition() {
        return definition;
    }

    @Override
    public T decode(byte[] blob, int offset, int length) {
        CdrReader in = CdrReader.open(blob, offset, length, type.name());
        T message = type.read(in);
        in.finish();
        return message;
    }

    @Override
    public byte[] encode(T message, ByteOrder order) {
        if (message == null)
            throw new NullPointerException(type.name() + ": message is null");
        CdrWriter out = new CdrWriter(order, type.name(), INITIAL_CAPACITY);
        type.write(out, message);
        return out.toByteArray();
    }

    @Override
    public String toString() {
        return "CDR codec of " + type.name();
    }
}
