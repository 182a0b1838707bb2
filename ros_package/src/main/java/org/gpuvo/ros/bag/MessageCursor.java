package org.gpuvo.ros.bag;

import java.io.Closeable;
import java.io.IOException;

/**
 * Messages read one at a time, in time order, without holding the bag in memory. {@link #next()} returns null at
 * the end; it throws {@link BagFormatException} at damage, after all messages before it were returned.
 */
public interface MessageCursor extends Closeable {
    /** The next message, or null after the last one. */
    BagMessage next() throws IOException;

    @Override
    void close() throws IOException;
}
