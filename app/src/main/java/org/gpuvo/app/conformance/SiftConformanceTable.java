package org.gpuvo.app.conformance;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.conformance.ExtractorFigures;
import org.gpuvo.app.conformance.PairGroupFigures;
import org.gpuvo.app.conformance.PairSetFigures;
import org.gpuvo.app.conformance.PairedBootstrap;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.match.ConfigMatch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The result of {@code gpuvo conformance sift} as a table for a person (per pair set and extractor, then whether the
 * conformance bar holds on each of its groups of pairs, then the same comparison set by set, with each difference's
 * bootstrap spread) and as JSON with the fixed key names listed in the command's help.
 */
final class SiftConformanceTable {
    private static final String ROW = "%-15s %-12s %6s %10s %8s %8s %9s %9s%n";
    /** The extractor gpuvo's figures are held against. */
    static final String REFERENCE = "opencv";

    private final ConfigSift sift;
    private final ConfigMatch match;
    private final String backend;
    /** null where OpenCV was not measured */
    private final Integer opencvThreads;
    private final List<PairSetFigures> sets;
    /** the sets in the bar's groups ({@link SiftPairSets#groups}), on which the bar is judged */
    private final List<PairGroupFigures> groups;

    SiftConformanceTable(ConfigSift sift, ConfigMatch match, String backend, Integer opencvThreads,
                         List<PairSetFigures> sets) {
        this.sift = sift;
        this.match = match;
        this.backend = backend;
        this.opencvThreads = opencvThreads;
        this.sets = List.copyOf(sets);
        this.groups = SiftPairSets.groups(this.sets);
    }

    void print(PrintWriter out) {
        out.printf(Locale.ROOT, "gpuvo SIFT (%s backend)%s, %d features each; matcher: FP32 brute force, ratio %.2f, "
                        + "mutual check%s%n", backend, others(), sift.maxFeatures, match.ratio,
                opencvThreads == null ? "" : "; OpenCV on " + opencvThreads + " threads");
        out.printf(Locale.ROOT, ROW, "set", "extractor", "pairs", "feat/img", "matches", "correct", "precision",
                "ms/img");
        for (PairSetFigures set : sets) {
            for (ExtractorFigures f : set.extractors())
                out.printf(Locale.ROOT, ROW, set.set(), f.extractor(), set.pairs(), fixed(f.featuresPerImage(), 1),
                        f.matches(), f.correct(), percent(f.precision()), fixed(f.millisPerImage(), 1));
        }
        out.printf(Locale.ROOT, "%ncorrect: %s%n", criteria());
        if (!judged()) {
            out.printf(Locale.ROOT, "bar: not judged, %s was not measured (--compare-with)%n", REFERENCE);
            out.flush();
            return;
        }
        List<ExtractorFigures> gpuvo = gpuvoVariants();
        out.printf(Locale.ROOT, "bar: gpuvo gives at least as many correct matches as %s at no lower precision on each "
                + "of the bar's%ngroups of pairs: consecutive frames, every %dth frame, the warped views (all kinds "
                + "pooled).%nDifferences gpuvo - %s in correct matches and in precision, each +- its bootstrap "
                + "standard deviation%nover the pairs (how far another draw of such pairs would move it; a group's "
                + "pairs drawn set by set):%n", REFERENCE, SiftPairSets.STRIDE, REFERENCE);
        printDifferences(out, "group", groups, gpuvo);
        out.printf(Locale.ROOT, "%nPer set, a finer look than the bar (\"< 2 sd\": gpuvo is below by less than 2 "
                + "standard deviations%nin each figure it is below in, within what another draw of pairs could "
                + "change):%n");
        printDifferences(out, "set", sets.stream().map(PairGroupFigures::of).toList(), gpuvo);
        for (ExtractorFigures g : gpuvo) {
            String id = g.extractor();
            Map<Verdict, Long> perSet = sets.stream().collect(Collectors.groupingBy(
                    set -> verdict(PairGroupFigures.of(set), id), () -> new EnumMap<>(Verdict.class),
                    Collectors.counting()));
            out.printf(Locale.ROOT, "%s: the bar %s; per set it holds on %d of %d, is below within 2 sd on %d and "
                            + "below by more on %d%n", id,
                    holdsOnEveryGroup(id) ? "holds on every group" : "does NOT hold on every group",
                    perSet.getOrDefault(Verdict.HOLDS, 0L), sets.size(),
                    perSet.getOrDefault(Verdict.WITHIN_TWO_SD, 0L), perSet.getOrDefault(Verdict.BELOW, 0L));
        }
        out.flush();
    }

    /**
     * Draws the differences from the reference ({@link SiftConformancePlot}): the groups of the bar, then the sets of
     * the groups that pool several. Needs the reference measured.
     */
    void plot(Path png, String title) throws IOException {
        if (!judged())
            throw new IllegalStateException(REFERENCE + " was not measured: no differences to draw");
        List<PairGroupFigures> rows = new ArrayList<>(groups);
        List<String> labels = new ArrayList<>(groups.stream().map(g -> "bar: " + g.group()).toList());
        for (PairGroupFigures group : groups)
            if (group.sets().size() > 1)
                for (PairSetFigures set : group.sets()) {
                    rows.add(PairGroupFigures.of(set));
                    labels.add(set.set());
                }
        SiftConformancePlot chart = new SiftConformancePlot(labels);
        for (ExtractorFigures g : gpuvoVariants()) {
            int n = rows.size();
            double[] correct = new double[n], correctSd = new double[n], precision = new double[n],
                    precisionSd = new double[n];
            for (int i = 0; i < n; i++) {
                Difference d = difference(rows.get(i), g.extractor());
                double percentOfReference = 100.0 / reference(rows.get(i)).correct();
                correct[i] = d.correct() * percentOfReference;
                correctSd[i] = d.spread().correct() * percentOfReference;
                precision[i] = 100 * d.precision();
                precisionSd[i] = 100 * d.spread().precision();
            }
            chart.add(g.extractor(), correct, correctSd, precision, precisionSd);
        }
        chart.write(png, title);
    }

    /** One line per set or group: its pairs, then per gpuvo variant the verdict and the differences ± spreads. */
    private static void printDifferences(PrintWriter out, String what, List<PairGroupFigures> rows,
                                         List<ExtractorFigures> gpuvo) {
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-15s %5s", what, "pairs"));
        for (ExtractorFigures g : gpuvo)
            header.append(String.format(Locale.ROOT, " %-41s", g.extractor()));  // a cell below is 42 wide
        out.println(header.toString().stripTrailing());
        for (PairGroupFigures row : rows) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-15s %5d", row.group(), row.pairs()));
            for (ExtractorFigures g : gpuvo) {
                Difference d = difference(row, g.extractor());
                line.append(String.format(Locale.ROOT, " %-7s %+6d +- %-5s %7s +- %-6s",
                        verdict(row, g.extractor()).label, d.correct(), fixed(d.spread().correct(), 0),
                        Double.isFinite(d.precision()) ? String.format(Locale.ROOT, "%+.4f", d.precision()) : "-",
                        fixed(d.spread().precision(), 4)));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    ObjectNode json() {
        ObjectNode root = JsonOutput.object();
        root.put("backend", backend);
        ObjectNode s = root.putObject("sift");
        s.put("max_features", sift.maxFeatures);
        s.put("first_octave", sift.firstOctave);
        s.put("contrast_threshold", sift.contrastThreshold);
        s.put("edge_threshold", sift.edgeThreshold);
        s.put("root_sift", sift.rootSift);
        ObjectNode m = root.putObject("matcher");
        m.put("kind", "fp32_brute_force_l2");
        m.put("ratio", match.ratio);
        m.put("mutual", match.mutual);
        root.put("opencv_threads", opencvThreads);
        ArrayNode extractors = root.putArray("extractors");
        if (!sets.isEmpty())
            for (ExtractorFigures f : sets.get(0).extractors()) {
                ObjectNode e = extractors.addObject();
                e.put("id", f.extractor());
                e.put("name", f.name());
                e.put("implementation", f.implementation());
                e.put("first_octave", f.firstOctave());
            }
        ArrayNode pairSets = root.putArray("pair_sets");
        for (PairSetFigures set : sets) {
            ObjectNode node = pairSets.addObject();
            node.put("set", set.set());
            node.put("criterion", set.criterion());
            node.put("tolerance_px", set.tolerancePx());
            node.put("pairs", set.pairs());
            ArrayNode results = node.putArray("results");
            for (ExtractorFigures f : set.extractors()) {
                ObjectNode r = putMatchFigures(results, f);
                r.put("features_per_image", JsonOutput.finiteOrNull(f.featuresPerImage()));
                r.put("ms_per_image", JsonOutput.finiteOrNull(f.millisPerImage()));
                r.put("images_extracted", f.imagesExtracted());
            }
            putBar(node, PairGroupFigures.of(set));
        }
        ArrayNode pairGroups = root.putArray("pair_groups");
        for (PairGroupFigures group : groups) {
            ObjectNode node = pairGroups.addObject();
            node.put("group", group.group());
            ArrayNode members = node.putArray("sets");
            group.sets().forEach(set -> members.add(set.set()));
            node.put("criterion", group.criterion());
            node.put("tolerance_px", group.tolerancePx());
            node.put("pairs", group.pairs());
            ArrayNode results = node.putArray("results");
            for (ExtractorFigures f : group.extractors())
                putMatchFigures(results, f);
            putBar(node, group);
        }
        ArrayNode holds = root.putArray("bar_holds");
        ArrayNode everySet = root.putArray("bar_holds_on_every_set");
        for (ExtractorFigures g : judged() ? gpuvoVariants() : List.<ExtractorFigures>of()) {
            barEntry(holds, g.extractor()).put("holds", holdsOnEveryGroup(g.extractor()));
            barEntry(everySet, g.extractor()).put("holds", sets.stream()
                    .allMatch(set -> verdict(PairGroupFigures.of(set), g.extractor()) == Verdict.HOLDS));
        }
        return root;
    }

    /** An extractor's entry of a "results" array, with its matches, correct matches and precision. */
    private static ObjectNode putMatchFigures(ArrayNode results, ExtractorFigures f) {
        ObjectNode r = results.addObject();
        r.put("extractor", f.extractor());
        r.put("matches", f.matches());
        r.put("correct_matches", f.correct());
        r.put("precision", JsonOutput.finiteOrNull(f.precision()));
        return r;
    }

    /** The "bar" array of a set's or a group's node: per gpuvo variant, the verdict and the differences. */
    private void putBar(ObjectNode node, PairGroupFigures figures) {
        ArrayNode bar = node.putArray("bar");
        for (ExtractorFigures g : judged() ? gpuvoVariants() : List.<ExtractorFigures>of()) {
            ObjectNode entry = barEntry(bar, g.extractor());
            Verdict verdict = verdict(figures, g.extractor());
            entry.put("holds", verdict == Verdict.HOLDS);
            entry.put("verdict", verdict.name().toLowerCase(Locale.ROOT));
            Difference d = difference(figures, g.extractor());
            entry.put("correct_difference", d.correct());
            entry.put("correct_difference_sd", JsonOutput.finiteOrNull(d.spread().correct()));
            entry.put("precision_difference", JsonOutput.finiteOrNull(d.precision()));
            entry.put("precision_difference_sd", JsonOutput.finiteOrNull(d.spread().precision()));
        }
    }

    private ObjectNode barEntry(ArrayNode array, String gpuvo) {
        ObjectNode o = array.addObject();
        o.put("gpuvo", gpuvo);
        o.put("reference", reference(groups.get(0)).extractor());
        return o;
    }

    /**
     * The bar's outcome on a set or group: it holds; or gpuvo is below, by less than 2 standard deviations in each
     * figure it is below in (a difference another draw of such pairs could well reverse); or below by more.
     */
    enum Verdict {
        HOLDS("holds"), WITHIN_TWO_SD("< 2 sd"), BELOW("BELOW");

        final String label;

        Verdict(String label) {
            this.label = label;
        }
    }

    private static Verdict verdict(PairGroupFigures figures, String gpuvo) {
        if (ExtractorFigures.atLeastAsGood(figuresOf(figures, gpuvo), reference(figures)))
            return Verdict.HOLDS;
        Difference d = difference(figures, gpuvo);
        boolean correctClose = d.correct() >= 0 || -d.correct() < 2 * d.spread().correct();
        // a precision that is not a number (a side without matches) is never close
        boolean precisionClose = d.precision() >= 0 || -d.precision() < 2 * d.spread().precision();
        return correctClose && precisionClose ? Verdict.WITHIN_TWO_SD : Verdict.BELOW;
    }

    /** gpuvo − reference: correct matches, precision (NaN where either has no matches), their spread. */
    private record Difference(long correct, double precision, PairedBootstrap.Spread spread) {
    }

    private static Difference difference(PairGroupFigures figures, String gpuvo) {
        ExtractorFigures candidate = figuresOf(figures, gpuvo), reference = reference(figures);
        return new Difference(candidate.correct() - reference.correct(),
                candidate.precision() - reference.precision(),
                figures.differenceSpread(gpuvo, reference.extractor()));
    }

    private List<ExtractorFigures> gpuvoVariants() {
        List<ExtractorFigures> gpuvo = new ArrayList<>();
        if (!sets.isEmpty())
            for (ExtractorFigures f : sets.get(0).extractors())
                if (f.name().equals("gpuvo"))
                    gpuvo.add(f);
        return gpuvo;
    }

    /** Whether the reference was measured, so that the bar can be judged. */
    private boolean judged() {
        return !sets.isEmpty() && sets.get(0).extractors().stream().anyMatch(f -> f.name().equals(REFERENCE));
    }

    /** " against OpenCV 4.13.0 and BoofCV 1.2.2", as measured; ", alone" for gpuvo's alone. */
    private String others() {
        List<String> names = new ArrayList<>();
        if (!sets.isEmpty())
            for (ExtractorFigures f : sets.get(0).extractors())
                if (!f.name().equals("gpuvo"))
                    names.add(f.implementation());
        return names.isEmpty() ? ", alone" : " against " + String.join(" and ", names);
    }

    private static ExtractorFigures reference(PairGroupFigures figures) {
        return figures.extractors().stream().filter(f -> f.name().equals(REFERENCE)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + REFERENCE + " figures in " + figures.group()));
    }

    private static ExtractorFigures figuresOf(PairGroupFigures figures, String extractor) {
        return figures.extractors().stream().filter(f -> f.extractor().equals(extractor)).findFirst().orElseThrow();
    }

    /** The conformance bar: it holds on each of the bar's groups of pairs. */
    private boolean holdsOnEveryGroup(String gpuvo) {
        return groups.stream().allMatch(group -> verdict(group, gpuvo) == Verdict.HOLDS);
    }

    private String criteria() {
        List<String> seen = new ArrayList<>();
        for (PairSetFigures set : sets) {
            String c = set.criterion().replace('_', ' ') + " <= " + fixed(set.tolerancePx(), 0) + " px";
            if (!seen.contains(c))
                seen.add(c);
        }
        return String.join("; ", seen);
    }

    private static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
    }

    private static String percent(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.1f%%", 100 * fraction) : "-";
    }
}
