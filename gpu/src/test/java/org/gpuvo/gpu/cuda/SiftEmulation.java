package org.gpuvo.gpu.cuda;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.gpuvo.gpu.cpu.sift.DogExtremaDetector;
import org.gpuvo.gpu.cpu.sift.ExtremumRefinement;
import org.gpuvo.gpu.cpu.sift.SiftExtrema;
import org.gpuvo.gpu.cpu.sift.SiftOctave;
import org.gpuvo.gpu.cpu.sift.SiftScaleSpace;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.testdata.RandomImages;

/**
 * Checks the SIFT kernels without a GPU, with {@code src/test/cuda-emulation/sift_emulation.cpp} (see
 * {@code run-sift.sh}): {@code export} writes an image, the device tables and the launch plan that
 * {@link CudaSiftExtractor} would enqueue for it; the emulator replays the plan on host threads and writes every
 * buffer back; {@code compare} checks those buffers against the CPU reference stage by stage: the Gaussian levels
 * bit for bit, the refined extrema as sets (and each at the end of the list its octave's branch appends to), the
 * final features with {@link SiftComparison}. Exits with status 1 if a stage disagrees.
 *
 * <p>The plan's two branches run one after the other in the emulator, in the order {@code export} writes them: the
 * plan's own ({@code --order plan}, the order of a single stream) or, with {@code --order small-first}, the small
 * octaves' branch as soon as it may start (right after {@link SiftLaunchPlan#forkAfter}), then the rest of the large
 * one. The two orders must give the same output bit for bit ({@code run-sift.sh} compares them): which branch appends
 * to the shared lists first must not matter. The octaves split as on an H100 ({@link #SPLIT_MULTIPROCESSORS}) unless
 * {@code --split K} makes the small branch start at octave K.
 *
 * <pre>
 * usage: SiftEmulation export SOURCE WIDTH HEIGHT FIRST_OCTAVE MAX_FEATURES DIR [LEVELS SIGMA] [--order plan|small-first]
 *                             [--split K]
 *        SiftEmulation compare DIR
 * SOURCE: blocks | noise | scene | a PNG file (its centre cropped to WIDTH x HEIGHT)
 * </pre>
 */
public final class SiftEmulation {
    /** grids sized as for a device of this many multiprocessors (small: the emulator runs blocks one by one) */
    private static final int EMULATED_MULTIPROCESSORS = 2;
    /** the octaves split between the branches as on a device of this many multiprocessors (an H100) */
    static final int SPLIT_MULTIPROCESSORS = 132;

    private SiftEmulation() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length >= 7 && args[0].equals("export"))
            export(args);
        else if (args.length == 2 && args[0].equals("compare"))
            System.exit(compare(Path.of(args[1])) ? 0 : 1);
        else {
            System.err.println("usage: SiftEmulation export SOURCE WIDTH HEIGHT FIRST_OCTAVE MAX_FEATURES DIR [LEVELS SIGMA]"
                    + " | compare DIR");
            System.exit(2);
        }
    }

    private record Setup(GrayImage image, ConfigSift config) {
    }

    private static Setup setup(String[] args) throws IOException {
        int w = Integer.parseInt(args[2]), h = Integer.parseInt(args[3]);
        ConfigSift config = new ConfigSift(Integer.parseInt(args[5]));
        config.firstOctave = Integer.parseInt(args[4]);
        if (args.length > 7)
            config.levelsPerOctave = Integer.parseInt(args[7]);
        if (args.length > 8)
            config.sigma = Double.parseDouble(args[8]);
        GrayImage image = switch (args[1]) {
            case "blocks" -> RandomImages.blocks(w, h, Math.max(4, w * h / 400), 11);
            case "noise" -> RandomImages.noise(w, h, 12);
            case "scene" -> SyntheticImages.pair(w, h, 13, SyntheticImages.Homography.similarity(0, 1, 0, 0, 0, 0)).first();
            default -> crop(ImageFiles.readGray(Path.of(args[1])), w, h);
        };
        return new Setup(image, config.checkValidity());
    }

    /** The centre {@code w} x {@code h} of {@code image} (all of it where it is smaller). */
    static GrayImage crop(GrayImage image, int w, int h) {
        int cw = Math.min(w, image.width), ch = Math.min(h, image.height);
        int x0 = (image.width - cw) / 2, y0 = (image.height - ch) / 2;
        return new GrayImage(cw, ch, image.stride, image.offset + y0 * image.stride + x0, image.data).packed();
    }

    private static void export(String[] all) throws IOException {
        List<String> positional = new ArrayList<>();
        boolean smallFirst = false;
        int split = -1;
        for (int i = 0; i < all.length; i++) {
            switch (all[i]) {
                case "--order" -> {
                    String order = all[++i];
                    if (!order.equals("plan") && !order.equals("small-first"))
                        throw new IllegalArgumentException("--order plan | small-first, not " + order);
                    smallFirst = order.equals("small-first");
                }
                case "--split" -> split = Integer.parseInt(all[++i]);
                default -> positional.add(all[i]);
            }
        }
        String[] args = positional.toArray(new String[0]);
        Setup s = setup(args);
        Path dir = Path.of(args[6]);
        Files.createDirectories(dir);
        Files.write(dir.resolve("args.txt"), List.of(String.join("\n", args)));
        ConfigSift config = s.config;
        GrayImage image = s.image;
        SiftOctaveTable table = new SiftOctaveTable(config, image.width, image.height);
        SiftBlurPlan blur = new SiftBlurPlan(config);
        int extremaCap = SiftCapacities.initialExtrema(table), featureCap = SiftCapacities.featuresFor(extremaCap, config);
        byte[] params = CudaSiftExtractor.kernelParams(config, extremaCap, featureCap);
        int smallStart = split >= 0 ? Math.min(split, table.count)
                : SiftLaunchPlan.smallStart(table, SPLIT_MULTIPROCESSORS);
        SiftLaunchPlan plan = new SiftLaunchPlan(config, table, blur, params, extremaCap, featureCap,
                config.maxFeatures, EMULATED_MULTIPROCESSORS, smallStart);
        Files.write(dir.resolve("plan.txt"), List.of(Integer.toString(plan.smallStart)));
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(dir.resolve("buffers.txt")))) {
            for (SiftLaunchPlan.Buffer b : SiftLaunchPlan.Buffer.values())
                out.println(b + " " + Math.max(16, SiftLaunchPlan.bytes(b, table, blur, extremaCap, featureCap,
                        config.maxFeatures)));
        }
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(dir.resolve("launches.txt")))) {
            for (SiftLaunchPlan.Launch l : smallFirst ? smallFirst(plan) : plan.launches) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s %d %d %d %d %d %d", l.kernel(),
                        l.gridX(), l.gridY(), l.blockX(), l.blockY(), l.sharedBytes(), l.arguments().size()));
                for (Object a : l.arguments()) {
                    if (a instanceof SiftLaunchPlan.BufferArgument b)
                        line.append(" B:").append(b.buffer()).append(':').append(b.byteOffset());
                    else if (a instanceof Integer i)
                        line.append(" I:").append(i);
                    else
                        line.append(" S:").append(java.util.HexFormat.of().formatHex((byte[]) a));
                }
                out.println(line);
            }
        }
        Files.write(dir.resolve("INPUT.bin"), image.packed().data);
        Files.write(dir.resolve("OCTAVES.bin"), table.write());
        ByteBuffer w = ByteBuffer.allocate(4 * blur.weights.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : blur.weights)
            w.putFloat(f);
        Files.write(dir.resolve("WEIGHTS.bin"), w.array());
        long tall = plan.launches.stream().filter(l -> l.kernel().equals("sift_blur"))
                .filter(l -> (Integer) l.arguments().get(11) == 2).count();
        System.out.printf(Locale.ROOT, "exported %dx%d, %d octaves, %d launches (%s order; large octaves 0 .. %d, %d"
                        + " launches on the small branch; %d blur launches of 32 x 64 tiles), capacities %d extrema /"
                        + " %d features%n",
                image.width, image.height, table.count, plan.launches.size(), smallFirst ? "small-first" : "plan",
                plan.smallStart - 1, plan.branch(SiftLaunchPlan.Branch.SMALL).size(), tall, extremaCap, featureCap);
    }

    /**
     * The plan's launches with the small branch run as early as it may: the large branch up to the launch the small
     * one waits for, the small branch, the rest of the large branch, the joined launches.
     */
    static List<SiftLaunchPlan.Launch> smallFirst(SiftLaunchPlan plan) {
        List<SiftLaunchPlan.Launch> large = plan.branch(SiftLaunchPlan.Branch.LARGE);
        int upTo = plan.forkAfter + 1; // the launches up to the fork are all large ones, at the front of the plan
        List<SiftLaunchPlan.Launch> out = new ArrayList<>(large.subList(0, upTo));
        out.addAll(plan.branch(SiftLaunchPlan.Branch.SMALL));
        out.addAll(large.subList(upTo, large.size()));
        out.addAll(plan.branch(SiftLaunchPlan.Branch.JOINED));
        return out;
    }

    private static ByteBuffer read(Path dir, String name) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(dir.resolve(name))).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static boolean compare(Path dir) throws IOException {
        Setup s = setup(Files.readAllLines(dir.resolve("args.txt")).toArray(new String[0]));
        ConfigSift config = s.config;
        GrayImage image = s.image;
        SiftOctaveTable table = new SiftOctaveTable(config, image.width, image.height);
        boolean ok = true;

        // 1. the Gaussian scale space, bit for bit
        SiftScaleSpace cpu = new SiftScaleSpace(config);
        cpu.build(image);
        ByteBuffer space = read(dir, "out-SPACE.bin");
        if (cpu.size() != table.count) {
            System.out.println("octave count: cpu " + cpu.size() + ", table " + table.count);
            ok = false;
        }
        for (int i = 0; i < Math.min(cpu.size(), table.count); i++) {
            SiftOctave o = cpu.octave(i);
            for (int l = 0; l < table.levels; l++) {
                int differ = 0;
                double maxDiff = 0;
                String first = null;
                for (int y = 0; y < o.height; y++)
                    for (int x = 0; x < o.width; x++) {
                        float g = space.getFloat((int) (4 * (table.base[i] + l * table.levelStride[i]
                                + (long) y * table.pitch[i] + x)));
                        float c = o.gauss[l][y * o.width + x];
                        if (Float.floatToIntBits(g) != Float.floatToIntBits(c)) {
                            if (first == null)
                                first = String.format(Locale.ROOT, "(%d, %d): gpu %s, cpu %s", x, y, g, c);
                            differ++;
                            maxDiff = Math.max(maxDiff, Math.abs(g - c));
                        }
                    }
                if (differ > 0) {
                    System.out.printf(Locale.ROOT, "octave %d level %d: %d pixels differ (max %.3g), first %s%n", i,
                            l, differ, maxDiff, first);
                    ok = false;
                }
            }
        }
        System.out.println("scale space: " + (ok ? "IDENTICAL" : "differs") + " (" + table.count + " octaves)");

        // 2. the refined extrema, as sets
        ByteBuffer scratch = read(dir, "out-SCRATCH.bin");
        int[] counts = new int[CudaSiftExtractor.Z_COUNTS];
        for (int i = 0; i < counts.length; i++)
            counts[i] = scratch.getInt(4 * i);
        SiftExtrema reference = new SiftExtrema();
        DogExtremaDetector detector = new DogExtremaDetector();
        double threshold = config.contrastThreshold / config.levelsPerOctave;
        ExtremumRefinement refinement = new ExtremumRefinement(config.levelsPerOctave, config.sigma, threshold,
                config.edgeThreshold);
        int raw = 0;
        for (int i = 0; i < cpu.size(); i++) {
            SiftOctave o = cpu.octave(i);
            detector.detect(cpu.differences(i), o.width, o.height, config.levelsPerOctave, (float) (0.8 * threshold));
            raw += detector.count;
            for (int k = 0; k < detector.count; k++)
                refinement.refine(cpu.differences(i), o, i, detector.u[k], detector.v[k], detector.s[k], reference);
        }
        int refined = reference.count;
        reference.removeDuplicates();
        System.out.printf(Locale.ROOT, "cpu: %d refined extrema, %d of them duplicates%n", refined,
                refined - reference.count);
        // the large octaves' extrema at the front of the list, the small octaves' at its back
        int front = counts[CudaSiftExtractor.Z_EXTREMA], back = counts[CudaSiftExtractor.Z_EXTREMA_BACK];
        int capacity = SiftCapacities.initialExtrema(table);
        int smallStart = Integer.parseInt(Files.readAllLines(dir.resolve("plan.txt")).get(0).trim());
        System.out.printf(Locale.ROOT, "extrema: raw cpu %d gpu %d; refined cpu %d gpu %d (%d of octaves 0 .. %d at"
                        + " the front, %d of the small octaves at the back of %d entries)%n", raw,
                counts[CudaSiftExtractor.Z_RAW_EXTREMA], reference.count, front + back, front, smallStart - 1, back,
                capacity);
        if (front + back > capacity) {
            System.out.println("the extrema list overflowed: compare needs the initial capacity to hold them");
            return false;
        }
        List<String> cpuSet = new ArrayList<>(), gpuSet = new ArrayList<>();
        for (int i = 0; i < reference.count; i++)
            cpuSet.add(extremumKey(reference.octave[i], reference.level[i], reference.octaveX[i], reference.octaveY[i],
                    reference.octaveSigma[i], reference.response[i], reference.x[i], reference.y[i]));
        ByteBuffer ex = read(dir, "out-EXTREMA.bin");
        int misplaced = 0;
        for (int i = 0; i < front + back; i++) {
            int at = (i < front ? i : capacity - 1 - (i - front)) * CudaSiftExtractor.POINT_BYTES;
            int octave = ex.getInt(at + 32);
            if ((octave < smallStart) != (i < front))
                misplaced++;
            gpuSet.add(extremumKey(octave, ex.getInt(at + 36), ex.getFloat(at + 16), ex.getFloat(at + 20),
                    ex.getFloat(at + 24), ex.getFloat(at + 8), ex.getFloat(at), ex.getFloat(at + 4)));
        }
        if (misplaced > 0) {
            System.out.println(misplaced + " extrema at the wrong end of the list for their octave's branch");
            ok = false;
        }
        cpuSet.sort(Comparator.naturalOrder());
        gpuSet.sort(Comparator.naturalOrder());
        boolean sameExtrema = cpuSet.equals(gpuSet) && raw == counts[CudaSiftExtractor.Z_RAW_EXTREMA];
        if (!sameExtrema) {
            ok = false;
            List<String> onlyCpu = new ArrayList<>(cpuSet), onlyGpu = new ArrayList<>(gpuSet);
            onlyCpu.removeAll(gpuSet);
            onlyGpu.removeAll(cpuSet);
            System.out.println("extrema only on the cpu (first 5): " + onlyCpu.subList(0, Math.min(5, onlyCpu.size())));
            System.out.println("extrema only on the gpu (first 5): " + onlyGpu.subList(0, Math.min(5, onlyGpu.size())));
        }
        System.out.println("refined extrema: " + (sameExtrema ? "IDENTICAL" : "differ"));

        // 3. the features
        int selected = counts[CudaSiftExtractor.Z_SELECTED];
        System.out.printf(Locale.ROOT, "features: oriented %d, candidates %d, selected %d (threshold bin %d)%n",
                counts[CudaSiftExtractor.Z_FEATURES], counts[CudaSiftExtractor.Z_CANDIDATES], selected,
                counts[CudaSiftExtractor.Z_THRESHOLD_BIN]);
        SiftFeatures gpu = new SiftFeatures();
        ByteBuffer records = read(dir, "out-RECORDS.bin"), descriptors = read(dir, "out-OUT_DESCRIPTORS.bin");
        ByteBuffer positions = read(dir, "out-OUT_POSITIONS.bin"), levels = read(dir, "out-OUT_LEVELS.bin");
        KeyPoints kp = gpu.keyPoints;
        int inconsistent = 0;
        for (int i = 0; i < selected; i++) {
            int at = i * CudaSiftExtractor.RECORD_BYTES;
            kp.add(records.getFloat(at), records.getFloat(at + 4), records.getInt(at + 8), records.getFloat(at + 12),
                    records.getFloat(at + 16), records.getFloat(at + 20));
            if (positions.getFloat(8 * i) != kp.x[i] || positions.getFloat(8 * i + 4) != kp.y[i]
                    || levels.getInt(4 * i) != kp.level[i])
                inconsistent++;
        }
        gpu.descriptors.resize(selected);
        descriptors.asFloatBuffer().get(gpu.descriptors.data, 0, selected * FloatDescriptors.SIFT_LENGTH);
        if (inconsistent > 0) {
            System.out.println(inconsistent + " features whose device positions or octaves differ from their records");
            ok = false;
        }
        SiftFeatures ref = new SiftFeatures();
        try (SiftExtractor extractor = FactorySift.cpu(config)) {
            extractor.detect(image, ref);
        }
        SiftComparison c = SiftComparison.of(ref, gpu, config.sigma);
        System.out.println("features: " + c.summary());
        c.firstMismatches().forEach(m -> System.out.println("  " + m));
        boolean identical = c.indexIdentical() == ref.size() && ref.size() == gpu.size();
        System.out.println("features: " + (identical ? "IDENTICAL keypoints" : "keypoints differ") + ", descriptors "
                + c.descriptorsIdentical() + " of " + ref.size() + " bit-identical");
        ok &= c.referenceFoundFraction() >= 0.97 && c.otherFoundFraction() >= 0.97 && c.cosineFraction() >= 0.99;
        System.out.println(ok ? "EMULATION AGREES WITH THE CPU REFERENCE" : "EMULATION DISAGREES");
        return ok;
    }

    private static String extremumKey(int octave, int level, float x, float y, float sigma, float response,
                                      float xImage, float yImage) {
        return String.format(Locale.ROOT, "o%d s%d x%s y%s sigma%s r%s X%s Y%s", octave, level, x, y, sigma, response,
                xImage, yImage);
    }
}
