package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.BackendFailureException;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.match.ProjectionSearch;
import org.gpuvo.gpu.match.ProjectionSearchRules;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * A GPU front end that goes on on the CPU when the GPU fails ({@link BackendFailureException}: a driver call, a
 * launch or a copy failed, the device ran out of memory or was lost), without losing the frame. It keeps the last two
 * images it was given and the search window of the last; on a failure it makes the CPU front end, runs it over the
 * previous image and, where the current frame had already been processed, the current one with its window, and
 * carries out the failed call there. ORB's CPU and GPU pipelines give the same features and matches, so the frame's
 * matches and the tracks that continue from the previous frame are the ones the GPU would have given; SIFT's CPU
 * pipeline has features of its own (and its adaptive threshold starts again), so SIFT tracks may restart at that
 * frame. The failure is logged once; {@link #backend()} then says "cpu", and {@link #cpuFallbackFrame()} from which
 * frame. Callers must not write into an image until the frame after it was processed. Not thread safe.
 */
final class FallbackTrackingFrontEnd implements TrackingFrontEnd {
    private static final Logger LOG = LoggerFactory.getLogger(FallbackTrackingFrontEnd.class);

    private TrackingFrontEnd active;
    private final Supplier<TrackingFrontEnd> cpu;
    private boolean onCpu;
    /** the images of the last two frames processed (null before them and after a reset), the last one's window */
    private GrayImage previousImage, currentImage;
    private double[] currentWindow;
    /** frames processed since the front end was made, and the first the CPU processed (-1: none) */
    private int frames, fallbackFrame = -1;
    private final Matches replayed = new Matches();
    /** the GPU's map search, wrapped to fall back, and the search it wraps */
    private ProjectionSearch mapSearch, mapSearchOf;

    /**
     * @param gpu the GPU front end, closed with this one or when it fails
     * @param cpu makes the CPU front end of the same features and settings
     */
    FallbackTrackingFrontEnd(TrackingFrontEnd gpu, Supplier<TrackingFrontEnd> cpu) {
        this.active = gpu;
        this.cpu = cpu;
    }

    @Override
    public int process(GrayImage image, double[] searchWindow, Matches out) {
        if (!onCpu) {
            try {
                return processed(image, searchWindow, active.process(image, searchWindow, out));
            } catch (BackendFailureException e) {
                fallBack(e, false);
            }
        }
        return processed(image, searchWindow, active.process(image, searchWindow, out));
    }

    private int processed(GrayImage image, double[] searchWindow, int features) {
        previousImage = currentImage;
        currentImage = image;
        currentWindow = searchWindow == null ? null : searchWindow.clone();
        frames++;
        return features;
    }

    @Override
    public void currentFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors) {
        if (!onCpu) {
            try {
                active.currentFeatures(keyPoints, descriptors);
                return;
            } catch (BackendFailureException e) {
                fallBack(e, true);
            }
        }
        active.currentFeatures(keyPoints, descriptors);
    }

    @Override
    public void extract(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors) {
        if (!onCpu) {
            try {
                active.extract(image, keyPoints, descriptors);
                return;
            } catch (BackendFailureException e) {
                fallBack(e, true);
            }
        }
        active.extract(image, keyPoints, descriptors);
    }

    /**
     * Replaces the failed GPU front end by the CPU's and brings that one to where the GPU's was: the previous frame
     * processed, and the current one too if {@code currentDone} (the failure came after its processing).
     */
    private void fallBack(BackendFailureException failure, boolean currentDone) {
        fallbackFrame = currentDone ? frames - 1 : frames;
        LOG.warn("the GPU front end failed at frame {} ({}); it and the frames after it run on the CPU",
                fallbackFrame, failure.getMessage());
        TrackingFrontEnd failed = active;
        try {
            failed.close();
        } catch (RuntimeException e) {
            LOG.debug("closing the failed GPU front end", e);
        }
        active = cpu.get();
        onCpu = true;
        if (currentDone) {
            if (previousImage != null)
                active.process(previousImage, null, replayed);
            if (currentImage != null)
                active.process(currentImage, currentWindow, replayed);
        } else if (currentImage != null) {
            active.process(currentImage, null, replayed);
        }
    }

    /**
     * The GPU's search of the local map while the GPU runs; a failure of it hands over to the CPU as any other
     * (its search then returns -1, and the map is searched on the host).
     */
    @Override
    public ProjectionSearch mapSearch() {
        if (onCpu)
            return null;
        ProjectionSearch device = active.mapSearch();
        if (device == null)
            return null;
        if (mapSearch == null || mapSearchOf != device) {
            mapSearchOf = device;
            mapSearch = new ProjectionSearch() {
                @Override
                public void setMap(byte[] descriptors, int rows) {
                    if (onCpu)
                        return;
                    try {
                        device.setMap(descriptors, rows);
                    } catch (BackendFailureException e) {
                        fallBack(e, true);
                    }
                }

                @Override
                public int search(double[] slotValues, byte[] freeFeature, ProjectionSearchRules rules,
                                  int[] feature, int[] slot, float[] x, float[] y) {
                    if (onCpu)
                        return -1;
                    try {
                        return device.search(slotValues, freeFeature, rules, feature, slot, x, y);
                    } catch (BackendFailureException e) {
                        fallBack(e, true);
                        return -1;
                    }
                }
            };
        }
        return mapSearch;
    }

    @Override
    public double contrastThreshold() {
        return active.contrastThreshold();
    }

    @Override
    public FeatureType features() {
        return active.features();
    }

    @Override
    public void reset() {
        active.reset();
        previousImage = currentImage = null;
        currentWindow = null;
    }

    @Override
    public String backend() {
        return active.backend();
    }

    @Override
    public int cpuFallbackFrame() {
        return fallbackFrame;
    }

    @Override
    public void close() {
        active.close();
    }
}
