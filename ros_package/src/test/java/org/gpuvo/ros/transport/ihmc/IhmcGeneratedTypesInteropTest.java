package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ReceivedMessage;
import org.gpuvo.ros.node.transport.Subscription;
import org.junit.jupiter.api.Test;
import std_msgs.msg.dds.StringPubSubType;
import us.ihmc.ros2.ROS2Node;
import us.ihmc.ros2.ROS2PublisherBasics;
import us.ihmc.ros2.ROS2QosProfile;
import us.ihmc.ros2.ROS2Subscription;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the DDS names and the raw CDR against an implementation gpuvo did not write: ihmc-ros2-library's own
 * ROS 2 node with its generated std_msgs/String type (its topic naming, its CDR serializer), in a participant of its
 * own on loopback.
 */
class IhmcGeneratedTypesInteropTest {
    private static final MessageCodec<StringMessage> STRING = MessageCodecs.of(StringMessage.class);

    @Test
    void theDdsTypeNameIsTheOneIhmcGenerates() {
        assertThat(DdsNames.type(StringMessage.TYPE)).isEqualTo(new StringPubSubType().getName());
    }

    @Test
    void stringsGoBothWaysBetweenRawCdrAndIhmcsGeneratedType() throws InterruptedException {
        int domain = LoopbackPeers.domainId(4);
        try (IhmcTransport transport = LoopbackPeers.openOrSkip(IhmcTransportConfig.loopbackOnly(domain, "raw"))) {
            // the four-argument constructor with an empty namespace: topics starting with '/' are absolute anyway
            ROS2Node node = new ROS2Node(FastDdsLibrary.domain(), "ihmc_typed", "",
                    FastDdsProfiles.participant(IhmcTransportConfig.loopbackOnly(domain, "ihmc_typed")));
            try {
                ROS2QosProfile reliable = ROS2QosProfile.RELIABLE();
                LinkedBlockingQueue<String> typedInbox = new LinkedBlockingQueue<>();
                std_msgs.msg.dds.String typed = new std_msgs.msg.dds.String();
                ROS2Subscription<std_msgs.msg.dds.String> typedSub = node.createSubscription(new StringPubSubType(),
                        s -> {
                            if (s.takeNextData(typed, null))
                                typedInbox.add(typed.getDataAsString());
                        }, "/to_ihmc", reliable);
                ROS2PublisherBasics<std_msgs.msg.dds.String> typedPub = node.createPublisher(new StringPubSubType(),
                        "/from_ihmc", reliable);
                Inbox rawInbox = new Inbox();
                try (Subscription rawSub = transport.subscribe("/from_ihmc", StringMessage.TYPE, QosProfile.RELIABLE,
                        rawInbox);
                     RawPublisher rawPub = transport.advertise("/to_ihmc", StringMessage.TYPE, QosProfile.RELIABLE)) {
                    Inbox.awaitMatched(rawPub, 1);
                    rawPub.publish(STRING.encode(new StringMessage("raw CDR from gpuvo")));
                    assertThat(typedInbox.poll(Inbox.PATIENCE.toSeconds(), TimeUnit.SECONDS))
                            .isEqualTo("raw CDR from gpuvo");

                    // IHMC's writer has no matched count to wait on: publish until the raw reader has one
                    std_msgs.msg.dds.String message = new std_msgs.msg.dds.String();
                    message.setData("generated type from IHMC");
                    ReceivedMessage got = null;
                    for (int attempt = 0; attempt < 50 && got == null; attempt++) {
                        typedPub.publish(message);
                        got = rawInbox.next(java.time.Duration.ofMillis(200));
                    }
                    assertThat(got).isNotNull();
                    assertThat(STRING.decode(got.data()).data()).isEqualTo("generated type from IHMC");
                } finally {
                    typedSub.remove();
                    typedPub.remove();
                }
            } finally {
                node.destroy();
            }
        }
    }
}
