package org.gpuvo.app.bag;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.AbstractCommand;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.ros.bag.BagDamageLog;
import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TimeRange;
import org.gpuvo.ros.bag.TopicInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** {@code gpuvo bag info}: what {@code ros2 bag info} shows, without ROS 2. */
@Command(name = "info", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Shows a bag's files, size, storage, duration, start and end, and per topic its type, message "
                + "count and serialization format, as ros2 bag info does.",
                "BAG is a bag folder (with or without metadata.yaml) or a single .db3 or .mcap file.",
                "A damaged bag is read past its damage: the counts are of the messages that can be read, the damage "
                        + "is listed, and the exit status is 1."})
final class BagInfoCommand extends AbstractCommand {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM d yyyy HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    @Parameters(index = "0", paramLabel = "BAG", description = "The bag folder or file.")
    Path bagPath;

    @Mixin
    JsonOutput json;

    @Override
    public Integer call() throws Exception {
        BagArgument.requireExists(bagPath, spec.commandLine());
        try (BagReader bag = Bags.open(bagPath)) {
            Contents contents = Contents.of(bag);
            Map<String, Long> counts = contents.counts();
            long total = counts.values().stream().mapToLong(Long::longValue).sum();
            long size = 0;
            for (Path f : bag.files())
                size += Files.size(f);
            print(json.text(), bag, contents, total, size);
            ObjectNode root = JsonOutput.object();
            root.put("path", bagPath.toString());
            root.put("storage", bag.storageId());
            ArrayNode files = root.putArray("files");
            bag.files().forEach(f -> files.add(f.getFileName().toString()));
            root.put("size_bytes", size);
            TimeRange range = contents.range();
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
            if (contents.damage() != null) {
                root.put("damaged_places", contents.damage().count());
                ArrayNode damage = root.putArray("damage");
                contents.damage().first().forEach(d -> damage.add(d.getMessage()));
            }
            json.write(root);
            return contents.damage() == null ? 0 : 1;
        }
    }

    /**
     * Counts and time range: from the bag's index and statistics where they can be read, otherwise from the
     * messages that can be read, with the damage met ({@code damage} is null for an undamaged bag).
     */
    private record Contents(Map<String, Long> counts, TimeRange range, BagDamageLog damage) {
        static Contents of(BagReader bag) throws IOException {
            try {
                return new Contents(bag.messageCounts(), bag.timeRange().orElse(null), null);
            } catch (BagFormatException e) {
                return scanned(bag);
            }
        }

        private static Contents scanned(BagReader bag) throws IOException {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (TopicInfo t : bag.topics())
                counts.put(t.name(), 0L);
            BagDamageLog damage = new BagDamageLog();
            long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
            try (MessageCursor cursor = bag.messages(null, damage)) {
                for (BagMessage m = cursor.next(); m != null; m = cursor.next()) {
                    counts.merge(m.topic().name(), 1L, Long::sum);
                    first = Math.min(first, m.timeNs());
                    last = Math.max(last, m.timeNs());
                }
            }
            return new Contents(counts, first > last ? null : new TimeRange(first, last), damage);
        }
    }

    private static void print(PrintWriter out, BagReader bag, Contents contents, long total, long size) {
        Map<String, Long> counts = contents.counts();
        String indent = " ".repeat(19);
        out.printf("Files:             %s%n", String.join("\n" + indent,
                bag.files().stream().map(f -> f.getFileName().toString()).toList()));
        out.printf("Bag size:          %s%n", humanSize(size));
        out.printf("Storage id:        %s%n", bag.storageId());
        TimeRange range = contents.range();
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
        if (contents.damage() != null) {
            out.printf("Damaged:           %d place(s); the counts above are of the messages that can be read%n",
                    contents.damage().count());
            for (var d : contents.damage().first())
                out.printf("%s%s%n", indent, d.getMessage());
        }
        out.flush();
    }

    private static String stamp(long ns) {
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
        // the seconds as an exact decimal: -1999999995 ns is -1.999999995 s (not -2 s and 5 ns written "-2.000000005")
        return String.format(Locale.ROOT, "%s.%09d (%s)", TIME.format(instant), Math.floorMod(ns, 1_000_000_000L),
                new java.math.BigDecimal(ns).movePointLeft(9).toPlainString());
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
