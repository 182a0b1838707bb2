package org.gpuvo.ros.node.graph;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * How many bytes a gid takes in {@code rmw_dds_common/msg/Gid}, which differs between ROS 2 distributions while the
 * DDS type name stays the same, so that a node must write the layout of the distribution its peers run. rmw copies
 * the 16-byte GUID of the DDS entity into the first bytes and leaves the rest zero.
 */
public enum GidLayout {
    /**
     * {@code char[24] data}: rmw_dds_common up to Humble (its {@code humble} branch, {@code msg/Gid.msg}), when
     * {@code RMW_GID_STORAGE_SIZE} was 24.
     */
    BYTES_24(24),
    /**
     * {@code char[16] data}: rmw_dds_common from Iron on (commit "Change Gid.msg to be 16 bytes", ros2/rmw_dds_common
     * #68, released in 2.0.0 with Iron).
     */
    BYTES_16(16);

    /** The GUID's length: what rmw puts in a gid of either layout. */
    public static final int GUID_BYTES = 16;

    /** The distributions released before the 16-byte gid (Iron); Rolling and later names use 16 bytes. */
    private static final Set<String> BEFORE_IRON = Set.of("ardent", "bouncy", "crystal", "dashing", "eloquent", "foxy",
            "galactic", "humble");

    private final int bytes;

    GidLayout(int bytes) {
        this.bytes = bytes;
    }

    public int bytes() {
        return bytes;
    }

    /**
     * The layout of a distribution named as {@code ROS_DISTRO} names it ({@code humble}, {@code jazzy}, ...): 24 bytes
     * up to Humble, 16 bytes for every other name, Rolling included.
     *
     * @throws IllegalArgumentException for a blank name
     */
    public static GidLayout ofDistro(String distro) {
        if (distro == null || distro.isBlank())
            throw new IllegalArgumentException("no ROS distribution given");
        return BEFORE_IRON.contains(distro.trim().toLowerCase(Locale.ROOT)) ? BYTES_24 : BYTES_16;
    }

    /**
     * A GUID as this layout's gid: the 16 bytes, then zeros.
     *
     * @throws IllegalArgumentException where {@code guid} is not 16 bytes long
     */
    public byte[] gid(byte[] guid) {
        if (guid.length != GUID_BYTES)
            throw new IllegalArgumentException("a GUID has " + GUID_BYTES + " bytes, got " + guid.length);
        return Arrays.copyOf(guid, bytes);
    }
}
