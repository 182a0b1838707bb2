package org.gpuvo.gpu.image;

import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ImageResizeTest {
    @Test
    void anImageOfTheRequestedSizeComesBackAsItIs() {
        GrayImage image = RandomImages.noise(40, 30, 1);
        assertThat(ImageResize.resize(image, 40, 30)).isSameAs(image);
    }

    @Test
    void halvingAveragesEachTwoByTwoBlock() {
        GrayImage image = RandomImages.noise(64, 48, 2);
        GrayImage half = ImageResize.area(image, 32, 24);
        for (int y = 0; y < 24; y++)
            for (int x = 0; x < 32; x++) {
                int sum = image.get(2 * x, 2 * y) + image.get(2 * x + 1, 2 * y) + image.get(2 * x, 2 * y + 1)
                        + image.get(2 * x + 1, 2 * y + 1);
                assertThat(half.get(x, y)).as("(%d, %d)", x, y).isEqualTo((int) Math.rint(sum / 4.0));
            }
    }

    @Test
    void areaWeighsPartlyCoveredPixelsByTheirCoveredPart() {
        // 3 -> 2: output 0 covers [0, 1.5) = pixel 0 and half of pixel 1, output 1 the other half and pixel 2
        GrayImage row = new GrayImage(3, 1, new byte[]{0, 90, (byte) 180});
        GrayImage out = ImageResize.area(row, 2, 1);
        assertThat(new int[]{out.get(0, 0), out.get(1, 0)}).containsExactly(30, 150);
    }

    @Test
    void areaKeepsAConstantImageConstant() {
        GrayImage image = GrayImage.create(1241, 376);
        java.util.Arrays.fill(image.data, (byte) 200);
        GrayImage out = ImageResize.area(image, 640, 240);
        for (byte b : out.data)
            assertThat(b & 0xFF).isEqualTo(200);
    }

    @Test
    void bilinearSamplesBetweenPixelCentresAndReplicatesTheEdges() {
        // 2 -> 4: output centres fall on source -0.25, 0.25, 0.75, 1.25
        GrayImage row = new GrayImage(2, 1, new byte[]{0, 100});
        GrayImage out = ImageResize.bilinear(row, 4, 1);
        assertThat(new int[]{out.get(0, 0), out.get(1, 0), out.get(2, 0), out.get(3, 0)})
                .containsExactly(0, 25, 75, 100);
    }

    @Test
    void strideAndOffsetAreHonoured() {
        GrayImage packed = RandomImages.noise(20, 10, 3);
        byte[] padded = new byte[5 + 10 * 27];
        for (int y = 0; y < 10; y++)
            System.arraycopy(packed.data, y * 20, padded, 5 + y * 27, 20);
        GrayImage view = new GrayImage(20, 10, 27, 5, padded);
        assertThat(ImageResize.area(view, 7, 3).data).isEqualTo(ImageResize.area(packed, 7, 3).data);
        assertThat(ImageResize.bilinear(view, 33, 17).data).isEqualTo(ImageResize.bilinear(packed, 33, 17).data);
    }

    @Test
    void resizeAveragesOnlyWhenBothSidesShrink() {
        GrayImage image = RandomImages.noise(60, 40, 4);
        assertThat(ImageResize.resize(image, 30, 20).data).isEqualTo(ImageResize.area(image, 30, 20).data);
        assertThat(ImageResize.resize(image, 30, 50).data).isEqualTo(ImageResize.bilinear(image, 30, 50).data);
        assertThat(ImageResize.resize(image, 60, 20).data).isEqualTo(ImageResize.bilinear(image, 60, 20).data);
    }

    @Test
    void areaDoesNotEnlarge() {
        assertThatThrownBy(() -> ImageResize.area(RandomImages.noise(10, 10, 5), 11, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shrinks");
    }
}
