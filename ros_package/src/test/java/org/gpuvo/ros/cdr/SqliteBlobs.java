package org.gpuvo.ros.cdr;

import org.sqlite.SQLiteConfig;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** The first column of a query's rows, as bytes, from a sqlite3 file opened read-only (the bags are not ours). */
final class SqliteBlobs {
    private SqliteBlobs() {
    }

    static List<byte[]> query(Path database, String sql) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        List<byte[]> rows = new ArrayList<>();
        try (Connection connection = config.createConnection("jdbc:sqlite:" + database);
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            while (result.next())
                rows.add(result.getBytes(1));
        }
        return rows;
    }
}
