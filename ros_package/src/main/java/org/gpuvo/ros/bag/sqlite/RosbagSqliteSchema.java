package org.gpuvo.ros.bag.sqlite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The rosbag2 sqlite3 schema: the statements that create version 4, and which tables and columns a given file has.
 * Versions, from rosbag2_storage_sqlite3's {@code sqlite_storage.cpp}: 1 has {@code topics(id, name, type,
 * serialization_format)} and {@code messages(id, topic_id, timestamp, data)}; 2 adds
 * {@code topics.offered_qos_profiles}; 3 (Humble) adds the tables {@code schema} and {@code metadata}; 4 (Iron on)
 * adds {@code topics.type_description_hash} and the table {@code message_definitions}. Files are read by the columns
 * they have, not by the version they state.
 */
final class RosbagSqliteSchema {
    /** The schema version written, with the tables as rosbag2 (Jazzy) creates them in {@code initialize()}. */
    static final int WRITTEN_VERSION = 4;

    /** rosbag2's CREATE statements for schema version 4, verbatim, so that sqlite_master reads as in its bags. */
    static final List<String> CREATE_VERSION_4 = List.of(
            "CREATE TABLE schema(schema_version INTEGER PRIMARY KEY,ros_distro TEXT NOT NULL);",
            "CREATE TABLE metadata(id INTEGER PRIMARY KEY,metadata_version INTEGER NOT NULL,metadata TEXT NOT NULL);",
            "CREATE TABLE topics(id INTEGER PRIMARY KEY,name TEXT NOT NULL,type TEXT NOT NULL,"
                    + "serialization_format TEXT NOT NULL,offered_qos_profiles TEXT NOT NULL,"
                    + "type_description_hash TEXT NOT NULL);",
            "CREATE TABLE message_definitions(id INTEGER PRIMARY KEY,topic_type TEXT NOT NULL,encoding TEXT NOT NULL,"
                    + "encoded_message_definition TEXT NOT NULL,type_description_hash TEXT NOT NULL);",
            "CREATE TABLE messages(id INTEGER PRIMARY KEY,topic_id INTEGER NOT NULL,timestamp INTEGER NOT NULL, "
                    + "data BLOB NOT NULL);",
            "CREATE INDEX timestamp_idx ON messages (timestamp ASC);");

    private static final List<String> TOPIC_COLUMNS = List.of("id", "name", "type", "serialization_format");
    private static final List<String> MESSAGE_COLUMNS = List.of("id", "topic_id", "timestamp", "data");

    /** Column names (lower case) of each table of the file. */
    private final Map<String, Set<String>> columns;

    private RosbagSqliteSchema(Map<String, Set<String>> columns) {
        this.columns = columns;
    }

    /** Reads the tables and columns of an open file. */
    static RosbagSqliteSchema inspect(Connection connection) throws SQLException {
        Map<String, Set<String>> columns = new HashMap<>();
        try (Statement st = connection.createStatement()) {
            // a damaged sqlite_master may hold rows without a name: those tables cannot be named, so are not there
            try (ResultSet rs = st.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
                while (rs.next())
                    if (rs.getString(1) != null)
                        columns.put(rs.getString(1).toLowerCase(Locale.ROOT), new HashSet<>());
            }
            for (Map.Entry<String, Set<String>> table : columns.entrySet()) {
                // table names come from sqlite_master; quoted as identifiers, so any name is safe here
                String quoted = "\"" + table.getKey().replace("\"", "\"\"") + "\"";
                try (ResultSet rs = st.executeQuery("PRAGMA table_info(" + quoted + ")")) {
                    while (rs.next())
                        if (rs.getString("name") != null)
                            table.getValue().add(rs.getString("name").toLowerCase(Locale.ROOT));
                }
            }
        }
        return new RosbagSqliteSchema(columns);
    }

    /** Why the file is not a rosbag2 bag (a table or column it lacks), or null where it has all it needs. */
    String missingPart() {
        for (String table : List.of("topics", "messages"))
            if (!columns.containsKey(table))
                return "no table " + table;
        for (String c : TOPIC_COLUMNS)
            if (!has("topics", c))
                return "table topics has no column " + c;
        for (String c : MESSAGE_COLUMNS)
            if (!has("messages", c))
                return "table messages has no column " + c;
        return null;
    }

    boolean hasTable(String table) {
        return columns.containsKey(table);
    }

    boolean has(String table, String column) {
        Set<String> c = columns.get(table);
        return c != null && c.contains(column);
    }

    /** The version as rosbag2 infers it where the {@code schema} table is absent. */
    int inferredVersion() {
        return has("topics", "offered_qos_profiles") ? 2 : 1;
    }
}
