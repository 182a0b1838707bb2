package org.gpuvo.ros.fuzz;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.ros.bag.BagMetadata;
import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.Storage;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.bag.mcap.McapBagFileWriter;
import org.gpuvo.ros.bag.mcap.McapCompression;
import org.gpuvo.ros.bag.mcap.McapWriterOptions;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.RegionOfInterest;
import org.gpuvo.ros.msg.Time;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the small regression corpus of {@link InputFuzzTest} (kilobytes, made by gpuvo's own writers and by hand,
 * not taken from recordings): {@code java ... RegressionSeeds <InputFuzzTestInputs folder>}. Inputs that fuzzing
 * finds are added beside these, one file per finding.
 */
public final class RegressionSeeds {
    private static final Header HEADER = new Header(new Time(1, 500), "camera");

    private RegressionSeeds() {
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]);
        Path scratch = Files.createTempDirectory("gpuvo-seeds");
        GrayImage gray = GrayImage.create(8, 6);
        for (int i = 0; i < 48; i++)
            gray.data[i] = (byte) (i * 5);
        Image image = ImageMessages.fromGray(gray, HEADER);
        byte[] imageCdr = MessageCodecs.of(Image.class).encode(image);
        CameraInfo info = new CameraInfo(HEADER, 6, 8, "plumb_bob", new double[]{0.1, -0.01, 0, 0, 0},
                new double[]{10, 0, 4, 0, 10, 3, 0, 0, 1}, new double[]{1, 0, 0, 0, 1, 0, 0, 0, 1},
                new double[]{10, 0, 4, 0, 0, 10, 3, 0, 0, 0, 1, 0}, 0, 0,
                new RegionOfInterest(0, 0, 0, 0, false));
        byte[] infoCdr = MessageCodecs.of(CameraInfo.class).encode(info);

        // CDR: the blob, then the codec's index (Jazzer's data provider reads integers from the end)
        List<?> codecs = MessageCodecs.all();
        for (int i = 0; i < codecs.size(); i++) {
            String type = MessageCodecs.types().get(i);
            byte[] blob = type.equals(Image.TYPE) ? imageCdr
                    : type.equals(CameraInfo.TYPE) ? infoCdr : new byte[]{0, 1, 0, 0};
            int index = MessageCodecs.all().indexOf(MessageCodecs.forType(type).orElseThrow());
            write(root, "cdrMessages", type.replace('/', '_'),
                    concat(blob, ByteBuffer.allocate(4).putInt(index).array()));
        }

        ByteArrayOutputStream png = new ByteArrayOutputStream(), jpeg = new ByteArrayOutputStream();
        ImageIO.write(ImageFiles.toBufferedImage(gray), "png", png);
        ImageIO.write(ImageFiles.toBufferedImage(gray), "jpeg", jpeg);
        write(root, "compressedImages", "gray.png", png.toByteArray());
        write(root, "compressedImages", "gray.jpg", jpeg.toByteArray());

        TopicInfo imageTopic = TopicInfo.of("/camera/image_raw", Image.TYPE);
        TopicInfo infoTopic = TopicInfo.of("/camera/camera_info", CameraInfo.TYPE);
        for (McapCompression compression : McapCompression.values()) {
            for (boolean summary : new boolean[]{true, false}) {
                Path file = scratch.resolve(compression + "-" + summary + ".mcap");
                try (McapBagFileWriter w = McapBagFileWriter.create(file, McapWriterOptions.defaults()
                        .withCompression(compression).withSummary(summary).withChunkSize(200))) {
                    w.addTopic(imageTopic, "");
                    w.addTopic(infoTopic, "");
                    for (int i = 0; i < 3; i++) {
                        w.write(infoTopic.name(), 1_000_000_000L + i, infoCdr);
                        w.write(imageTopic.name(), 1_000_000_000L + i, imageCdr);
                    }
                }
                write(root, "mcapFiles", file.getFileName().toString(), Files.readAllBytes(file));
            }
        }

        Path bag = scratch.resolve("sqlite-bag");
        try (BagWriter w = Bags.create(bag, Storage.SQLITE3)) {
            w.addTopic(imageTopic, "");
            for (int i = 0; i < 3; i++)
                w.write(imageTopic.name(), 1_000_000_000L + i, imageCdr);
        }
        write(root, "sqliteFiles", "three-images.db3", Files.readAllBytes(bag.resolve("sqlite-bag_0.db3")));
        write(root, "bagMetadata", "metadata.yaml", Files.readAllBytes(bag.resolve(BagMetadata.FILE_NAME)));

        write(root, "parameterFiles", "params.yaml", text("""
                /**:
                  ros__parameters:
                    mode: stereo
                    max_features: 2000
                    use_sim_time: true
                    thresholds: [1.5, 2.0]
                """));
        write(root, "rosArguments", "remaps", text("-r\0image:=/cam/image\0-p\0max_features:=500\0--params-file\0x"));
        write(root, "cameraInfoYaml", "camera.yaml", text("""
                image_width: 8
                image_height: 6
                camera_name: camera
                camera_matrix: {rows: 3, cols: 3, data: [10, 0, 4, 0, 10, 3, 0, 0, 1]}
                distortion_model: plumb_bob
                distortion_coefficients: {rows: 1, cols: 5, data: [0.1, -0.01, 0, 0, 0]}
                rectification_matrix: {rows: 3, cols: 3, data: [1, 0, 0, 0, 1, 0, 0, 0, 1]}
                projection_matrix: {rows: 3, cols: 4, data: [10, 0, 4, 0, 0, 10, 3, 0, 0, 0, 1, 0]}
                """));
        write(root, "kittiCalibration", "calib.txt", text("""
                P0: 7.0e+02 0 6.0e+02 0 0 7.0e+02 1.8e+02 0 0 0 1 0
                P1: 7.0e+02 0 6.0e+02 -3.8e+02 0 7.0e+02 1.8e+02 0 0 0 1 0
                """));
        write(root, "eurocSensorYaml", "sensor.yaml", text("""
                %YAML:1.0
                sensor_type: camera
                T_BS:
                  cols: 4
                  rows: 4
                  data: [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]
                rate_hz: 20
                resolution: [752, 480]
                camera_model: pinhole
                intrinsics: [458.654, 457.296, 367.215, 248.375]
                distortion_model: radial-tangential
                distortion_coefficients: [-0.28340811, 0.07395907, 0.00019359, 1.76187114e-05]
                """));
        write(root, "trajectories", "tum.txt", text("""
                # timestamp tx ty tz qx qy qz qw
                1.0 0 0 0 0 0 0 1
                1.1 0.1 0 0 0 0 0.0499792 0.9987503
                """));
        write(root, "trajectories", "kitti.txt", text("""
                1 0 0 0 0 1 0 0 0 0 1 0
                1 0 0 0.5 0 1 0 0 0 0 1 0.1
                """));
        write(root, "trajectories", "euroc.csv", text("""
                #timestamp, p_RS_R_x [m], p_RS_R_y [m], p_RS_R_z [m], q_RS_w [], q_RS_x [], q_RS_y [], q_RS_z []
                1403715273262142976,0.878612,2.142470,0.947262,0.060514,-0.828459,-0.058956,-0.553641
                1403715273267142912,0.878615,2.142469,0.947262,0.060514,-0.828459,-0.058956,-0.553641
                """));
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static void write(Path root, String target, String name, byte[] data) throws IOException {
        Path folder = Files.createDirectories(root.resolve(target));
        Files.write(folder.resolve(name), data);
    }
}
