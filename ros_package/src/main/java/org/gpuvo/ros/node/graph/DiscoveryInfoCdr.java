package org.gpuvo.ros.node.graph;

import org.gpuvo.ros.cdr.CdrType;
import org.gpuvo.ros.cdr.CdrReader;
import org.gpuvo.ros.cdr.CdrWriter;
import org.gpuvo.ros.node.graph.ParticipantEntitiesInfo.NodeEntitiesInfo;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The CDR of {@code rmw_dds_common/msg/ParticipantEntitiesInfo} in either gid layout. The message files
 * (ros2/rmw_dds_common, {@code msg/}):
 * <pre>
 * Gid.msg:                      char[24] data (up to Humble), char[16] data (from Iron on)
 * NodeEntitiesInfo.msg:         string&lt;=256 node_namespace, string&lt;=256 node_name, Gid[] reader_gid_seq,
 *                               Gid[] writer_gid_seq
 * ParticipantEntitiesInfo.msg:  Gid gid, NodeEntitiesInfo[] node_entities_info_seq
 * </pre>
 * A {@code char} is one byte on the wire, so a gid is its bytes with no count.
 */
public final class DiscoveryInfoCdr {
    /** The type's ROS name; its DDS name is {@code rmw_dds_common::msg::dds_::ParticipantEntitiesInfo_}. */
    public static final String TYPE = "rmw_dds_common/msg/ParticipantEntitiesInfo";
    /** The bound of the name and namespace strings. */
    static final int MAX_NAME_BYTES = 256;

    private DiscoveryInfoCdr() {
    }

    /** Little-endian CDR with its encapsulation header. */
    public static byte[] encode(ParticipantEntitiesInfo info, GidLayout layout) {
        CdrWriter out = new CdrWriter(ByteOrder.LITTLE_ENDIAN, TYPE, 256);
        types(layout).participant.write(out, info);
        return out.toByteArray();
    }

    /**
     * Reads a message of the given layout; gids come back as their first 16 bytes.
     *
     * @throws org.gpuvo.ros.cdr.CdrException where the bytes are not such a message
     */
    public static ParticipantEntitiesInfo decode(byte[] cdr, GidLayout layout) {
        CdrReader in = CdrReader.open(cdr, 0, cdr.length, TYPE);
        ParticipantEntitiesInfo info = types(layout).participant.read(in);
        in.finish();
        return info;
    }

    private static Types types(GidLayout layout) {
        return layout == GidLayout.BYTES_16 ? Types.BYTES_16 : Types.BYTES_24;
    }

    /** The nested types of one layout. */
    private static final class Types {
        static final Types BYTES_16 = new Types(GidLayout.BYTES_16);
        static final Types BYTES_24 = new Types(GidLayout.BYTES_24);

        final CdrType<byte[]> gid;
        final CdrType<NodeEntitiesInfo> node;
        final CdrType<ParticipantEntitiesInfo> participant;

        private Types(GidLayout layout) {
            gid = CdrType.of(in -> {
                byte[] data = new byte[layout.bytes()];
                for (int i = 0; i < data.length; i++)
                    data[i] = (byte) in.uint8("data");
                return Arrays.copyOf(data, GidLayout.GUID_BYTES);
            }, (out, guid) -> {
                for (byte b : layout.gid(guid))
                    out.uint8(b);
            });
            node = CdrType.of(in -> new NodeEntitiesInfo(in.string("node_namespace"), in.string("node_name"),
                    in.sequence("reader_gid_seq", gid), in.sequence("writer_gid_seq", gid)), (out, value) -> {
                out.string("node_namespace", bounded("node_namespace", value.namespace()));
                out.string("node_name", bounded("node_name", value.name()));
                out.sequence("reader_gid_seq", gid, value.readerGids());
                out.sequence("writer_gid_seq", gid, value.writerGids());
            });
            participant = CdrType.of(in -> new ParticipantEntitiesInfo(in.struct("gid", gid),
                    in.sequence("node_entities_info_seq", node)), (out, value) -> {
                out.struct("gid", gid, value.gid());
                out.sequence("node_entities_info_seq", node, value.nodes());
            });
        }
    }

    private static String bounded(String field, String value) {
        if (value.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES)
            throw new IllegalArgumentException(field + " is longer than " + MAX_NAME_BYTES + " bytes: " + value);
        return value;
    }
}
