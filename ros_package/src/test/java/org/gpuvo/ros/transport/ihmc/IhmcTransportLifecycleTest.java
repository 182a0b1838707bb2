package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.Subscription;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where the participants listen, and what is left of them once closed. Each test has a domain of its own. */
class IhmcTransportLifecycleTest {
    private static final MessageCodec<StringMessage> STRING = MessageCodecs.of(StringMessage.class);
    /** DDSI-RTPS 2.5 §9.6.1.1 well-known ports: PB 7400 + DG 250 × domain (+ d0 0) for multicast discovery. */
    private static final int PORT_BASE = 7400;
    private static final int DOMAIN_GAIN = 250;

    @Test
    void participantsListenOnLoopbackOnlyAndNotOnTheMulticastDiscoveryPort() throws InterruptedException {
        ProcessThreadsAndSockets.assumeLinuxProc();
        Set<String> before = new HashSet<>(ProcessThreadsAndSockets.udpSockets());
        try (LoopbackPeers peers = LoopbackPeers.open(1)) {
            exchangeOneMessage(peers, "/loopback_check");
            List<String> opened = ProcessThreadsAndSockets.udpSockets().stream()
                    .filter(s -> !before.contains(s)).toList();

            assertThat(opened).as("UDP sockets of the two participants").isNotEmpty()
                    .allSatisfy(s -> assertThat(s).startsWith("127.0.0.1:"));
            int multicastPort = PORT_BASE + DOMAIN_GAIN * LoopbackPeers.domainId(1);
            assertThat(opened).noneMatch(s -> s.endsWith(":" + multicastPort));
        }
    }

    @Test
    void closingLeavesNoFastDdsThreadOrSocketBehind() throws InterruptedException {
        ProcessThreadsAndSockets.assumeLinuxProc();
        List<String> threadsBefore = ProcessThreadsAndSockets.fastDdsThreads();
        Set<String> socketsBefore = new HashSet<>(ProcessThreadsAndSockets.udpSockets());
        LoopbackPeers peers = LoopbackPeers.open(2);
        exchangeOneMessage(peers, "/before_close");
        assertThat(ProcessThreadsAndSockets.fastDdsThreads()).hasSizeGreaterThan(threadsBefore.size());
        RawPublisher left = peers.publishing.advertise("/left_open", StringMessage.TYPE, QosProfile.RELIABLE);

        peers.close();
        peers.close();

        assertThat(ProcessThreadsAndSockets.fastDdsThreads()).containsExactlyInAnyOrderElementsOf(threadsBefore);
        assertThat(ProcessThreadsAndSockets.udpSockets()).allMatch(socketsBefore::contains);
        assertThatThrownBy(() -> left.publish(STRING.encode(new StringMessage("late"))))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> peers.publishing.advertise("/after_close", StringMessage.TYPE, QosProfile.RELIABLE))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
        assertThatThrownBy(() -> peers.subscribing.subscribe("/after_close", StringMessage.TYPE, QosProfile.RELIABLE,
                new Inbox())).isInstanceOf(IllegalStateException.class);
    }

    /**
     * A sample past the reader's limit is dropped by Fast DDS (the reader's payloads cannot grow); the JVM lives on
     * and the samples after it still come. With growable reader payloads the same sample crashed the JVM.
     */
    @Test
    void aMessageOverTheReadersLimitIsDroppedAndTheNextOnesStillCome() throws InterruptedException {
        int domain = LoopbackPeers.domainId(3);
        try (IhmcTransport writerSide = LoopbackPeers.openOrSkip(IhmcTransportConfig.loopbackOnly(domain, "big"));
             IhmcTransport readerSide = LoopbackPeers.openOrSkip(IhmcTransportConfig.loopbackOnly(domain, "small")
                     .withMaxMessageBytes(StringMessage.TYPE, 64))) {
            Inbox inbox = new Inbox();
            try (Subscription sub = readerSide.subscribe("/sizes", StringMessage.TYPE,
                    QosProfile.RELIABLE, inbox);
                 RawPublisher pub = writerSide.advertise("/sizes", StringMessage.TYPE, QosProfile.RELIABLE)) {
                Inbox.awaitMatched(pub, 1);
                pub.publish(STRING.encode(new StringMessage("x".repeat(200))));
                pub.publish(STRING.encode(new StringMessage("small")));
                ReceivedMessage got = inbox.next(Inbox.PATIENCE);

                assertThat(got).isNotNull();
                assertThat(STRING.decode(got.data()).data()).isEqualTo("small");
                assertThat(inbox.next(Duration.ofMillis(300))).isNull();
            }
        }
    }

    /** Fast DDS would take it, log an error and open no socket: a participant that hears and says nothing. */
    @Test
    void aWhitelistedAddressOfNoInterfaceHereIsRefused() {
        // TEST-NET-2 (RFC 5737): on no machine's interface
        IhmcTransportConfig config = IhmcTransportConfig.loopbackOnly(LoopbackPeers.domainId(6), "nowhere")
                .withInterfaces(List.of("198.51.100.7"), false, List.of("127.0.0.1"), 4);
        assertThatThrownBy(() -> IhmcTransport.open(config)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("198.51.100.7").hasMessageContaining("no network interface");
    }

    private static void exchangeOneMessage(LoopbackPeers peers, String topic) throws InterruptedException {
        Inbox inbox = new Inbox();
        try (Subscription sub = peers.subscribing.subscribe(topic, StringMessage.TYPE, QosProfile.RELIABLE, inbox);
             RawPublisher pub = peers.publishing.advertise(topic, StringMessage.TYPE, QosProfile.RELIABLE)) {
            Inbox.awaitMatched(pub, 1);
            pub.publish(STRING.encode(new StringMessage("ping")));
            assertThat(inbox.next(Inbox.PATIENCE)).as("message on " + topic).isNotNull();
        }
    }
}
