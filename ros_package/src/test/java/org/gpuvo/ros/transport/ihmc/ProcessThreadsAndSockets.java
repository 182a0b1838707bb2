package org.gpuvo.ros.transport.ihmc;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What this process has open at the OS level, from Linux's /proc: its threads' names (Fast DDS names its own
 * {@code dds.*}) and the local addresses of its UDP sockets. Tests skip where /proc is not there.
 */
final class ProcessThreadsAndSockets {
    private ProcessThreadsAndSockets() {
    }

    static void assumeLinuxProc() {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
    }

    /** The names of this process's OS threads that Fast DDS started. */
    static List<String> fastDdsThreads() {
        List<String> names = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    // by lines: Files.readString may stop short on /proc files
                    String name = Files.readAllLines(task.resolve("comm")).get(0).strip();
                    if (name.startsWith("dds."))
                        names.add(name);
                } catch (IOException ended) {
                    // the thread ended while we looked
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /**
     * The local endpoints ("address:port", IPv4 dotted) of this process's UDP sockets: /proc/self/net/udp lists the
     * sockets of the whole network namespace, so only those whose inode is among this process's file descriptors
     * are kept.
     */
    static List<String> udpSockets() {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:["))
                        inodes.add(target.substring(8, target.length() - 1));
                } catch (IOException closed) {
                    // closed while we looked
                }
            }
            List<String> endpoints = new ArrayList<>();
            // columns of /proc/net/udp: sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
            for (String line : Files.readAllLines(Path.of("/proc/self/net/udp")).stream().skip(1).toList()) {
                String[] f = line.strip().split("\\s+");
                if (f.length > 9 && inodes.contains(f[9]))
                    endpoints.add(ipv4(f[1]));
            }
            return endpoints;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** "0100007F:1CE8" (little-endian address in hex, port in hex) as "127.0.0.1:7400". */
    private static String ipv4(String hex) {
        long a = Long.parseLong(hex.substring(0, 8), 16);
        int port = Integer.parseInt(hex.substring(9), 16);
        return (a & 0xFF) + "." + (a >> 8 & 0xFF) + "." + (a >> 16 & 0xFF) + "." + (a >> 24 & 0xFF) + ":" + port;
    }
}
