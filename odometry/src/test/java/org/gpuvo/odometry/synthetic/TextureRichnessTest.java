package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.dataset.DepthImage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The room and the street are rich in ORB features spread over the image, and consecutive frames match mostly
 * correctly: the matched keypoint of frame k+1 is where the ground-truth motion and frame k's depth put the keypoint
 * of frame k. (The highway is poor in texture on purpose.)
 */
class TextureRichnessTest {
    private static final int GRID = 4;

    @ParameterizedTest
    @EnumSource(names = {"ROOM", "STREET"})
    void orbFindsManyFeaturesSpreadOutAndConsecutiveFramesMatchCorrectly(ConfigSynthetic.SceneKind scene) {
        ConfigSynthetic config = ConfigSynthetic.preset(scene);
        config.frames = 300;
        SyntheticSequence seq = new SyntheticSequence(config);
        OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(2000));
        DescriptorMatcher matcher = FactoryMatcher.cpu(new ConfigMatch());
        int[] frames = scene == ConfigSynthetic.SceneKind.ROOM ? new int[]{0, 75, 150, 225, 290} : new int[]{0, 70, 140, 210, 290};
        for (int frame : frames) {
            OrbFeatures a = new OrbFeatures(), b = new OrbFeatures();
            orb.detect(seq.left(frame), a);
            orb.detect(seq.left(frame + 1), b);
            int cells = occupiedCells(a.keyPoints, config.width, config.height);
            Matches matches = new Matches();
            matcher.match(a.descriptors, b.descriptors, matches);
            MatchCheck check = checkMatches(seq, frame, a.keyPoints, b.keyPoints, matches);
            System.out.printf("%s frame %d: %d ORB features in %d of %d cells; %d matches: %.1f %% within 2 px of the"
                            + " ground-truth reprojection (%.1f %% of the %d on levels 0-2), %.1f %% within 2 pixels of"
                            + " their level%n", scene, frame, a.size(), cells, GRID * GRID, matches.size(),
                    100.0 * check.within2px / matches.size(), 100.0 * check.fineWithin2px / check.fine, check.fine,
                    100.0 * check.withinLevel / matches.size());
            assertThat(a.size()).as("features of frame %d", frame).isGreaterThanOrEqualTo(1500);
            // the street's upper rows are sky: three quarters of the cells must hold features
            assertThat(cells).as("cells with features, frame %d", frame).isGreaterThanOrEqualTo(12);
            assertThat(matches.size()).as("matches of frame %d", frame).isGreaterThan(500);
            assertThat(check.withinLevel).as("matches within 2 level pixels, frame %d", frame)
                    .isGreaterThanOrEqualTo((int) Math.ceil(0.9 * matches.size()));
            assertThat(check.fineWithin2px).as("level 0-2 matches within 2 px, frame %d", frame)
                    .isGreaterThanOrEqualTo((int) Math.ceil(0.9 * check.fine));
        }
    }

    /** Counts of matches that agree with the ground truth. */
    private record MatchCheck(int within2px, int withinLevel, int fine, int fineWithin2px) {
    }

    /** Cells of a GRID × GRID partition of the image holding at least 10 keypoints. */
    private static int occupiedCells(KeyPoints kp, int width, int height) {
        int[] count = new int[GRID * GRID];
        for (int i = 0; i < kp.size(); i++)
            count[Math.min(GRID - 1, (int) (kp.y[i] * GRID / height)) * GRID + Math.min(GRID - 1, (int) (kp.x[i] * GRID / width))]++;
        int cells = 0;
        for (int c : count)
            if (c >= 10)
                cells++;
        return cells;
    }

    /**
     * Matches whose frame-(k+1) keypoint is near where the frame-k keypoint goes with its depth and the ground-truth
     * motion: within 2 px, and within 2 pixels of the keypoint's pyramid level (2·1.2^level px: ORB places a
     * keypoint found on level l on that level's pixel grid, so a coarse keypoint cannot be located better). At a
     * depth edge the keypoint's depth is ambiguous: every depth of its 3×3 neighbourhood is tried.
     */
    private static MatchCheck checkMatches(SyntheticSequence seq, int frame, KeyPoints a, KeyPoints b, Matches matches) {
        CameraModel cam = seq.camera();
        DepthImage depth = seq.depth(frame);
        Se3_F64 aToB = seq.scenePose(frame).concat(seq.scenePose(frame + 1).invert(null), null);
        Point3D_F64 p = new Point3D_F64();
        int within2px = 0, withinLevel = 0, fine = 0, fineWithin2px = 0;
        for (int m = 0; m < matches.size(); m++) {
            int qa = matches.query[m], tb = matches.train[m];
            double xa = a.x[qa], ya = a.y[qa], error = Double.POSITIVE_INFINITY;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    float z = depth.at((int) Math.round(xa) + dx, (int) Math.round(ya) + dy);
                    if (Float.isNaN(z))
                        continue;
                    p.setTo((xa - cam.cx) / cam.fx * z, (ya - cam.cy) / cam.fy * z, z);
                    SePointOps_F64.transform(aToB, p, p);
                    double u = cam.fx * p.x / p.z + cam.cx, v = cam.fy * p.y / p.z + cam.cy;
                    error = Math.min(error, Math.hypot(u - b.x[tb], v - b.y[tb]));
                }
            int level = Math.max(a.level[qa], b.level[tb]);
            if (error <= 2)
                within2px++;
            if (error <= 2 * Math.pow(1.2, level))
                withinLevel++;
            if (level <= 2) {
                fine++;
                if (error <= 2)
                    fineWithin2px++;
            }
        }
        return new MatchCheck(within2px, withinLevel, fine, fineWithin2px);
    }
}
