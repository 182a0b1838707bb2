package org.gpuvo.ros.node;

/** The steps of a frame's way through the node whose durations the status reports. */
enum Stage {
    /** from the message to pixels (and depth) */
    DECODE("decode"),
    /** feature extraction and matching, on either backend (the pipeline's own figure) */
    FRONT_END("front_end"),
    /** motion estimation and mapping on the host (the pipeline's own figure) */
    HOST("host"),
    /** building and publishing the outputs */
    PUBLISH("publish"),
    /** from taking the frame off the queue to its outputs published */
    TOTAL("total"),
    /** from the frame's (later) image arriving to its outputs published: queueing included */
    LATENCY("latency");

    /** The name in the status JSON. */
    final String key;

    Stage(String key) {
        this.key = key;
    }
}
