package org.gpuvo.cli;

import org.gpuvo.gpu.match.Matches;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.KeyPoints;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** What {@code gpuvo features} found, as text for a person and as JSON for a program. */
final class FeaturesReport {
    private FeaturesReport() {
    }

    static void print(String backend, ConfigOrb config, List<ExtractedImage> images, MatchedPair pair, PrintWriter out) {
        for (ExtractedImage image : images) {
            out.printf(Locale.ROOT, "%s  %dx%d  %d keypoints in %.1f ms (%s)%n", image.name(), image.image().width,
                    image.image().height, image.features().size(), image.millis(), backend);
            int[] perLevel = image.perLevel(config.levels);
            StringBuilder levels = new StringBuilder("  per level");
            for (int l = 0; l < perLevel.length; l++)
                levels.append(' ').append(l).append(':').append(perLevel[l]);
            out.println(levels);
        }
        if (pair != null) {
            out.printf(Locale.ROOT, "matches  %d of %d keypoints (ratio test %.2f) in %.1f ms%n", pair.matches().size(),
                    images.get(0).features().size(), pair.ratio(), pair.millis());
            if (pair.motion() != null) {
                int n = pair.matches().size(), agreeing = pair.agreeingCount();
                out.printf(Locale.ROOT, "motion   %d of %d matches (%.1f%%) agree with the known motion within %.0f px%n",
                        agreeing, n, n == 0 ? 0.0 : 100.0 * agreeing / n, MotionAgreement.TOLERANCE_PX);
            }
        }
        out.flush();
    }

    static ObjectNode json(String backend, ConfigOrb config, List<ExtractedImage> images, MatchedPair pair) {
        ObjectNode root = JsonOutput.object();
        root.put("backend", backend);
        ObjectNode orb = root.putObject("config");
        orb.put("max_features", config.maxFeatures);
        orb.put("levels", config.levels);
        orb.put("scale_factor", config.scaleFactor);
        orb.put("fast_threshold", config.fastThreshold);
        orb.put("edge_threshold", config.edgeThreshold);
        orb.put("patch_size", config.patchSize);
        orb.put("distribution", config.distribution.name().toLowerCase(Locale.ROOT));
        if (config.distribution == ConfigOrb.Distribution.GRID)
            orb.put("grid_cell_size", config.gridCellSize);
        ArrayNode imageArray = root.putArray("images");
        for (ExtractedImage image : images)
            imageArray.add(json(image, config.levels));
        if (pair != null)
            root.set("matches", json(pair));
        return root;
    }

    private static ObjectNode json(ExtractedImage image, int levels) {
        ObjectNode node = JsonOutput.object();
        node.put("image", image.name());
        node.put("width", image.image().width);
        node.put("height", image.image().height);
        node.put("count", image.features().size());
        node.put("time_ms", image.millis());
        ArrayNode perLevel = node.putArray("per_level");
        for (int count : image.perLevel(levels))
            perLevel.add(count);
        ArrayNode keyPoints = node.putArray("keypoints");
        KeyPoints k = image.features().keyPoints;
        for (int i = 0; i < k.size(); i++) {
            ObjectNode point = keyPoints.addObject();
            point.put("x", k.x[i]);
            point.put("y", k.y[i]);
            point.put("level", k.level[i]);
            point.put("angle", k.angle[i]);
            point.put("response", k.response[i]);
            point.put("diameter", k.diameter[i]);
        }
        return node;
    }

    private static ObjectNode json(MatchedPair pair) {
        ObjectNode node = JsonOutput.object();
        Matches matches = pair.matches();
        node.put("count", matches.size());
        node.put("ratio", pair.ratio());
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
