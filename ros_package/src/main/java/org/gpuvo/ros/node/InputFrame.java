package org.gpuvo.ros.node;

import org.gpuvo.ros.msg.Time;

/**
 * A frame for the pipeline: the mono / left / RGB image and, for stereo and RGB-D, its partner (right image or
 * depth). The frame's stamp is the first image's.
 */
record InputFrame(InputImage first, InputImage second) {
    Time stamp() {
        return first.header().stamp();
    }

    long stampNanos() {
        return first.stampNanos();
    }

    /** The stamp as seconds with all nine digits, for messages. */
    String stampText() {
        return first.stampText();
    }

    /** When the later of its images arrived ({@link System#nanoTime()}). */
    long receivedNanos() {
        return second == null ? first.receivedNanos() : Math.max(first.receivedNanos(), second.receivedNanos());
    }
}
