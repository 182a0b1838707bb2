package org.gpuvo.app.conformance;

import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;

/**
 * One SIFT implementation under comparison (gpuvo's, OpenCV's, BoofCV's), detecting and describing features of an
 * image into gpuvo's structures, with descriptors of unit length (RootSIFT where configured) so that one matcher
 * serves all of them.
 */
public interface SiftSource extends AutoCloseable {
    /** Which implementation: {@code "gpuvo"}, {@code "opencv"} or {@code "boofcv"}. */
    String name();

    /** How it runs, e.g. gpuvo's backend ({@code "cpu"}, {@code "cuda"}) or the library and its version. */
    String implementation();

    /** The octave its scale space starts at: -1 when the image is upsampled twice first, 0 otherwise. */
    int firstOctave();

    /** Detects and describes the features of {@code image}, replacing the contents of {@code out}. */
    void detect(GrayImage image, SiftFeatures out);

    /** A stable identifier of this variant for reports: name and first octave, e.g. {@code gpuvo_o-1}. */
    default String id() {
        return name() + "_o" + firstOctave();
    }

    @Override
    default void close() {
    }
}
