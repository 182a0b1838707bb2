package org.gpuvo.tests.bench;

import org.gpuvo.app.TimingStats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Collects gpuvo-versus-OpenCV timings, one row per configuration, prints them as a table and writes them as
 * JSON. A side that could not run (e.g. a backend not yet implemented) carries the reason instead of timings.
 */
final class BenchmarkReport {
    /** The outcome of timing one side of a comparison: statistics, or why there are none. */
    static final class Outcome {
        final TimingStats stats;
        final String failure;

        private Outcome(TimingStats stats, String failure) {
            this.stats = stats;
            this.failure = failure;
        }

        static Outcome timed(TimingStats stats) {
            return new Outcome(stats, null);
        }

        static Outcome failed(Throwable error) {
            return new Outcome(null, error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }

    private static final class Row {
        final String name;
        final Outcome gpuvo, openCv;

        Row(String name, Outcome gpuvo, Outcome openCv) {
            this.name = name;
            this.gpuvo = gpuvo;
            this.openCv = openCv;
        }

        Double ratio() {
            return gpuvo.stats == null || openCv.stats == null ? null : gpuvo.stats.medianMs / openCv.stats.medianMs;
        }
    }

    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<Row> rows = new ArrayList<>();

    void environment(String key, String value) {
        environment.put(key, value);
    }

    void add(String configuration, Outcome gpuvo, Outcome openCv) {
        rows.add(new Row(configuration, gpuvo, openCv));
        System.out.println(format(rows.get(rows.size() - 1)));
    }

    static String header() {
        return String.format(Locale.ROOT, "%-44s %21s %21s %9s", "configuration",
                "gpuvo median/p90 ms", "OpenCV median/p90 ms", "gpuvo/cv");
    }

    private static String format(Row row) {
        String ratio = row.ratio() == null ? "-" : String.format(Locale.ROOT, "%.2f", row.ratio());
        String line = String.format(Locale.ROOT, "%-44s %21s %21s %9s", row.name, cell(row.gpuvo), cell(row.openCv), ratio);
        if (row.gpuvo.failure != null)
            line += "\n    gpuvo: " + row.gpuvo.failure;
        if (row.openCv.failure != null)
            line += "\n    OpenCV: " + row.openCv.failure;
        return line;
    }

    private static String cell(Outcome outcome) {
        if (outcome.stats == null)
            return "n/a";
        return String.format(Locale.ROOT, "%.2f / %.2f", outcome.stats.medianMs, outcome.stats.p90Ms);
    }

    void writeJson(Path file) throws IOException {
        StringBuilder json = new StringBuilder("{\n  \"environment\": {");
        String sep = "\n";
        for (Map.Entry<String, String> e : environment.entrySet()) {
            json.append(sep).append("    ").append(quote(e.getKey())).append(": ").append(quote(e.getValue()));
            sep = ",\n";
        }
        json.append("\n  },\n  \"results\": [");
        sep = "\n";
        for (Row row : rows) {
            json.append(sep).append("    {\"configuration\": ").append(quote(row.name))
                    .append(", \"gpuvo\": ").append(json(row.gpuvo))
                    .append(", \"opencv\": ").append(json(row.openCv))
                    .append(", \"ratioGpuvoToOpenCv\": ").append(row.ratio() == null ? "null" : number(row.ratio()))
                    .append("}");
            sep = ",\n";
        }
        json.append("\n  ]\n}\n");
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null)
            Files.createDirectories(parent);
        Files.writeString(file, json, StandardCharsets.UTF_8);
    }

    private static String json(Outcome outcome) {
        if (outcome.stats == null)
            return "{\"error\": " + quote(outcome.failure) + "}";
        TimingStats s = outcome.stats;
        return "{\"medianMs\": " + number(s.medianMs) + ", \"p90Ms\": " + number(s.p90Ms) + ", \"minMs\": "
                + number(s.minMs) + ", \"repetitions\": " + s.repetitions + "}";
    }

    private static String number(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%.4f", value) : "null";
    }

    private static String quote(String s) {
        if (s == null)
            return "null";
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20)
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    else
                        out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
