package org.gpuvo.ros.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.gpuvo.odometry.dataset.CameraInfoYaml;
import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.EurocCalibration;
import org.gpuvo.odometry.dataset.KittiCalibration;
import org.gpuvo.odometry.trajectory.TrajectoryReader;
import org.gpuvo.ros.bag.BagDamageLog;
import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagMetadata;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.cdr.CdrException;
import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.image.CompressedImages;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.image.MalformedImageException;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.args.ParameterFile;
import org.gpuvo.ros.node.args.RosArguments;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzz targets (Jazzer) for every input gpuvo reads from outside: the CDR decoders of the messages
 * the node and replay read, MCAP and sqlite3 bag files, {@code metadata.yaml}, {@code --ros-args} and parameter
 * files, camera_info YAML, KITTI {@code calib.txt}, EuRoC {@code sensor.yaml}, trajectory files and compressed
 * images. Each target fails on what is a finding: an exception outside the documented ones, or an error message
 * that does not name the file. Under {@code mvn verify} each replays its corpus in
 * {@code src/test/resources/org/gpuvo/ros/fuzz/InputFuzzTestInputs/<target>}; {@code fuzz/run} fuzzes one for a
 * given time. Allocations out of proportion and hangs are caught by the fuzzer itself (its memory and time limits).
 */
class InputFuzzTest {
    private static final Header HEADER = new Header(new Time(1, 2), "camera");
    private static Path dir;

    @BeforeAll
    static void createFolder() throws IOException {
        dir = Files.createTempDirectory("gpuvo-fuzz");
    }

    @AfterAll
    static void deleteFolder() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList())
                Files.deleteIfExists(p);
        }
    }

    /** {@code data} as the file {@code name}, alone in its folder (rewritten for every input of a target). */
    private static Path file(String name, byte[] data) {
        try {
            Path folder = Files.createDirectories(dir.resolve(name.replace('.', '-')));
            try (Stream<Path> old = Files.list(folder)) {
                for (Path p : old.toList())
                    Files.delete(p);
            }
            return Files.write(folder.resolve(name), data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void namesFile(Throwable error, Path file) {
        assertThat(error.getMessage()).as("the error names the file").contains(file.getFileName().toString());
    }

    @FuzzTest
    void cdrMessages(FuzzedDataProvider data) {
        List<MessageCodec<?>> codecs = MessageCodecs.all();
        MessageCodec<?> codec = codecs.get(data.consumeInt(0, codecs.size() - 1));
        byte[] blob = data.consumeRemainingAsBytes();
        Object message;
        try {
            message = codec.decode(blob);
        } catch (CdrException expected) {
            return;
        }
        try {
            if (message instanceof Image image)
                ImageMessages.toGray(image);
            else if (message instanceof CompressedImage compressed)
                CompressedImages.toGray(compressed);
        } catch (MalformedImageException expected) {
            // documented: an image that does not hold what it says
        }
    }

    @FuzzTest
    void compressedImages(byte[] data) {
        try {
            CompressedImages.size(new CompressedImage(HEADER, "png", data));
            CompressedImages.toGray(new CompressedImage(HEADER, "png", data));
        } catch (MalformedImageException expected) {
            assertThat(expected.getMessage()).startsWith("compressed image");
        }
    }

    /** A bag file read as replay reads it: every message, damage counted and read past, then the counts. */
    private static void readBag(Path file) {
        BagDamageLog damage = new BagDamageLog();
        try (BagReader bag = Bags.open(file)) {
            try (MessageCursor cursor = bag.messages(null, damage)) {
                for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                    assertThat(m.data()).isNotNull();
            }
            bag.messageCounts();
            bag.timeRange();
        } catch (BagFormatException expected) {
            namesFile(expected, file);
        } catch (IOException e) {
            throw new AssertionError("an I/O error other than damage: " + e, e);
        }
        for (BagFormatException d : damage.first())
            namesFile(d, file);
    }

    @FuzzTest
    void mcapFiles(byte[] data) {
        readBag(file("fuzz.mcap", data));
    }

    @FuzzTest
    void sqliteFiles(byte[] data) {
        readBag(file("fuzz.db3", data));
    }

    @FuzzTest
    void bagMetadata(byte[] data) {
        Path file = file(BagMetadata.FILE_NAME, data);
        try {
            BagMetadata.read(file);
        } catch (BagFormatException expected) {
            namesFile(expected, file);
        } catch (IOException e) {
            throw new AssertionError("an I/O error other than a bad file: " + e, e);
        }
    }

    @FuzzTest
    void rosArguments(FuzzedDataProvider data) {
        List<String> args = new ArrayList<>();
        args.add("--ros-args");
        while (data.remainingBytes() > 0 && args.size() < 64)
            args.add(data.consumeString(64));
        try {
            RosArguments.parse(args.toArray(String[]::new));
        } catch (IllegalArgumentException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @FuzzTest
    void parameterFiles(byte[] data) {
        Path file = file("params.yaml", data);
        try {
            ParameterFile.read(file, "/vo");
        } catch (IllegalArgumentException expected) {
            namesFile(expected, file);
        }
    }

    /** Reads {@code data} as the file {@code name} with {@code reader}: a {@link DatasetException} names it. */
    private static void readDataset(String name, byte[] data, java.util.function.Consumer<Path> reader) {
        Path file = file(name, data);
        try {
            reader.accept(file);
        } catch (DatasetException expected) {
            namesFile(expected, file);
        }
    }

    @FuzzTest
    void cameraInfoYaml(byte[] data) {
        readDataset("camera.yaml", data, CameraInfoYaml::read);
    }

    @FuzzTest
    void kittiCalibration(byte[] data) {
        readDataset("calib.txt", data, file -> KittiCalibration.read(file, 1241, 376));
    }

    @FuzzTest
    void eurocSensorYaml(byte[] data) {
        readDataset("sensor.yaml", data, EurocCalibration::read);
    }

    @FuzzTest
    void trajectories(byte[] data) {
        readDataset("poses.txt", data, file -> new TrajectoryReader().read(file));
    }
}
