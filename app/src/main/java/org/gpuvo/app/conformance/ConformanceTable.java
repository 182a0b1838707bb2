package org.gpuvo.app.conformance;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.opencv.OrbConformance;
import org.gpuvo.app.opencv.OrbConformanceReport;
import org.gpuvo.app.opencv.OrbConformanceReport.PerImage;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A conformance report as a table for a person (per image, all images, and the targets the project holds itself
 * to) and as JSON with fixed key names that scripts refer to.
 */
final class ConformanceTable {
    private static final String ROW = "%-32s %7s %7s %10s %8s %8s %10s%n";

    private ConformanceTable() {
    }

    static void print(OrbConformanceReport report, PrintWriter out) {
        out.printf(Locale.ROOT, ROW, "image", "opencv", "gpuvo", "identical", "hamming", "recall", "precision");
        for (PerImage image : report.perImage())
            out.printf(Locale.ROOT, ROW, shorten(image.image()), image.opencvKeypoints(), image.gpuvoKeypoints(),
                    percent(identicalFraction(image)), bits(meanHammingBits(image)), percent(recall(image)),
                    percent(precision(image)));
        long opencv = report.perImage().stream().mapToLong(PerImage::opencvKeypoints).sum();
        long gpuvo = report.perImage().stream().mapToLong(PerImage::gpuvoKeypoints).sum();
        out.printf(Locale.ROOT, ROW, "all " + report.images() + " images", opencv, gpuvo,
                percent(report.descriptorIdenticalFraction()), bits(report.descriptorMeanHammingBits()),
                percent(report.keypointRecallVsOpencv()), percent(report.keypointPrecisionVsOpencv()));
        out.printf(Locale.ROOT, ROW, "target", "", "", ">= 99%", "<= 0.5", ">= 90%", ">= 90%");
        out.flush();
    }

    static ObjectNode json(OrbConformanceReport report) {
        ObjectNode root = JsonOutput.object();
        root.put("descriptor_identical_fraction", JsonOutput.finiteOrNull(report.descriptorIdenticalFraction()));
        root.put("descriptor_mean_hamming_bits", JsonOutput.finiteOrNull(report.descriptorMeanHammingBits()));
        root.put("keypoint_recall_vs_opencv", JsonOutput.finiteOrNull(report.keypointRecallVsOpencv()));
        root.put("keypoint_precision_vs_opencv", JsonOutput.finiteOrNull(report.keypointPrecisionVsOpencv()));
        root.put("images", report.images());
        ArrayNode perImage = root.putArray("per_image");
        for (PerImage image : report.perImage()) {
            ObjectNode node = perImage.addObject();
            node.put("image", image.image());
            node.put("width", image.width());
            node.put("height", image.height());
            node.put("opencv_keypoints", image.opencvKeypoints());
            node.put("gpuvo_keypoints", image.gpuvoKeypoints());
            node.put("described_keypoints", image.describedKeypoints());
            node.put("identical_descriptors", image.identicalDescriptors());
            node.put("hamming_bits_total", image.hammingBitsTotal());
            node.put("opencv_keypoints_matched", image.opencvKeypointsMatched());
            node.put("gpuvo_keypoints_matched", image.gpuvoKeypointsMatched());
            node.put("descriptor_identical_fraction", JsonOutput.finiteOrNull(identicalFraction(image)));
            node.put("descriptor_mean_hamming_bits", JsonOutput.finiteOrNull(meanHammingBits(image)));
            node.put("keypoint_recall_vs_opencv", JsonOutput.finiteOrNull(recall(image)));
            node.put("keypoint_precision_vs_opencv", JsonOutput.finiteOrNull(precision(image)));
        }
        return root;
    }

    private static double identicalFraction(PerImage image) {
        return OrbConformance.ratio(image.identicalDescriptors(), image.describedKeypoints());
    }

    private static double meanHammingBits(PerImage image) {
        return OrbConformance.ratio(image.hammingBitsTotal(), image.describedKeypoints());
    }

    private static double recall(PerImage image) {
        return OrbConformance.ratio(image.opencvKeypointsMatched(), image.opencvKeypoints());
    }

    private static double precision(PerImage image) {
        return OrbConformance.ratio(image.gpuvoKeypointsMatched(), image.gpuvoKeypoints());
    }

    private static String percent(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.1f%%", 100 * fraction) : "-";
    }

    private static String bits(double bits) {
        return Double.isFinite(bits) ? String.format(Locale.ROOT, "%.3f", bits) : "-";
    }

    /** The end of a long path, which is the part that tells images apart. */
    private static String shorten(String name) {
        return name.length() <= 32 ? name : "..." + name.substring(name.length() - 29);
    }
}
