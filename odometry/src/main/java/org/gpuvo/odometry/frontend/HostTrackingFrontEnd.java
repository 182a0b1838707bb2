package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;

/**
 * {@link TrackingFrontEnd} that keeps the previous frame's features on the heap: an extractor and a matcher of one
 * feature type ({@link FeatureStage}), the CPU reference implementations or device ones that take and give host
 * arrays.
 */
final class HostTrackingFrontEnd implements TrackingFrontEnd {
    private final FeatureStage stage;
    private KeyPoints currentPoints = new KeyPoints(), previousPoints = new KeyPoints();
    private FeatureDescriptors current, previous;
    private boolean hasPrevious;
    private float[] predictedX = new float[0], predictedY = new float[0];

    HostTrackingFrontEnd(FeatureStage stage) {
        this.stage = stage;
        this.current = FeatureDescriptors.of(stage.type());
        this.previous = FeatureDescriptors.of(stage.type());
    }

    @Override
    public int process(GrayImage image, double[] searchWindow, Matches out) {
        KeyPoints swapPoints = previousPoints;
        previousPoints = currentPoints;
        currentPoints = swapPoints;
        FeatureDescriptors swap = previous;
        previous = current;
        current = swap;
        stage.beforeFrame();
        stage.detect(image, currentPoints, current);
        stage.afterFrame(currentPoints.size());
        out.reset();
        if (hasPrevious) {
            if (searchWindow == null) {
                stage.match(current, previous, out);
            } else {
                predict(searchWindow, currentPoints);
                stage.matchWithin(current, predictedX, predictedY, previous, previousPoints, out);
            }
            addCoordinates(out);
        }
        hasPrevious = true;
        return currentPoints.size();
    }

    /** H·(x, y, 1) per query keypoint, rounded as the CUDA matcher's prediction kernel rounds it. */
    private void predict(double[] h, KeyPoints points) {
        int n = points.size();
        if (predictedX.length < n) {
            predictedX = new float[n];
            predictedY = new float[n];
        }
        for (int i = 0; i < n; i++) {
            double x = points.x[i], y = points.y[i];
            double w = h[6] * x + h[7] * y + h[8];
            predictedX[i] = (float) ((h[0] * x + h[1] * y + h[2]) / w);
            predictedY[i] = (float) ((h[3] * x + h[4] * y + h[5]) / w);
        }
    }

    private void addCoordinates(Matches m) {
        if (m.hasCoordinates() && m.size() > 0 && m.queryX.length >= m.size())
            return;
        Matches indices = m.copy();
        m.reset();
        KeyPoints q = currentPoints, t = previousPoints;
        for (int k = 0; k < indices.size(); k++) {
            int i = indices.query[k], j = indices.train[k];
            m.add(i, j, indices.distance[k], indices.secondDistance[k], q.x[i], q.y[i], t.x[j], t.y[j]);
        }
    }

    @Override
    public void currentFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
        keyPoints.clear();
        keyPoints.ensureCapacity(currentPoints.size());
        for (int i = 0; i < currentPoints.size(); i++)
            keyPoints.addFrom(currentPoints, i);
        descriptors.setTo(current);
    }

    @Override
    public void extract(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
        stage.detect(image, keyPoints, descriptors);
    }

    @Override
    public double contrastThreshold() {
        return stage.contrastThreshold();
    }

    @Override
    public FeatureType features() {
        return stage.type();
    }

    @Override
    public void reset() {
        hasPrevious = false;
    }

    @Override
    public String backend() {
        return stage.backend();
    }

    @Override
    public void close() {
        stage.close();
    }
}
