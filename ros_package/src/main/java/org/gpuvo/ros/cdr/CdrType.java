package org.gpuvo.ros.cdr;

import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * How values of one ROS message type (a top-level message or a nested one such as a Header) are read from and written
 * to CDR, field by field in declaration order.
 */
public interface CdrType<T> {
    /** Reads the fields of one value at the reader's position. */
    T read(CdrReader in);

    /** Writes the fields of {@code value}. */
    void write(CdrWriter out, T value);

    /** A type read and written by these two functions, field by field in declaration order. */
    static <T> CdrType<T> of(Function<CdrReader, T> read,
                             BiConsumer<CdrWriter, T> write) {
        return new CdrType<>() {
            @Override
            public T read(CdrReader in) {
                return read.apply(in);
            }

            @Override
            public void write(CdrWriter out, T value) {
                write.accept(out, value);
            }
        };
    }
}
