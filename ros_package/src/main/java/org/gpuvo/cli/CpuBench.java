package org.gpuvo.cli;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;

import java.util.List;

/** Times gpuvo's pure-Java front end (one thread): extraction, and matching with the previous frame. */
final class CpuBench {
    record Result(TimingStats extraction, TimingStats matching, double meanFeatures, double meanMatches) {
    }

    private CpuBench() {
    }

    static Result measure(List<GrayImage> frames, ConfigOrb orb, ConfigMatch match, int warmup, int repetitions) {
        long[] extraction = new long[repetitions], matching = new long[repetitions];
        long features = 0, matched = 0;
        OrbFeatures previous = new OrbFeatures(), current = new OrbFeatures();
        Matches out = new Matches();
        DescriptorMatcher matcher = FactoryMatcher.cpu(match);
        try (OrbExtractor extractor = FactoryOrb.cpu(orb)) {
            extractor.detect(frames.get(frames.size() - 1), previous);
            for (int i = 0; i < warmup + repetitions; i++) {
                long t0 = System.nanoTime();
                extractor.detect(frames.get(i % frames.size()), current);
                long t1 = System.nanoTime();
                matcher.match(current.descriptors, previous.descriptors, out);
                long t2 = System.nanoTime();
                if (i >= warmup) {
                    extraction[i - warmup] = t1 - t0;
                    matching[i - warmup] = t2 - t1;
                    features += current.size();
                    matched += out.size();
                }
                OrbFeatures swap = previous;
                previous = current;
                current = swap;
            }
        }
        return new Result(TimingStats.ofNanos(extraction), TimingStats.ofNanos(matching),
                (double) features / repetitions, (double) matched / repetitions);
    }
}
