package org.gpuvo.ros.transport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What ROS 2's environment asks of a node's DDS security (SROS2), read as rcl reads it ({@code rcl/security.c}):
 * {@code ROS_SECURITY_ENABLE=true} turns security on (rcl takes only the exact text "true"); the strategy
 * {@code ROS_SECURITY_STRATEGY} is {@code Enforce} or, otherwise, permissive; the enclave is
 * {@code ROS_SECURITY_ENCLAVE_OVERRIDE}, else the {@code --enclave} argument, else "/"; its files lie in
 * {@code <ROS_SECURITY_KEYSTORE>/enclaves/<enclave>} as {@code ros2 security create_enclave} lays them out.
 *
 * <p>It fails closed, unlike rcl's permissive strategy: where security is asked for and the transport cannot
 * provide it, or the enclave's files are missing, {@link #refusal} gives the reason not to start, whatever the
 * strategy. A value of {@code ROS_SECURITY_ENABLE} that is neither unset, "true" nor "false" (such as "1" or
 * "TRUE", which rcl would quietly take as "off") is refused too, as the user meant something by it.
 */
public record SecurityRequest(boolean enabled, boolean enforce, Optional<Path> keystore, String enclave) {
    public static final String ENABLE = "ROS_SECURITY_ENABLE";
    public static final String STRATEGY = "ROS_SECURITY_STRATEGY";
    public static final String KEYSTORE = "ROS_SECURITY_KEYSTORE";
    public static final String ENCLAVE_OVERRIDE = "ROS_SECURITY_ENCLAVE_OVERRIDE";
    /** The files of an enclave (sros2's {@code create_enclave}): identity, permissions and governance. */
    public static final List<String> ENCLAVE_FILES = List.of("identity_ca.cert.pem", "cert.pem", "key.pem",
            "permissions_ca.cert.pem", "governance.p7s", "permissions.p7s");

    /**
     * The request of {@code environment} and the {@code --enclave} argument.
     *
     * @throws IllegalArgumentException where {@value #ENABLE} holds a value that is neither "true" nor "false"
     */
    public static SecurityRequest of(Map<String, String> environment, Optional<String> enclaveArgument) {
        String enable = environment.getOrDefault(ENABLE, "");
        if (!enable.isEmpty() && !enable.equals("true") && !enable.equals("false"))
            throw new IllegalArgumentException(ENABLE + "='" + enable + "': ROS 2 turns security on only for 'true' "
                    + "and would run this node unsecured; set it to true or false");
        String override = environment.getOrDefault(ENCLAVE_OVERRIDE, "");
        String enclave = !override.isEmpty() ? override : enclaveArgument.orElse("/");
        String keystore = environment.getOrDefault(KEYSTORE, "");
        return new SecurityRequest(enable.equals("true"), "Enforce".equals(environment.get(STRATEGY)),
                keystore.isEmpty() ? Optional.empty() : Optional.of(Path.of(keystore)), enclave);
    }

    /** The enclave's folder in the keystore, where there is a keystore. */
    public Optional<Path> enclaveFolder() {
        String relative = enclave.replaceAll("^/+", "");
        return keystore.map(k -> relative.isEmpty() ? k.resolve("enclaves") : k.resolve("enclaves").resolve(relative));
    }

    /** The enclave's files that are missing (all of them where no keystore is set). */
    public List<String> missingFiles() {
        List<String> missing = new ArrayList<>();
        Path folder = enclaveFolder().orElse(null);
        for (String name : ENCLAVE_FILES)
            if (folder == null || !Files.isRegularFile(folder.resolve(name)))
                missing.add(name);
        return missing;
    }

    /**
     * Null where the node may start: security is off, or on and the transport provides it and the enclave's files
     * are there. Otherwise the reason, in one line.
     *
     * @param transport       the transport's name, for the message
     * @param transportSecure whether the transport can run with DDS Security
     * @param whyNotSecure    why it cannot, where it cannot
     */
    public String refusal(String transport, boolean transportSecure, String whyNotSecure) {
        if (!enabled)
            return null;
        String where = keystore.isEmpty() ? "no " + KEYSTORE + " is set"
                : missingFiles().isEmpty() ? "enclave " + enclave + " in " + enclaveFolder().orElseThrow()
                : "enclave " + enclave + " lacks " + String.join(", ", missingFiles()) + " in "
                + enclaveFolder().orElseThrow();
        if (!transportSecure)
            return ENABLE + "=true asks for DDS Security, but " + transport + " cannot provide it (" + whyNotSecure
                    + "); refusing to run unsecured (" + where + ")";
        if (!missingFiles().isEmpty() || keystore.isEmpty())
            return ENABLE + "=true but " + where + "; refusing to run unsecured"
                    + (enforce ? "" : " (even under the permissive strategy)");
        return null;
    }
}
