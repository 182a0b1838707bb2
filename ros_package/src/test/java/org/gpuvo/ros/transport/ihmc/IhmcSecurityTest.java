package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.transport.SecurityRequest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The transport's Fast DDS cannot run secured, and so refuses every request for security. The first test checks
 * that fact in the bundled library itself: should a later ihmc-pub-sub ship Fast DDS with its security plugins, it
 * fails, and the transport should then run secured instead of refusing.
 */
class IhmcSecurityTest {
    private static final String LIBRARY = "ihmc-pub-sub/native/Linux/x86_64/libfastrtps.so.2.14";

    @Test
    void theBundledFastDdsHasNoSecurityPlugins() throws IOException {
        String text;
        try (InputStream in = IhmcTransport.class.getClassLoader().getResourceAsStream(LIBRARY)) {
            assertThat(in).as(LIBRARY).isNotNull();
            text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
        // built with security, Fast DDS holds the names of its built-in plugins (DDS Security 1.1, section 9)
        assertThat(text).doesNotContain("DDS:Auth:PKI-DH", "DDS:Access:Permissions", "DDS:Crypto:AES-GCM-GMAC",
                "SecurityManager");
        assertThat(text).contains("Received PID_IDENTITY_TOKEN but security is disabled");
    }

    @Test
    void securityIsRefusedWhateverTheStrategyAndOffIsLetThrough() {
        for (String strategy : new String[]{"Enforce", "Permissive"}) {
            SecurityRequest asked = SecurityRequest.of(Map.of(SecurityRequest.ENABLE, "true",
                    SecurityRequest.STRATEGY, strategy, SecurityRequest.KEYSTORE, "/keys"), Optional.of("/vo"));
            assertThatThrownBy(() -> IhmcTransport.requireSecurityMet(asked)).isInstanceOf(SecurityException.class)
                    .hasMessageContaining("ROS_SECURITY_ENABLE=true asks for DDS Security")
                    .hasMessageContaining(IhmcTransport.WHY_NOT_SECURE)
                    .hasMessageContaining("refusing to run unsecured")
                    .hasMessageContaining("enclave /vo");
        }
        assertThatCode(() -> IhmcTransport.requireSecurityMet(SecurityRequest.of(Map.of(), Optional.empty())))
                .doesNotThrowAnyException();
        assertThatCode(() -> IhmcTransport.requireSecurityMet(SecurityRequest.of(
                Map.of(SecurityRequest.ENABLE, "false"), Optional.empty()))).doesNotThrowAnyException();
    }
}
