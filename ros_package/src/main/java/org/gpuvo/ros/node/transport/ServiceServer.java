package org.gpuvo.ros.node.transport;

/** A service the node offers, made by {@link Transport#serve}; closing it stops the answers. */
public interface ServiceServer extends AutoCloseable {
    /** The fully qualified service name, e.g. {@code /vo/reset}. */
    String service();

    /** The GUID of the request reader (16 bytes), a reader gid of the node; empty where the transport has none. */
    default byte[] requestReaderGid() {
        return new byte[0];
    }

    /** The GUID of the reply writer (16 bytes), a writer gid of the node; empty where the transport has none. */
    default byte[] replyWriterGid() {
        return new byte[0];
    }

    /** Requests that got no answer: malformed, refused by the handler, or from a client that cannot be answered. */
    long unanswered();

    @Override
    void close();
}
