package org.gpuvo.gpu.cuda;

import jcuda.Pointer;

/**
 * The positions a matcher's search window needs on the device: the queries' predicted positions in the train image
 * ({@code float2} each), computed from a homography by {@code match_predict.cu} or uploaded from the host, and the
 * train keypoints' positions uploaded from the host. Owns the prediction buffer and the pinned staging, grown as
 * needed and kept.
 */
final class WindowPositions implements AutoCloseable {
    /** threads per block of predict_homography (one point each) */
    static final int PREDICT_BLOCK = 256;

    private final CudaContext cuda;
    private final String stage;
    private final jcuda.driver.CUfunction predictHomography;
    private DeviceBuffer predicted;
    private PinnedBuffer predictedStage, positionStage;
    private float[] interleaved = new float[0];

    WindowPositions(CudaContext cuda, String stage) {
        this.cuda = cuda;
        this.stage = stage;
        this.predictHomography = cuda.function("match_predict", "predict_homography");
    }

    /** @throws IllegalArgumentException unless {@code homography} holds 9 values */
    static void checkHomography(double[] homography) {
        if (homography == null || homography.length != 9)
            throw new IllegalArgumentException("a homography has 9 values, got "
                    + (homography == null ? "null" : String.valueOf(homography.length)));
    }

    /**
     * @throws IllegalArgumentException unless {@code predicted} is an open buffer of {@code cuda} holding at least
     *                                  {@code queries} {@code float2}
     */
    static void checkPredicted(DeviceBuffer predicted, int queries, CudaContext cuda) {
        if (predicted == null)
            throw new IllegalArgumentException("predicted positions are null");
        predicted.checkOwner(cuda, "predicted positions");
        if (predicted.bytes() < (long) queries * 8)
            throw new IllegalArgumentException("predicted positions hold " + predicted.bytes() / 8 + " float2 for "
                    + queries + " queries");
    }

    /**
     * Enqueues {@code predicted[i] = H · (x_i, y_i, 1)} for the first {@code count} of {@code positions}, as
     * {@link #predict} computes it, and returns the prediction buffer.
     */
    DeviceBuffer fromHomography(DeviceBuffer positions, int count, double[] homography) {
        predicted = WorkingBuffers.grow(cuda, stage, predicted, (long) count * 8);
        cuda.launch(stage, predictHomography, (count + PREDICT_BLOCK - 1) / PREDICT_BLOCK, 1, PREDICT_BLOCK, 1, 0,
                Pointer.to(Pointer.to(positions.pointer()), Pointer.to(new int[]{count}),
                        Pointer.to(homography.clone()), Pointer.to(predicted.pointer())));
        return predicted;
    }

    /** Enqueues the upload of host predictions ({@code x[i]}, {@code y[i]}), i < count, and returns their buffer. */
    DeviceBuffer upload(float[] x, float[] y, int count) {
        predicted = WorkingBuffers.grow(cuda, stage, predicted, (long) count * 8);
        predictedStage = WorkingBuffers.grow(cuda, stage, predictedStage, (long) count * 8);
        upload(x, y, count, predictedStage, predicted);
        return predicted;
    }

    /** Enqueues the upload of keypoint positions ({@code x[i]}, {@code y[i]}), i < count, into {@code target}. */
    void uploadPositions(float[] x, float[] y, int count, DeviceBuffer target) {
        positionStage = WorkingBuffers.grow(cuda, stage, positionStage, (long) count * 8);
        upload(x, y, count, positionStage, target);
    }

    private void upload(float[] x, float[] y, int count, PinnedBuffer staging, DeviceBuffer target) {
        if (interleaved.length < 2 * count)
            interleaved = new float[2 * count];
        for (int i = 0; i < count; i++) {
            interleaved[2 * i] = x[i];
            interleaved[2 * i + 1] = y[i];
        }
        staging.putFloats(0, interleaved, 0, 2 * count);
        target.uploadAsync(staging, (long) count * 8);
    }

    /** The device's prediction of one point: {@code (float) ((h0·x + h1·y + h2) / (h6·x + h7·y + h8))}, likewise y. */
    static float[] predict(double[] h, float x, float y) {
        double w = h[6] * x + h[7] * y + h[8];
        return new float[]{(float) ((h[0] * x + h[1] * y + h[2]) / w), (float) ((h[3] * x + h[4] * y + h[5]) / w)};
    }

    @Override
    public void close() {
        WorkingBuffers.closeAll(predicted, predictedStage, positionStage);
    }
}
