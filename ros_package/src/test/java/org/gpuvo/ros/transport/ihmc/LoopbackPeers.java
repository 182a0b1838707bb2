package org.gpuvo.ros.transport.ihmc;

import org.junit.jupiter.api.Assumptions;

/**
 * Two Fast DDS participants in this JVM, on 127.0.0.1 only and without multicast, so that no test traffic leaves the
 * machine. The domain id comes from the process id, so that test runs side by side do not see each other. Tests
 * skip, with the reason, where Fast DDS cannot run here.
 */
final class LoopbackPeers implements AutoCloseable {
    final IhmcTransport publishing;
    final IhmcTransport subscribing;

    private LoopbackPeers(IhmcTransport publishing, IhmcTransport subscribing) {
        this.publishing = publishing;
        this.subscribing = subscribing;
    }

    /**
     * A domain id of this process, shifted by {@code offset} (0..19) for tests that need a domain of their own;
     * never 0, the domain of an unconfigured ROS 2 node.
     */
    static int domainId(int offset) {
        return 20 + (int) (ProcessHandle.current().pid() % 10) * 20 + offset;
    }

    static IhmcTransport openOrSkip(IhmcTransportConfig config) {
        try {
            return IhmcTransport.open(config);
        } catch (FastDdsUnavailableException e) {
            Assumptions.abort("Fast DDS cannot run here: " + e.getMessage());
            throw e;
        }
    }

    static LoopbackPeers open(int domainOffset) {
        int domain = domainId(domainOffset);
        IhmcTransport a = openOrSkip(IhmcTransportConfig.loopbackOnly(domain, "gpuvo_test_pub"));
        try {
            return new LoopbackPeers(a, openOrSkip(IhmcTransportConfig.loopbackOnly(domain, "gpuvo_test_sub")));
        } catch (RuntimeException e) {
            a.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            subscribing.close();
        } finally {
            publishing.close();
        }
    }
}
