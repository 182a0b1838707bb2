package org.gpuvo.ros.transport.ihmc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IhmcTransportConfigTest {
    @Test
    void theDomainIdComesFromRosDomainIdOrIsZero() {
        assertThat(IhmcTransportConfig.domainIdFromEnvironment(Map.of())).isZero();
        assertThat(IhmcTransportConfig.domainIdFromEnvironment(Map.of("ROS_DOMAIN_ID", " "))).isZero();
        assertThat(IhmcTransportConfig.domainIdFromEnvironment(Map.of("ROS_DOMAIN_ID", "42"))).isEqualTo(42);
        assertThat(IhmcTransportConfig.domainIdFromEnvironment(Map.of("ROS_DOMAIN_ID", " 232 "))).isEqualTo(232);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "233", "1000", "seven", "4.2"})
    void aRosDomainIdOutsideTheRangeIsRefusedWithTheValue(String value) {
        assertThatThrownBy(() -> IhmcTransportConfig.domainIdFromEnvironment(Map.of("ROS_DOMAIN_ID", value)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(value).hasMessageContaining("232");
    }

    @Test
    void loopbackOnlyKeepsEverythingOn127001WithoutMulticast() {
        IhmcTransportConfig config = IhmcTransportConfig.loopbackOnly(7, "node");
        assertThat(config.interfaceWhitelist()).containsExactly("127.0.0.1");
        assertThat(config.initialPeers()).containsExactly("127.0.0.1");
        assertThat(config.multicast()).isFalse();
        assertThat(config.sharedMemory()).isFalse();
        assertThat(config.socketBufferBytes()).isEqualTo(4 << 20);
        assertThat(config.domainId()).isEqualTo(7);
    }

    @Test
    void framesGetRoomForFullHdAndOtherTypesAMebibyte() {
        IhmcTransportConfig config = IhmcTransportConfig.defaults(0, "node");
        assertThat(config.maxMessageBytes("sensor_msgs/msg/Image")).isGreaterThan(1920 * 1080 * 6);
        assertThat(config.maxMessageBytes("sensor_msgs::msg::dds_::Image_"))
                .isEqualTo(config.maxMessageBytes("sensor_msgs/msg/Image"));
        assertThat(config.maxMessageBytes("std_msgs/msg/String")).isEqualTo(1 << 20);
        IhmcTransportConfig raised = config.withMaxMessageBytes("std_msgs/String", 5000);
        assertThat(raised.maxMessageBytes("std_msgs/msg/String")).isEqualTo(5000);
        assertThat(config.maxMessageBytes("std_msgs/msg/String")).isEqualTo(1 << 20);
    }

    @Test
    void impossibleSettingsAreRefused() {
        IhmcTransportConfig config = IhmcTransportConfig.defaults(0, "node");
        assertThatThrownBy(() -> IhmcTransportConfig.defaults(233, "node"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("233");
        assertThatThrownBy(() -> IhmcTransportConfig.defaults(0, " "))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> config.withInterfaces(List.of("127.0.0.1"), false, List.of(), 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("initial peer");
        assertThatThrownBy(() -> config.withSocketBufferBytes(1024))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> config.withInterfaces(List.of("localhost"), true, List.of(), 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'localhost'");
        assertThatThrownBy(() -> config.withInterfaces(List.of(), false, List.of("10.0.0.256"), 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'10.0.0.256'");
        assertThatThrownBy(() -> config.withMaxMessageBytes("std_msgs/msg/String", 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("std_msgs/msg/String");
    }

    @Test
    void theDiscoveryRangeAndStaticPeersOfTheEnvironmentShapeTheParticipant() {
        IhmcTransportConfig subnet = IhmcTransportConfig.fromEnvironment(Map.of("ROS_DOMAIN_ID", "7"), "vo");
        assertThat(subnet.domainId()).isEqualTo(7);
        assertThat(subnet.multicast()).isTrue();
        assertThat(subnet.interfaceWhitelist()).isEmpty();
        assertThat(subnet.initialPeers()).isEmpty();

        IhmcTransportConfig withPeers = IhmcTransportConfig.fromEnvironment(Map.of(
                "ROS_AUTOMATIC_DISCOVERY_RANGE", "SYSTEM_DEFAULT", "ROS_STATIC_PEERS", "10.0.0.5; 127.0.0.1;"), "vo");
        assertThat(withPeers.multicast()).isTrue();
        assertThat(withPeers.initialPeers()).containsExactly("10.0.0.5", "127.0.0.1");

        IhmcTransportConfig localhost = IhmcTransportConfig.fromEnvironment(
                Map.of("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST"), "vo");
        assertThat(localhost.interfaceWhitelist()).containsExactly("127.0.0.1");
        assertThat(localhost.multicast()).isFalse();
        assertThat(IhmcTransportConfig.fromEnvironment(Map.of("ROS_LOCALHOST_ONLY", "1"), "vo")).isEqualTo(localhost);

        IhmcTransportConfig localhostAndPeer = IhmcTransportConfig.fromEnvironment(Map.of(
                "ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST", "ROS_STATIC_PEERS", "10.1.2.3"), "vo");
        assertThat(localhostAndPeer.multicast()).isFalse();
        assertThat(localhostAndPeer.interfaceWhitelist()).isEmpty();
        assertThat(localhostAndPeer.initialPeers()).containsExactly("127.0.0.1", "10.1.2.3");

        IhmcTransportConfig off = IhmcTransportConfig.fromEnvironment(Map.of(
                "ROS_AUTOMATIC_DISCOVERY_RANGE", "OFF", "ROS_STATIC_PEERS", "10.1.2.3"), "vo");
        assertThat(off.multicast()).isFalse();
        assertThat(off.initialPeers()).containsExactly("10.1.2.3");
        // the range takes precedence over the older variable, as in Jazzy
        assertThat(IhmcTransportConfig.fromEnvironment(Map.of("ROS_LOCALHOST_ONLY", "1",
                "ROS_AUTOMATIC_DISCOVERY_RANGE", "SUBNET"), "vo").multicast()).isTrue();
    }

    @Test
    void aDiscoveryRangeThatCannotBeHeldIsAnError() {
        assertThatThrownBy(() -> IhmcTransportConfig.fromEnvironment(Map.of("ROS_AUTOMATIC_DISCOVERY_RANGE", "OFF"),
                "vo")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ROS_STATIC_PEERS");
        assertThatThrownBy(() -> IhmcTransportConfig.fromEnvironment(Map.of("ROS_AUTOMATIC_DISCOVERY_RANGE",
                "WIDE"), "vo")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'WIDE'");
        assertThatThrownBy(() -> IhmcTransportConfig.fromEnvironment(Map.of("ROS_STATIC_PEERS",
                "no-such-host.invalid"), "vo")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'no-such-host.invalid'");
    }
}
