package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.RosTypeNames;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the Fast DDS participant behind an {@link IhmcTransport} is set up.
 *
 * @param domainId               the DDS domain, as ROS 2's {@code ROS_DOMAIN_ID} (0..232)
 * @param participantName        the participant's name in discovery (the node name)
 * @param interfaceWhitelist     IPv4 addresses the participant may use; empty for every interface
 * @param multicast              whether discovery uses multicast (the DDS default); without it the participant
 *                               announces itself to {@code initialPeers} only, by unicast
 * @param initialPeers           IPv4 addresses to announce to by unicast; with no port Fast DDS tries the well-known
 *                               ports of the first {@code maxInitialPeersRange} participants of the domain there
 * @param maxInitialPeersRange   how many participants per peer address are tried (Fast DDS's default is 4)
 * @param socketBufferBytes      UDP send and receive buffer size: below about 4 MB most VGA frames are lost
 * @param defaultMaxMessageBytes the largest serialized message (header included) of a type with no entry in
 *                               {@code maxMessageBytesByType}; each publisher and subscription holds a buffer this big
 * @param maxMessageBytesByType  the largest serialized message per ROS type ({@code sensor_msgs/msg/Image})
 * @param sharedMemory           whether Fast DDS's shared-memory transport is added beside UDP
 */
public record IhmcTransportConfig(int domainId, String participantName, List<String> interfaceWhitelist,
                                  boolean multicast, List<String> initialPeers, int maxInitialPeersRange,
                                  int socketBufferBytes, int defaultMaxMessageBytes,
                                  Map<String, Integer> maxMessageBytesByType, boolean sharedMemory) {
    /** The highest domain id ROS 2 allows on Linux (higher ids give UDP ports past the ephemeral range). */
    public static final int MAX_DOMAIN_ID = 232;
    public static final int DEFAULT_SOCKET_BUFFER_BYTES = 4 << 20;
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 1 << 20;
    /** Room for a 1920×1080 frame of 3 channels of 16 bits (12.4 MB) and its header. */
    public static final int LARGE_MESSAGE_BYTES = 16 << 20;
    private static final Map<String, Integer> LARGE_TYPES = Map.of(
            "sensor_msgs/msg/Image", LARGE_MESSAGE_BYTES,
            "sensor_msgs/msg/CompressedImage", LARGE_MESSAGE_BYTES,
            "sensor_msgs/msg/PointCloud2", LARGE_MESSAGE_BYTES,
            "nav_msgs/msg/Path", LARGE_MESSAGE_BYTES);

    public IhmcTransportConfig {
        if (domainId < 0 || domainId > MAX_DOMAIN_ID)
            throw new IllegalArgumentException("DDS domain id " + domainId + " is outside 0.." + MAX_DOMAIN_ID);
        if (participantName == null || participantName.isBlank())
            throw new IllegalArgumentException("participant name must not be blank");
        interfaceWhitelist = List.copyOf(interfaceWhitelist);
        initialPeers = List.copyOf(initialPeers);
        interfaceWhitelist.forEach(a -> checkIpv4("whitelisted address", a));
        initialPeers.forEach(a -> checkIpv4("initial peer", a));
        if (!multicast && initialPeers.isEmpty())
            throw new IllegalArgumentException("without multicast, discovery needs at least one initial peer");
        if (maxInitialPeersRange < 1)
            throw new IllegalArgumentException("maxInitialPeersRange must be at least 1, got " + maxInitialPeersRange);
        if (socketBufferBytes < 65536)
            throw new IllegalArgumentException("socket buffer of " + socketBufferBytes + " bytes is below 64 KiB");
        checkMaxMessageBytes("default", defaultMaxMessageBytes);
        maxMessageBytesByType.forEach(IhmcTransportConfig::checkMaxMessageBytes);
        maxMessageBytesByType = Map.copyOf(maxMessageBytesByType);
    }

    /**
     * A participant as a ROS 2 node would have it: every interface, multicast discovery, 4 MB socket buffers, image,
     * point cloud and path types up to 16 MiB, others up to 1 MiB, no shared memory.
     */
    public static IhmcTransportConfig defaults(int domainId, String participantName) {
        return new IhmcTransportConfig(domainId, participantName, List.of(), true, List.of(), 4,
                DEFAULT_SOCKET_BUFFER_BYTES, DEFAULT_MAX_MESSAGE_BYTES, LARGE_TYPES, false);
    }

    /**
     * As {@link #defaults} but on 127.0.0.1 only, without multicast: nothing leaves the machine. Peers on this
     * machine are found by unicast on the loopback address (up to 32 participants in the domain).
     */
    public static IhmcTransportConfig loopbackOnly(int domainId, String participantName) {
        List<String> loopback = List.of("127.0.0.1");
        return defaults(domainId, participantName).withInterfaces(loopback, false, loopback, 32);
    }

    /**
     * The domain id that ROS 2 takes from {@code ROS_DOMAIN_ID}: 0 where the variable is unset or blank.
     *
     * @throws IllegalArgumentException where it is set to anything but a domain id
     */
    public static int domainIdFromEnvironment(Map<String, String> environment) {
        String value = environment.get("ROS_DOMAIN_ID");
        if (value == null || value.isBlank())
            return 0;
        try {
            int id = Integer.parseInt(value.strip());
            if (id >= 0 && id <= MAX_DOMAIN_ID)
                return id;
        } catch (NumberFormatException ignored) {
            // reported below with the accepted range
        }
        throw new IllegalArgumentException("ROS_DOMAIN_ID='" + value + "' is not a domain id (0.." + MAX_DOMAIN_ID
                + ")");
    }

    /**
     * Whether ROS 2's environment keeps a node's traffic on this machine: {@code ROS_LOCALHOST_ONLY=1} (Humble) or
     * {@code ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST} (Jazzy); then {@link #loopbackOnly} is the participant to use.
     */
    public static boolean localhostOnlyFromEnvironment(Map<String, String> environment) {
        return "1".equals(environment.get("ROS_LOCALHOST_ONLY"))
                || "LOCALHOST".equalsIgnoreCase(environment.getOrDefault("ROS_AUTOMATIC_DISCOVERY_RANGE", ""));
    }

    /**
     * The participant ROS 2's environment asks for (Jazzy's rules, {@code rmw} discovery options):
     * {@code ROS_AUTOMATIC_DISCOVERY_RANGE} {@code SUBNET} (the default) or {@code SYSTEM_DEFAULT}: every interface
     * and multicast; {@code LOCALHOST} (also {@code ROS_LOCALHOST_ONLY=1} where the range is unset): this machine
     * only; {@code OFF}: no automatic discovery. {@code ROS_STATIC_PEERS} (addresses or host names separated by
     * ';') are announced to by unicast whatever the range, so LOCALHOST and OFF reach them too. OFF without static
     * peers (a node that discovers no one) is refused, as this transport cannot hold it apart from LOCALHOST.
     *
     * @throws IllegalArgumentException for a range not among those four, a peer that does not resolve to IPv4, or
     *                                  OFF without peers
     */
    public static IhmcTransportConfig fromEnvironment(Map<String, String> environment, String participantName) {
        int domain = domainIdFromEnvironment(environment);
        List<String> peers = staticPeers(environment.getOrDefault("ROS_STATIC_PEERS", ""));
        String range = environment.getOrDefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "").strip()
                .toUpperCase(java.util.Locale.ROOT);
        if (range.isEmpty())
            range = "1".equals(environment.get("ROS_LOCALHOST_ONLY")) ? "LOCALHOST" : "SUBNET";
        IhmcTransportConfig all = defaults(domain, participantName);
        switch (range) {
            case "SUBNET", "SYSTEM_DEFAULT" -> {
                return peers.isEmpty() ? all : all.withInterfaces(List.of(), true, peers, all.maxInitialPeersRange);
            }
            case "LOCALHOST" -> {
                if (peers.isEmpty())
                    return loopbackOnly(domain, participantName);
                List<String> withLoopback = new java.util.ArrayList<>(List.of("127.0.0.1"));
                withLoopback.addAll(peers);
                return all.withInterfaces(List.of(), false, withLoopback, 32);
            }
            case "OFF" -> {
                if (peers.isEmpty())
                    throw new IllegalArgumentException("ROS_AUTOMATIC_DISCOVERY_RANGE=OFF without ROS_STATIC_PEERS "
                            + "would discover no one; name the peers in ROS_STATIC_PEERS");
                return all.withInterfaces(List.of(), false, peers, all.maxInitialPeersRange);
            }
            default -> throw new IllegalArgumentException("ROS_AUTOMATIC_DISCOVERY_RANGE='"
                    + environment.get("ROS_AUTOMATIC_DISCOVERY_RANGE")
                    + "' is not OFF, LOCALHOST, SUBNET or SYSTEM_DEFAULT");
        }
    }

    /** The IPv4 addresses of {@code ROS_STATIC_PEERS}: entries separated by ';', host names resolved. */
    static List<String> staticPeers(String value) {
        List<String> peers = new java.util.ArrayList<>();
        for (String entry : value.split(";")) {
            String peer = entry.strip();
            if (peer.isEmpty())
                continue;
            try {
                java.net.InetAddress address = null;
                for (java.net.InetAddress a : java.net.InetAddress.getAllByName(peer))
                    if (a instanceof java.net.Inet4Address && address == null)
                        address = a;
                if (address == null)
                    throw new java.net.UnknownHostException("no IPv4 address");
                peers.add(address.getHostAddress());
            } catch (java.net.UnknownHostException e) {
                throw new IllegalArgumentException("ROS_STATIC_PEERS: '" + peer + "' does not resolve to an IPv4 "
                        + "address (" + e.getMessage() + ")");
            }
        }
        return peers;
    }

    /** The same participant on the given interfaces, with or without multicast, announcing itself to the peers. */
    public IhmcTransportConfig withInterfaces(List<String> whitelist, boolean multicast, List<String> peers,
                                              int peersRange) {
        return new IhmcTransportConfig(domainId, participantName, whitelist, multicast, peers, peersRange,
                socketBufferBytes, defaultMaxMessageBytes, maxMessageBytesByType, sharedMemory);
    }

    /** The same participant with the largest message of {@code rosType} set to {@code bytes}. */
    public IhmcTransportConfig withMaxMessageBytes(String rosType, int bytes) {
        Map<String, Integer> limits = new HashMap<>(maxMessageBytesByType);
        limits.put(RosTypeNames.canonical(rosType), bytes);
        return new IhmcTransportConfig(domainId, participantName, interfaceWhitelist, multicast, initialPeers,
                maxInitialPeersRange, socketBufferBytes, defaultMaxMessageBytes, limits, sharedMemory);
    }

    /** The same participant with UDP buffers of {@code bytes}. */
    public IhmcTransportConfig withSocketBufferBytes(int bytes) {
        return new IhmcTransportConfig(domainId, participantName, interfaceWhitelist, multicast, initialPeers,
                maxInitialPeersRange, bytes, defaultMaxMessageBytes, maxMessageBytesByType, sharedMemory);
    }

    /** The same participant with Fast DDS's shared-memory transport added (or not) beside UDP. */
    public IhmcTransportConfig withSharedMemory(boolean enabled) {
        return new IhmcTransportConfig(domainId, participantName, interfaceWhitelist, multicast, initialPeers,
                maxInitialPeersRange, socketBufferBytes, defaultMaxMessageBytes, maxMessageBytesByType, enabled);
    }

    /** The largest serialized message of a ROS type, header included. */
    public int maxMessageBytes(String rosType) {
        return maxMessageBytesByType.getOrDefault(RosTypeNames.canonical(rosType),
                defaultMaxMessageBytes);
    }

    /** A dotted-quad literal, so that no name is ever looked up. */
    private static void checkIpv4(String what, String address) {
        String[] parts = address == null ? new String[0] : address.split("\\.", -1);
        boolean valid = parts.length == 4;
        for (int i = 0; valid && i < 4; i++)
            valid = parts[i].matches("\\d{1,3}") && Integer.parseInt(parts[i]) <= 255;
        if (!valid)
            throw new IllegalArgumentException(what + " '" + address + "' is not an IPv4 address (a.b.c.d)");
    }

    private static void checkMaxMessageBytes(String type, int bytes) {
        // the limit is the size of a direct buffer, so at most what one Java array or buffer can hold
        if (bytes < 8 || bytes > Integer.MAX_VALUE - 16)
            throw new IllegalArgumentException("largest message of " + type + " must be 8.." + (Integer.MAX_VALUE - 16)
                    + " bytes, got " + bytes);
    }
}
