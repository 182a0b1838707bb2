package org.gpuvo.app.opencv;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;

import java.util.ArrayList;
import java.util.List;

/**
 * Measures agreement between gpuvo's CPU ORB and OpenCV's {@code cv::ORB} (through the JavaCPP presets) on the
 * same images with the same parameters:
 * <ul>
 * <li>descriptors: OpenCV detects and describes; gpuvo describes OpenCV's keypoints (same level, position and
 * angle); the two descriptors of each keypoint are compared bit for bit;</li>
 * <li>keypoints: both detect; a keypoint of one counts as found by the other when the other has a keypoint on the
 * same level within {@link #MATCH_RADIUS_PX} pixels of that level.</li>
 * </ul>
 */
public final class OrbConformance implements AutoCloseable {
    /** Keypoints of the same level closer than this, in pixels of that level, are the same keypoint. */
    public static final double MATCH_RADIUS_PX = 1.0;

    private final ConfigOrb config;
    private final OpenCvOrb opencv;
    private final OrbExtractor gpuvo;
    private final OrbFeatures theirs = new OrbFeatures(), ours = new OrbFeatures();
    private final Descriptors oursOnTheirs = Descriptors.orb();

    /** Both ORBs with the same parameters; holds OpenCV's native memory until closed. */
    public OrbConformance(ConfigOrb config) {
        this.config = config.copy().checkValidity();
        this.opencv = new OpenCvOrb(this.config);
        this.gpuvo = FactoryOrb.cpu(this.config);
    }

    /** Measures one image, so that callers can stream many without holding them all. */
    public OrbConformanceReport.PerImage measure(NamedImage named) {
        GrayImage image = named.image();
        opencv.detect(image, theirs);
        gpuvo.detect(image, ours);
        KeyPoints described = theirs.keyPoints.copy();
        gpuvo.describe(image, described, oursOnTheirs);
        if (described.size() != theirs.size())
            throw new IllegalStateException("gpuvo dropped " + (theirs.size() - described.size())
                    + " of OpenCV's keypoints in " + named.name() + "; they should all be describable");
        int identical = 0;
        long bits = 0;
        for (int i = 0; i < described.size(); i++) {
            int d = theirs.descriptors.hamming(i, oursOnTheirs, i);
            if (d == 0)
                identical++;
            bits += d;
        }
        return new OrbConformanceReport.PerImage(named.name(), image.width, image.height, theirs.size(),
                ours.size(), described.size(), identical, bits,
                countFound(theirs.keyPoints, ours.keyPoints, config),
                countFound(ours.keyPoints, theirs.keyPoints, config));
    }

    /** Measures every image and pools the figures. */
    public static OrbConformanceReport measure(List<NamedImage> images, ConfigOrb config) {
        List<OrbConformanceReport.PerImage> per = new ArrayList<>();
        try (OrbConformance conformance = new OrbConformance(config)) {
            for (NamedImage image : images)
                per.add(conformance.measure(image));
        }
        return pool(per);
    }

    /**
     * Pools per-image counts into the figures over all images: each fraction is a ratio of summed counts, so an
     * image with many keypoints weighs more than one with few; a fraction over no keypoints is NaN, not zero.
     */
    public static OrbConformanceReport pool(List<OrbConformanceReport.PerImage> per) {
        long opencvKp = 0, gpuvoKp = 0, described = 0, identical = 0, bits = 0, recall = 0, precision = 0;
        for (OrbConformanceReport.PerImage p : per) {
            opencvKp += p.opencvKeypoints();
            gpuvoKp += p.gpuvoKeypoints();
            described += p.describedKeypoints();
            identical += p.identicalDescriptors();
            bits += p.hammingBitsTotal();
            recall += p.opencvKeypointsMatched();
            precision += p.gpuvoKeypointsMatched();
        }
        return new OrbConformanceReport(per.size(), ratio(identical, described), ratio(bits, described),
                ratio(recall, opencvKp), ratio(precision, gpuvoKp), List.copyOf(per));
    }

    /** {@code part / whole}, NaN for a whole of 0. */
    public static double ratio(long part, long whole) {
        return whole == 0 ? Double.NaN : (double) part / whole;
    }

    @Override
    public void close() {
        opencv.close();
        gpuvo.close();
    }

    /** How many keypoints of {@code a} have a keypoint of {@code b} on the same level within the radius. */
    static int countFound(KeyPoints a, KeyPoints b, ConfigOrb config) {
        // bucket b by level and by integer level cell so each query looks at a 3×3 neighbourhood of cells
        int levels = config.levels;
        float[] scale = new float[levels];
        for (int l = 0; l < levels; l++)
            scale[l] = OrbLimits.levelScale(config, l);
        java.util.Map<Long, List<Integer>> cells = new java.util.HashMap<>();
        for (int j = 0; j < b.size(); j++) {
            int l = b.level[j];
            if (l < 0 || l >= levels)
                continue;
            cells.computeIfAbsent(cellKey(l, (int) Math.floor(b.x[j] / scale[l]), (int) Math.floor(b.y[j] / scale[l])),
                    k -> new ArrayList<>()).add(j);
        }
        double r2 = MATCH_RADIUS_PX * MATCH_RADIUS_PX;
        int found = 0;
        for (int i = 0; i < a.size(); i++) {
            int l = a.level[i];
            if (l < 0 || l >= levels)
                continue;
            double x = a.x[i] / scale[l], y = a.y[i] / scale[l];
            int cx = (int) Math.floor(x), cy = (int) Math.floor(y);
            search:
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    List<Integer> list = cells.get(cellKey(l, cx + dx, cy + dy));
                    if (list == null)
                        continue;
                    for (int j : list) {
                        double ex = b.x[j] / scale[l] - x, ey = b.y[j] / scale[l] - y;
                        if (ex * ex + ey * ey <= r2) {
                            found++;
                            break search;
                        }
                    }
                }
            }
        }
        return found;
    }

    private static long cellKey(int level, int cx, int cy) {
        return ((long) level << 48) ^ ((long) (cx & 0xFFFFFF) << 24) ^ (cy & 0xFFFFFF);
    }

    /** An image and the name it is reported under (usually its file name). */
    public record NamedImage(String name, GrayImage image) {
    }
}
