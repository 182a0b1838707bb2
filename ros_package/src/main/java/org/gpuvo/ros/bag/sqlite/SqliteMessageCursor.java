package org.gpuvo.ros.bag.sqlite;

import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReadLimits;
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
 *
 * <p>A damaged or truncated file often cannot be sorted by time at all (the sort reads every page first). Then,
 * before any row was delivered, the cursor asks for the rows in row-id order instead, which SQLite reads page by
 * page: the rows on the pages before the damage are delivered (rosbag2 inserts them in arrival order, so this is
 * about their time order) and the damage is reported after the last of them.
 */
final class SqliteMessageCursor implements MessageCursor {
    /** Rows fetched at a time: a hint (the driver steps rows one by one), small since rows hold whole images. */
    private static final int FETCH_SIZE = 16;

    private final Path file;
    private PreparedStatement statement;
    /** The same query in row-id order, for a file whose time order cannot be read; null once used or not wanted. */
    private String rowOrderSql;
    private boolean rowOrdered;
    private final Map<Long, TopicInfo> topicsById;
    private final BagReadLimits limits = BagReadLimits.defaults();
    private ResultSet rows;
    private long lastRowId = -1;
    private boolean closed;

    /** How the file's size disagrees with its header, or null: reported after the rows, or with their error. */
    private final String truncation;
    private boolean truncationReported;

    SqliteMessageCursor(Path file, PreparedStatement statement, String rowOrderSql,
                        Map<Long, TopicInfo> topicsById, String truncation) {
        this.file = file;
        this.truncation = truncation;
        this.statement = statement;
        this.rowOrderSql = rowOrderSql;
        this.topicsById = topicsById;
        this.closed = statement == null;
    }

    static SqliteMessageCursor empty() {
        return new SqliteMessageCursor(null, null, null, Map.of(), null);
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
                if (truncation != null && !truncationReported) {
                    truncationReported = true;
                    throw SqliteFormatException.afterRow(file, lastRowId, truncation, null);
                }
                return null;
            }
            long rowId = rows.getLong(1);
            lastRowId = rowId;
            long topicId = rows.getLong(2);
            long timeNs = rows.getLong(3);
            boolean noTime = rows.wasNull();
            String tooLarge = BagReadLimits.exceeds(rows.getLong(4), limits.messageBytes(), "message",
                    BagReadLimits.MESSAGE_PROPERTY);
            if (tooLarge != null)
                throw SqliteFormatException.atRow(file, rowId, tooLarge, null);
            byte[] data = rows.getBytes(5);
            TopicInfo topic = topicsById.get(topicId);
            if (topic == null)
                throw SqliteBagFileReader.unknownTopic(file, rowId, topicId);
            if (noTime)
                throw SqliteFormatException.atRow(file, rowId, "the timestamp is NULL", null);
            if (data == null)
                throw SqliteFormatException.atRow(file, rowId, "the data is NULL", null);
            return new BagMessage(topic, timeNs, data, file, rowId);
        } catch (SQLException e) {
            if (lastRowId < 0 && rowOrderSql != null && inRowOrder())
                return next();
            closeQuietly();
            truncationReported = true;
            throw SqliteFormatException.afterRow(file, lastRowId, (truncation == null ? "" : truncation + "; ")
                    + "reading messages failed: " + e.getMessage()
                    + (rowOrdered ? " (the rows before were read in row-id order: "
                    + "the time order cannot be read)" : ""), e);
        }
    }

    /** Replaces the time-ordered query by the row-ordered one; false where that cannot be prepared. */
    private boolean inRowOrder() {
        try {
            PreparedStatement rowOrder = statement.getConnection().prepareStatement(rowOrderSql);
            statement.close();
            statement = rowOrder;
            rows = null;
            rowOrderSql = null;
            rowOrdered = true;
            return true;
        } catch (SQLException e) {
            rowOrderSql = null;
            return false;
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
