package org.gpuvo.odometry.synthetic;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SyntheticSequenceWriterTest {
    private static SyntheticSequence small() {
        ConfigSynthetic c = ConfigSynthetic.room();
        c.width = 64;
        c.height = 48;
        c.focalLength = 50;
        c.frames = 4;
        c.droppedFrames = new int[]{2};
        return new SyntheticSequence(c);
    }

    @Test
    void kittiFolderHoldsImagesCalibrationPosesAndTimes(@TempDir Path dir) throws Exception {
        SyntheticSequence seq = small();
        SyntheticSequenceWriter.writeKitti(seq, dir);
        GrayImage left = ImageFiles.readGray(dir.resolve("image_0/000002.png"));
        assertThat(left.packed().data).isEqualTo(seq.left(2).data);
        assertThat(ImageFiles.readGray(dir.resolve("image_1/000002.png")).packed().data).isEqualTo(seq.right(2).data);
        List<String> calib = Files.readAllLines(dir.resolve("calib.txt"));
        String[] p1 = calib.get(1).split(" ");
        assertThat(p1[0]).isEqualTo("P1:");
        assertThat(Double.parseDouble(p1[1])).isEqualTo(50);
        assertThat(Double.parseDouble(p1[4])).isCloseTo(-50 * 0.12, within(1e-9));
        List<String> poses = Files.readAllLines(dir.resolve("poses.txt"));
        assertThat(poses).hasSize(3);
        String[] last = poses.get(2).split(" ");
        assertThat(Double.parseDouble(last[3])).isCloseTo(seq.groundTruth().orElseThrow().pose(2).T.x, within(1e-8));
        assertThat(Double.parseDouble(poses.get(0).split(" ")[0])).isEqualTo(1.0);
        List<String> times = Files.readAllLines(dir.resolve("times.txt"));
        assertThat(times).hasSize(3);
        assertThat(Double.parseDouble(times.get(2))).as("frame 2 is nominal frame 3").isCloseTo(3 / 30.0, within(1e-6));
    }

    @Test
    void tumFolderHoldsDepthInFiveThousandthsOfAMetre(@TempDir Path dir) throws Exception {
        SyntheticSequence seq = small();
        SyntheticSequenceWriter.writeTum(seq, dir);
        List<String> depthList = Files.readAllLines(dir.resolve("depth.txt"));
        assertThat(depthList.get(3)).isEqualTo("0.000000 depth/0.000000.png");
        BufferedImage depth = ImageIO.read(dir.resolve("depth/0.100000.png").toFile());
        assertThat(depth.getRaster().getSample(30, 20, 0))
                .isEqualTo((int) Math.round(seq.depth(2).at(30, 20) * 5000));
        List<String> truth = Files.readAllLines(dir.resolve("groundtruth.txt"));
        assertThat(truth).hasSize(3 + 3);
        String[] first = truth.get(3).split(" ");
        assertThat(Double.parseDouble(first[7])).as("qw of the identity").isCloseTo(1, within(1e-9));
        assertThat(Files.readAllLines(dir.resolve("rgb.txt")).get(4)).isEqualTo("0.033333 rgb/0.033333.png");
    }
}
