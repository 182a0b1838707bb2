package org.gpuvo.app.opencv;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agreement figures on the real frames of KITTI 06 and EuRoC V1_01: gpuvo's CPU ORB against OpenCV
 * 4.13's {@code cv::ORB} with the same parameters.
 */
class OrbConformanceTest {

    private static List<OrbConformance.NamedImage> frames(List<Path> files) {
        List<OrbConformance.NamedImage> images = new ArrayList<>();
        for (Path f : files)
            images.add(new OrbConformance.NamedImage(f.getFileName().toString(), SharedData.read(f)));
        return images;
    }

    private static void assertAgreement(OrbConformanceReport report) {
        assertThat(report.images()).isPositive();
        assertThat(report.descriptorIdenticalFraction()).as("descriptors bit-identical").isGreaterThanOrEqualTo(0.99);
        assertThat(report.descriptorMeanHammingBits()).as("mean Hamming distance").isLessThanOrEqualTo(0.5);
        assertThat(report.keypointRecallVsOpencv()).as("OpenCV keypoints found").isGreaterThanOrEqualTo(0.90);
        assertThat(report.keypointPrecisionVsOpencv()).as("gpuvo keypoints OpenCV found").isGreaterThanOrEqualTo(0.90);
        for (OrbConformanceReport.PerImage p : report.perImage())
            assertThat(p.opencvKeypoints()).as("OpenCV keypoints in %s", p.image()).isGreaterThan(100);
    }

    @Test
    void kittiFramesAgreeWithOpenCv() {
        assertAgreement(OrbConformance.measure(frames(SharedData.kittiFrames(5)), new ConfigOrb(2000)));
    }

    @Test
    void eurocFramesAgreeWithOpenCv() {
        assertAgreement(OrbConformance.measure(frames(SharedData.eurocFrames(10)), new ConfigOrb(2000)));
    }

    @Test
    void otherParametersAgreeToo() {
        ConfigOrb config = new ConfigOrb(500);
        config.levels = 4;
        config.scaleFactor = 1.5;
        config.fastThreshold = 12;
        config.edgeThreshold = 19;
        assertAgreement(OrbConformance.measure(frames(SharedData.kittiFrames(17)), config));
    }

    /** Beyond those figures: the whole pipeline, orientation included, gives OpenCV's descriptors. */
    @Test
    void fullPipelineDescriptorsEqualOpenCvs() {
        GrayImage image = SharedData.read(SharedData.kittiFrames(50).get(0));
        ConfigOrb config = new ConfigOrb(2000);
        OrbFeatures theirs = new OrbFeatures(), ours = new OrbFeatures();
        try (OpenCvOrb opencv = new OpenCvOrb(config); OrbExtractor gpuvo = FactoryOrb.cpu(config)) {
            opencv.detect(image, theirs);
            gpuvo.detect(image, ours);
        }
        assertThat(ours.size()).isEqualTo(theirs.size());
        // pair keypoints by level and exact position, then compare angle and descriptor
        java.util.Map<String, Integer> index = new java.util.HashMap<>();
        KeyPoints t = theirs.keyPoints;
        for (int i = 0; i < t.size(); i++)
            index.put(t.level[i] + ":" + t.x[i] + ":" + t.y[i], i);
        int paired = 0, sameAngle = 0, sameDescriptor = 0;
        KeyPoints o = ours.keyPoints;
        for (int i = 0; i < o.size(); i++) {
            Integer j = index.get(o.level[i] + ":" + o.x[i] + ":" + o.y[i]);
            if (j == null)
                continue;
            paired++;
            if (o.angle[i] == t.angle[j] && o.response[i] == t.response[j])
                sameAngle++;
            if (ours.descriptors.hamming(i, theirs.descriptors, j) == 0)
                sameDescriptor++;
        }
        assertThat(paired).isEqualTo(theirs.size());
        assertThat(sameAngle).as("identical angle and Harris response").isEqualTo(paired);
        assertThat((double) sameDescriptor / paired).isGreaterThanOrEqualTo(0.99);
    }
}
