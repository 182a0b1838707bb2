package org.gpuvo.ros.bag.sqlite;

import org.gpuvo.ros.bag.BagFileReader;
import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.IndexedTimeRange;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TimeRange;
import org.gpuvo.ros.bag.TopicInfo;
import org.sqlite.SQLiteConfig;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/**
 * A rosbag2 sqlite3 file ({@code .db3}) of any schema version, opened read-only. Topics and definitions are read
 * on opening; messages stream from a JDBC cursor in time order, never all in memory.
 */
public final class SqliteBagFileReader implements BagFileReader, IndexedTimeRange {
    public static final String STORAGE_ID = "sqlite3";

    /** The 16 bytes every SQLite 3 file starts with (SQLite file format, section 1.3.1). */
    static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.ISO_8859_1);

    private final Path file;
    private final Connection connection;
    private final int schemaVersion;
    private final String rosDistro;
    private final List<TopicInfo> topics;
    private final Map<Long, TopicInfo> topicsById;
    private final Map<String, String> definitions;
    /** How the file's size disagrees with its header (cut short, or stopped mid-transaction), or null. */
    private String truncation;

    /** Opens {@code file}; fails with a {@link BagFormatException} where it is not a rosbag2 sqlite3 file. */
    public SqliteBagFileReader(Path file) throws IOException {
        this.file = file;
        requireSqliteHeader(file);
        try {
            SQLiteConfig config = new SQLiteConfig();
            config.setReadOnly(true);
            connection = config.createConnection(connectionUrl(file));
            truncation = truncation(file);
            if (truncation != null && truncation.startsWith("truncated")) {
                // SQLite refuses a file shorter than its header says unless the schema is "writable"; on this
                // read-only connection that only lets it read the pages that remain
                try (Statement st = connection.createStatement()) {
                    st.execute("PRAGMA writable_schema=ON");
                }
            }
        } catch (SQLException e) {
            throw SqliteFormatException.notRosbag(file, "SQLite cannot open it: " + e.getMessage(), e);
        }
        try {
            RosbagSqliteSchema schema = RosbagSqliteSchema.inspect(connection);
            String missing = schema.missingPart();
            if (missing != null)
                throw SqliteFormatException.notRosbag(file, missing, null);
            String[] versionAndDistro = readSchemaRow(schema);
            schemaVersion = versionAndDistro[0] == null ? schema.inferredVersion()
                    : Integer.parseInt(versionAndDistro[0]);
            rosDistro = versionAndDistro[1] == null ? "" : versionAndDistro[1];
            topicsById = readTopics(schema);
            topics = List.copyOf(topicsById.values());
            definitions = readDefinitions(schema);
        } catch (SQLException | NumberFormatException e) {
            closeQuietly();
            // the header was SQLite's: the file is damaged (or SQLite of another make) rather than of another kind
            throw SqliteFormatException.ofFile(file, "damaged sqlite3 file, SQLite cannot read its tables: "
                    + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    /**
     * The JDBC address of {@code file}. Where no write-ahead log lies beside it, the file is opened immutable, so
     * that SQLite makes no {@code -shm} or {@code -wal} file in the user's bag folder (it would for a file in WAL
     * mode, even read-only); a log left by a writer that stopped is read with the file, which needs them.
     */
    static String connectionUrl(Path file) {
        Path absolute = file.toAbsolutePath();
        if (Files.exists(absolute.resolveSibling(absolute.getFileName() + "-wal")))
            return "jdbc:sqlite:" + absolute;
        return "jdbc:sqlite:" + absolute.toUri() + "?immutable=1";
    }

    /**
     * Null where the file is as long as its header's page count says (SQLite file format, section 1.3: page size at
     * offset 16, 1 meaning 65536; database size in pages at 28, valid where the change counter at 24 equals the
     * version-valid-for number at 92); otherwise how it is not: cut short (the rows on the pages that remain can be
     * read), or longer by more than a page (a writer stopped before committing what it wrote there).
     */
    static String truncation(Path file) throws IOException {
        byte[] header = new byte[100];
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(header, 0, header.length) < header.length)
                return "the file ends inside its 100-byte header";
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(header);
        int pageSize = b.getShort(16) & 0xFFFF;
        long pageBytes = pageSize == 1 ? 65536 : pageSize;
        long pages = b.getInt(28) & 0xFFFFFFFFL;
        if (pages == 0 || b.getInt(24) != b.getInt(92))
            return null;
        long size = Files.size(file), declared = pages * pageBytes;
        if (size < declared)
            return "truncated: the file has " + size + " of the " + declared
                    + " bytes its header declares; the rows on the pages that remain are read";
        if (size - declared > pageBytes)
            return "the file has " + (size - declared) + " bytes past the " + declared + " its header declares: "
                    + "its writer was stopped before committing them (sqlite3 bags keep the open transaction's "
                    + "journal in memory, as rosbag2's default does), and the messages in them cannot be read";
        return null;
    }

    private static void requireSqliteHeader(Path file) throws IOException {
        if (!Files.exists(file))
            throw new NoSuchFileException(file.toString(), null, "no such bag file");
        byte[] head = new byte[SQLITE_HEADER.length];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (n == 0)
            throw SqliteFormatException.notRosbag(file, "the file is empty", null);
        if (n < head.length || !Arrays.equals(head, SQLITE_HEADER))
            throw SqliteFormatException.notRosbag(file, "it does not start with the SQLite header", null);
    }

    /** The {@code schema} row: version and distribution as text, nulls where the table is absent or empty. */
    private String[] readSchemaRow(RosbagSqliteSchema schema) throws SQLException {
        if (!schema.hasTable("schema") || !schema.has("schema", "schema_version"))
            return new String[2];
        String distroColumn = schema.has("schema", "ros_distro") ? "ros_distro" : "NULL";
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT schema_version, " + distroColumn
                     + " FROM schema ORDER BY schema_version DESC LIMIT 1")) {
            return rs.next() ? new String[]{rs.getString(1), rs.getString(2)} : new String[2];
        }
    }

    private Map<Long, TopicInfo> readTopics(RosbagSqliteSchema schema) throws SQLException, BagFormatException {
        String qos = schema.has("topics", "offered_qos_profiles") ? "offered_qos_profiles" : "''";
        String hash = schema.has("topics", "type_description_hash") ? "type_description_hash" : "''";
        Map<Long, TopicInfo> byId = new LinkedHashMap<>();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT id, name, type, serialization_format, " + qos + ", " + hash
                     + " FROM topics ORDER BY id")) {
            while (rs.next()) {
                long id = rs.getLong(1);
                String name = rs.getString(2), type = rs.getString(3);
                if (name == null || type == null)
                    throw SqliteFormatException.ofFile(file, "topics row id " + id + " has no name or type", null);
                byId.put(id, new TopicInfo(name, type, textOrEmpty(rs, 4), textOrEmpty(rs, 5), textOrEmpty(rs, 6)));
            }
        }
        return byId;
    }

    /** A text column that a damaged file may hold as NULL though rosbag2 declares it NOT NULL: "" then. */
    private static String textOrEmpty(ResultSet rs, int column) throws SQLException {
        String text = rs.getString(column);
        return text == null ? "" : text;
    }

    private Map<String, String> readDefinitions(RosbagSqliteSchema schema) throws SQLException {
        if (!schema.has("message_definitions", "topic_type")
                || !schema.has("message_definitions", "encoded_message_definition"))
            return Map.of();
        Map<String, String> byType = new LinkedHashMap<>();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT topic_type, encoded_message_definition FROM message_definitions"
                     + " ORDER BY id")) {
            while (rs.next()) {
                String type = rs.getString(1), text = rs.getString(2);
                if (type != null && text != null && !text.isEmpty())
                    byType.putIfAbsent(type, text);
            }
        }
        return Collections.unmodifiableMap(byType);
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public String storageId() {
        return STORAGE_ID;
    }

    /** The version in the file's {@code schema} table, else as rosbag2 infers it from the columns (1 or 2). */
    public int schemaVersion() {
        return schemaVersion;
    }

    /** The distribution in the file's {@code schema} table, "" where the file has none. */
    public String rosDistro() {
        return rosDistro;
    }

    @Override
    public List<TopicInfo> topics() {
        return topics;
    }

    /** Counted by one {@code GROUP BY topic_id} query; topics without messages count 0. */
    @Override
    public Map<String, Long> messageCounts() throws IOException {
        if (truncation != null) // what the tables count is not what can be read
            throw SqliteFormatException.ofFile(file, truncation, null);
        Map<String, Long> counts = new LinkedHashMap<>();
        for (TopicInfo t : topics)
            counts.put(t.name(), 0L);
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT topic_id, count(*), min(id) FROM messages GROUP BY topic_id")) {
            while (rs.next()) {
                TopicInfo topic = topicsById.get(rs.getLong(1));
                if (topic == null)
                    throw unknownTopic(rs.getLong(3), rs.getLong(1));
                counts.merge(topic.name(), rs.getLong(2), Long::sum);
            }
        } catch (SQLException e) {
            throw SqliteFormatException.ofFile(file, "counting messages failed: " + e.getMessage(), e);
        }
        return counts;
    }

    @Override
    public Optional<TimeRange> timeRange() throws IOException {
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT min(timestamp), max(timestamp), count(*) FROM messages")) {
            if (!rs.next() || rs.getLong(3) == 0)
                return Optional.empty();
            return Optional.of(new TimeRange(rs.getLong(1), rs.getLong(2)));
        } catch (SQLException e) {
            throw SqliteFormatException.ofFile(file, "reading the time range failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Map<String, String> messageDefinitions() {
        return definitions;
    }

    /**
     * Messages ordered by timestamp, then row id, as rosbag2 reads them. Topics named in {@code topics} that the file
     * lacks are ignored.
     */
    @Override
    public MessageCursor messages(Set<String> topics) throws IOException {
        StringBuilder sql = new StringBuilder("SELECT id, topic_id, timestamp, length(data), data FROM messages");
        if (topics != null) {
            // ids are numbers read from the file, so they go into the text safely
            // rows of a topic id that table topics lacks are read too, so that they are reported rather than lost
            StringJoiner ids = new StringJoiner(",", " WHERE topic_id NOT IN (SELECT id FROM topics) OR topic_id IN (",
                    ")");
            int selected = 0;
            for (Map.Entry<Long, TopicInfo> t : topicsById.entrySet()) {
                if (topics.contains(t.getValue().name())) {
                    ids.add(Long.toString(t.getKey()));
                    selected++;
                }
            }
            if (selected == 0)
                return SqliteMessageCursor.empty();
            sql.append(ids);
        }
        String rowOrder = sql + " ORDER BY id";
        sql.append(" ORDER BY timestamp, id");
        try {
            PreparedStatement st = connection.prepareStatement(sql.toString());
            return new SqliteMessageCursor(file, st, rowOrder, topicsById, truncation);
        } catch (SQLException e) {
            throw SqliteFormatException.ofFile(file, "reading messages failed: " + e.getMessage(), e);
        }
    }

    private BagFormatException unknownTopic(long rowId, long topicId) {
        return unknownTopic(file, rowId, topicId);
    }

    static BagFormatException unknownTopic(Path file, long rowId, long topicId) {
        return SqliteFormatException.atRow(file, rowId, "topic_id " + topicId + " is not in table topics", null);
    }

    @Override
    public void close() throws IOException {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new IOException("closing " + file + " failed: " + e.getMessage(), e);
        }
    }

    private void closeQuietly() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // the error being reported is the one that matters
        }
    }
}
