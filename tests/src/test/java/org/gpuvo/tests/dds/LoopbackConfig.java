package org.gpuvo.tests.dds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@code CYCLONEDDS_URI} configuration that keeps a test's DDS traffic on this machine: the only interface is
 * 127.0.0.1, multicast is off, and participants find each other by unicast discovery to the well-known ports of
 * 127.0.0.1 (participant index "auto", Cyclone's default of "none" would make unicast discovery impossible). Each
 * process traces its configuration and discovery to {@code cyclone-<pid>.log} beside the file, which is where
 * {@link CycloneTrace} checks which addresses were really used.
 *
 * @param file     the XML file
 * @param domainId the ROS_DOMAIN_ID the peers use
 */
record LoopbackConfig(Path file, int domainId) {
    /** Highest participant index Cyclone tries and sends discovery to (its default of 9 leaves little room). */
    static final int MAX_PARTICIPANT_INDEX = 20;

    private static final AtomicInteger NEXT = new AtomicInteger();

    /**
     * A domain id in 50..149, from the process id (so that two test JVMs on one machine rarely meet) and a counter
     * (so that one test's leftovers never reach the next one's peers).
     */
    static int nextDomainId() {
        return 50 + (int) ((ProcessHandle.current().pid() + NEXT.getAndIncrement()) % 100);
    }

    /** Writes {@code cyclonedds.xml} into {@code dir}. */
    static LoopbackConfig write(Path dir, int domainId) {
        Path file = dir.resolve("cyclonedds.xml");
        String trace = xmlText(dir.toAbsolutePath().resolve("cyclone-${CYCLONEDDS_PID}.log").toString());
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- gpuvo interoperability tests: loopback only, no multicast, unicast discovery on 127.0.0.1 -->
                <CycloneDDS>
                  <Domain id="any">
                    <General>
                      <Interfaces>
                        <NetworkInterface address="127.0.0.1"/>
                      </Interfaces>
                      <AllowMulticast>false</AllowMulticast>
                    </General>
                    <Discovery>
                      <ParticipantIndex>auto</ParticipantIndex>
                      <MaxAutoParticipantIndex>%d</MaxAutoParticipantIndex>
                      <Peers>
                        <Peer address="127.0.0.1"/>
                      </Peers>
                    </Discovery>
                    <Tracing>
                      <Category>config,discovery</Category>
                      <OutputFile>%s</OutputFile>
                    </Tracing>
                  </Domain>
                </CycloneDDS>
                """.formatted(MAX_PARTICIPANT_INDEX, trace);
        try {
            Files.createDirectories(dir);
            Files.writeString(file, xml);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return new LoopbackConfig(file, domainId);
    }

    /** The value of CYCLONEDDS_URI: Cyclone takes the path after file:// as it is, without URI decoding. */
    String uri() {
        return "file://" + file.toAbsolutePath();
    }

    private static String xmlText(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
