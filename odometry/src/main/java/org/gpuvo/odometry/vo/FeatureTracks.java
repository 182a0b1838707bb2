package org.gpuvo.odometry.vo;

import java.util.Arrays;

/**
 * What the pipeline knows about each feature of the previous and the current frame, by feature index: the map
 * point it observes (or -1) and the first observation of its track (frame and normalized coordinates), the track
 * being the chain of frame-to-frame matches that led to it. Tracks live only as long as the chain: a feature not
 * matched in the next frame ends its track. This is all the front end's frame-to-frame matches allow, and it is
 * enough: map points are tracked through consecutive frames and new ones are triangulated from a track's first
 * and latest observations.
 */
final class FeatureTracks {
    static final int NONE = -1;

    private int[] prevLandmark = new int[0], prevFirstFrame = new int[0], prevOrigin = new int[0];
    private double[] prevFirstX = new double[0], prevFirstY = new double[0];
    int[] landmark = new int[0], firstFrame = new int[0];
    /** the track's feature index in its first frame: with {@link #firstFrame}, the track's identity */
    int[] origin = new int[0];
    double[] firstX = new double[0], firstY = new double[0];
    private int count;

    /** The current frame becomes the previous one; the new current frame has {@code features} features, all without a track. */
    void nextFrame(int features) {
        int[] li = prevLandmark, fi = prevFirstFrame, oi = prevOrigin;
        double[] fx = prevFirstX, fy = prevFirstY;
        prevLandmark = landmark;
        prevFirstFrame = firstFrame;
        prevOrigin = origin;
        prevFirstX = firstX;
        prevFirstY = firstY;
        if (li.length < features) {
            int n = Math.max(features, li.length * 2);
            li = new int[n];
            fi = new int[n];
            oi = new int[n];
            fx = new double[n];
            fy = new double[n];
        }
        landmark = li;
        firstFrame = fi;
        origin = oi;
        firstX = fx;
        firstY = fy;
        count = features;
        Arrays.fill(landmark, 0, features, NONE);
        Arrays.fill(firstFrame, 0, features, NONE);
    }

    int count() {
        return count;
    }

    /**
     * Feature {@code current} continues the track of the previous frame's feature {@code previous}; a previous
     * feature without a track starts one, observed in {@code previousFrame} at ({@code previousX}, {@code previousY}).
     */
    void continueTrack(int current, int previous, int previousFrame, double previousX, double previousY) {
        if (previous < prevFirstFrame.length && prevFirstFrame[previous] != NONE) {
            landmark[current] = prevLandmark[previous];
            firstFrame[current] = prevFirstFrame[previous];
            origin[current] = prevOrigin[previous];
            firstX[current] = prevFirstX[previous];
            firstY[current] = prevFirstY[previous];
        } else {
            landmark[current] = NONE;
            firstFrame[current] = previousFrame;
            origin[current] = previous;
            firstX[current] = previousX;
            firstY[current] = previousY;
        }
    }

    /** Starts a new track at feature {@code i} of the current frame (observed in {@code frame} at x, y), without a map point. */
    void restart(int i, int frame, double x, double y) {
        landmark[i] = NONE;
        firstFrame[i] = frame;
        origin[i] = i;
        firstX[i] = x;
        firstY[i] = y;
    }

    /** Forgets every track of the current frame (re-initialisation). */
    void clearCurrent() {
        Arrays.fill(landmark, 0, count, NONE);
        Arrays.fill(firstFrame, 0, count, NONE);
    }
}
