package org.gpuvo.app.conformance;

import org.gpuvo.gpu.features.FloatDescriptors;

/**
 * Brings another library's SIFT descriptors to gpuvo's form: unit Euclidean length (OpenCV stores 512 times the
 * unit descriptor, BoofCV unit length in doubles), then, where asked, RootSIFT (Arandjelović and Zisserman, CVPR
 * 2012: divide by the L1 norm, take square roots). An all-zero descriptor stays zero. Descriptors must not be
 * negative (SIFT histograms are not).
 */
public final class UnitDescriptors {
    private UnitDescriptors() {
    }

    public static void normalise(FloatDescriptors descriptors, boolean rootSift) {
        int n = descriptors.size(), len = descriptors.length;
        float[] d = descriptors.data;
        for (int i = 0; i < n; i++) {
            int base = i * len;
            double l2 = 0, l1 = 0;
            for (int k = 0; k < len; k++) {
                l2 += (double) d[base + k] * d[base + k];
                l1 += Math.abs(d[base + k]);
            }
            if (l2 == 0)
                continue;
            if (rootSift) {
                // sqrt(|v| / L1) has unit L2 length whatever the scale of v
                for (int k = 0; k < len; k++)
                    d[base + k] = (float) Math.sqrt(Math.abs(d[base + k]) / l1);
            } else {
                double scale = 1 / Math.sqrt(l2);
                for (int k = 0; k < len; k++)
                    d[base + k] = (float) (d[base + k] * scale);
            }
        }
    }
}
