package org.gpuvo.odometry.synthetic;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CenterlineTest {
    /** A point d metres to the left of the line at s has road coordinates (s, d), in bends as on straights. */
    @Test
    void roadCoordinatesInvertTheOffsetFromTheLine() {
        SplittableRandom random = new SplittableRandom(7);
        double[] c = new double[3], sd = new double[2];
        for (Centerline.Layout layout : new Centerline.Layout[]{Centerline.STREET, Centerline.HIGHWAY}) {
            Centerline line = new Centerline(3, layout, 1500);
            double reach = layout == Centerline.STREET ? 20 : 40; // under the smallest radius
            int bends = 0;
            for (int k = 0; k < 2000; k++) {
                double s = random.nextDouble(-30, 1500), d = random.nextDouble(-reach, reach);
                line.at(s, c);
                if (line.curvature(s) != 0)
                    bends++;
                line.roadCoordinates(c[0] - Math.sin(c[2]) * d, c[1] + Math.cos(c[2]) * d, sd);
                assertThat(sd[0]).as("s of (%.3f, %.3f)", s, d).isCloseTo(s, within(1e-6));
                assertThat(sd[1]).as("d of (%.3f, %.3f)", s, d).isCloseTo(d, within(1e-6));
            }
            assertThat(bends).as("points beside bends").isGreaterThan(200);
        }
    }

    /** The highway's bends are gentle: radii of at least 600 m, and a straight first stretch of 60 m or more. */
    @Test
    void highwayLayoutIsGentle() {
        for (long seed = 1; seed <= 20; seed++) {
            Centerline line = new Centerline(seed, Centerline.HIGHWAY, 2000);
            for (double s = -40; s < 2000; s += 1) {
                assertThat(Math.abs(line.curvature(s))).isLessThanOrEqualTo(1 / 600.0);
                if (s < 60)
                    assertThat(line.curvature(s)).isZero();
            }
        }
    }
}
