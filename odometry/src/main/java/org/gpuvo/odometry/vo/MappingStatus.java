package org.gpuvo.odometry.vo;

/**
 * Local mapping's state as the tracking thread sees it.
 *
 * @param pendingUpdates      frame updates submitted and not yet taken in
 * @param bundleAdjustments   bundle adjustments run
 * @param bundleFailures      of those, the ones that failed or diverged (the map kept its state)
 * @param errors              updates whose application threw (each is counted and skipped; mapping goes on)
 * @param lastError           the latest such error's message, or null
 */
public record MappingStatus(int pendingUpdates, int bundleAdjustments, int bundleFailures, int errors,
                            String lastError) {
}
