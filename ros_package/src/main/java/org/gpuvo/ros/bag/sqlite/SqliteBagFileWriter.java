package org.gpuvo.ros.bag.sqlite;

import org.gpuvo.ros.bag.BagFileWriter;
import org.gpuvo.ros.bag.BagMetadata;
import org.gpuvo.ros.bag.BagMetadataYaml;
import org.gpuvo.ros.bag.EmbeddedMetadataWriter;
import org.gpuvo.ros.bag.TopicInfo;
import org.sqlite.SQLiteConfig;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Writes a rosbag2 sqlite3 file of schema version 4 as rosbag2 (Jazzy) does: its tables, created by the same
 * statements, the {@code schema} row, topics, message definitions, messages and, on request, the bag's metadata.
 * Messages are inserted inside transactions committed every {@value #MESSAGES_PER_TRANSACTION} messages or
 * {@value #BYTES_PER_TRANSACTION} bytes. The journal is kept in memory and writes are not synced, as rosbag2's
 * default (write-optimised) preset does; a crash may so lose the file, as with rosbag2.
 */
public final class SqliteBagFileWriter implements BagFileWriter, EmbeddedMetadataWriter {
    static final int MESSAGES_PER_TRANSACTION = 1000;
    static final long BYTES_PER_TRANSACTION = 64L << 20;

    private final Path file;
    private final Connection connection;
    private final PreparedStatement insertMessage;
    private final Map<String, Long> topicIds = new HashMap<>();
    private final Set<String> definedTypes = new HashSet<>();
    private int pendingMessages;
    private long pendingBytes;
    private boolean closed;

    /** Creates {@code file}, which must not exist, recording {@code rosDistro} in its {@code schema} table. */
    public SqliteBagFileWriter(Path file, String rosDistro) throws IOException {
        this.file = file;
        if (Files.exists(file))
            throw new FileAlreadyExistsException(file.toString(), null, "bag file already exists");
        try {
            SQLiteConfig config = new SQLiteConfig();
            // rosbag2's write-optimised pragmas (sqlite_pragmas.hpp, the default "none" preset)
            config.setJournalMode(SQLiteConfig.JournalMode.MEMORY);
            config.setSynchronous(SQLiteConfig.SynchronousMode.OFF);
            connection = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
        } catch (SQLException e) {
            throw new IOException("cannot create bag file " + file + ": " + e.getMessage(), e);
        }
        try {
            connection.setAutoCommit(false);
            try (Statement st = connection.createStatement()) {
                for (String create : RosbagSqliteSchema.CREATE_VERSION_4)
                    st.executeUpdate(create);
            }
            try (PreparedStatement st = connection.prepareStatement(
                    "INSERT INTO schema (schema_version, ros_distro) VALUES (?, ?)")) {
                st.setInt(1, RosbagSqliteSchema.WRITTEN_VERSION);
                st.setString(2, rosDistro == null ? "" : rosDistro);
                st.executeUpdate();
            }
            connection.commit();
            insertMessage = connection.prepareStatement(
                    "INSERT INTO messages (timestamp, topic_id, data) VALUES (?, ?, ?)");
        } catch (SQLException e) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the creation error is the one reported
            }
            throw new IOException("cannot create the rosbag2 tables in " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public String storageId() {
        return SqliteBagFileReader.STORAGE_ID;
    }

    /**
     * Adds the topic (once per name) and its type's definition (once per type). As rosbag2 records a type whose
     * definition it cannot find, an empty definition is stored with encoding {@code unknown}.
     */
    @Override
    public void addTopic(TopicInfo topic, String definition) throws IOException {
        requireOpen();
        if (topicIds.containsKey(topic.name()))
            return;
        try {
            try (PreparedStatement st = connection.prepareStatement("INSERT INTO topics (name, type, "
                    + "serialization_format, offered_qos_profiles, type_description_hash) VALUES (?, ?, ?, ?, ?)")) {
                st.setString(1, topic.name());
                st.setString(2, topic.type());
                st.setString(3, topic.serializationFormat());
                st.setString(4, topic.offeredQosProfiles());
                st.setString(5, topic.typeDescriptionHash());
                st.executeUpdate();
            }
            topicIds.put(topic.name(), lastInsertId());
            if (definedTypes.add(topic.type())) {
                boolean known = definition != null && !definition.isEmpty();
                try (PreparedStatement st = connection.prepareStatement("INSERT INTO message_definitions "
                        + "(topic_type, encoding, encoded_message_definition, type_description_hash) "
                        + "VALUES (?, ?, ?, ?)")) {
                    st.setString(1, topic.type());
                    st.setString(2, known ? "ros2msg" : "unknown");
                    st.setString(3, known ? definition : "");
                    st.setString(4, topic.typeDescriptionHash());
                    st.executeUpdate();
                }
            }
        } catch (SQLException e) {
            throw new IOException("adding topic " + topic.name() + " to " + file + " failed: " + e.getMessage(), e);
        }
    }

    private long lastInsertId() throws SQLException {
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT last_insert_rowid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void write(String topic, long timeNs, byte[] data) throws IOException {
        requireOpen();
        Long id = topicIds.get(topic);
        if (id == null)
            throw new IllegalArgumentException("topic " + topic + " was not added to " + file + " before its message");
        try {
            insertMessage.setLong(1, timeNs);
            insertMessage.setLong(2, id);
            insertMessage.setBytes(3, data);
            insertMessage.executeUpdate();
        } catch (SQLException e) {
            throw new IOException("writing a message of " + data.length + " bytes on " + topic + " to " + file
                    + " failed: " + e.getMessage(), e);
        }
        pendingMessages++;
        pendingBytes += data.length;
        if (pendingMessages >= MESSAGES_PER_TRANSACTION || pendingBytes >= BYTES_PER_TRANSACTION)
            commit();
    }

    private void commit() throws IOException {
        try {
            connection.commit();
        } catch (SQLException e) {
            throw new IOException("committing messages to " + file + " failed: " + e.getMessage(), e);
        }
        pendingMessages = 0;
        pendingBytes = 0;
    }

    /** Adds a row to table {@code metadata}: the bag's metadata as rosbag2 stores it there (no top-level key). */
    @Override
    public void storeMetadata(BagMetadata metadata) throws IOException {
        requireOpen();
        try (PreparedStatement st = connection.prepareStatement(
                "INSERT INTO metadata (metadata_version, metadata) VALUES (?, ?)")) {
            st.setInt(1, BagMetadata.WRITTEN_VERSION);
            st.setString(2, BagMetadataYaml.formatEmbedded(metadata));
            st.executeUpdate();
        } catch (SQLException e) {
            throw new IOException("storing the metadata in " + file + " failed: " + e.getMessage(), e);
        }
    }

    private void requireOpen() throws IOException {
        if (closed)
            throw new IOException("bag file " + file + " is already closed");
    }

    /** Commits what is pending and closes the file. */
    @Override
    public void close() throws IOException {
        if (closed)
            return;
        closed = true;
        try (Connection c = connection) {
            insertMessage.close();
            c.commit();
        } catch (SQLException e) {
            throw new IOException("finishing bag file " + file + " failed: " + e.getMessage(), e);
        }
    }
}
