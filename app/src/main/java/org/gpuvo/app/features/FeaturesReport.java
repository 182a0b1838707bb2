package org.gpuvo.app.features;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.Matches;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What {@code gpuvo features} found, as text for a person and as JSON for a program. SIFT keypoints are reported
 * with their scale σ (half the diameter, in input pixels) and counted per octave; match distances are in the
 * matcher's integer unit: bits for ORB, 1/512 of the Euclidean distance for SIFT.
 */
final class FeaturesReport {
    private FeaturesReport() {
    }

    static void print(String backend, FeatureSettings settings, List<ExtractedImage> images, MatchedPair pair,
                      PrintWriter out) {
        for (ExtractedImage image : images) {
            out.printf(Locale.ROOT, "%s  %dx%d  %d %s keypoints in %.1f ms (%s)%n", image.name(), image.image().width,
                    image.image().height, image.size(), settings.type().id(), image.millis(), backend);
            int first = settings.firstLevel();
            int[] perLevel = image.perLevel(first, settings.levelCount(image.keyPoints()));
            StringBuilder levels = new StringBuilder("  per " + settings.scaleName());
            for (int l = 0; l < perLevel.length; l++)
                levels.append(' ').append(first + l).append(':').append(perLevel[l]);
            out.println(levels);
            if (settings.type() == FeatureType.SIFT && image.size() > 0) {
                double[] sigma = scales(image.keyPoints());
                out.printf(Locale.ROOT, "  scale σ %.2f to %.2f px, median %.2f%n", sigma[0], sigma[sigma.length - 1],
                        sigma[sigma.length / 2]);
            }
        }
        if (pair != null) {
            out.printf(Locale.ROOT, "matches  %d of %d keypoints (ratio test %.2f) in %.1f ms%n", pair.matches().size(),
                    images.get(0).size(), pair.ratio(), pair.millis());
            if (pair.motion() != null) {
                int n = pair.matches().size(), agreeing = pair.agreeingCount();
                out.printf(Locale.ROOT,
                        "motion   %d of %d matches (%.1f%%) agree with the known motion within %.0f px%n",
                        agreeing, n, n == 0 ? 0.0 : 100.0 * agreeing / n, MotionAgreement.TOLERANCE_PX);
            }
        }
        out.flush();
    }

    /** The keypoints' σ, sorted. */
    private static double[] scales(KeyPoints k) {
        double[] sigma = new double[k.size()];
        for (int i = 0; i < sigma.length; i++)
            sigma[i] = k.diameter[i] / 2.0;
        Arrays.sort(sigma);
        return sigma;
    }

    static ObjectNode json(String backend, FeatureSettings settings, List<ExtractedImage> images, MatchedPair pair) {
        ObjectNode root = JsonOutput.object();
        root.put("backend", backend);
        root.put("features", settings.type().id());
        settings.putJson(root.putObject("config"));
        ArrayNode imageArray = root.putArray("images");
        for (ExtractedImage image : images)
            imageArray.add(json(image, settings));
        if (pair != null)
            root.set("matches", json(pair, settings.type()));
        return root;
    }

    private static ObjectNode json(ExtractedImage image, FeatureSettings settings) {
        ObjectNode node = JsonOutput.object();
        node.put("image", image.name());
        node.put("width", image.image().width);
        node.put("height", image.image().height);
        node.put("count", image.size());
        node.put("time_ms", image.millis());
        boolean sift = settings.type() == FeatureType.SIFT;
        ArrayNode perLevel = node.putArray(sift ? "per_octave" : "per_level");
        for (int count : image.perLevel(settings.firstLevel(), settings.levelCount(image.keyPoints())))
            perLevel.add(count);
        ArrayNode keyPoints = node.putArray("keypoints");
        KeyPoints k = image.keyPoints();
        for (int i = 0; i < k.size(); i++) {
            ObjectNode point = keyPoints.addObject();
            point.put("x", k.x[i]);
            point.put("y", k.y[i]);
            point.put(sift ? "octave" : "level", k.level[i]);
            if (sift)
                point.put("scale", k.diameter[i] / 2.0f);
            point.put("angle", k.angle[i]);
            point.put("response", k.response[i]);
            point.put("diameter", k.diameter[i]);
        }
        return node;
    }

    private static ObjectNode json(MatchedPair pair, FeatureType type) {
        ObjectNode node = JsonOutput.object();
        Matches matches = pair.matches();
        node.put("count", matches.size());
        node.put("ratio", pair.ratio());
        node.put("distance_unit", type == FeatureType.SIFT ? "euclidean/512" : "bits");
        node.put("time_ms", pair.millis());
        if (pair.motion() != null) {
            ObjectNode motion = node.putObject("known_motion");
            ArrayNode h = motion.putArray("homography");
            for (double v : pair.motion().h())
                h.add(v);
            motion.put("tolerance_px", MotionAgreement.TOLERANCE_PX);
            motion.put("agreeing", pair.agreeingCount());
            motion.put("agreeing_fraction", JsonOutput.finiteOrNull((double) pair.agreeingCount() / matches.size()));
        }
        ArrayNode pairs = node.putArray("pairs");
        for (int m = 0; m < matches.size(); m++) {
            ObjectNode match = pairs.addObject();
            match.put("query", matches.query[m]);
            match.put("train", matches.train[m]);
            match.put("distance", matches.distance[m]);
            if (pair.agreeing() != null)
                match.put("agrees", pair.agreeing()[m]);
        }
        return node;
    }
}
