package org.gpuvo.app.conformance;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.gpuvo.gpu.match.Matches;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures how well SIFT implementations serve image matching on pairs with known ground truth, the matcher being
 * the same for all: each implementation detects and describes both images, the first image's descriptors (queries)
 * are matched against the second's, and every match is checked against the pair's ground truth. The measure is
 * the one of Mikolajczyk and Schmid ("A performance evaluation of local descriptors", PAMI 2005): correct matches
 * and precision at a fixed matching rule.
 *
 * <p>Each implementation keeps the features of the two images of the last pair, so a chain of frames, or many
 * changed views of one image, extracts every image once; only extractions are timed.
 */
public final class SiftMatchQuality implements AutoCloseable {
    private final List<SiftSource> sources;
    private final FloatDescriptorMatcher matcher;
    private final List<Map<String, SiftFeatures>> recent = new ArrayList<>();
    private final Matches matches = new Matches();

    /** Takes ownership of the sources: {@link #close()} closes them. */
    public SiftMatchQuality(List<SiftSource> sources, FloatDescriptorMatcher matcher) {
        if (sources == null || sources.isEmpty() || matcher == null)
            throw new IllegalArgumentException("need at least one SIFT source and a matcher");
        this.sources = List.copyOf(sources);
        this.matcher = matcher;
        for (int i = 0; i < sources.size(); i++)
            recent.add(new LinkedHashMap<>());
    }

    public List<SiftSource> sources() {
        return sources;
    }

    /**
     * Lets every source detect on {@code image} once, untimed and not kept, so that the first timed image does not
     * carry class loading, JIT compilation or device buffer allocation.
     */
    public void warmUp(GrayImage image) {
        SiftFeatures scratch = new SiftFeatures();
        for (SiftSource source : sources)
            source.detect(image, scratch);
    }

    /** Every source's outcome on {@code pair}, in the order of {@link #sources()}. */
    public List<PairOutcome> measure(ImagePair pair) {
        List<PairOutcome> outcomes = new ArrayList<>(sources.size());
        for (int s = 0; s < sources.size(); s++) {
            SiftSource source = sources.get(s);
            Map<String, SiftFeatures> cache = recent.get(s);
            long[] nanos = new long[1];
            int[] extracted = new int[1];
            SiftFeatures first = features(source, cache, pair.firstName(), pair.first(), nanos, extracted);
            SiftFeatures second = features(source, cache, pair.secondName(), pair.second(), nanos, extracted);
            cache.keySet().retainAll(List.of(pair.firstName(), pair.secondName()));
            int correct = 0, matched = 0;
            if (first.size() > 0 && second.size() > 0) {
                matcher.match(first.descriptors, second.descriptors, matches);
                matched = matches.size();
                correct = countCorrect(matches, first.keyPoints, second.keyPoints, pair.check());
            }
            outcomes.add(new PairOutcome(first.size(), second.size(), matched, correct, extracted[0], nanos[0]));
        }
        return outcomes;
    }

    /** How many matches of query points in {@code a} and train points in {@code b} the check calls correct. */
    static int countCorrect(Matches matches, KeyPoints a, KeyPoints b, CorrespondenceCheck check) {
        int correct = 0;
        for (int i = 0; i < matches.size(); i++) {
            int q = matches.query[i], t = matches.train[i];
            if (check.isCorrect(a.x[q], a.y[q], b.x[t], b.y[t]))
                correct++;
        }
        return correct;
    }

    private static SiftFeatures features(SiftSource source, Map<String, SiftFeatures> cache, String name,
                                         GrayImage image, long[] nanos, int[] extracted) {
        SiftFeatures cached = cache.get(name);
        if (cached != null)
            return cached;
        SiftFeatures features = new SiftFeatures();
        long start = System.nanoTime();
        source.detect(image, features);
        nanos[0] += System.nanoTime() - start;
        extracted[0]++;
        cache.put(name, features);
        return features;
    }

    @Override
    public void close() {
        for (SiftSource source : sources)
            source.close();
    }
}
