package org.gpuvo.ros.node.transport;

/**
 * Answers one request of a service: the request's serialized body in, the response's out (both CDR with the
 * encapsulation header, without any middleware's request header), or null to send no answer (a malformed request).
 * Called on the transport's threads, one request at a time per service.
 */
@FunctionalInterface
public interface ServiceHandler {
    byte[] answer(byte[] request);
}
