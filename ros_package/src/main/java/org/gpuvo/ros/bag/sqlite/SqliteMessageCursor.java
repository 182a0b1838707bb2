package org.gpuvo.ros.bag.sqlite;

import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * Rows of a rosbag2 {@code messages} query, one at a time. A bad row (a topic id not in {@code topics}, no data)
 * throws a {@link BagFormatException} naming its row id, and the next call goes on with the row after it; an error
 * of SQLite itself (a damaged page) ends the cursor.
 */
final class SqliteMessageCursor implements MessageCursor {
    /** Rows fetched at a time: a hint (the driver steps rows one by one), small since rows hold whole images. */
    private static final int FETCH_SIZE = 16;

    private final Path file;
    private final PreparedStatement statement;
    private final Map<Long, TopicInfo> topicsById;
    private ResultSet rows;
    private long lastRowId = -1;
    private boolean closed;

    SqliteMessageCursor(Path file, PreparedStatement statement, Map<Long, TopicInfo> topicsById) {
        this.file = file;
        this.statement = statement;
        this.topicsById = topicsById;
        this.closed = statement == null;
    }

    static SqliteMessageCursor empty() {
        return new SqliteMessageCursor(null, null, Map.of());
    }

    @Override
    public BagMessage next() throws IOException {
        if (closed)
            return null;
        try {
            if (rows == null) {
                statement.setFetchSize(FETCH_SIZE);
                rows = statement.executeQuery();
            }
            if (!rows.next()) {
                close();
                return null;
            }
            long rowId = rows.getLong(1);
            lastRowId = rowId;
            long topicId = rows.getLong(2);
            long timeNs = rows.getLong(3);
            boolean noTime = rows.wasNull();
            byte[] data = rows.getBytes(4);
            TopicInfo topic = topicsById.get(topicId);
            if (topic == null)
                throw SqliteBagFileReader.unknownTopic(file, rowId, topicId);
            if (noTime)
                throw SqliteFormatException.atRow(file, rowId, "the timestamp is NULL", null);
            if (data == null)
                throw SqliteFormatException.atRow(file, rowId, "the data is NULL", null);
            return new BagMessage(topic, timeNs, data, file, rowId);
        } catch (SQLException e) {
            closeQuietly();
            throw SqliteFormatException.afterRow(file, lastRowId, "reading messages failed: " + e.getMessage(), e);
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException ignored) {
            // the read error being reported is the one that matters
        }
    }

    @Override
    public void close() throws IOException {
        if (closed)
            return;
        closed = true;
        try {
            statement.close();
        } catch (SQLException e) {
            throw new IOException("closing a message query of " + file + " failed: " + e.getMessage(), e);
        }
    }
}
