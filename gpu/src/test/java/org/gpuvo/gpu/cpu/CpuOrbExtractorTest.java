package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CpuOrbExtractorTest {
    private final OrbFeatures out = new OrbFeatures();

    @Test
    void findsTheRequestedNumberOnATexturedImage() {
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(1000))) {
            orb.detect(RandomImages.noise(800, 600, 1), out);
        }
        assertThat(out.size()).isBetween(990, 1010);
        assertThat(out.descriptors.size()).isEqualTo(out.size());
        KeyPoints kp = out.keyPoints;
        for (int i = 0; i < kp.size(); i++) {
            float s = OrbLimits.levelScale(new ConfigOrb(), kp.level[i]);
            assertThat(kp.x[i] / s).isBetween(31f - 1e-3f, 800 / s - 31);
            assertThat(kp.y[i] / s).isBetween(31f - 1e-3f, 600 / s - 31);
            assertThat(kp.angle[i]).isBetween(0f, 360f);
            assertThat(kp.diameter[i]).isEqualTo(31 * s);
        }
    }

    @Test
    void sameImageSameFeatures() {
        GrayImage image = RandomImages.blocks(640, 480, 800, 2);
        OrbFeatures second = new OrbFeatures();
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(500))) {
            orb.detect(image, out);
            orb.detect(RandomImages.noise(333, 222, 9), second);
            orb.detect(image, second);
        }
        assertThat(second.size()).isEqualTo(out.size());
        assertThat(java.util.Arrays.copyOf(second.keyPoints.x, out.size()))
                .isEqualTo(java.util.Arrays.copyOf(out.keyPoints.x, out.size()));
        assertThat(java.util.Arrays.copyOf(second.descriptors.data, out.size() * 32))
                .isEqualTo(java.util.Arrays.copyOf(out.descriptors.data, out.size() * 32));
    }

    @Test
    void stridedImageGivesTheSameFeaturesAsPacked() {
        GrayImage packed = RandomImages.blocks(300, 200, 300, 3);
        byte[] padded = new byte[7 + 200 * 320];
        for (int y = 0; y < 200; y++)
            System.arraycopy(packed.data, y * 300, padded, 7 + y * 320, 300);
        GrayImage strided = new GrayImage(300, 200, 320, 7, padded);
        OrbFeatures other = new OrbFeatures();
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(300))) {
            orb.detect(packed, out);
            orb.detect(strided, other);
        }
        assertThat(other.size()).isEqualTo(out.size()).isPositive();
        assertThat(java.util.Arrays.copyOf(other.descriptors.data, out.size() * 32))
                .isEqualTo(java.util.Arrays.copyOf(out.descriptors.data, out.size() * 32));
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1,1", "31,31", "62,400", "400,62", "4097,3", "3,4097", "63,63"})
    void imagesTooSmallForAnyFeatureGiveAnEmptyResult(int w, int h) {
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(2000))) {
            orb.detect(RandomImages.noise(w, h, 4), out);
        }
        assertThat(out.size()).isZero();
        assertThat(out.descriptors.size()).isZero();
    }

    @Test
    void uniformImageHasNoCorners() {
        GrayImage flat = GrayImage.create(640, 480);
        java.util.Arrays.fill(flat.data, (byte) 77);
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(2000))) {
            orb.detect(flat, out);
        }
        assertThat(out.size()).isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, ConfigOrb.MAX_FEATURES + 1, 1_000_000})
    void featureCountsOutOfRangeAreRejectedWithTheReason(int n) {
        assertThatThrownBy(() -> FactoryOrb.cpu(new ConfigOrb(n)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxFeatures")
                .hasMessageContaining(String.valueOf(n));
    }

    @Test
    void otherBadParametersAreRejected() {
        ConfigOrb c = new ConfigOrb();
        c.scaleFactor = 1.0;
        assertThatThrownBy(() -> FactoryOrb.cpu(c)).hasMessageContaining("scaleFactor");
        ConfigOrb p = new ConfigOrb();
        p.patchSize = 15;
        assertThatThrownBy(() -> FactoryOrb.cpu(p)).hasMessageContaining("patchSize");
        ConfigOrb f = new ConfigOrb();
        f.fastThreshold = 0;
        assertThatThrownBy(() -> FactoryOrb.cpu(f)).hasMessageContaining("fastThreshold");
    }

    @Test
    void inconsistentImageLayoutsAreRejectedAtConstruction() {
        assertThatThrownBy(() -> new GrayImage(100, 100, 90, 0, new byte[10000]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stride 90");
        assertThatThrownBy(() -> new GrayImage(100, 100, 100, 0, new byte[9999]))
                .hasMessageContaining("needs 10000 bytes");
        assertThatThrownBy(() -> new GrayImage(0, 10, new byte[0])).hasMessageContaining("positive");
    }

    @Test
    void hugeImagesAreRejectedBeforeAnyWork() {
        GrayImage wide = new GrayImage(OrbLimits.MAX_SIDE + 1, 1, new byte[OrbLimits.MAX_SIDE + 1]);
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb())) {
            assertThatThrownBy(() -> orb.detect(wide, out)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("larger than ORB accepts");
        }
    }

    @Test
    void describeDropsKeypointsTooCloseToTheBorderAndKeepsTheRestAligned() {
        GrayImage image = RandomImages.blocks(400, 300, 400, 6);
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(200))) {
            orb.detect(image, out);
            KeyPoints given = new KeyPoints();
            given.add(5, 5, 0, 31, 0, 0);                     // too close to the border
            for (int i = 0; i < out.size(); i++)
                given.addFrom(out.keyPoints, i);
            given.add(390, 150, 0, 31, 0, 0);                 // too close to the border
            Descriptors described = Descriptors.orb();
            orb.describe(image, given, described);
            assertThat(given.size()).isEqualTo(out.size());
            assertThat(described.size()).isEqualTo(out.size());
            assertThat(java.util.Arrays.copyOf(described.data, out.size() * 32))
                    .isEqualTo(java.util.Arrays.copyOf(out.descriptors.data, out.size() * 32));
        }
    }

    @Test
    void describeRejectsNonsenseLevelsAndAngles() {
        GrayImage image = RandomImages.blocks(400, 300, 400, 6);
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(200))) {
            KeyPoints bad = new KeyPoints();
            bad.add(200, 150, 40, 31, 0, 0);
            assertThatThrownBy(() -> orb.describe(image, bad, Descriptors.orb())).hasMessageContaining("level 40");
            KeyPoints nan = new KeyPoints();
            nan.add(200, 150, 0, 31, Float.NaN, 0);
            assertThatThrownBy(() -> orb.describe(image, nan, Descriptors.orb())).hasMessageContaining("angle NaN");
        }
    }

    @Test
    void gridDistributionSpreadsFeaturesOverMoreCells() {
        // texture only in the left quarter, sparse corners elsewhere
        GrayImage image = RandomImages.blocks(800, 600, 300, 8);
        GrayImage dense = RandomImages.noise(200, 600, 9);
        for (int y = 0; y < 600; y++)
            System.arraycopy(dense.data, y * 200, image.data, y * 800, 200);
        ConfigOrb best = new ConfigOrb(500);
        ConfigOrb grid = new ConfigOrb(500);
        grid.distribution = ConfigOrb.Distribution.GRID;
        grid.gridCellSize = 64;
        OrbFeatures spread = new OrbFeatures();
        try (OrbExtractor a = FactoryOrb.cpu(best); OrbExtractor b = FactoryOrb.cpu(grid)) {
            a.detect(image, out);
            b.detect(image, spread);
        }
        assertThat(spread.size()).isEqualTo(out.size());
        assertThat(cellsUsed(spread.keyPoints, 64)).isGreaterThan(cellsUsed(out.keyPoints, 64) * 3 / 2);
    }

    private static int cellsUsed(KeyPoints kp, int cell) {
        Set<Integer> cells = new HashSet<>();
        for (int i = 0; i < kp.size(); i++)
            if (kp.level[i] == 0)
                cells.add((int) (kp.y[i] / cell) * 1000 + (int) (kp.x[i] / cell));
        return cells.size();
    }
}
