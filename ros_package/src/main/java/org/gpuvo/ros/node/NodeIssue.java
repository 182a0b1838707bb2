package org.gpuvo.ros.node;

/**
 * The kinds of bad input and trouble the node survives, each counted in the status under {@link #key}. None stops
 * the node: the message or frame concerned is left out (or the odometry started over) and the node goes on.
 */
public enum NodeIssue {
    /** a message that cannot be used: CDR cut short, an unknown encoding, a step below the width, too little data */
    MALFORMED("malformed"),
    /** a camera_info with zeros or non-finite numbers, or a stereo pair whose R and P do not form a rig */
    INVALID_CAMERA_INFO("invalid_camera_info"),
    /** a frame that came before any usable camera_info */
    NO_CAMERA_INFO("no_camera_info"),
    /** an image whose size is not the camera_info's, or a depth image not of the image's size */
    SIZE_MISMATCH("size_mismatch"),
    /** an image of a stereo or RGB-D pair that found no partner within the tolerance */
    UNPAIRED("unpaired"),
    /** a frame dropped because processing fell behind */
    DROPPED("dropped"),
    /** a frame whose stamp equals the previous frame's */
    DUPLICATE_STAMP("duplicate_stamp"),
    /** a frame whose stamp is before the previous frame's (a bag played in a loop): the odometry starts over */
    STAMP_BACKWARDS("stamp_backwards"),
    /** a camera_info that differs from the one in use: the odometry starts over with it */
    CAMERA_INFO_CHANGED("camera_info_changed"),
    /** an input that had been heard and then fell silent for longer than the timeout (its publisher gone?) */
    INPUT_SILENT("input_silent"),
    /** the pipeline threw on a frame: the odometry starts over */
    PROCESSING_ERROR("processing_error");

    /** The name in the status JSON and the diagnostics. */
    public final String key;

    NodeIssue(String key) {
        this.key = key;
    }
}
