package org.gpuvo.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.gpu.conformance.ExtractorFigures;
import org.gpuvo.gpu.conformance.PairSetFigures;
import org.gpuvo.gpu.conformance.PairedBootstrap;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.match.ConfigMatch;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The result of {@code gpuvo conformance sift} as a table for a person (per pair set and extractor, then whether the
 * issue's bar holds) and as JSON with the fixed key names listed in the command's help.
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

    SiftConformanceTable(ConfigSift sift, ConfigMatch match, String backend, Integer opencvThreads,
                         List<PairSetFigures> sets) {
        this.sift = sift;
        this.match = match;
        this.backend = backend;
        this.opencvThreads = opencvThreads;
        this.sets = List.copyOf(sets);
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
        out.printf(Locale.ROOT, "bar: gpuvo gives at least as many correct matches as %s at no lower precision%n",
                REFERENCE);
        out.printf(Locale.ROOT, "differences gpuvo - %s in correct matches and in precision, each +- its bootstrap "
                + "standard deviation%nover the set's pairs (how far another draw of such pairs would move it):%n",
                REFERENCE);
        List<ExtractorFigures> gpuvo = gpuvoVariants();
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-15s", "set"));
        for (ExtractorFigures g : gpuvo)
            header.append(String.format(Locale.ROOT, " %-41s", g.extractor()));  // a cell below is 42 wide
        out.println(header.toString().stripTrailing());
        for (PairSetFigures set : sets) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-15s", set.set()));
            for (ExtractorFigures g : gpuvo) {
                Difference d = difference(set, g.extractor());
                line.append(String.format(Locale.ROOT, " %-7s %+6d +- %-5s %7s +- %-6s",
                        holds(set, g.extractor()) ? "holds" : "NOT MET", d.correct(), fixed(d.spread().correct(), 0),
                        Double.isFinite(d.precision()) ? String.format(Locale.ROOT, "%+.4f", d.precision()) : "-",
                        fixed(d.spread().precision(), 4)));
            }
            out.println(line.toString().stripTrailing());
        }
        for (ExtractorFigures g : gpuvo)
            out.printf(Locale.ROOT, "%s: the bar %s%n", g.extractor(),
                    holdsEverywhere(g.extractor()) ? "holds on every set" : "does not hold on every set");
        out.flush();
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
                ObjectNode r = results.addObject();
                r.put("extractor", f.extractor());
                r.put("features_per_image", JsonOutput.finiteOrNull(f.featuresPerImage()));
                r.put("matches", f.matches());
                r.put("correct_matches", f.correct());
                r.put("precision", JsonOutput.finiteOrNull(f.precision()));
                r.put("ms_per_image", JsonOutput.finiteOrNull(f.millisPerImage()));
                r.put("images_extracted", f.imagesExtracted());
            }
            ArrayNode bar = node.putArray("bar");
            for (ExtractorFigures g : judged() ? gpuvoVariants() : List.<ExtractorFigures>of()) {
                ObjectNode entry = barEntry(bar, g.extractor(), holds(set, g.extractor()));
                Difference d = difference(set, g.extractor());
                entry.put("correct_difference", d.correct());
                entry.put("correct_difference_sd", JsonOutput.finiteOrNull(d.spread().correct()));
                entry.put("precision_difference", JsonOutput.finiteOrNull(d.precision()));
                entry.put("precision_difference_sd", JsonOutput.finiteOrNull(d.spread().precision()));
            }
        }
        ArrayNode everywhere = root.putArray("bar_holds_everywhere");
        for (ExtractorFigures g : judged() ? gpuvoVariants() : List.<ExtractorFigures>of())
            barEntry(everywhere, g.extractor(), holdsEverywhere(g.extractor()));
        return root;
    }

    private ObjectNode barEntry(ArrayNode array, String gpuvo, boolean holds) {
        ObjectNode o = array.addObject();
        o.put("gpuvo", gpuvo);
        o.put("reference", reference(sets.get(0)).extractor());
        o.put("holds", holds);
        return o;
    }

    /** gpuvo − reference on one set: correct matches, precision (NaN where either has no matches), their spread. */
    private record Difference(long correct, double precision, PairedBootstrap.Spread spread) {
    }

    private static Difference difference(PairSetFigures set, String gpuvo) {
        ExtractorFigures candidate = figuresOf(set, gpuvo), reference = reference(set);
        return new Difference(candidate.correct() - reference.correct(),
                candidate.precision() - reference.precision(),
                set.differenceSpread(gpuvo, reference.extractor()));
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

    private static ExtractorFigures reference(PairSetFigures set) {
        return set.extractors().stream().filter(f -> f.name().equals(REFERENCE)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + REFERENCE + " figures in set " + set.set()));
    }

    private static ExtractorFigures figuresOf(PairSetFigures set, String extractor) {
        return set.extractors().stream().filter(f -> f.extractor().equals(extractor)).findFirst().orElseThrow();
    }

    private static boolean holds(PairSetFigures set, String gpuvo) {
        return ExtractorFigures.atLeastAsGood(figuresOf(set, gpuvo), reference(set));
    }

    private boolean holdsEverywhere(String gpuvo) {
        return sets.stream().allMatch(set -> holds(set, gpuvo));
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
