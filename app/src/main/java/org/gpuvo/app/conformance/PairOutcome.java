package org.gpuvo.app.conformance;

/**
 * What one SIFT implementation did on one image pair.
 *
 * @param firstFeatures   features of the first image
 * @param secondFeatures  features of the second image
 * @param matches         matches kept by the matcher (first image's features as queries)
 * @param correct         of those, the matches the pair's ground truth calls correct
 * @param imagesExtracted images extracted for this pair: 0, 1 or 2 (an image of the previous pair is reused)
 * @param extractionNanos wall time of those extractions, detection and description, from Java
 */
public record PairOutcome(int firstFeatures, int secondFeatures, int matches, int correct, int imagesExtracted,
                          long extractionNanos) {
}
