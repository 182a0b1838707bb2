package org.gpuvo.app.conformance;

import georegression.struct.se.Se3_F64;
import org.gpuvo.app.conformance.ImagePair;
import org.gpuvo.app.conformance.PairGroupFigures;
import org.gpuvo.app.conformance.PairSetFigures;
import org.gpuvo.app.conformance.WarpKind;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.app.conformance.EpipolarCheck;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class SiftPairSetsTest {
    private static SiftPairSets.Input input(String name, int frames, boolean poses, int[] reads) {
        return input(name, 0, frames, poses, reads);
    }

    /** Frames {@code first} to {@code end - 1} of a sequence with {@code end} poses (when {@code poses}). */
    private static SiftPairSets.Input input(String name, int first, int end, boolean poses, int[] reads) {
        List<SiftPairSets.Frame> list = new ArrayList<>();
        for (int i = first; i < end; i++)
            list.add(new SiftPairSets.Frame(name + "#" + i, i, () -> {
                reads[0]++;
                return GrayImage.create(40, 30);
            }));
        Trajectory truth = null;
        if (poses) {
            truth = new Trajectory();
            for (int i = 0; i < end; i++) {
                Se3_F64 p = new Se3_F64();
                p.T.setTo(0.1 * i * i, 0, i);   // forward along the optical axis, drifting sideways ever faster
                truth.add(0.1 * i, p);
            }
        }
        return new SiftPairSets.Input(name, list, CameraModel.pinhole(40, 30, 30, 30, 20, 15), truth);
    }

    /** The bar's groups: each chain alone, every kind of warp in one group, in order of first appearance. */
    @Test
    void setsFallIntoTheIssuesGroups() {
        List<PairSetFigures> sets = new ArrayList<>();
        for (String set : List.of("consecutive", "rotation_15", "blur_2", "every_5th", "brightness_-40"))
            sets.add(new PairSetFigures(set, set.contains("_5th") || set.equals("consecutive") ? "sampson_distance"
                    : "homography_transfer_distance", 1.0, List.of()));
        List<PairGroupFigures> groups = SiftPairSets.groups(sets);
        assertThat(groups).extracting(PairGroupFigures::group).containsExactly("consecutive", "warped", "every_5th");
        assertThat(groups.get(1).sets()).extracting(PairSetFigures::set)
                .containsExactly("rotation_15", "blur_2", "brightness_-40");
        for (WarpKind kind : WarpKind.values())
            assertThat(SiftPairSets.groupOf(kind.id())).isEqualTo(SiftPairSets.WARPED);
        assertThat(SiftPairSets.groupOf(SiftPairSets.EVERY_5TH)).isEqualTo(SiftPairSets.EVERY_5TH);
    }

    @Test
    void aSequenceWithPosesGivesTwoChainsAndEveryInputItsWarps() {
        int[] reads = {0};
        List<SiftPairSets.PlannedPair> plan = new SiftPairSets().plan(
                List.of(input("kitti", 12, true, reads), input("images", 4, false, reads)), 2);
        Map<String, Integer> perSet = new TreeMap<>();
        plan.forEach(p -> perSet.merge(p.set(), 1, Integer::sum));
        assertThat(perSet.get("consecutive")).isEqualTo(11);
        assertThat(perSet.get("every_5th")).isEqualTo(2);       // frames 0-5 and 5-10
        for (WarpKind k : WarpKind.values())
            assertThat(perSet.get(k.id())).isEqualTo(4);         // 2 images of each of the two inputs
        assertThat(plan.get(0).set()).isEqualTo("consecutive");

        ImagePair first = plan.get(0).pair().get();
        assertThat(first.firstName()).isEqualTo("kitti#0");
        assertThat(first.secondName()).isEqualTo("kitti#1");
        assertThat(first.check()).isInstanceOf(EpipolarCheck.class);
        ImagePair every5th = plan.stream().filter(p -> p.set().equals("every_5th")).toList().get(1).pair().get();
        assertThat(every5th.firstName()).isEqualTo("kitti#5");
        assertThat(every5th.secondName()).isEqualTo("kitti#10");
    }

    @Test
    void aRangeOfFramesIsJudgedByTheirOwnPoses() {
        int[] reads = {0};
        SiftPairSets.Input later = input("kitti", 3, 9, true, reads);
        List<SiftPairSets.PlannedPair> plan = new SiftPairSets().plan(List.of(later), 0);
        assertThat(plan).hasSize(5 + 1);   // 3-4 ... 7-8, and 3-8
        ImagePair first = plan.get(0).pair().get();
        assertThat(first.firstName()).isEqualTo("kitti#3");
        double[] expected = EpipolarCheck.fromPoses(later.camera(), later.poses().pose(3), later.poses().pose(4), 1)
                .fundamental();
        assertThat(((EpipolarCheck) first.check()).fundamental()).containsExactly(expected);
        double[] fromStart = EpipolarCheck.fromPoses(later.camera(), later.poses().pose(0), later.poses().pose(1), 1)
                .fundamental();
        assertThat(((EpipolarCheck) first.check()).fundamental()).isNotEqualTo(fromStart);
    }

    @Test
    void aChainReadsEachFrameOnceAndWarpsSpreadTheirImages() {
        int[] reads = {0};
        SiftPairSets sets = new SiftPairSets();
        List<SiftPairSets.PlannedPair> plan = sets.plan(List.of(input("kitti", 6, true, reads)), 0);
        for (SiftPairSets.PlannedPair p : plan.subList(0, 5))
            p.pair().get();
        assertThat(reads[0]).isEqualTo(6);
        List<SiftPairSets.Frame> frames = input("f", 10, false, reads).frames();
        assertThat(SiftPairSets.spread(frames, 1)).extracting(SiftPairSets.Frame::name).containsExactly("f#5");
        assertThat(SiftPairSets.spread(frames, 3)).extracting(SiftPairSets.Frame::name)
                .containsExactly("f#1", "f#5", "f#8");
        assertThat(SiftPairSets.spread(frames.subList(0, 2), 3)).hasSize(2);
    }
}
