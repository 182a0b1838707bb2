package org.gpuvo.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.TimeRange;
import org.gpuvo.ros.bag.TopicInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code gpuvo bag info}: what {@code ros2 bag info} shows, without ROS 2. */
@Command(name = "info", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Shows a bag's files, size, storage, duration, start and end, and per topic its type, message "
                + "count and serialization format, as ros2 bag info does.",
                "BAG is a bag folder (with or without metadata.yaml) or a single .db3 or .mcap file."})
final class BagInfoCommand implements Callable<Integer> {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM d yyyy HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    @Parameters(index = "0", paramLabel = "BAG", description = "The bag folder or file.")
    Path bagPath;

    @Mixin
    JsonOutput json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        BagArgument.requireExists(bagPath, spec.commandLine());
        try (BagReader bag = Bags.open(bagPath)) {
            Map<String, Long> counts = bag.messageCounts();
            long total = counts.values().stream().mapToLong(Long::longValue).sum();
            long size = 0;
            for (Path f : bag.files())
                size += Files.size(f);
            print(json.text(), bag, counts, total, size);
            ObjectNode root = JsonOutput.object();
            root.put("path", bagPath.toString());
            root.put("storage", bag.storageId());
            ArrayNode files = root.putArray("files");
            bag.files().forEach(f -> files.add(f.getFileName().toString()));
            root.put("size_bytes", size);
            TimeRange range = bag.timeRange().orElse(null);
            root.put("start_ns", range == null ? null : range.startNs());
            root.put("end_ns", range == null ? null : range.endNs());
            root.put("duration_s", range == null ? 0 : range.durationNs() / 1e9);
            root.put("message_count", total);
            ArrayNode topics = root.putArray("topics");
            for (TopicInfo t : bag.topics()) {
                ObjectNode n = topics.addObject();
                n.put("name", t.name());
                n.put("type", t.type());
                n.put("count", counts.getOrDefault(t.name(), 0L));
                n.put("serialization_format", t.serializationFormat());
            }
            json.write(root);
        }
        return 0;
    }

    private static void print(PrintWriter out, BagReader bag, Map<String, Long> counts, long total, long size)
            throws IOException {
        String indent = " ".repeat(19);
        out.printf("Files:             %s%n", String.join("\n" + indent,
                bag.files().stream().map(f -> f.getFileName().toString()).toList()));
        out.printf("Bag size:          %s%n", humanSize(size));
        out.printf("Storage id:        %s%n", bag.storageId());
        TimeRange range = bag.timeRange().orElse(null);
        out.printf(Locale.ROOT, "Duration:          %.9fs%n", range == null ? 0 : range.durationNs() / 1e9);
        if (range != null) {
            out.printf("Start:             %s%n", stamp(range.startNs()));
            out.printf("End:               %s%n", stamp(range.endNs()));
        }
        out.printf("Messages:          %d%n", total);
        StringBuilder topics = new StringBuilder();
        for (TopicInfo t : bag.topics()) {
            topics.append(topics.length() == 0 ? "" : "\n" + indent).append(String.format(Locale.ROOT,
                    "Topic: %s | Type: %s | Count: %d | Serialization Format: %s", t.name(), t.type(),
                    counts.getOrDefault(t.name(), 0L), t.serializationFormat()));
        }
        out.printf("Topic information: %s%n", topics);
        out.flush();
    }

    private static String stamp(long ns) {
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
        return String.format(Locale.ROOT, "%s.%09d (%d.%09d)", TIME.format(instant), Math.floorMod(ns, 1_000_000_000L),
                Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
    }

    static String humanSize(long bytes) {
        if (bytes < 1024)
            return bytes + " B";
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
