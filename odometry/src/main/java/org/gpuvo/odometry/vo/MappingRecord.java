package org.gpuvo.odometry.vo;

/**
 * One local bundle adjustment as the mapping thread ran it.
 *
 * @param frame        the newest frame of the adjusted window
 * @param waitMillis   how long that frame's update waited for the mapping thread (submission to the start of its
 *                     application)
 * @param bundleMillis the adjustment's time
 * @param iterations   Levenberg–Marquardt iterations
 * @param points       map points adjusted
 * @param observations observations of them in the window
 * @param applied      whether the result was written back (false: it failed or diverged and the map kept its state)
 */
public record MappingRecord(int frame, double waitMillis, double bundleMillis, int iterations, int points,
                            int observations, boolean applied) {
}
