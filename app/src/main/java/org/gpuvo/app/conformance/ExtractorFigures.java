package org.gpuvo.app.conformance;

/**
 * One SIFT implementation's figures over a set of image pairs: sums of {@link PairOutcome}s, and the ratios the
 * report shows. A ratio over nothing (no matches, no pairs) is NaN, not zero.
 *
 * @param extractor       the implementation's {@link SiftSource#id()}
 * @param name            {@link SiftSource#name()}
 * @param implementation  {@link SiftSource#implementation()}
 * @param firstOctave     {@link SiftSource#firstOctave()}
 * @param pairs           image pairs measured
 * @param features        features of both images of every pair, summed (an image in two pairs counts twice)
 * @param matches         matches kept
 * @param correct         correct matches
 * @param imagesExtracted images extracted (each image once, however many pairs it is in)
 * @param extractionNanos wall time of those extractions
 */
public record ExtractorFigures(String extractor, String name, String implementation, int firstOctave, int pairs,
                               long features, long matches, long correct, long imagesExtracted,
                               long extractionNanos) {
    /** Mean features per image of a pair. */
    public double featuresPerImage() {
        return ratio(features, 2L * pairs);
    }

    /** Correct matches over matches. */
    public double precision() {
        return ratio(correct, matches);
    }

    /** Mean wall time of one image's detection and description, in milliseconds. */
    public double millisPerImage() {
        return ratio(extractionNanos, imagesExtracted) / 1e6;
    }

    /** These figures with one more pair's outcome added. */
    public ExtractorFigures plus(PairOutcome o) {
        return new ExtractorFigures(extractor, name, implementation, firstOctave, pairs + 1,
                features + o.firstFeatures() + o.secondFeatures(), matches + o.matches(), correct + o.correct(),
                imagesExtracted + o.imagesExtracted(), extractionNanos + o.extractionNanos());
    }

    /** These figures pooled with {@code other}'s, the same implementation's on other pairs. */
    public ExtractorFigures plus(ExtractorFigures other) {
        if (!extractor.equals(other.extractor))
            throw new IllegalArgumentException("pooling " + extractor + " with " + other.extractor);
        return new ExtractorFigures(extractor, name, implementation, firstOctave, pairs + other.pairs,
                features + other.features, matches + other.matches, correct + other.correct,
                imagesExtracted + other.imagesExtracted, extractionNanos + other.extractionNanos);
    }

    /** No pairs yet, for {@code source}. */
    public static ExtractorFigures none(SiftSource source) {
        return new ExtractorFigures(source.id(), source.name(), source.implementation(), source.firstOctave(),
                0, 0, 0, 0, 0, 0);
    }

    /**
     * The conformance bar: {@code candidate} gives at least as many correct matches as {@code reference} at no lower
     * precision. Where the reference has no matches, the precision part holds vacuously; where only the candidate
     * has none, it does not hold.
     */
    public static boolean atLeastAsGood(ExtractorFigures candidate, ExtractorFigures reference) {
        if (candidate.correct < reference.correct)
            return false;
        if (reference.matches == 0)
            return true;
        return candidate.matches > 0 && candidate.precision() >= reference.precision();
    }

    private static double ratio(long part, long whole) {
        return whole == 0 ? Double.NaN : (double) part / whole;
    }
}
