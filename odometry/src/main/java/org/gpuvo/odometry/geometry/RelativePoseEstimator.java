package org.gpuvo.odometry.geometry;

import boofcv.abst.geo.EstimateNofEpipolar;
import boofcv.alg.geo.DecomposeEssential;
import boofcv.factory.geo.EnumEssential;
import boofcv.factory.geo.FactoryMultiView;
import boofcv.struct.geo.AssociatedPair;
import georegression.struct.se.Se3_F64;
import org.ddogleg.struct.DogArray;
import org.ejml.data.DMatrixRMaj;
import org.gpuvo.odometry.concurrent.FixedChunks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/**
 * Relative pose of two calibrated views from normalized correspondences:
 * <ol>
 * <li>RANSAC over minimal samples of five, each giving up to ten essential matrices by Nistér's solver
 * (D. Nistér, "An Efficient Solution to the Five-Point Relative Pose Problem", PAMI 26(6), 2004; BoofCV's
 * implementation), scored by MSAC (P. Torr, A. Zisserman, "MLESAC", CVIU 78, 2000: truncated quadratic cost of the
 * Sampson distance) with an early exit once a model cannot beat the best, and stopped adaptively (see
 * {@link ConfigRansac});</li>
 * <li>each new best model is decomposed (four poses, Hartley &amp; Zisserman §9.6.2; BoofCV's
 * {@link DecomposeEssential}); cheirality picks the pose with most inliers in front of both cameras, which is
 * refined on the inliers and re-scored as long as that improves its score (local optimisation, O. Chum, J. Matas, J. Kittler,
 * "Locally Optimized RANSAC", DAGM 2003), so the inlier fraction that drives termination is that of a fitted
 * model, not of a noisy minimal one;</li>
 * <li>the winner is refined by Levenberg–Marquardt on the Sampson distances of its inliers, and the inliers are
 * re-classified until they no longer change (at most three rounds); the sign of T is then checked again
 * against the final inliers (T and −T fit the same epipolar constraint);</li>
 * <li>degeneracy: if a rotation alone (fitted to the inliers' rays) explains them to within the parallax limit,
 * the translation is undetermined: the call returns false with {@link EstimationStatus#INSUFFICIENT_PARALLAX} and
 * the rotation with zero translation.</li>
 * </ol>
 * The minimal samples are drawn in order from the seeded sampler, then solved and scored in batches on the host's
 * cores ({@link FixedChunks}); each batch's models are then taken in the order of their samples, as one loop would
 * take them, so the result is the same to the bit however many threads run (the five-point solver is most of a
 * monocular start's time). Not thread safe; on one thread nothing is allocated per call once the largest input size
 * has been seen (on several, the pool's tasks are).
 */
public final class RelativePoseEstimator extends RansacEstimator {
    private static final int SAMPLE_SIZE = 5;
    private static final int LOCAL_ITERATIONS = 3;
    /** refine-and-rescore rounds of the local optimisation, while the score improves */
    private static final int LOCAL_ROUNDS = 4;
    private static final int FINAL_ITERATIONS = 10;
    private static final int FINAL_ROUNDS = 3;
    /**
     * minimal samples solved ahead at once where the pool has threads to share them, or all the samples still owed to
     * {@link ConfigRansac#minIterations} if more (one at a time where it has no threads: none is solved that the
     * stopping rule would not have drawn), and the ranges they are solved in
     */
    private static final int BATCH = 64, CHUNKS = 16;
    /** Nistér's solver gives at most ten essential matrices */
    private static final int MAX_MODELS = 10;

    private final ConfigRansac config;
    private final double threshold;
    private final double threshold2;
    private int minInliers = 15;
    private double minInlierFraction = 0.1;
    private double minParallaxRad;

    private final RansacSampler sampler = new RansacSampler();
    private final int[] sampleIndices = new int[SAMPLE_SIZE];
    private final FixedChunks ranges;
    private final int batchSize;
    private final MinimalSolver[] solvers = new MinimalSolver[CHUNKS];
    /**
     * the batch: each sample's indices, its models (row-major E, {@link #MAX_MODELS} a sample) and their MSAC costs
     * (+∞ for one that cannot beat the best at the batch's start), and how many models it gave
     */
    private int[] batchSamples = new int[0], batchModels = new int[0];
    private double[] batchE = new double[0], batchCost = new double[0];
    private double batchBound;
    private double[] bx1, by1, bx2, by2;
    private int bn;
    private final FixedChunks.Range solveRange = (c, first, end) -> solvers[c].solve(first, end);
    private final DecomposeEssential decompose = new DecomposeEssential();
    private final DMatrixRMaj essentialMatrix = new DMatrixRMaj(3, 3);
    private final RelativePoseRefinement refinement = new RelativePoseRefinement();
    private final RotationOnlyFit rotationFit = new RotationOnlyFit();

    private final double[] bestR = new double[9], bestT = new double[3];
    private final double[] hypE = new double[9], workE = new double[9];
    private final double[] workR = new double[9], workT = new double[3];
    private final double[] depth = new double[2];


    /**
     * @param config            RANSAC parameters (copied)
     * @param focalLengthPixels converts the pixel threshold to normalized units
     */
    public RelativePoseEstimator(ConfigRansac config, double focalLengthPixels) {
        this(config, focalLengthPixels, ForkJoinPool.commonPool());
    }

    /**
     * @param pool where batches of minimal samples are solved; with a parallelism of 1, on the calling thread
     */
    public RelativePoseEstimator(ConfigRansac config, double focalLengthPixels, ForkJoinPool pool) {
        this.config = config.copy().checkValidity();
        this.ranges = new FixedChunks(pool, CHUNKS, 2);
        this.batchSize = pool.getParallelism() > 1 ? BATCH : 1;
        for (int c = 0; c < CHUNKS; c++)
            solvers[c] = new MinimalSolver();
        double f = Arguments.focalLength(focalLengthPixels);
        threshold = this.config.inlierThresholdPixels / f;
        threshold2 = threshold * threshold;
        minParallaxRad = threshold;
        refinement.setHuberThreshold(threshold);
    }

    /** Fewest inliers a result may have (default 15; at least 5). */
    public RelativePoseEstimator setMinimumInliers(int minInliers) {
        if (minInliers < SAMPLE_SIZE)
            throw new IllegalArgumentException("minimum inliers must be at least " + SAMPLE_SIZE + ", got " + minInliers);
        this.minInliers = minInliers;
        return this;
    }

    /**
     * Fewest inliers a result may have as a fraction of the correspondences (default 0.1). Random correspondences
     * fit some essential matrix by chance — about 1.5 % of 2000 random pairs at 1.5 px, more for fewer pairs — so
     * a count alone does not separate a real motion from noise.
     */
    public RelativePoseEstimator setMinimumInlierFraction(double fraction) {
        if (!(fraction >= 0 && fraction <= 1))
            throw new IllegalArgumentException("minimum inlier fraction must be in [0, 1], got " + fraction);
        this.minInlierFraction = fraction;
        return this;
    }

    /**
     * Median rotation-compensated ray angle (degrees) below which the inliers count as explained by a rotation
     * alone. Default: the inlier threshold as an angle (0.12° for 1.5 px at f = 700): a translation whose median
     * effect is below the noise allowance cannot be measured.
     */
    public RelativePoseEstimator setMinimumParallaxDeg(double degrees) {
        if (!(degrees >= 0))
            throw new IllegalArgumentException("minimum parallax must be non-negative, got " + degrees);
        minParallaxRad = Math.toRadians(degrees);
        return this;
    }

    public double minimumParallaxDeg() {
        return Math.toDegrees(minParallaxRad);
    }

    /**
     * Pairs i &lt; n: view 1 (x1[i], y1[i]) ↔ view 2 (x2[i], y2[i]), normalized. Returns false if no model has the
     * minimum inliers (a count and a fraction of n), or if the motion is (close to) a pure rotation; see {@link #status()}. On success
     * {@code view1ToView2} (p₂ = R·p₁ + T) has a unit-norm translation.
     */
    public boolean process(double[] x1, double[] y1, double[] x2, double[] y2, int n, Se3_F64 view1ToView2) {
        Arguments.check(n, x1, y1, x2, y2);
        if (view1ToView2 == null)
            throw new IllegalArgumentException("view1ToView2 is null");
        rotationFit.invalidate();
        begin(n);
        if (n < Math.max(SAMPLE_SIZE, minInliers))
            return fail(EstimationStatus.TOO_FEW_POINTS);
        sampler.reset(config.seed);
        boolean found = false;
        int required = config.maxIterations;
        while (iterations < limit(required)) {
            int batch = solveBatch(x1, y1, x2, y2, n, limit(required) - iterations,
                    config.minIterations - iterations);
            for (int b = 0; b < batch && iterations < limit(required); b++) {
                iterations++;
                boolean improved = false;
                for (int h = 0; h < batchModels[b]; h++) {
                    int model = b * MAX_MODELS + h;
                    if (!(batchCost[model] < bestCost))
                        continue;
                    System.arraycopy(batchE, 9 * model, hypE, 0, 9);
                    double cost = score(hypE, x1, y1, x2, y2, n, bestCost);
                    if (cost < bestCost && poseOf(hypE, x1, y1, x2, y2, n)) {
                        // candidate holds the inliers of hypE, workR/workT its pose
                        adoptCandidate(cost);
                        System.arraycopy(workR, 0, bestR, 0, 9);
                        System.arraycopy(workT, 0, bestT, 0, 3);
                        improved = true;
                    }
                }
                if (improved) {
                    found = true;
                    localOptimization(x1, y1, x2, y2, n);
                    required = RansacSampler.requiredIterations(best.count(), n, SAMPLE_SIZE, config.confidence,
                            config.maxIterations);
                }
            }
        }
        int needed = Math.max(minInliers, (int) Math.ceil(minInlierFraction * n));
        if (!found || best.count() < needed)
            return fail(EstimationStatus.TOO_FEW_INLIERS);
        finalRefinement(x1, y1, x2, y2, n);
        if (best.count() < needed)
            return fail(EstimationStatus.TOO_FEW_INLIERS);
        orientTranslation(x1, y1, x2, y2);
        if (rotationFit.explains(x1, y1, x2, y2, best.indices(), best.count(), minParallaxRad)) {
            // the ray angle holds the noise of both views; the distance to the rotation model in the joint 4-D
            // space of the two observations (the Sampson distance's measure) is angle / √2
            rotationFit.refine(x1, y1, x2, y2, n, Math.sqrt(2) * threshold, best);
            status = EstimationStatus.INSUFFICIENT_PARALLAX;
            System.arraycopy(rotationFit.rotation(), 0, view1ToView2.R.data, 0, 9);
            view1ToView2.T.setTo(0, 0, 0);
            return false;
        }
        Mat3.copyTo(bestR, bestT, view1ToView2);
        status = EstimationStatus.SUCCESS;
        return true;
    }

    private int limit(int required) {
        return Math.min(config.maxIterations, Math.max(required, config.minIterations));
    }

    /**
     * Draws the next minimal samples in order, at most {@code atMost}: the batch size, or {@code owed} if more; solves
     * and scores them on the pool; returns how many. A model whose cost reaches the best cost at the batch's start
     * cannot be adopted later in the batch (the best only falls), so its scoring stops there, as one loop's would.
     */
    private int solveBatch(double[] x1, double[] y1, double[] x2, double[] y2, int n, int atMost, int owed) {
        int batch = Math.min(batchSize > 1 ? Math.max(batchSize, owed) : 1, atMost);
        if (batchSamples.length < batch * SAMPLE_SIZE) {
            batchSamples = new int[batch * SAMPLE_SIZE];
            batchModels = new int[batch];
            batchE = new double[batch * MAX_MODELS * 9];
            batchCost = new double[batch * MAX_MODELS];
        }
        for (int b = 0; b < batch; b++) {
            sampler.sample(n, SAMPLE_SIZE, sampleIndices);
            System.arraycopy(sampleIndices, 0, batchSamples, b * SAMPLE_SIZE, SAMPLE_SIZE);
        }
        bx1 = x1;
        by1 = y1;
        bx2 = x2;
        by2 = y2;
        bn = n;
        batchBound = bestCost;
        ranges.run(batch, solveRange);
        bx1 = by1 = bx2 = by2 = null;
        return batch;
    }

    /** One range's five-point solver (BoofCV's is not thread safe) and its minimal sample. */
    private final class MinimalSolver {
        final EstimateNofEpipolar generator = FactoryMultiView.essential_N(EnumEssential.NISTER_5);
        final DogArray<DMatrixRMaj> hypotheses = new DogArray<>(() -> new DMatrixRMaj(3, 3));
        final List<AssociatedPair> sample = new ArrayList<>();

        MinimalSolver() {
            for (int i = 0; i < SAMPLE_SIZE; i++)
                sample.add(new AssociatedPair());
        }

        /** Solves and scores the batch's samples [first, end). */
        void solve(int first, int end) {
            for (int b = first; b < end; b++) {
                for (int k = 0; k < SAMPLE_SIZE; k++) {
                    int i = batchSamples[b * SAMPLE_SIZE + k];
                    sample.get(k).setTo(bx1[i], by1[i], bx2[i], by2[i]);
                }
                int models = generator.process(sample, hypotheses) ? Math.min(hypotheses.size, MAX_MODELS) : 0;
                for (int h = 0; h < models; h++) {
                    int model = b * MAX_MODELS + h;
                    System.arraycopy(hypotheses.get(h).data, 0, batchE, 9 * model, 9);
                    batchCost[model] = cost(batchE, 9 * model, bx1, by1, bx2, by2, bn, batchBound);
                }
                batchModels[b] = models;
            }
        }
    }

    /**
     * Median angle (degrees) between the inliers' rays in view 2 and their view-1 rays rotated by the best-fitting
     * pure rotation: the parallax the translation produced, as measured in the last call that got that far
     * (NaN otherwise). Compared with {@link #minimumParallaxDeg()} to detect a rotation-only motion.
     */
    public double medianParallaxDeg() {
        return Math.toDegrees(rotationFit.medianResidual());
    }

    /**
     * MSAC cost Σ min(d², t²) of the Sampson distances, written with the inlier flags into {@link #candidate};
     * returns +∞ as soon as the partial sum reaches {@code bound} (the model cannot win), its flags then unwritten.
     */
    private double score(double[] e, double[] x1, double[] y1, double[] x2, double[] y2, int n, double bound) {
        double cost = cost(e, 0, x1, y1, x2, y2, n, bound);
        if (cost == Double.POSITIVE_INFINITY)
            return cost;
        boolean[] flags = candidate.flags();
        for (int i = 0; i < n; i++)
            flags[i] = EssentialResiduals.sampsonSquared(e, 0, x1[i], y1[i], x2[i], y2[i]) < threshold2;
        return cost;
    }

    /**
     * The MSAC cost of the essential matrix at {@code e[at..at+9)}, summed in index order; +∞ as soon as the partial
     * sum reaches {@code bound}.
     */
    private double cost(double[] e, int at, double[] x1, double[] y1, double[] x2, double[] y2, int n, double bound) {
        double cost = 0;
        for (int i = 0; i < n; i++) {
            double d2 = EssentialResiduals.sampsonSquared(e, at, x1[i], y1[i], x2[i], y2[i]);
            cost += d2 < threshold2 ? d2 : threshold2; // the threshold for NaN
            if (cost >= bound)
                return Double.POSITIVE_INFINITY;
        }
        return cost;
    }

    /**
     * Decomposes e and keeps in workR/workT the pose that puts most of the inliers flagged in {@link #candidate}
     * in front of both cameras. False if the decomposition fails.
     */
    private boolean poseOf(double[] e, double[] x1, double[] y1, double[] x2, double[] y2, int n) {
        System.arraycopy(e, 0, essentialMatrix.data, 0, 9);
        if (!decompose.decompose(essentialMatrix))
            return false;
        boolean[] flags = candidate.flags();
        int bestInFront = -1;
        for (Se3_F64 pose : decompose.getSolutions()) {
            double[] r = pose.R.data;
            double tn = pose.T.norm();
            if (!(tn > 0))
                continue;
            workE[0] = pose.T.x / tn;
            workE[1] = pose.T.y / tn;
            workE[2] = pose.T.z / tn;
            int inFront = 0;
            for (int i = 0; i < n; i++) {
                if (flags[i] && EssentialResiduals.depths(r, workE, x1[i], y1[i], x2[i], y2[i], depth)
                        && depth[0] > 0 && depth[1] > 0)
                    inFront++;
            }
            if (inFront > bestInFront) {
                bestInFront = inFront;
                System.arraycopy(r, 0, workR, 0, 9);
                System.arraycopy(workE, 0, workT, 0, 3);
            }
        }
        return bestInFront >= 0;
    }

    /** Refines the best pose a little on its inliers and re-scores it, as long as that improves the score. */
    private void localOptimization(double[] x1, double[] y1, double[] x2, double[] y2, int n) {
        refinement.setMaxIterations(LOCAL_ITERATIONS);
        for (int round = 0; round < LOCAL_ROUNDS; round++) {
            System.arraycopy(bestR, 0, workR, 0, 9);
            System.arraycopy(bestT, 0, workT, 0, 3);
            if (!refinement.refine(x1, y1, x2, y2, best.indices(), best.count(), workR, workT))
                return;
            EssentialResiduals.essential(workR, workT, workE);
            double cost = score(workE, x1, y1, x2, y2, n, bestCost);
            if (!(cost < bestCost))
                return;
            adoptCandidate(cost);
            System.arraycopy(workR, 0, bestR, 0, 9);
            System.arraycopy(workT, 0, bestT, 0, 3);
        }
    }

    /**
     * T and −T give the same epipolar constraint: keeps the sign that puts most final inliers in front of both
     * cameras (the refinement started from the cheirality choice of a minimal model, which may have been wrong
     * when the parallax is small).
     */
    private void orientTranslation(double[] x1, double[] y1, double[] x2, double[] y2) {
        int front = 0, back = 0;
        int[] idx = best.indices();
        for (int k = 0; k < best.count(); k++) {
            int i = idx[k];
            if (!EssentialResiduals.depths(bestR, bestT, x1[i], y1[i], x2[i], y2[i], depth))
                continue;
            if (depth[0] > 0 && depth[1] > 0)
                front++;
            else if (depth[0] < 0 && depth[1] < 0)
                back++;
        }
        if (back > front) {
            bestT[0] = -bestT[0];
            bestT[1] = -bestT[1];
            bestT[2] = -bestT[2];
        }
    }

    /** Full refinement on the inliers, re-classifying until the inlier set is stable. */
    private void finalRefinement(double[] x1, double[] y1, double[] x2, double[] y2, int n) {
        refinement.setMaxIterations(FINAL_ITERATIONS);
        for (int round = 0; round < FINAL_ROUNDS; round++) {
            if (!refinement.refine(x1, y1, x2, y2, best.indices(), best.count(), bestR, bestT))
                return;
            EssentialResiduals.essential(bestR, bestT, workE);
            score(workE, x1, y1, x2, y2, n, Double.POSITIVE_INFINITY);
            if (takeRescoredInliers())
                return;
        }
    }
}
