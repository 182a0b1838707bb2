package org.gpuvo.ros.node;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.node.transport.InMemoryTransport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node under test: an in-memory transport, the node on it, a feeder playing a sequence to it, and the odometry it
 * publishes. Closing it closes the node and checks that no callback failed.
 */
final class NodeHarness implements AutoCloseable {
    /** Seconds to wait for one frame's odometry (a CPU frame takes well under one on the test data). */
    static final double FRAME_WAIT = 60;

    final InMemoryTransport transport = new InMemoryTransport();
    final ConfigVoNode config;
    final Sequence sequence;
    TopicRecorder<Odometry> odom;
    SequenceFeeder feeder;
    VoNode node;

    /** A harness whose node is not started yet (for what must be on the transport before). */
    NodeHarness(ConfigVoNode config, Sequence sequence) {
        this.config = config;
        this.sequence = sequence;
    }

    static NodeHarness started(ConfigVoNode config, Sequence sequence) {
        return new NodeHarness(config, sequence).start();
    }

    /**
     * A configuration for the CPU backend, the status published only when a test asks, and deterministic local
     * mapping: the tests compare the node's poses with the pipeline's run on the same frames with the same
     * configuration, exactly, which only the deterministic mode repeats (the asynchronous default maps on its own
     * thread, at times no test can fix).
     */
    static ConfigVoNode cpu(VoMode mode) {
        ConfigVoNode config = new ConfigVoNode(mode);
        config.vo.backend = Backend.CPU;
        config.vo.deterministic = true;
        config.statusPeriodSeconds = 3600;
        return config;
    }

    /** The rendered room at 320×240 (focal length 250 px), with depth and a right camera: small and cheap frames. */
    static SyntheticSequence smallRoom(int frames) {
        return smallRoom(frames, 320, 240);
    }

    /** The rendered room at the given size, its focal length scaled from 250 px at 320×240. */
    static SyntheticSequence smallRoom(int frames, int width, int height) {
        return new SyntheticSequence(ConfigSynthetic.room(width, height, frames));
    }

    NodeHarness start() {
        odom = TopicRecorder.of(transport, config.topics.odom, Odometry.class);
        node = VoNode.start(config, transport);
        feeder = new SequenceFeeder(transport, config, sequence);
        return this;
    }

    /** Publishes frame i (camera_info and images) and returns its odometry. */
    Odometry frame(int i) throws InterruptedException {
        feeder.publishFrame(i);
        return odom.next(FRAME_WAIT);
    }

    NodeStatus status() {
        return node.status();
    }

    /** Closes the node: its processing thread has ended and every output it made is out. */
    void stopNode() {
        if (node != null)
            node.close();
        node = null;
    }

    @Override
    public void close() {
        stopNode();
        assertThat(transport.callbackFailures()).isZero();
        transport.close();
    }
}
