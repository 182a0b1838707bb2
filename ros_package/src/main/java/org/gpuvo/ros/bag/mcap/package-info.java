/**
 * rosbag2's MCAP storage ({@code storage_id: mcap}): {@link org.gpuvo.ros.bag.mcap.McapBagFileReader} and
 * {@link org.gpuvo.ros.bag.mcap.McapBagFileWriter}, written from the MCAP format specification version 0
 * (https://mcap.dev/spec) with chunks compressed by zstd (zstd-jni) or LZ4 frames (lz4-java).
 */
package org.gpuvo.ros.bag.mcap;
