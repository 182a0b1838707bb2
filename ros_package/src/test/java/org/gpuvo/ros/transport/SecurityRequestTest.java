package org.gpuvo.ros.transport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ROS 2's security variables read as rcl reads them, and the request refused unless it can be met in full. */
class SecurityRequestTest {
    @TempDir
    Path keystore;

    @Test
    void theEnclaveComesFromTheOverrideThenTheArgumentThenRoot() {
        Map<String, String> on = Map.of(SecurityRequest.ENABLE, "true", SecurityRequest.KEYSTORE, keystore.toString());
        assertThat(SecurityRequest.of(on, Optional.empty()).enclave()).isEqualTo("/");
        assertThat(SecurityRequest.of(on, Optional.of("/robot/vo")).enclaveFolder())
                .contains(keystore.resolve("enclaves/robot/vo"));
        Map<String, String> overridden = Map.of(SecurityRequest.ENABLE, "true", SecurityRequest.ENCLAVE_OVERRIDE,
                "/other");
        assertThat(SecurityRequest.of(overridden, Optional.of("/robot/vo")).enclave()).isEqualTo("/other");
        assertThat(SecurityRequest.of(Map.of(SecurityRequest.STRATEGY, "Enforce"), Optional.empty()).enforce())
                .isTrue();
    }

    @Test
    void anAmbiguousEnableValueIsRefusedRatherThanTakenAsOff() {
        for (String value : new String[]{"1", "TRUE", "yes", "on"})
            assertThatThrownBy(() -> SecurityRequest.of(Map.of(SecurityRequest.ENABLE, value), Optional.empty()))
                    .as(value).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("ROS_SECURITY_ENABLE='" + value + "'");
        assertThat(SecurityRequest.of(Map.of(SecurityRequest.ENABLE, "false"), Optional.empty()).enabled()).isFalse();
    }

    @Test
    void missingEnclaveFilesAreNamedEvenUnderThePermissiveStrategy() throws IOException {
        Path enclave = Files.createDirectories(keystore.resolve("enclaves/vo"));
        for (String name : SecurityRequest.ENCLAVE_FILES)
            if (!name.equals("key.pem"))
                Files.writeString(enclave.resolve(name), "x");
        SecurityRequest request = SecurityRequest.of(Map.of(SecurityRequest.ENABLE, "true",
                SecurityRequest.KEYSTORE, keystore.toString()), Optional.of("/vo"));
        assertThat(request.missingFiles()).containsExactly("key.pem");
        assertThat(request.refusal("a secure transport", true, null)).contains("lacks key.pem")
                .contains("refusing to run unsecured").contains("even under the permissive strategy");
        Files.writeString(enclave.resolve("key.pem"), "x");
        assertThat(request.refusal("a secure transport", true, null)).isNull();
        assertThat(request.refusal("this transport", false, "no plugins")).contains("this transport cannot provide it")
                .contains("no plugins");
        assertThat(SecurityRequest.of(Map.of(SecurityRequest.ENABLE, "true"), Optional.empty())
                .refusal("a secure transport", true, null)).contains("no ROS_SECURITY_KEYSTORE is set");
    }
}
