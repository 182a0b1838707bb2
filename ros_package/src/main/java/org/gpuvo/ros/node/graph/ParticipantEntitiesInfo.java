package org.gpuvo.ros.node.graph;

import java.util.List;

/**
 * {@code rmw_dds_common/msg/ParticipantEntitiesInfo}: what a DDS participant announces on {@code ros_discovery_info}
 * so that ROS 2 tools see its nodes. Gids are held as the 16-byte GUIDs; {@link DiscoveryInfoCdr} writes them in the
 * layout of a distribution.
 *
 * @param gid   the participant's GUID
 * @param nodes the nodes on the participant
 */
public record ParticipantEntitiesInfo(byte[] gid, List<NodeEntitiesInfo> nodes) {
    public ParticipantEntitiesInfo {
        gid = gid.clone();
        nodes = List.copyOf(nodes);
    }

    @Override
    public byte[] gid() {
        return gid.clone();
    }

    /**
     * {@code rmw_dds_common/msg/NodeEntitiesInfo}: one node and the GUIDs of its readers and writers (the request
     * reader and reply writer of a service among them).
     */
    public record NodeEntitiesInfo(String namespace, String name, List<byte[]> readerGids, List<byte[]> writerGids) {
        public NodeEntitiesInfo {
            readerGids = readerGids.stream().map(byte[]::clone).toList();
            writerGids = writerGids.stream().map(byte[]::clone).toList();
        }
    }
}
