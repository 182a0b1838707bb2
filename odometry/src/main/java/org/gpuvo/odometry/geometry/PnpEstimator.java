package org.gpuvo.odometry.geometry;

import boofcv.abst.geo.EstimateNofPnP;
import boofcv.factory.geo.EnumPNP;
import boofcv.factory.geo.FactoryMultiView;
import boofcv.struct.geo.Point2D3D;
import georegression.struct.se.Se3_F64;
import org.ddogleg.struct.DogArray;

import java.util.ArrayList;
import java.util.List;

/**
 * Absolute camera pose from 2D–3D correspondences:
 * <ol>
 * <li>RANSAC over minimal samples of three, each giving up to four poses by Finsterwalder's P3P as presented by
 * R. Haralick et al., "Review and Analysis of Solutions of the Three Point Perspective Pose Estimation Problem",
 * IJCV 13(3), 1994 (BoofCV's implementation), scored by MSAC on the squared reprojection error in normalized
 * coordinates (points behind the camera are outliers), with an early exit once a model cannot beat the best, and
 * stopped adaptively (see {@link ConfigRansac}). A prior pose, if given, is scored and optimised first, so a good
 * one sets a high inlier fraction from the start and the loop stops after few samples;</li>
 * <li>each new best is refined for a few iterations on its inliers and re-scored, as long as that improves its
 * score (local optimisation, Chum, Matas &amp; Kittler, DAGM 2003);</li>
 * <li>the winner is refined by {@link MotionOnlyRefinement} (Levenberg–Marquardt, Huber cost at the inlier
 * threshold) on its inliers, re-classifying until the inlier set is stable (at most three rounds).</li>
 * </ol>
 * Not thread safe; nothing is allocated per call once the largest input size has been seen.
 */
public final class PnpEstimator extends RansacEstimator {
    private static final int SAMPLE_SIZE = 3;
    private static final int LOCAL_ITERATIONS = 3;
    /** refine-and-rescore rounds of the local optimisation, while the score improves */
    private static final int LOCAL_ROUNDS = 4;
    private static final int FINAL_ITERATIONS = 10;
    private static final int FINAL_ROUNDS = 3;

    private final ConfigRansac config;
    private final double threshold2;
    private int minInliers = 6;

    private final EstimateNofPnP generator = FactoryMultiView.pnp_N(EnumPNP.P3P_FINSTERWALDER, -1);
    private final DogArray<Se3_F64> hypotheses = new DogArray<>(Se3_F64::new);
    private final List<Point2D3D> sample = new ArrayList<>();
    private final int[] sampleIndices = new int[SAMPLE_SIZE];
    private final RansacSampler sampler = new RansacSampler();
    private final MotionOnlyRefinement refinement;

    private final Se3_F64 bestPose = new Se3_F64();
    private final Se3_F64 work = new Se3_F64();

    /**
     * @param config            RANSAC parameters (copied)
     * @param focalLengthPixels converts the pixel threshold to normalized units
     */
    public PnpEstimator(ConfigRansac config, double focalLengthPixels) {
        this.config = config.copy().checkValidity();
        double f = Arguments.focalLength(focalLengthPixels);
        double threshold = this.config.inlierThresholdPixels / f;
        threshold2 = threshold * threshold;
        refinement = new MotionOnlyRefinement(this.config.inlierThresholdPixels, f);
        for (int i = 0; i < SAMPLE_SIZE; i++)
            sample.add(new Point2D3D());
    }

    /** Fewest inliers a result may have (default 6; at least 4, one more than the minimal sample). */
    public PnpEstimator setMinimumInliers(int minInliers) {
        if (minInliers <= SAMPLE_SIZE)
            throw new IllegalArgumentException("minimum inliers must be at least " + (SAMPLE_SIZE + 1) + ", got "
                    + minInliers);
        this.minInliers = minInliers;
        return this;
    }

    /**
     * World points (wx, wy, wz)[i] seen at normalized (nx, ny)[i], i &lt; n. Returns false if fewer than the
     * minimum inliers (6 by default) are found; see {@link #status()}. On success {@code worldToCamera} holds the
     * pose (p_camera = R·p_world + T).
     */
    public boolean process(double[] wx, double[] wy, double[] wz, double[] nx, double[] ny, int n,
                           Se3_F64 worldToCamera) {
        return run(wx, wy, wz, nx, ny, n, null, worldToCamera);
    }

    /**
     * As {@link #process(double[], double[], double[], double[], double[], int, Se3_F64)}, but first scores and
     * refines {@code prior} (e.g. a constant-velocity prediction) as a hypothesis, so a good prior ends RANSAC
     * early. {@code prior} and {@code worldToCamera} may be the same object.
     */
    public boolean process(double[] wx, double[] wy, double[] wz, double[] nx, double[] ny, int n, Se3_F64 prior,
                           Se3_F64 worldToCamera) {
        if (prior == null)
            throw new IllegalArgumentException("prior is null");
        return run(wx, wy, wz, nx, ny, n, prior, worldToCamera);
    }

    /** The refinement used on the inliers; its settings may be changed. */
    public MotionOnlyRefinement refinement() {
        return refinement;
    }

    private boolean run(double[] wx, double[] wy, double[] wz, double[] nx, double[] ny, int n, Se3_F64 prior,
                        Se3_F64 out) {
        Arguments.check(n, wx, wy, wz, nx, ny);
        if (out == null)
            throw new IllegalArgumentException("worldToCamera is null");
        begin(n);
        if (n < Math.max(SAMPLE_SIZE + 1, minInliers))
            return fail(EstimationStatus.TOO_FEW_POINTS);
        sampler.reset(config.seed);
        int required = config.maxIterations;
        if (prior != null) {
            considerHypothesis(prior, wx, wy, wz, nx, ny, n);
            if (best.count() > 0)
                required = RansacSampler.requiredIterations(best.count(), n, SAMPLE_SIZE, config.confidence,
                        config.maxIterations);
        }
        while (iterations < required) {
            iterations++;
            sampler.sample(n, SAMPLE_SIZE, sampleIndices);
            for (int k = 0; k < SAMPLE_SIZE; k++) {
                int i = sampleIndices[k];
                sample.get(k).setTo(nx[i], ny[i], wx[i], wy[i], wz[i]);
            }
            if (!generator.process(sample, hypotheses))
                continue;
            boolean improved = false;
            for (int h = 0; h < hypotheses.size; h++)
                improved |= considerHypothesis(hypotheses.get(h), wx, wy, wz, nx, ny, n);
            if (improved)
                required = RansacSampler.requiredIterations(best.count(), n, SAMPLE_SIZE, config.confidence,
                        config.maxIterations);
        }
        if (best.count() < minInliers)
            return fail(EstimationStatus.TOO_FEW_INLIERS);
        finalRefinement(wx, wy, wz, nx, ny, n);
        if (best.count() < minInliers)
            return fail(EstimationStatus.TOO_FEW_INLIERS);
        out.setTo(bestPose);
        status = EstimationStatus.SUCCESS;
        return true;
    }

    /**
     * Scores a pose; if it beats the best, adopts it and refines it on its inliers, re-scoring, as long as that
     * improves the score: a prior or a minimal-sample pose that is close but not exact gathers its full inlier
     * set before the stopping rule is evaluated.
     */
    private boolean considerHypothesis(Se3_F64 pose, double[] wx, double[] wy, double[] wz, double[] nx,
                                       double[] ny, int n) {
        double cost = score(pose, wx, wy, wz, nx, ny, n, bestCost);
        if (!(cost < bestCost))
            return false;
        adopt(pose, cost);
        if (best.count() < SAMPLE_SIZE + 1)
            return true;
        refinement.setMaxIterations(LOCAL_ITERATIONS);
        for (int round = 0; round < LOCAL_ROUNDS; round++) {
            work.setTo(bestPose);
            if (!refinement.refine(wx, wy, wz, nx, ny, best.indices(), best.count(), work))
                break;
            double refined = score(work, wx, wy, wz, nx, ny, n, bestCost);
            if (!(refined < bestCost))
                break;
            adopt(work, refined);
        }
        return true;
    }

    private void adopt(Se3_F64 pose, double cost) {
        adoptCandidate(cost);
        bestPose.setTo(pose);
    }

    /**
     * MSAC cost Σ min(e², t²) of the reprojection errors, written with the inlier flags into {@link #candidate};
     * returns +∞ as soon as the partial sum reaches {@code bound}.
     */
    private double score(Se3_F64 pose, double[] wx, double[] wy, double[] wz, double[] nx, double[] ny, int n,
                         double bound) {
        double[] r = pose.R.data;
        double r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3], r4 = r[4], r5 = r[5], r6 = r[6], r7 = r[7], r8 = r[8];
        double tx = pose.T.x, ty = pose.T.y, tz = pose.T.z;
        boolean[] flags = candidate.flags();
        double cost = 0;
        for (int i = 0; i < n; i++) {
            double px = wx[i], py = wy[i], pz = wz[i];
            double cz = r6 * px + r7 * py + r8 * pz + tz;
            boolean inlier = false;
            if (cz > 0) {
                double iz = 1.0 / cz;
                double ex = (r0 * px + r1 * py + r2 * pz + tx) * iz - nx[i];
                double ey = (r3 * px + r4 * py + r5 * pz + ty) * iz - ny[i];
                double e2 = ex * ex + ey * ey;
                if (e2 < threshold2) { // false for NaN
                    cost += e2;
                    inlier = true;
                }
            }
            if (!inlier)
                cost += threshold2;
            flags[i] = inlier;
            if (cost >= bound)
                return Double.POSITIVE_INFINITY;
        }
        return cost;
    }

    private void finalRefinement(double[] wx, double[] wy, double[] wz, double[] nx, double[] ny, int n) {
        refinement.setMaxIterations(FINAL_ITERATIONS);
        for (int round = 0; round < FINAL_ROUNDS; round++) {
            if (!refinement.refine(wx, wy, wz, nx, ny, best.indices(), best.count(), bestPose))
                return;
            score(bestPose, wx, wy, wz, nx, ny, n, Double.POSITIVE_INFINITY);
            if (takeRescoredInliers())
                return;
        }
    }
}
