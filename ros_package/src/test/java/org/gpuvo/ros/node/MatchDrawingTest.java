package org.gpuvo.ros.node;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MatchDrawingTest {
    @Test
    void aMatchIsALineFromThePreviousKeypointToADotOnTheCurrentOne() {
        GrayImage image = GrayImage.create(40, 30);
        java.util.Arrays.fill(image.data, (byte) 200);
        Matches matches = new Matches();
        matches.add(0, 0, 10, Matches.NO_SECOND, 20, 10, 5, 10); // current (20, 10), previous (5, 10)
        GrayImage drawn = MatchDrawing.draw(image, matches);
        for (int x = 5; x <= 21; x++)
            assertThat(drawn.get(x, 10)).as("x %d", x).isEqualTo(255);
        assertThat(drawn.get(20, 11)).isEqualTo(255); // the dot
        assertThat(drawn.get(4, 10)).isEqualTo(100); // the rest at half brightness
        assertThat(drawn.get(20, 13)).isEqualTo(100);
        assertThat(image.get(10, 10)).isEqualTo(200); // the input is left alone
    }

    @Test
    void keypointsOutsideTheImageOrNotANumberDrawNothing() {
        GrayImage image = GrayImage.create(8, 8);
        Matches matches = new Matches();
        matches.add(0, 0, 10, Matches.NO_SECOND, 3, 3, -1e9f, 4e9f);
        matches.add(1, 1, 10, Matches.NO_SECOND, Float.NaN, 2, 1, 1);
        matches.add(2, 2, 10, Matches.NO_SECOND, 6, Float.POSITIVE_INFINITY, 1, 1);
        GrayImage drawn = MatchDrawing.draw(image, matches);
        for (int k = 0; k < 64; k++)
            assertThat(drawn.data[k]).isZero();
    }
}
