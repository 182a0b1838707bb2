package org.gpuvo.ros.transport.ihmc;

import com.eprosima.xmlschemas.fastrtps_profiles.BuiltinAttributesType;
import com.eprosima.xmlschemas.fastrtps_profiles.DataReaderQosPoliciesType;
import com.eprosima.xmlschemas.fastrtps_profiles.DataWriterQosPoliciesType;
import com.eprosima.xmlschemas.fastrtps_profiles.DurabilityQosKindPolicyType;
import com.eprosima.xmlschemas.fastrtps_profiles.HistoryMemoryPolicyType;
import com.eprosima.xmlschemas.fastrtps_profiles.HistoryQosKindPolicyType;
import com.eprosima.xmlschemas.fastrtps_profiles.LocatorListType;
import com.eprosima.xmlschemas.fastrtps_profiles.OctectVectorQosPolicyType;
import com.eprosima.xmlschemas.fastrtps_profiles.ProfilesType;
import com.eprosima.xmlschemas.fastrtps_profiles.ReliabilityQosKindPolicyType;
import com.eprosima.xmlschemas.fastrtps_profiles.SubscriberProfileType;
import com.eprosima.xmlschemas.fastrtps_profiles.TransportDescriptorType;
import com.eprosima.xmlschemas.fastrtps_profiles.Udpv4LocatorType;
import jakarta.xml.bind.JAXBElement;
import org.gpuvo.ros.node.transport.QosProfile;
import us.ihmc.pubsub.attributes.CommonAttributes;
import us.ihmc.pubsub.attributes.ParticipantProfile;
import us.ihmc.pubsub.attributes.PublisherAttributes;
import us.ihmc.pubsub.attributes.SubscriberAttributes;
import us.ihmc.pubsub.common.Time;
import us.ihmc.pubsub.impl.fastRTPS.FastRTPSDomain;

import java.nio.charset.StandardCharsets;
import javax.xml.namespace.QName;
import java.io.IOException;
import java.util.List;
import java.util.UUID;

/**
 * The Fast DDS XML profiles (through ihmc-pub-sub's JAXB classes) of gpuvo's participant, writers and readers.
 * Element names and defaults are Fast DDS 2.14's XML profiles ("XML profiles" chapter of its documentation).
 */
final class FastDdsProfiles {
    /** The largest UDP datagram Fast DDS sends; larger samples go as fragments of this size. */
    static final long MAX_DATAGRAM_BYTES = 65_500;
    /**
     * Reliable writers announce what they hold this often (Fast DDS's default is 3 s): a lost fragment of a frame is
     * asked for again after at most this long, not after 3 s.
     */
    private static final Time HEARTBEAT_PERIOD = new Time(0, 100_000_000L);
    /**
     * Writers: payloads sized to each message and reused, as rmw_fastrtps does for types of unbounded size, rather
     * than buffers of the type's largest size for every slot of the history.
     */
    private static final HistoryMemoryPolicyType WRITER_MEMORY = HistoryMemoryPolicyType.DYNAMIC_REUSABLE;
    /**
     * Readers: payloads of the type's largest size, never grown. ihmc-pub-sub's native side copies a sample into the
     * Java buffer of that size without checking its length, so a larger sample from another node would overrun the
     * buffer and crash the JVM (seen here: glibc "free(): invalid size"); a reader that cannot grow its payloads
     * drops such a sample instead, and Fast DDS logs "Change payload size ... is larger than the history payload
     * size". The memory is reserved for the history depth but only touched as samples arrive.
     */
    private static final HistoryMemoryPolicyType READER_MEMORY = HistoryMemoryPolicyType.PREALLOCATED;

    private FastDdsProfiles() {
    }

    /**
     * What rmw puts in a participant's USER_DATA: its security enclave, "/" where none is set (rmw_fastrtps_shared_cpp
     * {@code participant.cpp}: {@code "enclave=" + enclave + ";"}).
     */
    static final String PARTICIPANT_USER_DATA = "enclave=/;";

    static ParticipantProfile participant(IhmcTransportConfig config) {
        ParticipantProfile profile = ParticipantProfile.create()
                .domainId(config.domainId())
                .name(config.participantName())
                .useBuiltinTransports(false);
        profile.getProfile().getRtps().setUserData(userData(PARTICIPANT_USER_DATA));
        if (config.sharedMemory())
            profile.addSharedMemoryTransport();
        profile.addTransport(udpTransport(config));
        if (!config.multicast()) {
            BuiltinAttributesType builtin = profile.getProfile().getRtps().getBuiltin();
            // a unicast metatraffic locator of no address and no port (Fast DDS picks the whitelisted addresses and
            // the well-known port) replaces the default ones, multicast included
            LocatorListType unicast = new LocatorListType();
            unicast.getLocator().add(new LocatorListType.Locator());
            builtin.setMetatrafficUnicastLocatorList(unicast);
            builtin.setInitialPeersList(udpLocators(config.initialPeers()));
        }
        return profile;
    }

    /**
     * @param userData the writer's USER_DATA, e.g. {@code typehash=RIHS01_...;} as rmw announces an endpoint's type
     *                 hash from Iron on; empty for none
     */
    static PublisherAttributes writer(RawCdrType type, String ddsTopic, QosProfile qos, String userData) {
        PublisherAttributes attributes = withQos(PublisherAttributes.create(), type, ddsTopic, qos)
                .heartBeatPeriod(HEARTBEAT_PERIOD);
        attributes.getProfile().setHistoryMemoryPolicy(WRITER_MEMORY);
        if (!userData.isEmpty()) {
            if (attributes.getProfile().getQos() == null)
                attributes.getProfile().setQos(new DataWriterQosPoliciesType());
            attributes.getProfile().getQos().setUserData(userData(userData));
        }
        return attributes;
    }

    /** @param userData as for {@link #writer} */
    static SubscriberAttributes reader(RawCdrType type, String ddsTopic, QosProfile qos, String userData) {
        ReaderAttributes attributes = new ReaderAttributes();
        attributes.userData = userData;
        return withQos(attributes, type, ddsTopic, qos);
    }

    /**
     * A USER_DATA value as Fast DDS's XML profiles take an octet vector: the bytes in hexadecimal, separated by
     * dots ({@code XMLParser::getXMLOctetVector}).
     */
    static OctectVectorQosPolicyType userData(String text) {
        StringBuilder hex = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8))
            hex.append(hex.length() == 0 ? "" : ".").append(String.format("%02x", b & 0xFF));
        OctectVectorQosPolicyType octets = new OctectVectorQosPolicyType();
        octets.getValue().add(hex.toString());
        return octets;
    }

    private static <T extends CommonAttributes<T>> T withQos(T attributes, RawCdrType type, String ddsTopic,
                                                             QosProfile qos) {
        return attributes.topicDataType(type)
                .topicName(ddsTopic)
                .reliabilityKind(qos.reliability() == QosProfile.Reliability.RELIABLE
                        ? ReliabilityQosKindPolicyType.RELIABLE : ReliabilityQosKindPolicyType.BEST_EFFORT)
                .durabilityKind(qos.durability() == QosProfile.Durability.TRANSIENT_LOCAL
                        ? DurabilityQosKindPolicyType.TRANSIENT_LOCAL : DurabilityQosKindPolicyType.VOLATILE)
                .historyQosPolicyKind(HistoryQosKindPolicyType.KEEP_LAST)
                .historyDepth(qos.depth());
    }

    private static TransportDescriptorType udpTransport(IhmcTransportConfig config) {
        TransportDescriptorType udp = new TransportDescriptorType();
        // Fast DDS keeps transport descriptors by id for the whole process: each participant needs its own
        udp.setTransportId("gpuvo_udpv4_" + UUID.randomUUID());
        udp.setType("UDPv4");
        udp.setSendBufferSize((long) config.socketBufferBytes());
        udp.setReceiveBufferSize((long) config.socketBufferBytes());
        udp.setMaxMessageSize(MAX_DATAGRAM_BYTES);
        udp.setMaxInitialPeersRange((long) config.maxInitialPeersRange());
        if (!config.interfaceWhitelist().isEmpty()) {
            TransportDescriptorType.InterfaceWhiteList whitelist = new TransportDescriptorType.InterfaceWhiteList();
            for (String address : config.interfaceWhitelist())
                whitelist.getAddressOrInterface().add(new JAXBElement<>(xmlName("address"), String.class, address));
            udp.setInterfaceWhiteList(whitelist);
        }
        return udp;
    }

    private static LocatorListType udpLocators(List<String> addresses) {
        LocatorListType list = new LocatorListType();
        for (String address : addresses) {
            Udpv4LocatorType udp = new Udpv4LocatorType();
            udp.setAddress(address);
            LocatorListType.Locator locator = new LocatorListType.Locator();
            locator.getUdpv4().add(udp);
            list.getLocator().add(locator);
        }
        return list;
    }

    private static QName xmlName(String element) {
        return new QName(FastRTPSDomain.FAST_DDS_XML_NAMESPACE, element);
    }

    /**
     * Reader attributes with the history memory policy set, which ihmc-pub-sub's own reader attributes do not
     * expose: the profile is written from the QoS fields they share.
     */
    private static final class ReaderAttributes extends SubscriberAttributes {
        String userData = "";

        @Override
        public String marshall(String profileName) throws IOException {
            DataReaderQosPoliciesType qos = new DataReaderQosPoliciesType();
            qos.setDurability(durabilityQosPolicyType);
            qos.setReliability(reliabilityQosPolicyType);
            if (!userData.isEmpty())
                qos.setUserData(userData(userData));
            SubscriberProfileType profile = new SubscriberProfileType();
            profile.setProfileName(profileName);
            profile.setQos(qos);
            profile.setTopic(topicElementType);
            profile.setHistoryMemoryPolicy(READER_MEMORY);
            ProfilesType profiles = new ProfilesType();
            profiles.getDomainparticipantFactoryOrParticipantOrDataWriter().add(profile);
            return FastRTPSDomain.marshalProfile(profiles);
        }
    }
}
