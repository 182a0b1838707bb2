package org.gpuvo.ros.msg;

/** sensor_msgs/msg/RegionOfInterest; all zero means the full image. */
public record RegionOfInterest(int xOffset, int yOffset, int height, int width, boolean doRectify) {
    public static final String TYPE = "sensor_msgs/msg/RegionOfInterest";
    public static final RegionOfInterest FULL = new RegionOfInterest(0, 0, 0, 0, false);
}
