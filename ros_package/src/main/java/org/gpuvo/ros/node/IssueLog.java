package org.gpuvo.ros.node;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts the node's issues and logs them: the first of each kind as a warning, the later ones at debug level only,
 * so that a stream of bad messages cannot flood the log. Thread-safe.
 */
final class IssueLog {
    private static final Logger LOG = LoggerFactory.getLogger("org.gpuvo.ros.node");

    private final AtomicLongArray counts = new AtomicLongArray(NodeIssue.values().length);

    /** Counts one issue of {@code kind}; {@code message} says what happened, naming the topic. */
    void report(NodeIssue kind, String message) {
        long n = counts.incrementAndGet(kind.ordinal());
        if (n == 1)
            LOG.warn("{} (further {} issues are counted in the status, not logged)", message, kind.key);
        else
            LOG.debug("{} ({} #{})", message, kind.key, n);
    }

    long count(NodeIssue kind) {
        return counts.get(kind.ordinal());
    }

    /** Every count, by kind. */
    Map<NodeIssue, Long> counts() {
        Map<NodeIssue, Long> all = new EnumMap<>(NodeIssue.class);
        for (NodeIssue kind : NodeIssue.values())
            all.put(kind, counts.get(kind.ordinal()));
        return all;
    }
}
