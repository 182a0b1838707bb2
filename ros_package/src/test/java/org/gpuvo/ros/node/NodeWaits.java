package org.gpuvo.ros.node;

import java.util.function.Predicate;

/** Waiting for a node's status to reach a state (the processing thread works on its own time). */
final class NodeWaits {
    private NodeWaits() {
    }

    /** Polls the node's status until {@code condition} holds; fails the test after {@code seconds}. */
    static NodeStatus until(VoNode node, Predicate<NodeStatus> condition, double seconds) throws InterruptedException {
        long deadline = System.nanoTime() + Math.round(seconds * 1e9);
        while (true) {
            NodeStatus status = node.status();
            if (condition.test(status))
                return status;
            if (System.nanoTime() > deadline)
                throw new AssertionError("the node did not reach the expected state within " + seconds + " s: "
                        + StatusMessages.json(status));
            Thread.sleep(10);
        }
    }
}
