package org.gpuvo.odometry.dataset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The data lines of a small text table (TUM lists, EuRoC csv, KITTI txt), each with its 1-based line number so
 * that errors can name it. Lines that are blank, hold only separators or start with '#' are skipped; fields are
 * split on commas and/or white space.
 */
final class TextTable {
    final Path file;
    final List<Row> rows;

    private TextTable(Path file, List<Row> rows) {
        this.file = file;
        this.rows = rows;
    }

    static TextTable read(Path file) {
        List<String> lines = TextFiles.lines(file);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.isEmpty() || s.startsWith("#"))
                continue;
            String[] fields = s.split("[,\\s]+");
            if (fields.length == 0) // only separators: no values, as a blank line
                continue;
            rows.add(new Row(file, i + 1, fields));
        }
        return new TextTable(file, rows);
    }

    int size() {
        return rows.size();
    }

    /** One data line. */
    static final class Row {
        final Path file;
        final int line;
        final String[] fields;

        Row(Path file, int line, String[] fields) {
            this.file = file;
            this.line = line;
            this.fields = fields;
        }

        DatasetException error(String message) {
            return DatasetException.at(file, line, message);
        }

        /** Requires at least {@code count} fields. */
        Row expect(int count, String layout) {
            if (fields.length < count)
                throw error("expected " + count + " fields (" + layout + "), got " + fields.length);
            return this;
        }

        /** Requires exactly {@code count} fields. */
        Row expectExactly(int count, String layout) {
            if (fields.length != count)
                throw error("expected " + count + " fields (" + layout + "), got " + fields.length);
            return this;
        }

        String text(int i) {
            return fields[i];
        }

        /** Field {@code i} as a finite number. */
        double number(int i) {
            double v;
            try {
                v = Double.parseDouble(fields[i]);
            } catch (NumberFormatException e) {
                throw error("field " + (i + 1) + " is not a number: '" + fields[i] + "'");
            }
            if (!Double.isFinite(v))
                throw error("field " + (i + 1) + " is not finite: '" + fields[i] + "'");
            return v;
        }

        /** Field {@code i} as an integer count of nanoseconds. */
        long nanoseconds(int i) {
            try {
                return Long.parseLong(fields[i]);
            } catch (NumberFormatException e) {
                throw error("field " + (i + 1) + " is not an integer time in nanoseconds: '" + fields[i] + "'");
            }
        }
    }

    /** Seconds from nanoseconds without the rounding of a 19-digit long through one double. */
    static double seconds(long nanoseconds) {
        return Math.floorDiv(nanoseconds, 1_000_000_000L) + Math.floorMod(nanoseconds, 1_000_000_000L) * 1e-9;
    }

    /** Throws unless {@code time} is strictly later than {@code previous}. */
    static void requireIncreasing(Row row, double previous, double time) {
        if (!(time > previous))
            throw row.error("timestamp " + time + " is not after the previous one (" + previous
                    + "): timestamps must increase strictly");
    }

    /**
     * A {@code times.txt} (KITTI's): one time in seconds per line, strictly increasing, exactly {@code count} of
     * them; without the file, {@code i / rateHz}.
     */
    static double[] readTimes(Path file, int count, double rateHz) {
        double[] times = new double[count];
        if (!Files.isRegularFile(file)) {
            for (int i = 0; i < count; i++)
                times[i] = i / rateHz;
            return times;
        }
        TextTable table = TextTable.read(file);
        if (table.size() != count)
            throw DatasetException.at(file, 0, "holds " + table.size() + " times for " + count + " images");
        double previous = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            TextTable.Row row = table.rows.get(i).expectExactly(1, "time in seconds");
            times[i] = row.number(0);
            TextTable.requireIncreasing(row, previous, times[i]);
            previous = times[i];
        }
        return times;
    }
}
