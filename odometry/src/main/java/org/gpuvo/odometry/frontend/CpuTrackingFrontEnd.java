package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;

/** {@link TrackingFrontEnd} on the CPU reference implementations; keeps the previous frame's features on the heap. */
final class CpuTrackingFrontEnd implements TrackingFrontEnd {
    private final OrbExtractor extractor;
    private final DescriptorMatcher matcher;
    private OrbFeatures current = new OrbFeatures(), previous = new OrbFeatures();
    private boolean hasPrevious;
    private float[] predictedX = new float[0], predictedY = new float[0];

    CpuTrackingFrontEnd(ConfigOrb orb, ConfigMatch match) {
        this.extractor = FactoryOrb.cpu(orb);
        this.matcher = FactoryMatcher.cpu(match);
    }

    @Override
    public int process(GrayImage image, double[] searchWindow, Matches out) {
        OrbFeatures swap = previous;
        previous = current;
        current = swap;
        extractor.detect(image, current);
        out.reset();
        if (hasPrevious) {
            if (searchWindow == null) {
                matcher.match(current.descriptors, previous.descriptors, out);
            } else {
                predict(searchWindow, current.keyPoints);
                matcher.matchWithin(current.descriptors, predictedX, predictedY, previous.descriptors,
                        previous.keyPoints, out);
            }
            addCoordinates(out);
        }
        hasPrevious = true;
        return current.size();
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
        KeyPoints q = current.keyPoints, t = previous.keyPoints;
        for (int k = 0; k < indices.size(); k++) {
            int i = indices.query[k], j = indices.train[k];
            m.add(i, j, indices.distance[k], indices.secondDistance[k], q.x[i], q.y[i], t.x[j], t.y[j]);
        }
    }

    @Override
    public void currentFeatures(KeyPoints keyPoints, Descriptors descriptors) {
        keyPoints.clear();
        keyPoints.ensureCapacity(current.size());
        for (int i = 0; i < current.size(); i++)
            keyPoints.addFrom(current.keyPoints, i);
        descriptors.resize(current.size());
        System.arraycopy(current.descriptors.data, 0, descriptors.data, 0, current.size() * Descriptors.ORB_BYTES);
    }

    @Override
    public void extract(GrayImage image, KeyPoints keyPoints, Descriptors descriptors) {
        OrbFeatures features = new OrbFeatures(keyPoints, descriptors);
        extractor.detect(image, features);
    }

    @Override
    public void reset() {
        hasPrevious = false;
    }

    @Override
    public String backend() {
        return "cpu";
    }

    @Override
    public void close() {
        extractor.close();
    }
}
