package org.gpuvo.tests.dds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the Cyclone peers traced (categories config and discovery, see {@link LoopbackConfig}) about the network:
 * the interfaces they selected, the address they call their own, and every address they sent to or that a
 * discovered participant (of any vendor) advertised. Lines that only enumerate the machine's interfaces, and the
 * configured multicast groups that {@code AllowMulticast=false} leaves unused, are not counted as used.
 *
 * @param files              the trace files read, one per process
 * @param selectedInterfaces each process's "selected interfaces" line
 * @param ownAddresses       the addresses the processes sent from ("ownip")
 * @param usedAddresses      the addresses in locators, peer lists and writer address sets
 */
public record CycloneTrace(List<Path> files, List<String> selectedInterfaces, Set<String> ownAddresses,
                           Set<String> usedAddresses) {
    private static final Pattern ADDRESS = Pattern.compile("udp6?/(\\[[0-9a-fA-F:.]+]|[0-9.]+)");
    /** "1795365695.042198 [77] gpuvo_cons: " before the message */
    private static final Pattern PREFIX = Pattern.compile("^\\S+ \\[\\d+] [^:]*: ");

    /** Reads every {@code cyclone-*.log} in {@code dir}. */
    static CycloneTrace read(Path dir) {
        List<Path> files = new ArrayList<>();
        List<String> selected = new ArrayList<>();
        Set<String> own = new TreeSet<>(), used = new TreeSet<>();
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(p -> p.getFileName().toString().matches("cyclone-\\d+\\.log")).sorted().forEach(files::add);
            for (Path file : files) {
                for (String line : Files.readAllLines(file)) {
                    String message = PREFIX.matcher(line).replaceFirst("");
                    if (message.startsWith("selected interfaces: "))
                        selected.add(message.substring("selected interfaces: ".length()));
                    else if (message.startsWith("ownip: "))
                        own.addAll(addresses(message));
                    else if (!message.startsWith("config: ") && !message.startsWith("interfaces: ")
                            && !message.startsWith("SPDP MC: ") && !message.startsWith("default MC: "))
                        used.addAll(addresses(message));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Cyclone traces in " + dir, e);
        }
        return new CycloneTrace(List.copyOf(files), List.copyOf(selected), own, used);
    }

    private static List<String> addresses(String message) {
        List<String> found = new ArrayList<>();
        Matcher m = ADDRESS.matcher(message);
        while (m.find())
            found.add(m.group(1).replace("[", "").replace("]", ""));
        return found;
    }

    /** The own and used addresses that are not loopback addresses. */
    public Set<String> nonLoopbackAddresses() {
        Set<String> all = new TreeSet<>(ownAddresses);
        all.addAll(usedAddresses);
        all.removeIf(CycloneTrace::isLoopback);
        return all;
    }

    /**
     * Asserts that {@code processes} peers traced, that they sent from 127.0.0.1 only, and that every address they
     * used or were offered (by a participant of any vendor) is a loopback one.
     */
    public void assertLoopbackOnly(int processes) {
        assertThat(files).as("one trace per peer process").hasSize(processes);
        assertThat(ownAddresses).as("the addresses the peers sent from").containsExactly("127.0.0.1");
        assertThat(usedAddresses).as("addresses in locators, peer lists and address sets").isNotEmpty();
        assertThat(nonLoopbackAddresses()).as("addresses used that are not loopback").isEmpty();
    }

    private static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false; // a literal that does not parse is not known to be loopback
        }
    }
}
