package org.gpuvo.app.conformance;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WarpKindTest {
    @Test
    void theKindsAreTheIssuesWithStableIds() {
        assertThat(Arrays.stream(WarpKind.values()).map(WarpKind::id)).containsExactly(
                "rotation_15", "rotation_30", "rotation_45", "rotation_60", "scale_0.5", "scale_0.75", "scale_1.5",
                "scale_2", "blur_1", "blur_2", "brightness_+40", "brightness_-40");
    }

    @Test
    void geometricKindsRotateOrScaleAboutTheImageCentre() {
        int w = 101, h = 51;
        double cx = 50, cy = 25;
        Homography rot = WarpKind.ROTATION_30.homography(w, h);
        assertThat(rot.map(cx, cy)[0]).isCloseTo(cx, within(1e-9));
        assertThat(rot.map(cx, cy)[1]).isCloseTo(cy, within(1e-9));
        double[] p = rot.map(cx + 10, cy);   // x right, y down: +30° turns +x towards +y
        assertThat(p[0]).isCloseTo(cx + 10 * Math.cos(Math.toRadians(30)), within(1e-9));
        assertThat(p[1]).isCloseTo(cy + 10 * Math.sin(Math.toRadians(30)), within(1e-9));
        double[] q = WarpKind.SCALE_0_75.homography(w, h).map(cx + 8, cy - 4);
        assertThat(q[0]).isCloseTo(cx + 6, within(1e-9));
        assertThat(q[1]).isCloseTo(cy - 3, within(1e-9));
        for (WarpKind k : new WarpKind[]{WarpKind.BLUR_2, WarpKind.BRIGHTNESS_MINUS_40})
            assertThat(k.homography(w, h).map(7.5, 3.25)).containsExactly(new double[]{7.5, 3.25}, within(1e-12));
    }

    @Test
    void aPairsCheckAcceptsTheMappedPointWithinTwoPixels() {
        GrayImage image = RandomImages.blocks(80, 60, 30, 4);
        ImagePair pair = WarpKind.ROTATION_45.pair("f", image);
        assertThat(pair.firstName()).isEqualTo("f");
        assertThat(pair.secondName()).isEqualTo("f~rotation_45");
        assertThat(pair.second().width).isEqualTo(80);
        double[] mapped = WarpKind.ROTATION_45.homography(80, 60).map(12, 17);
        assertThat(pair.check().isCorrect(12, 17, mapped[0], mapped[1])).isTrue();
        assertThat(pair.check().isCorrect(12, 17, mapped[0] + 1.2, mapped[1] - 1.5)).isTrue();    // 1.92 px
        assertThat(pair.check().isCorrect(12, 17, mapped[0] + 1.5, mapped[1] - 1.5)).isFalse();   // 2.12 px
        assertThat(pair.check().tolerancePx()).isEqualTo(2.0);
        assertThat(pair.check().criterion()).isEqualTo("homography_transfer_distance");
    }

    @Test
    void photometricKindsKeepTheGeometryAndChangeTheIntensities() {
        GrayImage image = RandomImages.blocks(80, 60, 30, 4);
        GrayImage brighter = WarpKind.BRIGHTNESS_PLUS_40.apply(image);
        for (int y = 0; y < 60; y++)
            for (int x = 0; x < 80; x++)
                assertThat(brighter.get(x, y)).isEqualTo(Math.min(255, image.get(x, y) + 40));
        GrayImage blurred = WarpKind.BLUR_1.apply(image);
        assertThat(blurred.data).isNotEqualTo(image.data);
    }
}
