package org.gpuvo.tests.bench;

import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaStatus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one report format of gpuvo's benchmarks: what ran where (benchmark, arguments, date, machine, JVM, device),
 * then figures, each printed as it is measured and kept for a JSON file at the end:
 * <ul>
 * <li>timings: configuration, figure, median, p90 and fastest (milliseconds) and how many samples;</li>
 * <li>values: configuration, figure, a number and its unit (frames/s, TFLOP/s, MB, counts);</li>
 * <li>comparisons: gpuvo against OpenCV on one configuration, with the ratio of the medians; a side that could not
 * run carries the reason instead of timings;</li>
 * <li>notes: what is neither (a launch plan, an agreement check), as text.</li>
 * </ul>
 * The JSON file is written by {@link #finish} where {@code --json FILE} was given to the benchmark or the system
 * property {@value #JSON_PROPERTY} names one.
 */
public final class BenchmarkReport {
    /** system property naming the JSON file a benchmark writes its report to */
    public static final String JSON_PROPERTY = "gpuvo.bench.json";

    /** The outcome of timing one side of a comparison: statistics, or why there are none. */
    public static final class Outcome {
        final TimingStats stats;
        final String failure;

        private Outcome(TimingStats stats, String failure) {
            this.stats = stats;
            this.failure = failure;
        }

        public static Outcome timed(TimingStats stats) {
            return new Outcome(stats, null);
        }

        public static Outcome failed(Throwable error) {
            return new Outcome(null, error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }

    private record Comparison(String name, Outcome gpuvo, Outcome openCv) {
        Double ratio() {
            return gpuvo.stats == null || openCv.stats == null ? null : gpuvo.stats.medianMs / openCv.stats.medianMs;
        }
    }

    /** A timing ({@code unit} null: median, p90 and min in ms over {@code count} samples) or a value and its unit. */
    private record Figure(String configuration, String figure, double median, double p90, double min, int count,
                          String unit) {
    }

    private static final String FIGURE_ROW = "%-40s %-34s %10s %10s %10s %7s";
    private static final String COMPARISON_ROW = "%-44s %21s %21s %9s";

    private final String benchmark;
    private final List<String> arguments;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<Figure> figures = new ArrayList<>();
    private final List<Comparison> comparisons = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private Path json;
    /** which table's header was printed last, so that a table after notes or another table gets its header again */
    private String lastHeader;

    private BenchmarkReport(String benchmark, String[] arguments) {
        this.benchmark = benchmark;
        this.arguments = List.copyOf(Arrays.asList(arguments));
        String property = System.getProperty(JSON_PROPERTY);
        json = property == null || property.isBlank() ? null : Path.of(property);
    }

    /**
     * Starts the report of {@code benchmark} run with {@code arguments}: prints them with the date, the machine
     * and the JVM.
     */
    public static BenchmarkReport start(Class<?> benchmark, String... arguments) {
        BenchmarkReport report = new BenchmarkReport(benchmark.getSimpleName(), arguments);
        System.out.println("benchmark: " + report.benchmark + (arguments.length == 0 ? "" : " " + String.join(" ",
                arguments)));
        report.environment("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        report.environment("cpu", cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " processors");
        report.environment("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        report.environment("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        return report;
    }

    /**
     * Starts the report of a benchmark that needs a CUDA device, with the device among the facts of the run; where
     * none is usable, says why and exits with status 1.
     */
    public static BenchmarkReport startOnCuda(Class<?> benchmark, String... arguments) {
        CudaStatus status = CudaProbe.status();
        if (!status.usable()) {
            System.err.println("CUDA unavailable: " + status.reason());
            System.exit(1);
        }
        BenchmarkReport report = start(benchmark, arguments);
        report.environment("device", String.format(Locale.ROOT, "%s (compute %s, %d SMs), driver CUDA %s",
                status.deviceName(), status.computeCapability(), status.multiprocessorCount(),
                status.driverVersion()));
        return report;
    }

    /** Writes the JSON report to {@code file} at {@link #finish} (instead of the system property's file). */
    public void writeJsonTo(Path file) {
        json = file;
    }

    /** Records and prints one fact about the run (device, data, repetitions). */
    public void environment(String key, String value) {
        environment.put(key, value);
        lastHeader = null;
        System.out.println(key + ": " + value);
    }

    /** Prints a line that is not a figure (a launch plan, a check), kept in the JSON report's notes. */
    public void note(String text) {
        notes.add(text);
        lastHeader = null;
        System.out.println(text);
    }

    /** One timing: median, p90 and fastest of {@code stats}. */
    public void timing(String configuration, String figure, TimingStats stats) {
        timing(configuration, figure, stats.medianMs, stats.p90Ms, stats.minMs, stats.repetitions);
    }

    /** One timing given as its median and p90 in milliseconds over {@code count} samples. */
    public void timing(String configuration, String figure, double medianMs, double p90Ms, int count) {
        timing(configuration, figure, medianMs, p90Ms, Double.NaN, count);
    }

    /** One timing given as its median, p90 and fastest in milliseconds over {@code count} samples (NaN: not kept). */
    public void timing(String configuration, String figure, double medianMs, double p90Ms, double minMs, int count) {
        add(new Figure(configuration, figure, medianMs, p90Ms, minMs, count, null));
    }

    /** One figure that is not a timing, e.g. frames per second or a count. */
    public void value(String configuration, String figure, double value, String unit) {
        add(new Figure(configuration, figure, value, Double.NaN, Double.NaN, 0, unit));
    }

    private void add(Figure f) {
        figures.add(f);
        header("figures", String.format(Locale.ROOT, FIGURE_ROW, "configuration", "figure", "median ms", "p90 ms",
                "min ms", "count"));
        String row = f.unit == null
                ? String.format(Locale.ROOT, FIGURE_ROW, f.configuration, f.figure, decimal(f.median), decimal(f.p90),
                decimal(f.min), f.count)
                : String.format(Locale.ROOT, FIGURE_ROW, f.configuration, f.figure, decimal(f.median), f.unit, "", "");
        System.out.println(row.stripTrailing());
    }

    /** gpuvo against OpenCV on one configuration. */
    public void add(String configuration, Outcome gpuvo, Outcome openCv) {
        Comparison row = new Comparison(configuration, gpuvo, openCv);
        comparisons.add(row);
        header("comparisons", String.format(Locale.ROOT, COMPARISON_ROW, "configuration", "gpuvo median/p90 ms",
                "OpenCV median/p90 ms", "gpuvo/cv"));
        String ratio = row.ratio() == null ? "-" : String.format(Locale.ROOT, "%.2f", row.ratio());
        String line = String.format(Locale.ROOT, COMPARISON_ROW, row.name, cell(row.gpuvo), cell(row.openCv), ratio);
        if (row.gpuvo.failure != null)
            line += "\n    gpuvo: " + row.gpuvo.failure;
        if (row.openCv.failure != null)
            line += "\n    OpenCV: " + row.openCv.failure;
        System.out.println(line);
    }

    private void header(String table, String text) {
        if (table.equals(lastHeader))
            return;
        lastHeader = table;
        System.out.println(text);
    }

    private static String cell(Outcome outcome) {
        if (outcome.stats == null)
            return "n/a";
        return String.format(Locale.ROOT, "%.2f / %.2f", outcome.stats.medianMs, outcome.stats.p90Ms);
    }

    private static String decimal(double v) {
        if (!Double.isFinite(v))
            return "-";
        if (v == Math.rint(v) && Math.abs(v) < 1e9)
            return String.format(Locale.ROOT, "%.0f", v);
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : Math.abs(v) >= 1 ? "%.3f" : "%.4f", v);
    }

    /** Writes the JSON report where one was asked for. */
    public void finish() throws IOException {
        if (json == null)
            return;
        Path parent = json.toAbsolutePath().getParent();
        if (parent != null)
            Files.createDirectories(parent);
        Files.writeString(json, toJson(), StandardCharsets.UTF_8);
        System.out.println("wrote " + json.toAbsolutePath());
    }

    String toJson() {
        StringBuilder s = new StringBuilder("{\n  \"benchmark\": ").append(quote(benchmark))
                .append(",\n  \"arguments\": [");
        for (int i = 0; i < arguments.size(); i++)
            s.append(i == 0 ? "" : ", ").append(quote(arguments.get(i)));
        s.append("],\n  \"environment\": {");
        String sep = "\n";
        for (Map.Entry<String, String> e : environment.entrySet()) {
            s.append(sep).append("    ").append(quote(e.getKey())).append(": ").append(quote(e.getValue()));
            sep = ",\n";
        }
        s.append("\n  },\n  \"figures\": [");
        sep = "\n";
        for (Figure f : figures) {
            s.append(sep).append("    {\"configuration\": ").append(quote(f.configuration)).append(", \"figure\": ")
                    .append(quote(f.figure));
            if (f.unit == null)
                s.append(", \"medianMs\": ").append(number(f.median)).append(", \"p90Ms\": ").append(number(f.p90))
                        .append(", \"minMs\": ").append(number(f.min)).append(", \"count\": ").append(f.count);
            else
                s.append(", \"value\": ").append(number(f.median)).append(", \"unit\": ").append(quote(f.unit));
            s.append("}");
            sep = ",\n";
        }
        s.append("\n  ],\n  \"comparisons\": [");
        sep = "\n";
        for (Comparison row : comparisons) {
            s.append(sep).append("    {\"configuration\": ").append(quote(row.name))
                    .append(", \"gpuvo\": ").append(json(row.gpuvo))
                    .append(", \"opencv\": ").append(json(row.openCv))
                    .append(", \"ratioGpuvoToOpenCv\": ").append(row.ratio() == null ? "null" : number(row.ratio()))
                    .append("}");
            sep = ",\n";
        }
        s.append("\n  ],\n  \"notes\": [");
        sep = "\n";
        for (String note : notes) {
            s.append(sep).append("    ").append(quote(note));
            sep = ",\n";
        }
        return s.append("\n  ]\n}\n").toString();
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
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x20 ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo")))
                if (line.startsWith("model name"))
                    return line.substring(line.indexOf(':') + 1).trim();
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture says less, but something
        }
        return System.getProperty("os.arch");
    }
}
