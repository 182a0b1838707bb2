package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.RegionOfInterest;

import java.util.List;

import static org.gpuvo.ros.cdr.StdMsgsCdr.HEADER;

/**
 * The CDR layout of the sensor_msgs the node uses. Field lines from the .msg files of ros2/common_interfaces,
 * comments dropped. An image's pixels are copied once, out of the blob into the record's array.
 */
final class SensorMsgsCdr {
    static final RosMessageType<RegionOfInterest> REGION_OF_INTEREST = RosMessageType.of(RegionOfInterest.TYPE,
            RegionOfInterest.class, """
                    uint32 x_offset
                    uint32 y_offset
                    uint32 height
                    uint32 width
                    bool do_rectify
                    """, List.of(),
            in -> new RegionOfInterest(in.uint32("x_offset"), in.uint32("y_offset"), in.uint32("height"),
                    in.uint32("width"), in.bool("do_rectify")),
            (out, roi) -> {
                out.uint32(roi.xOffset());
                out.uint32(roi.yOffset());
                out.uint32(roi.height());
                out.uint32(roi.width());
                out.bool(roi.doRectify());
            });

    static final RosMessageType<Image> IMAGE = RosMessageType.of(Image.TYPE, Image.class, """
                    std_msgs/Header header
                    uint32 height
                    uint32 width
                    string encoding
                    uint8 is_bigendian
                    uint32 step
                    uint8[] data
                    """, List.of(HEADER),
            in -> new Image(in.struct("header", HEADER), in.uint32("height"), in.uint32("width"),
                    in.string("encoding"), in.uint8("is_bigendian") != 0, in.uint32("step"),
                    in.uint8Sequence("data")),
            (out, image) -> {
                out.struct("header", HEADER, image.header());
                out.uint32(image.height());
                out.uint32(image.width());
                out.string("encoding", image.encoding());
                out.uint8(image.bigEndian() ? 1 : 0);
                out.uint32(image.step());
                out.uint8Sequence("data", image.data());
            });

    static final RosMessageType<CompressedImage> COMPRESSED_IMAGE = RosMessageType.of(CompressedImage.TYPE,
            CompressedImage.class, """
                    std_msgs/Header header
                    string format
                    uint8[] data
                    """, List.of(HEADER),
            in -> new CompressedImage(in.struct("header", HEADER), in.string("format"), in.uint8Sequence("data")),
            (out, image) -> {
                out.struct("header", HEADER, image.header());
                out.string("format", image.format());
                out.uint8Sequence("data", image.data());
            });

    static final RosMessageType<CameraInfo> CAMERA_INFO = RosMessageType.of(CameraInfo.TYPE, CameraInfo.class, """
                    std_msgs/Header header
                    uint32 height
                    uint32 width
                    string distortion_model
                    float64[] d
                    float64[9] k
                    float64[9] r
                    float64[12] p
                    uint32 binning_x
                    uint32 binning_y
                    RegionOfInterest roi
                    """, List.of(HEADER, REGION_OF_INTEREST),
            in -> new CameraInfo(in.struct("header", HEADER), in.uint32("height"), in.uint32("width"),
                    in.string("distortion_model"), in.float64Sequence("d"), in.float64Array("k", 9),
                    in.float64Array("r", 9), in.float64Array("p", 12), in.uint32("binning_x"),
                    in.uint32("binning_y"), in.struct("roi", REGION_OF_INTEREST)),
            (out, info) -> {
                out.struct("header", HEADER, info.header());
                out.uint32(info.height());
                out.uint32(info.width());
                out.string("distortion_model", info.distortionModel());
                out.float64Sequence("d", info.d());
                out.float64Array("k", info.k(), 9);
                out.float64Array("r", info.r(), 9);
                out.float64Array("p", info.p(), 12);
                out.uint32(info.binningX());
                out.uint32(info.binningY());
                out.struct("roi", REGION_OF_INTEREST, info.roi());
            });

    private SensorMsgsCdr() {
    }
}
