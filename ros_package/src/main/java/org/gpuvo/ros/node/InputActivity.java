package org.gpuvo.ros.node;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * When each image input was last heard, to tell a publisher that went away: an input heard once and then silent for
 * longer than the timeout is reported ({@link NodeIssue#INPUT_SILENT}) when {@link #check} runs, and its return is
 * logged when it is heard again. Thread-safe.
 */
final class InputActivity {
    private static final Logger LOG = LoggerFactory.getLogger("org.gpuvo.ros.node");

    private static final class Input {
        long lastNanos;
        boolean heard, silent;
    }

    private final Map<String, Input> inputs = new LinkedHashMap<>();
    private final long timeoutNanos;
    private final IssueLog issues;

    InputActivity(List<String> topics, double timeoutSeconds, IssueLog issues) {
        for (String topic : topics)
            inputs.put(topic, new Input());
        this.timeoutNanos = Math.round(timeoutSeconds * 1e9);
        this.issues = issues;
    }

    /** Notes a message on {@code topic} at {@code nanos} ({@link System#nanoTime()}). */
    void heard(String topic, long nanos) {
        long silentFor;
        synchronized (this) {
            Input input = inputs.get(topic);
            if (input == null)
                return;
            silentFor = input.silent ? nanos - input.lastNanos : -1;
            input.heard = true;
            input.silent = false;
            input.lastNanos = nanos;
        }
        if (silentFor >= 0)
            LOG.info("{}: messages again after {} s of silence", topic, String.format(Locale.ROOT, "%.1f", silentFor / 1e9));
    }

    /** Reports every input that has fallen silent since the last check. */
    void check(long nanos) {
        for (Map.Entry<String, Input> e : inputs.entrySet()) {
            long silentFor;
            synchronized (this) {
                Input input = e.getValue();
                if (!input.heard || input.silent || nanos - input.lastNanos <= timeoutNanos)
                    continue;
                input.silent = true;
                silentFor = nanos - input.lastNanos;
            }
            issues.report(NodeIssue.INPUT_SILENT, e.getKey() + ": nothing heard for "
                    + String.format(Locale.ROOT, "%.1f", silentFor / 1e9) + " s (has its publisher gone?)");
        }
    }

    /** The inputs silent now. */
    synchronized List<String> silent() {
        return inputs.entrySet().stream().filter(e -> e.getValue().silent).map(Map.Entry::getKey).toList();
    }

    /** Whether any input has been heard yet. */
    synchronized boolean anyHeard() {
        return inputs.values().stream().anyMatch(i -> i.heard);
    }
}
