package org.gpuvo.app.conformance;

import org.gpuvo.app.conformance.GpuvoSift;
import org.gpuvo.app.conformance.ImagePair;
import org.gpuvo.app.conformance.PairedBootstrap;
import org.gpuvo.app.conformance.SiftSource;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.app.opencv.OpenCvSift;
import picocli.CommandLine;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A developer's tool for SIFT conformance work, not a test: the pairs of {@code gpuvo conformance sift} (KITTI
 * chains, warped views), gpuvo's CPU SIFT against OpenCV's, per pair and per set, with a noise estimate of each
 * set's difference. OpenCV's features are cached on disk per image (they do not change while gpuvo's SIFT is being
 * worked on), so a rerun after a change to gpuvo's CPU SIFT extracts only gpuvo's.
 *
 * <p>Per set, then per group of sets on which the conformance bar is judged (each chain, the warped views pooled): the
 * sums, the difference gpuvo − OpenCV in correct matches and in precision, and the standard deviation of both
 * differences in a bootstrap over the pairs, a group's drawn set by set ({@link PairedBootstrap}, as
 * {@code gpuvo conformance sift} reports it): how much the verdict would move on another draw of pairs like these.
 * Then, per set and extractor,
 * correct matches and matches by the query keypoint's octave. {@code --pairs} writes the per-pair figures
 * (tab-separated), so that two variants of gpuvo's SIFT can be compared pair by pair. {@code --dump} writes one
 * tab-separated row per match, to find where the wrong matches come from: set, extractor (gpuvo or opencv), pair number
 * (from 1), query index, query octave, query σ (input pixels), query response, the query's rank by response in its
 * image, how many features of that image share the query's position (its orientations), query x, y, train octave, train
 * σ, the pair's error of the match (Sampson distance or homography transfer distance, pixels), distance, second
 * distance, query angle, train angle − query angle, correct (1/0), and whether the other extractor has a keypoint
 * within 1 pixel of the query at the same octave with a diameter within 10 % (1/0: a keypoint both detectors find).
 *
 * <pre>
 * args: [--warp-images N] [--sets REGEX] [--cache DIR] [--first-octave -1|0] [--max-features N]
 *       [--pairs FILE.tsv] [--dump FILE.tsv] DATA...
 * </pre>
 * Run it with the test class path of the app module (e.g. {@code mvn dependency:build-classpath} plus
 * {@code target/classes} and {@code target/test-classes}).
 */
final class SiftConformanceProbe {
    private record PairRow(String set, String first, String second, int[] gpuvo, int[] opencv) {
    }

    public static void main(String[] args) throws Exception {
        int warpImages = 3, firstOctave = -1, maxFeatures = 2000;
        Pattern sets = Pattern.compile(".*");
        Path cache = null, pairsOut = null, dumpOut = null;
        List<Path> data = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warp-images" -> warpImages = Integer.parseInt(args[++i]);
                case "--sets" -> sets = Pattern.compile(args[++i]);
                case "--cache" -> cache = Path.of(args[++i]);
                case "--first-octave" -> firstOctave = Integer.parseInt(args[++i]);
                case "--max-features" -> maxFeatures = Integer.parseInt(args[++i]);
                case "--pairs" -> pairsOut = Path.of(args[++i]);
                case "--dump" -> dumpOut = Path.of(args[++i]);
                default -> data.add(Path.of(args[i]));
            }
        }
        ConfigSift config = new ConfigSift(maxFeatures);
        config.firstOctave = firstOctave;
        CommandLine command = new CommandLine(new ConformanceSiftCommand());
        List<String> warnings = new ArrayList<>();
        List<SiftPairSets.Input> inputs = new ArrayList<>();
        for (Path p : data)
            inputs.add(SiftPairSets.open(p, new int[]{0, Integer.MAX_VALUE}, command, warnings));
        warnings.forEach(w -> System.err.println("warning: " + w));
        List<SiftPairSets.PlannedPair> plan = new ArrayList<>();
        for (SiftPairSets.PlannedPair p : new SiftPairSets().plan(inputs, warpImages))
            if (sets.matcher(p.set()).matches())
                plan.add(p);

        FloatDescriptorMatcher matcher = FactoryMatcher.floatCpu(new ConfigMatch(ConformanceSiftCommand.RATIO, true,
                Integer.MAX_VALUE));
        Matches matches = new Matches();
        List<PairRow> rows = new ArrayList<>();
        long gpuvoNanos = 0;
        int gpuvoImages = 0;
        try (SiftSource gpuvo = new GpuvoSift(FactorySift.create(config, Backend.CPU));
             SiftSource opencv = new OpenCvSift(config);
             MatchDump dump = dumpOut == null ? null : new MatchDump(dumpOut)) {
            Map<String, SiftFeatures> gCache = new LinkedHashMap<>(), oCache = new LinkedHashMap<>();
            for (SiftPairSets.PlannedPair planned : plan) {
                ImagePair pair = planned.pair().get();
                SiftFeatures[] g = new SiftFeatures[2], o = new SiftFeatures[2];
                String[] names = {pair.firstName(), pair.secondName()};
                GrayImage[] images = {pair.first(), pair.second()};
                for (int k = 0; k < 2; k++) {
                    g[k] = gCache.get(names[k]);
                    if (g[k] == null) {
                        g[k] = new SiftFeatures();
                        long t = System.nanoTime();
                        gpuvo.detect(images[k], g[k]);
                        gpuvoNanos += System.nanoTime() - t;
                        gpuvoImages++;
                    }
                    o[k] = oCache.get(names[k]);
                    if (o[k] == null)
                        o[k] = cached(cache, "opencv_o-1_" + maxFeatures, names[k], images[k], opencv);
                }
                gCache.clear();
                oCache.clear();
                for (int k = 0; k < 2; k++) {
                    gCache.put(names[k], g[k]);
                    oCache.put(names[k], o[k]);
                }
                if (System.getProperty("probe.stats") != null)
                    for (int k = 0; k < 2; k++)
                        System.err.printf(Locale.ROOT, "features %s g %d/%d o %d/%d  g %s  o %s%n", names[k],
                                g[k].size(), positions(g[k].keyPoints), o[k].size(), positions(o[k].keyPoints),
                                perOctave(g[k].keyPoints), perOctave(o[k].keyPoints));
                if (dump != null)
                    dump.startPair(g[0], o[0]);
                rows.add(new PairRow(planned.set(), names[0], names[1],
                        outcome(g, pair, matcher, matches, planned.set() + " gpuvo", dump),
                        outcome(o, pair, matcher, matches, planned.set() + " opencv", dump)));
                PairRow r = rows.get(rows.size() - 1);
                System.err.printf(Locale.ROOT, "%-16s %-40s g %4d/%4d  o %4d/%4d%n", r.set(), r.second(),
                        r.gpuvo()[1], r.gpuvo()[0], r.opencv()[1], r.opencv()[0]);
            }
        }
        System.out.printf(Locale.ROOT, "gpuvo CPU: %d images, %.0f ms each%n", gpuvoImages,
                gpuvoNanos / 1e6 / Math.max(1, gpuvoImages));
        if (pairsOut != null)
            writePairs(rows, pairsOut);
        summarise(rows, System.out);
        System.out.println("by the query's octave (-1 …): correct/matches");
        BY_OCTAVE.forEach((k, v) -> {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-24s", k));
            for (int o = 0; o < 10; o++)
                if (v[2 * o] > 0)
                    line.append(String.format(Locale.ROOT, " %d:%d/%d", o - 1, v[2 * o + 1], v[2 * o]));
            System.out.println(line);
        });
    }

    /** Octaves −1 … 8 of the query keypoints: matches and correct ones, per extractor and set. */
    static final Map<String, long[]> BY_OCTAVE = new LinkedHashMap<>();

    /** Features per octave −1 … 8 (the {@code -Dprobe.stats} line). */
    private static String perOctave(KeyPoints k) {
        int[] n = new int[10];
        for (int i = 0; i < k.size(); i++)
            n[k.level[i] + 1]++;
        return Arrays.toString(n);
    }

    private static int positions(KeyPoints k) {
        Set<Long> set = new HashSet<>();
        for (int i = 0; i < k.size(); i++)
            set.add(position(k, i));
        return set.size();
    }

    /** A keypoint's position as one key: the bits of x and y. */
    private static long position(KeyPoints k, int i) {
        return (long) Float.floatToIntBits(k.x[i]) << 32 | Float.floatToIntBits(k.y[i]) & 0xffffffffL;
    }

    /** The {@code --dump} file: one tab-separated row per match (columns in the class comment). */
    private static final class MatchDump implements AutoCloseable {
        private final PrintStream out;
        /** the pair being dumped, counted from 1 */
        private int pair;
        /** per feature of the pair's first image: whether the other extractor found it too (1/0) */
        private int[] sharedGpuvo, sharedOpencv;

        MatchDump(Path file) throws IOException {
            out = new PrintStream(new BufferedOutputStream(Files.newOutputStream(file)));
        }

        /** Starts the next pair, given both extractors' features of its first image. */
        void startPair(SiftFeatures gpuvo, SiftFeatures opencv) {
            pair++;
            sharedGpuvo = shared(gpuvo, opencv);
            sharedOpencv = shared(opencv, gpuvo);
        }

        /** The rows of one extractor's matches on the current pair. */
        void write(String tally, SiftFeatures[] f, ImagePair imagePair, Matches matches) {
            KeyPoints a = f[0].keyPoints, b = f[1].keyPoints;
            Integer[] byResponse = new Integer[a.size()];
            for (int i = 0; i < byResponse.length; i++)
                byResponse[i] = i;
            Arrays.sort(byResponse, (x, y) -> Float.compare(a.response[y], a.response[x]));
            int[] rank = new int[byResponse.length];
            for (int i = 0; i < byResponse.length; i++)
                rank[byResponse[i]] = i;
            Map<Long, Integer> atPosition = new HashMap<>();
            for (int i = 0; i < a.size(); i++)
                atPosition.merge(position(a, i), 1, Integer::sum);
            int[] shared = tally.endsWith(" gpuvo") ? sharedGpuvo : sharedOpencv;
            for (int i = 0; i < matches.size(); i++) {
                int q = matches.query[i], t = matches.train[i];
                out.printf(Locale.ROOT, "%s\t%d\t%d\t%d\t%.3f\t%.6g\t%d\t%d\t%.2f\t%.2f\t%d\t%.3f\t%.4g\t%d\t%d\t%.2f\t"
                                + "%.1f\t%d\t%d%n",
                        tally.replace(' ', '\t'), pair, q, a.level[q], a.diameter[q] / 2, a.response[q], rank[q],
                        atPosition.get(position(a, q)), a.x[q], a.y[q], b.level[t], b.diameter[t] / 2,
                        imagePair.check().error(a.x[q], a.y[q], b.x[t], b.y[t]), matches.distance[i],
                        matches.secondDistance[i], a.angle[q], b.angle[t] - a.angle[q],
                        imagePair.check().isCorrect(a.x[q], a.y[q], b.x[t], b.y[t]) ? 1 : 0, shared[q]);
            }
        }

        /** Per feature of a: 1 when b has a keypoint within 1 input pixel at the same octave, diameter within 10 %. */
        private static int[] shared(SiftFeatures a, SiftFeatures b) {
            KeyPoints p = a.keyPoints, q = b.keyPoints;
            int[] out = new int[p.size()];
            for (int i = 0; i < p.size(); i++)
                for (int j = 0; j < q.size(); j++) {
                    float dx = p.x[i] - q.x[j], dy = p.y[i] - q.y[j];
                    if (dx * dx + dy * dy <= 1 && p.level[i] == q.level[j]
                            && Math.abs(p.diameter[i] - q.diameter[j]) <= 0.1f * p.diameter[i]) {
                        out[i] = 1;
                        break;
                    }
                }
            return out;
        }

        @Override
        public void close() {
            out.close();
        }
    }

    /** {matches, correct} of one extractor's features on a pair; its rows go to {@code dump} when not null. */
    private static int[] outcome(SiftFeatures[] f, ImagePair pair, FloatDescriptorMatcher matcher, Matches matches,
                                 String tally, MatchDump dump) {
        if (f[0].size() == 0 || f[1].size() == 0)
            return new int[]{0, 0};
        matcher.match(f[0].descriptors, f[1].descriptors, matches);
        if (dump != null)
            dump.write(tally, f, pair, matches);
        long[] octaves = BY_OCTAVE.computeIfAbsent(tally, k -> new long[20]);
        int correct = 0;
        for (int i = 0; i < matches.size(); i++) {
            int q = matches.query[i], t = matches.train[i];
            int o = Math.min(9, f[0].keyPoints.level[q] + 1);
            octaves[2 * o]++;
            if (pair.check().isCorrect(f[0].keyPoints.x[q], f[0].keyPoints.y[q], f[1].keyPoints.x[t],
                    f[1].keyPoints.y[t])) {
                correct++;
                octaves[2 * o + 1]++;
            }
        }
        return new int[]{matches.size(), correct};
    }

    private static void writePairs(List<PairRow> rows, Path file) throws IOException {
        StringBuilder s = new StringBuilder("set\tfirst\tsecond\tg_matches\tg_correct\to_matches\to_correct\n");
        for (PairRow r : rows)
            s.append(r.set()).append('\t').append(r.first()).append('\t').append(r.second()).append('\t')
                    .append(r.gpuvo()[0]).append('\t').append(r.gpuvo()[1]).append('\t')
                    .append(r.opencv()[0]).append('\t').append(r.opencv()[1]).append('\n');
        Files.writeString(file, s);
    }

    /**
     * Per set, then per group ({@link SiftPairSets#groupOf}: the bar's verdict): sums, differences, and
     * their bootstrap standard deviations over the pairs, a group's drawn set by set.
     */
    static void summarise(List<PairRow> rows, PrintStream out) {
        Map<String, List<PairRow>> bySet = new LinkedHashMap<>(), byGroup = new LinkedHashMap<>();
        for (PairRow r : rows) {
            bySet.computeIfAbsent(r.set(), k -> new ArrayList<>()).add(r);
            byGroup.computeIfAbsent(SiftPairSets.groupOf(r.set()), k -> new ArrayList<>()).add(r);
        }
        String columns = String.format(Locale.ROOT, "%5s  %-19s %-19s %8s %6s %9s %7s  %s", "pairs",
                "gpuvo c/m prec", "opencv c/m prec", "dCorrect", "sd", "dPrec", "sd", "bar");
        out.printf(Locale.ROOT, "%-16s %s%n", "set", columns);
        bySet.forEach((set, members) -> summariseLine(set, members, out));
        out.printf(Locale.ROOT, "%-16s %s%n", "group (the bar)", columns);
        byGroup.forEach((group, members) -> summariseLine(group, members, out));
    }

    private static void summariseLine(String label, List<PairRow> rows, PrintStream out) {
        long[] s = sums(rows);
        int n = rows.size();
        Map<String, Integer> strata = new LinkedHashMap<>();
        int[] stratum = new int[n];
        long[] gm = new long[n], gc = new long[n], om = new long[n], oc = new long[n];
        for (int i = 0; i < n; i++) {
            PairRow r = rows.get(i);
            stratum[i] = strata.computeIfAbsent(r.set(), k -> strata.size());
            gm[i] = r.gpuvo()[0];
            gc[i] = r.gpuvo()[1];
            om[i] = r.opencv()[0];
            oc[i] = r.opencv()[1];
        }
        PairedBootstrap.Spread spread = PairedBootstrap.spread(stratum, gm, gc, om, oc);
        double pg = precision(s[1], s[0]), po = precision(s[3], s[2]);
        boolean holds = s[1] >= s[3] && pg >= po;
        out.printf(Locale.ROOT, "%-16s %5d  %6d/%6d %.4f %6d/%6d %.4f %+8d %6.1f %+9.4f %7.4f  %s%n", label, n,
                s[1], s[0], pg, s[3], s[2], po, s[1] - s[3], spread.correct(), pg - po, spread.precision(),
                holds ? "holds" : "FAILS");
    }

    /** {gpuvo matches, gpuvo correct, opencv matches, opencv correct} over the rows. */
    private static long[] sums(List<PairRow> set) {
        long[] s = new long[4];
        for (PairRow r : set) {
            s[0] += r.gpuvo()[0];
            s[1] += r.gpuvo()[1];
            s[2] += r.opencv()[0];
            s[3] += r.opencv()[1];
        }
        return s;
    }

    private static double precision(long correct, long matches) {
        return matches == 0 ? 0 : (double) correct / matches;
    }

    /** OpenCV's features of an image, read from the cache when there, else extracted and stored. */
    private static SiftFeatures cached(Path cache, String tag, String name, GrayImage image, SiftSource source)
            throws IOException {
        Path file = cache == null ? null : cache.resolve(tag + "_" + name.replaceAll("[^A-Za-z0-9._+-]", "_") + ".bin");
        if (file != null && Files.exists(file))
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
                return read(new DataInputStream(in));
            }
        SiftFeatures f = new SiftFeatures();
        source.detect(image, f);
        if (file != null) {
            Files.createDirectories(cache);
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
                write(f, new DataOutputStream(out));
            }
        }
        return f;
    }

    private static void write(SiftFeatures f, DataOutputStream out) throws IOException {
        KeyPoints k = f.keyPoints;
        out.writeInt(f.size());
        for (int i = 0; i < f.size(); i++) {
            out.writeFloat(k.x[i]);
            out.writeFloat(k.y[i]);
            out.writeInt(k.level[i]);
            out.writeFloat(k.diameter[i]);
            out.writeFloat(k.angle[i]);
            out.writeFloat(k.response[i]);
        }
        int len = f.descriptors.length;
        for (int i = 0; i < f.size() * len; i++)
            out.writeFloat(f.descriptors.data[i]);
        out.flush();
    }

    private static SiftFeatures read(DataInputStream in) throws IOException {
        SiftFeatures f = new SiftFeatures();
        int n = in.readInt();
        f.keyPoints.ensureCapacity(n);
        for (int i = 0; i < n; i++)
            f.keyPoints.add(in.readFloat(), in.readFloat(), in.readInt(), in.readFloat(), in.readFloat(),
                    in.readFloat());
        f.descriptors.resize(n);
        for (int i = 0; i < n * f.descriptors.length; i++)
            f.descriptors.data[i] = in.readFloat();
        return f;
    }
}
