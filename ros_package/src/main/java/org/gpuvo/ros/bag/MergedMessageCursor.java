package org.gpuvo.ros.bag;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The k-way merge of the message cursors of a bag's files: by time, equal times in file order, one message of each
 * file held at a time.
 *
 * <p>Damage. Where a file's cursor fails (or cannot be opened), the failure takes that file's place in the merge at
 * the earliest time the damaged data can have: the time of the file's last good message, or the file's start time
 * where none was read yet (before all else where that is unknown). So every good message of the other files that comes earlier is
 * delivered first; then the failure is thrown, or handed to the {@link BagDamageListener} where there is one. Either
 * way the merge can go on: the next call asks the damaged file's cursor again (a sqlite3 cursor resumes after a bad
 * row, an MCAP cursor after a damaged chunk), and a file whose cursor fails again with the same damage is dropped.
 */
final class MergedMessageCursor implements MessageCursor {
    /** One file of the merge. */
    private static final class Source {
        final int index;
        final BagFileReader reader;
        MessageCursor cursor;
        long lastTimeNs;
        /** the failure reported last, to tell a cursor that fails again at the same place */
        BagFormatException lastDamage;

        Source(int index, BagFileReader reader, long startBoundNs) {
            this.index = index;
            this.reader = reader;
            this.lastTimeNs = startBoundNs;
        }
    }

    /** A file's place in the merge: its next message, or the damage met instead. */
    private record Head(Source source, long timeNs, BagMessage message, BagFormatException damage) {
    }

    private static final Comparator<Head> ORDER = Comparator.comparingLong(Head::timeNs)
            .thenComparingInt(h -> h.source().index);

    private final PriorityQueue<Head> heads = new PriorityQueue<>(ORDER);
    private final List<Source> sources = new ArrayList<>();
    private final BagDamageListener listener;

    /**
     * @param readers        the files, in the bag's order
     * @param topics         topics to read, null for all
     * @param startBoundsNs  per file, a time no message of it comes before (its start time where known)
     * @param listener       where damage goes; null to throw it
     */
    MergedMessageCursor(List<BagFileReader> readers, Set<String> topics, long[] startBoundsNs,
                        BagDamageListener listener) {
        this.listener = listener;
        for (int i = 0; i < readers.size(); i++) {
            Source s = new Source(i, readers.get(i), startBoundsNs[i]);
            sources.add(s);
            try {
                s.cursor = s.reader.messages(topics);
            } catch (IOException e) {
                heads.add(new Head(s, s.lastTimeNs, null, asDamage(s, e)));
                continue;
            }
            advance(s);
        }
    }

    private static BagFormatException asDamage(Source s, IOException e) {
        if (e instanceof BagFormatException damage)
            return damage;
        return new BagFormatException(s.reader.file(), -1, "reading failed: " + e.getMessage(), e);
    }

    /** Puts the file's next message (or its damage) in the queue; a finished file leaves the merge. */
    private void advance(Source s) {
        if (s.cursor == null)
            return;
        BagMessage m;
        try {
            m = s.cursor.next();
        } catch (IOException e) {
            heads.add(new Head(s, s.lastTimeNs, null, asDamage(s, e)));
            return;
        }
        if (m == null)
            finish(s);
        else
            heads.add(new Head(s, m.timeNs(), m, null));
    }

    private void finish(Source s) {
        if (s.cursor == null)
            return;
        try {
            s.cursor.close();
        } catch (IOException ignored) {
            // nothing more is read from it; the reader's close reports a real failure
        }
        s.cursor = null;
    }

    @Override
    public BagMessage next() throws IOException {
        while (!heads.isEmpty()) {
            Head h = heads.poll();
            Source s = h.source();
            if (h.message() != null) {
                s.lastTimeNs = h.timeNs();
                s.lastDamage = null;
                advance(s);
                return h.message();
            }
            // a cursor that cannot resume fails again at the same place: that is one damage, reported once
            boolean repeated = s.lastDamage != null && s.lastDamage.offset() == h.damage().offset()
                    && s.lastDamage.getMessage().equals(h.damage().getMessage());
            s.lastDamage = h.damage();
            if (repeated)
                finish(s);
            else
                advance(s);
            if (repeated)
                continue;
            if (listener == null)
                throw h.damage();
            listener.damaged(h.damage());
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        heads.clear();
        for (Source s : sources)
            finish(s);
    }
}
