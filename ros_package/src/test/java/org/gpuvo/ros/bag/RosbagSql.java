package org.gpuvo.ros.bag;

import org.gpuvo.gpu.testdata.SharedData;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Facts about rosbag2 sqlite3 files got with plain SQL, written apart from the reader under test so that the tests
 * compare it with an independent answer.
 */
public final class RosbagSql {
    private RosbagSql() {
    }

    /** The real bags folder; skips the calling test where the shared data is absent. */
    public static Path rosbags() {
        return SharedData.require("rosbags");
    }

    /** Every .db3 file under a folder, sorted. */
    public static List<Path> db3Files(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> p.toString().endsWith(".db3")).sorted().toList();
        }
    }

    public static Connection connect(Path db3) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + db3.toAbsolutePath());
    }

    /** Message count per topic name, topics without messages included. */
    public static Map<String, Long> countsPerTopic(Path db3) throws SQLException {
        Map<String, Long> counts = new LinkedHashMap<>();
        try (Connection c = connect(db3); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT t.name, (SELECT count(*) FROM messages m WHERE m.topic_id = t.id)"
                     + " FROM topics t ORDER BY t.id")) {
            while (rs.next())
                counts.put(rs.getString(1), rs.getLong(2));
        }
        return counts;
    }

    /** One number from a query. */
    public static long number(Path db3, String sql) throws SQLException {
        try (Connection c = connect(db3); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Each message row as {timestamp, row id}, in the order rosbag2 reads them. */
    public static List<long[]> timeAndRowId(Path db3) throws SQLException {
        List<long[]> rows = new ArrayList<>();
        try (Connection c = connect(db3); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT timestamp, id FROM messages ORDER BY timestamp, id")) {
            while (rs.next())
                rows.add(new long[]{rs.getLong(1), rs.getLong(2)});
        }
        return rows;
    }

    /** Runs statements on a file (creating it where absent). */
    public static void execute(Path db3, String... statements) throws SQLException {
        try (Connection c = connect(db3); Statement st = c.createStatement()) {
            for (String s : statements)
                st.executeUpdate(s);
        }
    }
}
