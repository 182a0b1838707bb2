package org.gpuvo.ros.node.graph;

import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.node.args.NodeName;
import org.gpuvo.ros.node.graph.ParticipantEntitiesInfo.NodeEntitiesInfo;
import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.Subscription;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class NodeGraphTransportTest {
    private final InMemoryTransport memory = new InMemoryTransport();
    private final List<ParticipantEntitiesInfo> announced = new ArrayList<>();

    private void listen(GidLayout layout) {
        memory.subscribeDdsTopic(NodeGraphTransport.TOPIC, DiscoveryInfoCdr.TYPE, NodeGraphTransport.QOS,
                m -> announced.add(DiscoveryInfoCdr.decode(m.data(), layout)));
    }

    private NodeEntitiesInfo last() {
        ParticipantEntitiesInfo info = announced.get(announced.size() - 1);
        assertThat(info.gid()).isEqualTo(memory.participantGid());
        assertThat(info.nodes()).hasSize(1);
        return info.nodes().get(0);
    }

    @Test
    void announcesTheNodeWithTheGidsOfItsEndpointsAsTheyComeAndGo() {
        NodeGraphTransport graph = new NodeGraphTransport(memory, new NodeName("vo", "/robot"), GidLayout.BYTES_16);
        listen(GidLayout.BYTES_16); // transient local: a late reader gets the last announcement
        assertThat(announced).hasSize(1);
        assertThat(last().namespace()).isEqualTo("/robot");
        assertThat(last().name()).isEqualTo("vo");
        assertThat(last().readerGids()).isEmpty();
        assertThat(last().writerGids()).isEmpty();

        RawPublisher odom = graph.advertise("/robot/odom", StringMessage.TYPE, QosProfile.RELIABLE);
        RawPublisher status = graph.advertise("/robot/status", StringMessage.TYPE, QosProfile.RELIABLE);
        Subscription image = graph.subscribe("/image", StringMessage.TYPE, QosProfile.SENSOR_DATA, m -> { });
        assertThat(last().writerGids()).containsExactly(odom.gid(), status.gid());
        assertThat(last().readerGids()).containsExactly(image.gid());
        assertThat(odom.gid()).hasSize(16).isNotEqualTo(status.gid());

        status.close();
        assertThat(last().writerGids()).containsExactly(odom.gid());
        image.close();
        assertThat(last().readerGids()).isEmpty();
        int before = announced.size();
        image.close();
        assertThat(announced).as("closing twice announces nothing").hasSize(before);

        graph.close();
        assertThat(announced.get(announced.size() - 1).nodes()).isEmpty();
    }

    @Test
    void humbleLayoutCarriesTheSameGids() {
        listen(GidLayout.BYTES_24);
        try (NodeGraphTransport graph = new NodeGraphTransport(memory, NodeName.of("gpuvo"), GidLayout.BYTES_24)) {
            RawPublisher odom = graph.advertise("/odom", StringMessage.TYPE, QosProfile.RELIABLE);
            assertThat(last().writerGids()).containsExactly(odom.gid());
            assertThat(last().namespace()).isEqualTo("/");
        }
    }
}
