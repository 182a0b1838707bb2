package org.gpuvo.gpu.cuda;

import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.HostMatcher;
import org.gpuvo.gpu.match.MatcherInputs;
import org.gpuvo.gpu.match.Matches;

/**
 * What the CUDA matchers do the same whatever their descriptors: the context (shared, or their own and closed with
 * them), the checks of the device API and its three entry points (all pairs, a window around device predictions, a
 * window around predictions from a homography), the compact list of kept matches and the window positions, and the
 * host-descriptor path, which uploads host descriptors into internal device features through pinned staging (or
 * hands descriptors the device does not take to a CPU matcher of the same semantics).
 *
 * @param <D> the host descriptors
 * @param <F> the device features
 */
abstract class CudaMatching<D, F extends DeviceFeatureSet> implements HostMatcher<D>, AutoCloseable {
    /**
     * How the host path treats one kind of descriptors: its checks, its size, whether the device takes a set, and
     * the CPU matcher of the same semantics for the sets it does not take.
     */
    record HostDescriptors<D>(MatcherInputs.Check<D> check, MatcherInputs.WindowCheck<D> checkWindow,
                              ToIntFunction<D> size, Predicate<D> onDevice, Function<ConfigMatch, HostMatcher<D>> cpu) {
    }

    /** Most descriptors per set: indices are 22-bit fields of the kernels' match keys. */
    static final int MAX_SET = 1 << 22;

    final CudaContext cuda;
    private final boolean ownsContext;
    /** the configuration of the host-descriptor methods (the device methods take theirs) */
    final ConfigMatch config;
    /** the stage CUDA errors name */
    final String stage;
    /** the matcher's name in messages, e.g. "CUDA matcher" */
    private final String name;
    private final HostDescriptors<D> host;
    /** the kept matches of the last enqueue, and their download */
    final CompactMatchList compactList;
    /** the search window's positions on the device */
    final WindowPositions windowPositions;

    // host-descriptor path: internal device features and their pinned staging, the CPU matcher once needed
    private F hostQuery, hostTrain;
    private HostMatcher<D> cpu;
    private PinnedBuffer queryStage, trainStage;
    private boolean closed;

    CudaMatching(CudaContext cuda, ConfigMatch config, boolean ownsContext, String stage, String name,
                 HostDescriptors<D> host) {
        if (cuda == null)
            throw new IllegalArgumentException("CUDA context is null");
        if (config == null)
            throw new IllegalArgumentException("config is null");
        this.config = config.copy().checkValidity();
        this.cuda = cuda;
        this.ownsContext = ownsContext;
        this.stage = stage;
        this.name = name;
        this.host = host;
        this.compactList = new CompactMatchList(cuda, stage);
        this.windowPositions = new WindowPositions(cuda, stage);
    }

    /** Checks the configuration before a matcher opens a context of its own. */
    static void checkOpenConfig(ConfigMatch config) {
        if (config == null)
            throw new IllegalArgumentException("config is null");
        config.copy().checkValidity();
    }

    public CudaContext context() {
        return cuda;
    }

    @Override
    public String backend() {
        return "cuda";
    }

    // ------------------------------------------------------------------------------------------------------
    // what the subclass defines

    /**
     * Enqueues the matching of {@code query} against {@code train} on the stream, no download. {@code window} is
     * null or the predicted positions; both counts are positive.
     */
    abstract void enqueueKernels(F query, F train, DeviceBuffer window, ConfigMatch config, boolean coordinates);

    /** Downloads the kept matches of the last enqueue into {@code out} (waits for the kernels). */
    abstract void download(Matches out);

    /** Checks what the device features must have in common beyond their counts (nothing by default). */
    void checkCompatible(F query, F train) {
    }

    /**
     * Copies {@code descriptors} into {@code features} (replaced when it cannot hold them; null at first) through
     * {@link #staging} and returns the features, their count set.
     */
    abstract F upload(D descriptors, F features, boolean isQuery);

    /** The subclass's working buffers, freed when the matcher closes (null entries are skipped). */
    abstract AutoCloseable[] workingBuffers();

    // ------------------------------------------------------------------------------------------------------
    // device API

    /**
     * Matches every query against every train descriptor on the device and downloads the kept matches, with the
     * coordinates of both keypoints ({@link Matches#hasCoordinates()}), into {@code out}, in query order.
     *
     * @throws IllegalArgumentException if an argument is null, a configuration value is out of range, a feature
     *                                  count is outside [0, capacity] or above the matcher's limit, or the features
     *                                  belong to another context
     * @throws CudaStageException       if a launch or the download fails
     */
    public void match(F query, F train, ConfigMatch config, Matches out) {
        ConfigMatch c = checkDevice(query, train, config, out);
        out.reset();
        if (query.count == 0 || train.count == 0)
            return;
        enqueueKernels(query, train, null, c, true);
        download(out);
    }

    /**
     * Like {@link #match(DeviceFeatureSet, DeviceFeatureSet, ConfigMatch, Matches)}, but query {@code q} is only
     * compared with the train keypoints within {@link ConfigMatch#searchRadius} (inclusive) of its predicted
     * position, {@code float2} number {@code q} of {@code predicted} (train-image pixels; at least
     * {@code query.count} entries). A non-finite prediction has no candidates.
     */
    public void matchWithin(F query, DeviceBuffer predicted, F train, ConfigMatch config, Matches out) {
        ConfigMatch c = checkDevice(query, train, config, out);
        WindowPositions.checkPredicted(predicted, query.count, cuda);
        out.reset();
        if (query.count == 0 || train.count == 0)
            return;
        enqueueKernels(query, train, predicted, c, true);
        download(out);
    }

    /**
     * Like {@link #matchWithin(DeviceFeatureSet, DeviceBuffer, DeviceFeatureSet, ConfigMatch, Matches)} with the
     * predictions computed on the device from the query keypoints and a 3×3 homography (row-major; an affine
     * transform has last row 0 0 1): {@code H · (x, y, 1)}, bit-identical to {@link CudaHammingMatcher#predict}.
     *
     * @param homography 9 values, row-major
     */
    public void matchWithin(F query, double[] homography, F train, ConfigMatch config, Matches out) {
        ConfigMatch c = checkDevice(query, train, config, out);
        WindowPositions.checkHomography(homography);
        out.reset();
        if (query.count == 0 || train.count == 0)
            return;
        DeviceBuffer predicted = windowPositions.fromHomography(query.positions, query.count, homography);
        enqueueKernels(query, train, predicted, c, true);
        download(out);
    }

    private ConfigMatch checkDevice(F query, F train, ConfigMatch config, Matches out) {
        checkOpen();
        if (query == null || train == null)
            throw new IllegalArgumentException((query == null ? "query" : "train") + " features are null");
        if (out == null)
            throw new IllegalArgumentException("output matches are null");
        if (config == null)
            throw new IllegalArgumentException("config is null");
        config.checkValidity();
        checkFeatures(query, "query");
        checkFeatures(train, "train");
        checkCompatible(query, train);
        return config;
    }

    private void checkFeatures(F features, String role) {
        if (features.count < 0 || features.count > features.capacity)
            throw new IllegalArgumentException(role + " features: count " + features.count + " outside [0, "
                    + features.capacity + "]");
        if (features.count > MAX_SET)
            throw new IllegalArgumentException(role + " features: " + features.count
                    + " exceed the matcher's limit of " + MAX_SET);
        features.descriptors.checkOwner(cuda, role + " features");
    }

    // ------------------------------------------------------------------------------------------------------
    // host descriptors

    /** Matches host descriptors on the device (through internal device features) with the matcher's configuration. */
    @Override
    public void match(D query, D train, Matches out) {
        checkOpen();
        host.check().check(query, train, out);
        if (!host.onDevice().test(query)) {
            cpu().match(query, train, out);
            return;
        }
        out.reset();
        if (size(query) == 0 || size(train) == 0)
            return;
        uploadBoth(query, train);
        enqueueKernels(hostQuery, hostTrain, null, config, false);
        download(out);
    }

    /** As {@link #match(Object, Object, Matches)} within a search window around each query's prediction. */
    @Override
    public void matchWithin(D query, float[] predictedX, float[] predictedY, D train, KeyPoints trainPoints,
                            Matches out) {
        checkOpen();
        host.checkWindow().check(query, predictedX, predictedY, train, trainPoints, out);
        if (!host.onDevice().test(query)) {
            cpu().matchWithin(query, predictedX, predictedY, train, trainPoints, out);
            return;
        }
        out.reset();
        int nq = size(query), nt = size(train);
        if (nq == 0 || nt == 0)
            return;
        uploadBoth(query, train);
        DeviceBuffer predicted = windowPositions.upload(predictedX, predictedY, nq);
        windowPositions.uploadPositions(trainPoints.x, trainPoints.y, nt, hostTrain.positions);
        enqueueKernels(hostQuery, hostTrain, predicted, config, false);
        download(out);
    }

    private int size(D descriptors) {
        return host.size().applyAsInt(descriptors);
    }

    private HostMatcher<D> cpu() {
        if (cpu == null)
            cpu = host.cpu().apply(config);
        return cpu;
    }

    private void uploadBoth(D query, D train) {
        checkHostSize(size(query), "query");
        checkHostSize(size(train), "train");
        hostQuery = upload(query, hostQuery, true);
        hostTrain = upload(train, hostTrain, false);
    }

    private void checkHostSize(int n, String role) {
        if (n > MAX_SET)
            throw new IllegalArgumentException(n + " " + role + " descriptors exceed the " + name + "'s limit of "
                    + MAX_SET);
    }

    /** The pinned staging of the query or the train set, grown to {@code bytes}. */
    PinnedBuffer staging(boolean isQuery, long bytes) {
        PinnedBuffer grown = WorkingBuffers.grow(cuda, stage, isQuery ? queryStage : trainStage, bytes);
        if (isQuery)
            queryStage = grown;
        else
            trainStage = grown;
        return grown;
    }

    // ------------------------------------------------------------------------------------------------------

    void checkOpen() {
        if (closed)
            throw new IllegalStateException(name + " used after close");
    }

    @Override
    public ConfigMatch config() {
        return config.copy();
    }

    /** Frees the matcher's buffers (and its context, if it opened one). Closing twice does nothing. */
    @Override
    public void close() {
        if (closed)
            return;
        closed = true;
        closeGraphs();
        if (ownsContext) {
            cuda.close();
            return;
        }
        AutoCloseable[] own = workingBuffers();
        AutoCloseable[] all = java.util.Arrays.copyOf(own, own.length + 6);
        System.arraycopy(new AutoCloseable[]{compactList, windowPositions, queryStage, trainStage, hostQuery,
                hostTrain}, 0, all, own.length, 6);
        WorkingBuffers.closeAll(all);
    }

    /** Frees what must go before the context (nothing by default). */
    void closeGraphs() {
    }
}
