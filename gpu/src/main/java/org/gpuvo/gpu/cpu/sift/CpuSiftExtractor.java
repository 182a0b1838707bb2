package org.gpuvo.gpu.cpu.sift;

import java.util.Arrays;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.ImageLimits;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;

/**
 * SIFT (D. G. Lowe, "Distinctive Image Features from Scale-Invariant Keypoints", IJCV 60(2), 2004) on the CPU, in
 * pure Java, with VLFeat's conventions where Lowe leaves a choice: the reference of the CUDA backend and its
 * fallback. It follows {@code gpu/SIFT.md} stage by stage: {@link SiftScaleSpace} (§1–2), {@link DogExtremaDetector}
 * (§3), {@link ExtremumRefinement} (§4), {@link OrientationHistogram} (§5), {@link SiftDescriptorBuilder} (§6) and
 * {@link SiftSelection} (§7).
 *
 * <p>Selection by response does not depend on orientation or descriptor, so extrema are taken strongest first
 * and given their orientations until {@code maxFeatures} features are certain, and only the kept features are
 * described: the result is that of describing everything and then selecting. Single-threaded; keeps all its
 * buffers between frames; not thread safe. The contrast threshold may change between frames
 * ({@link #setContrastThreshold}); nothing else is kept from a frame that depends on it.
 */
public final class CpuSiftExtractor implements SiftExtractor {
    private final ConfigSift config;
    private final SiftScaleSpace scaleSpace;
    private final DogExtremaDetector detector = new DogExtremaDetector();
    private ExtremumRefinement refinement;
    private final OrientationHistogram orientation;
    private final SiftDescriptorBuilder descriptors;
    private final SiftSelection selection = new SiftSelection();
    private final SiftExtrema extrema = new SiftExtrema();
    private float preThreshold;
    private final float[] angles;

    // oriented features before description, parallel arrays
    private int featureCount;
    private int[] featureExtremum = new int[0];
    private float[] featureAngle = new float[0];
    private float[] featureResponse = new float[0];
    private float[] featureX = new float[0];
    private float[] featureY = new float[0];

    public CpuSiftExtractor(ConfigSift config) {
        this.config = config.copy().checkValidity();
        ConfigSift c = this.config;
        scaleSpace = new SiftScaleSpace(c);
        applyContrastThreshold();
        orientation = new OrientationHistogram(c.orientationPeakRatio, c.maxOrientations);
        descriptors = new SiftDescriptorBuilder(c.magnification, c.rootSift);
        angles = new float[c.maxOrientations];
    }

    /**
     * The thresholds of {@link ExtremumRefinement} and the candidates' pre-test from {@code config}: T =
     * contrastThreshold / S in double, the pre-test 0.8·T rounded to float (as {@code CudaSiftExtractor.kernelParams}
     * rounds them).
     */
    private void applyContrastThreshold() {
        ConfigSift c = config;
        double threshold = c.contrastThreshold / c.levelsPerOctave;
        preThreshold = (float) (0.8 * threshold);
        refinement = new ExtremumRefinement(c.levelsPerOctave, c.sigma, threshold, c.edgeThreshold);
    }

    @Override
    public void setContrastThreshold(double threshold) {
        ConfigSift.checkContrastThreshold(threshold);
        if (threshold == config.contrastThreshold)
            return;
        config.contrastThreshold = threshold;
        applyContrastThreshold();
    }

    @Override
    public void detect(GrayImage image, SiftFeatures out) {
        ImageLimits.checkImage(image, "SIFT");
        if (out == null)
            throw new IllegalArgumentException("output features are null");
        if (out.descriptors.length != FloatDescriptors.SIFT_LENGTH)
            throw new IllegalArgumentException("SIFT descriptors are " + FloatDescriptors.SIFT_LENGTH
                    + " floats, the output holds " + out.descriptors.length);
        checkMemory(image);
        scaleSpace.build(image);
        findExtrema();
        orientStrongest();
        describeKept(out);
    }

    private void checkMemory(GrayImage image) {
        long needed = SiftScaleSpace.bytesNeeded(image.width, image.height, config);
        long heap = Runtime.getRuntime().maxMemory();
        if (needed > heap)
            throw new IllegalArgumentException("a " + image.width + "x" + image.height + " image needs "
                    + (needed >> 20) + " MiB of SIFT scale space (firstOctave " + config.firstOctave
                    + "), more than this JVM's heap of " + (heap >> 20) + " MiB");
    }

    private void findExtrema() {
        extrema.clear();
        int levels = config.levelsPerOctave;
        for (int i = 0; i < scaleSpace.size(); i++) {
            SiftOctave octave = scaleSpace.octave(i);
            float[][] dog = scaleSpace.differences(i);
            detector.detect(dog, octave.width, octave.height, levels, preThreshold);
            for (int k = 0; k < detector.count; k++)
                refinement.refine(dog, octave, i, detector.u[k], detector.v[k], detector.s[k], extrema);
        }
        extrema.removeDuplicates();
    }

    /** Orients extrema strongest first until the kept features are certain. */
    private void orientStrongest() {
        featureCount = 0;
        int[] order = selection.order(extrema.count, extrema.response, extrema.y, extrema.x, null);
        for (int k = 0; k < extrema.count; k++) {
            int e = order[k];
            // features of a weaker extremum sort after the ones already found: once there are enough, stop
            if (featureCount >= config.maxFeatures && !sameKey(e, order[k - 1]))
                break;
            SiftOctave octave = scaleSpace.octave(extrema.octave[e]);
            int n = orientation.compute(octave, extrema.level[e], extrema.octaveX[e], extrema.octaveY[e],
                    extrema.octaveSigma[e], angles);
            for (int a = 0; a < n; a++)
                addFeature(e, angles[a]);
        }
    }

    private boolean sameKey(int a, int b) {
        return extrema.response[a] == extrema.response[b] && extrema.y[a] == extrema.y[b] && extrema.x[a] == extrema.x[b];
    }

    private void addFeature(int extremum, float angle) {
        if (featureCount == featureExtremum.length) {
            int n = Math.max(64, 2 * featureCount);
            featureExtremum = Arrays.copyOf(featureExtremum, n);
            featureAngle = Arrays.copyOf(featureAngle, n);
            featureResponse = Arrays.copyOf(featureResponse, n);
            featureX = Arrays.copyOf(featureX, n);
            featureY = Arrays.copyOf(featureY, n);
        }
        int i = featureCount++;
        featureExtremum[i] = extremum;
        featureAngle[i] = angle;
        featureResponse[i] = extrema.response[extremum];
        featureX[i] = extrema.x[extremum];
        featureY[i] = extrema.y[extremum];
    }

    private void describeKept(SiftFeatures out) {
        int[] order = selection.order(featureCount, featureResponse, featureY, featureX, featureAngle);
        int kept = Math.min(featureCount, config.maxFeatures);
        KeyPoints kp = out.keyPoints;
        kp.clear();
        kp.ensureCapacity(kept);
        out.descriptors.resize(kept);
        float[] data = out.descriptors.data;
        for (int r = 0; r < kept; r++) {
            int f = order[r], e = featureExtremum[f];
            SiftOctave octave = scaleSpace.octave(extrema.octave[e]);
            kp.add(extrema.x[e], extrema.y[e], octave.index, 2 * extrema.sigma[e], featureAngle[f], extrema.response[e]);
            descriptors.describe(octave, extrema.level[e], extrema.octaveX[e], extrema.octaveY[e],
                    extrema.octaveSigma[e], featureAngle[f], data, r * FloatDescriptors.SIFT_LENGTH);
        }
    }

    @Override
    public ConfigSift config() {
        return config.copy();
    }

    @Override
    public String backend() {
        return "cpu";
    }
}
