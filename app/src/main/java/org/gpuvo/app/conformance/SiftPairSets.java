package org.gpuvo.app.conformance;

import org.gpuvo.app.ImageInputs;
import org.gpuvo.app.conformance.ImagePair;
import org.gpuvo.app.conformance.PairGroupFigures;
import org.gpuvo.app.conformance.PairSetFigures;
import org.gpuvo.app.conformance.WarpKind;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.dataset.EurocSequence;
import org.gpuvo.odometry.dataset.KittiSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.app.conformance.EpipolarCheck;
import org.gpuvo.odometry.trajectory.Trajectory;
import picocli.CommandLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The image pairs of {@code gpuvo conformance sift}, from the inputs named on the command line:
 * <ul>
 * <li>a KITTI sequence with ground-truth poses gives two chains of frames, consecutive frames ({@value #CONSECUTIVE})
 * and every {@value #STRIDE}th frame ({@value #EVERY_5TH}), each pair judged by the Sampson distance to the
 * epipolar geometry of its two poses ({@link EpipolarCheck}, within {@value #EPIPOLAR_TOLERANCE_PX} px);</li>
 * <li>every input (KITTI, EuRoC's cam0, a folder of images, an image file) gives images that are changed by each
 * {@link WarpKind}, each pair judged by the known homography.</li>
 * </ul>
 * Images are read when a pair needs them; the last two stay loaded, so a chain reads each frame once.
 *
 * <p>The conformance bar is judged on its three groups of pairs ({@link #groups}): each chain alone, and all warped
 * views pooled ({@value #WARPED}).
 */
final class SiftPairSets {
    static final String CONSECUTIVE = "consecutive", EVERY_5TH = "every_5th", WARPED = "warped";
    static final int STRIDE = 5;
    static final double EPIPOLAR_TOLERANCE_PX = 1.0;

    /** Frame {@code index} of an input (its ground-truth pose's index), read when asked for. */
    record Frame(String name, int index, Supplier<GrayImage> image) {
    }

    /** One input: its frames and, for a sequence with ground truth, the camera and a pose per frame. */
    record Input(String name, List<Frame> frames, CameraModel camera, Trajectory poses) {
        boolean hasPoses() {
            return poses != null;
        }
    }

    /** A pair of a set, built when it is measured. */
    record PlannedPair(String set, Supplier<ImagePair> pair) {
    }

    private final Map<String, GrayImage> loaded = new LinkedHashMap<>();

    /**
     * Opens one input: a KITTI or EuRoC folder, or image files and folders of images; of its frames (or images, in
     * name order) those in [{@code range[0]}, {@code range[1]}) that it has. Missing paths are usage errors;
     * {@code warnings} gets what is left out.
     */
    static Input open(Path path, int[] range, CommandLine command, List<String> warnings) throws IOException {
        if (Files.isDirectory(path) && KittiSequence.looksLike(path)) {
            KittiSequence kitti = KittiSequence.open(path);
            Trajectory truth = kitti.groundTruth().orElse(null);
            if (truth == null || truth.size() < kitti.size()) {
                warnings.add(path + ": no ground-truth pose for every frame (poses.txt): only its warped views are "
                        + "measured");
                truth = null;
            }
            return new Input(kitti.name(), frames(kitti, range), kitti.camera(), truth);
        }
        if (Files.isDirectory(path) && EurocSequence.looksLike(path)) {
            EurocSequence euroc = EurocSequence.open(path);
            return new Input(euroc.name(), frames(euroc, range), null, null);
        }
        List<Path> files = ImageInputs.collect(List.of(path), command);
        List<Frame> frames = new ArrayList<>();
        for (int i = Math.min(range[0], files.size()); i < Math.min(range[1], files.size()); i++) {
            Path file = files.get(i);
            frames.add(new Frame(file.toString(), i, () -> {
                try {
                    return ImageInputs.read(file, command);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }));
        }
        return new Input(path.toString(), frames, null, null);
    }

    private static List<Frame> frames(Sequence sequence, int[] range) {
        List<Frame> frames = new ArrayList<>();
        for (int i = Math.min(range[0], sequence.size()); i < Math.min(range[1], sequence.size()); i++) {
            int index = i;
            frames.add(new Frame(sequence.name() + "#" + i, i, () -> sequence.left(index)));
        }
        return frames;
    }

    /**
     * Every pair, set by set in report order: the epipolar chains of every input with poses, then, for each kind of
     * change, {@code warpImages} frames of every input spread evenly over it (the middle one when 1).
     */
    List<PlannedPair> plan(List<Input> inputs, int warpImages) {
        List<PlannedPair> pairs = new ArrayList<>();
        for (Input input : inputs)
            if (input.hasPoses()) {
                chain(input, 1, CONSECUTIVE, pairs);
                chain(input, STRIDE, EVERY_5TH, pairs);
            }
        for (Input input : inputs) {
            List<Frame> chosen = spread(input.frames(), warpImages);
            for (Frame frame : chosen)
                for (WarpKind kind : WarpKind.values())
                    pairs.add(new PlannedPair(kind.id(), () -> kind.pair(frame.name(), load(frame))));
        }
        return pairs;
    }

    /**
     * The sets of a report in the bar's groups, in order of first appearance: a chain's set is a group of its own,
     * the sets of every {@link WarpKind} form one group, {@value #WARPED}.
     */
    static List<PairGroupFigures> groups(List<PairSetFigures> sets) {
        Map<String, List<PairSetFigures>> groups = new LinkedHashMap<>();
        for (PairSetFigures set : sets)
            groups.computeIfAbsent(groupOf(set.set()), g -> new ArrayList<>()).add(set);
        List<PairGroupFigures> result = new ArrayList<>();
        groups.forEach((group, members) -> result.add(new PairGroupFigures(group, members)));
        return result;
    }

    /** The group of pair set {@code set}: {@value #WARPED} for a {@link WarpKind}'s, else the set itself. */
    static String groupOf(String set) {
        for (WarpKind kind : WarpKind.values())
            if (kind.id().equals(set))
                return WARPED;
        return set;
    }

    private void chain(Input input, int step, String set, List<PlannedPair> pairs) {
        List<Frame> frames = input.frames();
        for (int i = 0; i + step < frames.size(); i += step) {
            Frame a = frames.get(i), b = frames.get(i + step);
            pairs.add(new PlannedPair(set, () -> new ImagePair(a.name(), load(a), b.name(), load(b),
                    EpipolarCheck.fromPoses(input.camera(), input.poses().pose(a.index()),
                            input.poses().pose(b.index()), EPIPOLAR_TOLERANCE_PX))));
        }
    }

    /** {@code count} frames spread evenly: frame ⌊(k + ½)·n / count⌋ for k = 0 … count − 1. */
    static List<Frame> spread(List<Frame> frames, int count) {
        List<Frame> chosen = new ArrayList<>();
        int n = frames.size();
        int take = Math.min(count, n);
        for (int k = 0; k < take; k++)
            chosen.add(frames.get((int) ((k + 0.5) * n / take)));
        return chosen;
    }

    /** The frame's image, read once while it is one of the last two asked for. */
    private GrayImage load(Frame frame) {
        GrayImage image = loaded.get(frame.name());
        if (image == null) {
            image = frame.image().get();
            loaded.put(frame.name(), image);
            while (loaded.size() > 2)
                loaded.remove(loaded.keySet().iterator().next());
        }
        return image;
    }
}
