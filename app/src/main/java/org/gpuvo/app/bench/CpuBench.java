package org.gpuvo.app.bench;

import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.gpuvo.gpu.match.Matches;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/** Times gpuvo's pure-Java front end (one thread): extraction, and matching with the previous frame. */
final class CpuBench {
    record Result(TimingStats extraction, TimingStats matching, double meanFeatures, double meanMatches) {
    }

    /** One feature type's extraction and matching on the host, frame after frame. */
    interface HostFrontEnd extends AutoCloseable {
        /** Extracts the features of {@code frame} as the current frame's; returns how many. */
        int extract(GrayImage frame);

        /** Matches the current frame's features with the previous frame's, returns the matches kept, and makes
         * the current frame the previous one. */
        int matchWithPrevious();

        @Override
        void close();
    }

    private CpuBench() {
    }

    static Result measure(List<GrayImage> frames, ConfigOrb orb, ConfigMatch match, int warmup, int repetitions) {
        try (HostFrontEnd frontEnd = orb(orb, match)) {
            return measure(frames, frontEnd, warmup, repetitions);
        }
    }

    static Result measure(List<GrayImage> frames, ConfigSift sift, ConfigMatch match, int warmup, int repetitions) {
        try (HostFrontEnd frontEnd = sift(sift, match)) {
            return measure(frames, frontEnd, warmup, repetitions);
        }
    }

    private static Result measure(List<GrayImage> frames, HostFrontEnd frontEnd, int warmup, int repetitions) {
        long[] extraction = new long[repetitions], matching = new long[repetitions];
        long features = 0, matched = 0;
        frontEnd.extract(frames.get(frames.size() - 1));
        frontEnd.matchWithPrevious();
        for (int i = 0; i < warmup + repetitions; i++) {
            long t0 = System.nanoTime();
            int n = frontEnd.extract(frames.get(i % frames.size()));
            long t1 = System.nanoTime();
            int m = frontEnd.matchWithPrevious();
            long t2 = System.nanoTime();
            if (i >= warmup) {
                extraction[i - warmup] = t1 - t0;
                matching[i - warmup] = t2 - t1;
                features += n;
                matched += m;
            }
        }
        return new Result(TimingStats.ofNanos(extraction), TimingStats.ofNanos(matching),
                (double) features / repetitions, (double) matched / repetitions);
    }

    private static HostFrontEnd orb(ConfigOrb config, ConfigMatch match) {
        OrbExtractor extractor = FactoryOrb.cpu(config);
        DescriptorMatcher matcher = FactoryMatcher.cpu(match);
        return frontEnd(OrbFeatures::new, extractor::detect, OrbFeatures::size,
                (query, train, out) -> matcher.match(query.descriptors, train.descriptors, out), extractor);
    }

    private static HostFrontEnd sift(ConfigSift config, ConfigMatch match) {
        SiftExtractor extractor = FactorySift.cpu(config);
        FloatDescriptorMatcher matcher = FactoryMatcher.floatCpu(match);
        return frontEnd(SiftFeatures::new, extractor::detect, SiftFeatures::size,
                (query, train, out) -> matcher.match(query.descriptors, train.descriptors, out), extractor);
    }

    /** Matches one frame's features of type {@code F} (query) with another's (train). */
    @FunctionalInterface
    private interface MatchStep<F> {
        void match(F query, F train, Matches out);
    }

    /** A front end over two feature sets that swap roles every frame; closing it closes {@code extractor}. */
    private static <F> HostFrontEnd frontEnd(Supplier<F> fresh, BiConsumer<GrayImage, F> extract,
                                             ToIntFunction<F> size, MatchStep<F> match, AutoCloseable extractor) {
        return new HostFrontEnd() {
            private F previous = fresh.get(), current = fresh.get();
            private final Matches out = new Matches();

            @Override
            public int extract(GrayImage frame) {
                extract.accept(frame, current);
                return size.applyAsInt(current);
            }

            @Override
            public int matchWithPrevious() {
                match.match(current, previous, out);
                F swap = previous;
                previous = current;
                current = swap;
                return out.size();
            }

            @Override
            public void close() {
                try {
                    extractor.close();
                } catch (Exception e) {
                    throw new IllegalStateException("closing the extractor failed: " + e.getMessage(), e);
                }
            }
        };
    }
}
