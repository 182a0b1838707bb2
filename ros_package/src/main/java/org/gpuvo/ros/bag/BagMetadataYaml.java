package org.gpuvo.ros.bag;

import org.gpuvo.odometry.dataset.TextFiles;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.representer.Representer;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * rosbag2's {@code metadata.yaml} text to and from {@link BagMetadata}.
 *
 * <p>Reading follows rosbag2's decoder ({@code rosbag2_storage/yaml.hpp}): fields come in with metadata versions
 * (compression 3, {@code offered_qos_profiles} 4, {@code files} 5, {@code custom_data} 6,
 * {@code type_description_hash} 7, {@code ros_distro} 8); here a missing field is taken as empty whatever the
 * version says, so files of versions 1 to 9 (and hand-made ones) are read. Version 9 wrote QoS enum values as names
 * rather than numbers inside the same string, and a newer writer may give the profiles as a YAML list rather than a
 * string: either is kept as YAML text.
 *
 * <p>Writing gives version 8, in the layout of the {@code metadata.yaml} files written by the {@code rosbags}
 * library (keys sorted, two-space block style). Why 8: rosbag2's decoder ({@code rosbag2_storage/yaml.hpp}, whose
 * version-gated structure dates from 2021, before Humble) has no upper bound on the version and reads each field
 * only where {@code version >= N}, ignoring keys it does not know; so an older rosbag2 such as Humble's, which writes
 * a lower version, reads the fields it knows from a version-8 file and passes over {@code type_description_hash} and
 * {@code ros_distro}, while Jazzy and newer read all of it. Version 9 (rosbag2 pull request 1476) writes the QoS
 * enum values inside {@code offered_qos_profiles} as names instead of numbers, which an older QoS parser would not
 * take; this project's QoS text (numbers, or "") is that of version 8.
 */
public final class BagMetadataYaml {
    /** The top-level key of a {@code metadata.yaml}. */
    public static final String ROOT = "rosbag2_bagfile_information";

    private BagMetadataYaml() {
    }

    /**
     * Parses a {@code metadata.yaml}, or the bare mapping that rosbag2 keeps in a sqlite3 file's {@code metadata}
     * table; {@code source} names the file in errors.
     */
    public static BagMetadata parse(String text, Path source) throws BagFormatException {
        Object document;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            options.setCodePointLimit(Math.max(text.length() + 1, options.getCodePointLimit()));
            document = new Yaml(new SafeConstructor(options)).load(text);
        } catch (MarkedYAMLException e) {
            // SnakeYAML's message spans lines with a snippet of the text: the problem and its line say it all
            String line = e.getProblemMark() == null ? "" : ":" + (e.getProblemMark().getLine() + 1);
            throw BagFormatException.inText(source, source + line + ": not valid YAML: "
                    + TextFiles.firstLine(e.getProblem()), e);
        } catch (YAMLException | IllegalArgumentException e) {
            // SnakeYAML also throws IllegalArgumentException, e.g. for a tag with spaces around it
            throw BagFormatException.inText(source, source + ": not valid YAML: "
                    + TextFiles.firstLine(e.getMessage()), e);
        }
        if (!(document instanceof Map<?, ?> top))
            throw new BagFormatException(source, -1, "not a rosbag2 metadata file: no " + ROOT + " mapping");
        Fields root;
        if (top.get(ROOT) instanceof Map<?, ?> body)
            root = new Fields(source, ROOT, body);
        else if (top.containsKey("version") && top.containsKey("storage_identifier"))
            root = new Fields(source, "", top);
        else
            throw new BagFormatException(source, -1, "not a rosbag2 metadata file: no " + ROOT + " mapping");

        if (!root.has("version"))
            throw new BagFormatException(source, -1, "rosbag2 metadata without a version");
        int version = (int) root.integer("version", 0);

        List<BagMetadata.TopicMessageCount> topics = new ArrayList<>();
        for (Fields entry : root.list("topics_with_message_count")) {
            Fields t = entry.map("topic_metadata");
            TopicInfo info = new TopicInfo(t.requiredString("name"), t.requiredString("type"),
                    t.string("serialization_format", "cdr"), t.yamlText("offered_qos_profiles"),
                    t.string("type_description_hash", ""));
            topics.add(new BagMetadata.TopicMessageCount(info, entry.integer("message_count", 0)));
        }
        List<String> paths = new ArrayList<>();
        for (Object p : root.rawList("relative_file_paths"))
            paths.add(root.scalarText("relative_file_paths", p));
        List<BagMetadata.FileInfo> files = new ArrayList<>();
        for (Fields f : root.list("files"))
            files.add(new BagMetadata.FileInfo(f.requiredString("path"),
                    f.map("starting_time").integer("nanoseconds_since_epoch", 0),
                    f.map("duration").integer("nanoseconds", 0), f.integer("message_count", 0)));
        Map<String, String> custom = new LinkedHashMap<>();
        Fields customFields = root.map("custom_data");
        for (String key : customFields.keys())
            custom.put(key, customFields.string(key, ""));

        return new BagMetadata(version, root.string("storage_identifier", ""),
                root.map("duration").integer("nanoseconds", 0),
                root.map("starting_time").integer("nanoseconds_since_epoch", 0),
                root.integer("message_count", 0), topics, root.string("compression_format", ""),
                root.string("compression_mode", ""), paths, files, custom, root.string("ros_distro", ""));
    }


    /** The text of a {@code metadata.yaml} of version {@link BagMetadata#WRITTEN_VERSION} holding {@code m}. */
    public static String format(BagMetadata m) {
        Map<String, Object> root = new TreeMap<>();
        root.put(ROOT, body(m));
        return dumper().dump(root);
    }

    /** The bare mapping (no {@value #ROOT} key) that rosbag2 stores in a sqlite3 file's {@code metadata} table. */
    public static String formatEmbedded(BagMetadata m) {
        return dumper().dump(body(m));
    }

    private static Map<String, Object> body(BagMetadata m) {
        Map<String, Object> b = new TreeMap<>();
        b.put("version", BagMetadata.WRITTEN_VERSION);
        b.put("storage_identifier", m.storageIdentifier());
        b.put("duration", nanoseconds(m.durationNs()));
        b.put("starting_time", sinceEpoch(m.startingTimeNs()));
        b.put("message_count", m.messageCount());
        List<Object> topics = new ArrayList<>();
        for (BagMetadata.TopicMessageCount t : m.topicsWithMessageCount()) {
            Map<String, Object> meta = new TreeMap<>();
            meta.put("name", t.topic().name());
            meta.put("type", t.topic().type());
            meta.put("serialization_format", t.topic().serializationFormat());
            meta.put("offered_qos_profiles", t.topic().offeredQosProfiles());
            meta.put("type_description_hash", t.topic().typeDescriptionHash());
            Map<String, Object> entry = new TreeMap<>();
            entry.put("topic_metadata", meta);
            entry.put("message_count", t.messageCount());
            topics.add(entry);
        }
        b.put("topics_with_message_count", topics);
        b.put("compression_format", m.compressionFormat());
        b.put("compression_mode", m.compressionMode());
        b.put("relative_file_paths", new ArrayList<>(m.relativeFilePaths()));
        List<Object> files = new ArrayList<>();
        for (BagMetadata.FileInfo f : m.files()) {
            Map<String, Object> file = new TreeMap<>();
            file.put("path", f.path());
            file.put("starting_time", sinceEpoch(f.startingTimeNs()));
            file.put("duration", nanoseconds(f.durationNs()));
            file.put("message_count", f.messageCount());
            files.add(file);
        }
        b.put("files", files);
        b.put("custom_data", new TreeMap<>(m.customData()));
        b.put("ros_distro", m.rosDistro());
        return b;
    }

    private static Map<String, Object> nanoseconds(long ns) {
        return Map.of("nanoseconds", ns);
    }

    private static Map<String, Object> sinceEpoch(long ns) {
        return Map.of("nanoseconds_since_epoch", ns);
    }

    private static Yaml dumper() {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndent(2);
        options.setIndicatorIndent(0);
        options.setSplitLines(false);
        options.setWidth(Integer.MAX_VALUE);
        options.setLineBreak(DumperOptions.LineBreak.UNIX);
        return new Yaml(new Representer(options), options);
    }

    /** One YAML mapping of the metadata, with typed look-ups whose errors name the file and the key. */
    private record Fields(Path source, String path, Map<?, ?> values) {
        boolean has(String key) {
            return values.get(key) != null;
        }

        List<String> keys() {
            List<String> keys = new ArrayList<>();
            for (Object k : values.keySet())
                keys.add(String.valueOf(k));
            return keys;
        }

        private String where(String key) {
            return path.isEmpty() ? key : path + "." + key;
        }

        private BagFormatException bad(String key, String what) {
            return new BagFormatException(source, -1, "metadata field " + where(key) + " " + what);
        }

        Fields map(String key) throws BagFormatException {
            Object v = values.get(key);
            if (v != null && !(v instanceof Map))
                throw bad(key, "is not a mapping: " + v);
            return new Fields(source, where(key), v == null ? Map.of() : (Map<?, ?>) v);
        }

        List<?> rawList(String key) throws BagFormatException {
            Object v = values.get(key);
            if (v == null)
                return List.of();
            if (!(v instanceof List<?> list))
                throw bad(key, "is not a list: " + v);
            return list;
        }

        List<Fields> list(String key) throws BagFormatException {
            List<Fields> out = new ArrayList<>();
            List<?> raw = rawList(key);
            for (int i = 0; i < raw.size(); i++) {
                if (!(raw.get(i) instanceof Map<?, ?> m))
                    throw bad(key + "[" + i + "]", "is not a mapping: " + raw.get(i));
                out.add(new Fields(source, where(key) + "[" + i + "]", m));
            }
            return out;
        }

        long integer(String key, long absent) throws BagFormatException {
            Object v = values.get(key);
            if (v == null)
                return absent;
            if (v instanceof Integer || v instanceof Long)
                return ((Number) v).longValue();
            if (v instanceof BigInteger big) {
                if (big.bitLength() < 64)
                    return big.longValue();
                throw bad(key, "is out of the range of a signed 64-bit integer: " + v);
            }
            if (v instanceof String s) {
                try {
                    return Long.parseLong(s.trim());
                } catch (NumberFormatException e) {
                    // falls through to the error below
                }
            }
            throw bad(key, "is not an integer: " + v);
        }

        String scalarText(String key, Object v) throws BagFormatException {
            if (v instanceof Map || v instanceof List)
                throw bad(key, "is not a text: " + v);
            return String.valueOf(v);
        }

        String string(String key, String absent) throws BagFormatException {
            Object v = values.get(key);
            return v == null ? absent : scalarText(key, v);
        }

        String requiredString(String key) throws BagFormatException {
            Object v = values.get(key);
            if (v == null)
                throw bad(key, "is missing");
            return scalarText(key, v);
        }

        /** A text field that a newer writer may give as YAML structure: the structure comes back as YAML text. */
        String yamlText(String key) {
            Object v = values.get(key);
            if (v == null)
                return "";
            if (v instanceof Map || v instanceof List)
                return dumper().dump(v).stripTrailing();
            return String.valueOf(v);
        }
    }
}
