package org.gpuvo.ros.transport.ihmc;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Linux caps UDP socket buffers at {@code net.core.rmem_max} / {@code wmem_max} without telling the application, and
 * Fast DDS 2.14 takes the smaller buffer silently (seen here: asked for 16 MiB under a 4 MiB cap, it got 8 MiB, the
 * kernel's doubled cap, and said nothing). Stock systems cap at about 208 KiB, where most large frames are lost; this
 * says so, so that the node can warn.
 */
final class SocketBufferLimits {
    static final Path PROC_NET_CORE = Path.of("/proc/sys/net/core");

    private SocketBufferLimits() {
    }

    /**
     * What falls short of {@code requestedBytes}, with the command that lifts it; empty where nothing does or the
     * limits cannot be read (not Linux).
     */
    static Optional<String> shortfall(int requestedBytes, Path netCore) {
        List<String> shortOnes = new ArrayList<>();
        for (String limit : List.of("rmem_max", "wmem_max")) {
            long max = read(netCore.resolve(limit));
            if (max >= 0 && max < requestedBytes)
                shortOnes.add("net.core." + limit + "=" + max);
        }
        if (shortOnes.isEmpty())
            return Optional.empty();
        return Optional.of("UDP socket buffers of " + requestedBytes + " bytes were asked for, but the kernel caps "
                + "them (" + String.join(", ", shortOnes) + "): large messages such as camera frames will be lost. "
                + "Raise the caps, e.g. sysctl -w net.core.rmem_max=" + requestedBytes + " net.core.wmem_max="
                + requestedBytes);
    }

    private static long read(Path file) {
        // read by lines: Files.readString returned "4" for a /proc/sys file holding "4194304" here
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            String line = reader.readLine();
            return line == null ? -1 : Long.parseLong(line.strip());
        } catch (IOException | NumberFormatException | SecurityException e) {
            return -1;
        }
    }
}
