package org.gpuvo.gpu.cuda;

import java.util.function.Function;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.ImageLimits;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.features.SiftFrameTracker;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

/**
 * The GPU front end of one camera with SIFT features, as {@link CudaFrontEnd} is with ORB's: each frame is uploaded
 * once, its SIFT features are extracted ({@link CudaSiftExtractor}) and stay on the device, they are matched there
 * against the previous frame's on the tensor cores ({@link CudaFloatMatcher}), and only the matches come back. The
 * extractor alternates between two sets of device features, so the previous frame's set is intact while the next
 * frame's is written. Extraction and matching share one context and one stream. Not thread safe: one instance per
 * camera stream.
 */
public final class CudaSiftFrontEnd extends CudaTracking<DeviceFloatFeatures, CudaSiftExtractor, CudaFloatMatcher>
        implements SiftFrameTracker {
    public static final String STAGE_MATCH = CudaFloatMatcher.STAGE;


    /**
     * Opens its own context (device 0, a new stream), closed with the front end.
     *
     * @throws IllegalArgumentException if a configuration is out of range
     * @throws IllegalStateException    if CUDA is unusable here
     */
    public CudaSiftFrontEnd(String pipeline, ConfigSift sift, ConfigMatch match) {
        super(pipeline, match, STAGE_MATCH, extractorOf(sift.copy().checkValidity()), CudaFloatMatcher::new);
    }

    /** The extractor of a configuration checked before the context opens. */
    private static Function<CudaContext, CudaSiftExtractor> extractorOf(ConfigSift sift) {
        return cuda -> new CudaSiftExtractor(cuda, sift);
    }

    /**
     * Extracts the frame's features and matches them (as query) against the previous frame's (train), within the
     * {@link #setSearchWindow search window} if one is set. The first frame, and the first after {@link #reset},
     * has nothing to match: {@code out} is left empty.
     *
     * @return the number of features of this frame
     * @throws IllegalArgumentException if the frame is null or larger than SIFT accepts
     */
    @Override
    public int process(GrayImage frame, Matches out) {
        ImageLimits.checkImage(frame, "SIFT");
        if (out == null)
            throw new IllegalArgumentException("output matches are null");
        return matchWithPrevious(extractor.detectOnDevice(frame), out);
    }

    /**
     * Sets the extractor's contrast threshold ({@link CudaSiftExtractor#setContrastThreshold}) from the next frame
     * on. The previous frame's features stay on the device and the next frame is matched against them as usual.
     *
     * @throws IllegalArgumentException unless {@code threshold} is in [0, 1)
     */
    @Override
    public void setContrastThreshold(double threshold) {
        extractor.setContrastThreshold(threshold);
    }

    /** The contrast threshold the next frame is detected with. */
    @Override
    public double contrastThreshold() {
        return extractor.config().contrastThreshold;
    }

    /**
     * Downloads the features of the frame processed last, index for index as the match query indices refer to
     * them, with every keypoint field (SIFT's scale included). For the few frames that need them on the host.
     *
     * @throws IllegalStateException if no frame was processed since the front end was opened or reset
     */
    @Override
    public void downloadCurrent(SiftFeatures out) {
        checkProcessed();
        extractor.downloadLast(out);
    }

    @Override
    public void extract(GrayImage image, SiftFeatures out) {
        CudaSiftExtractor second = secondExtractor();
        second.setContrastThreshold(contrastThreshold());
        second.detect(image, out);
    }
}
