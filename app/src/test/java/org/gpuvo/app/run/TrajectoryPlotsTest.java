package org.gpuvo.app.run;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

import java.awt.Color;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TrajectoryPlotsTest {

    @Test
    void theViewIsThePlaneOfTheTwoLargestExtents() {
        assertThat(TrajectoryPlots.plane(line(10, 0.1, 5))).containsExactly(0, 2);  // KITTI: x and z
        assertThat(TrajectoryPlots.plane(line(10, 5, 0.1))).containsExactly(0, 1);
        assertThat(TrajectoryPlots.plane(line(0.1, 10, 5))).containsExactly(1, 2);
    }

    @Test
    void aMetreIsAsLongAcrossAsUp() {
        // data 100 m wide and 1 m tall: the y range must widen until metres per pixel agree
        XYChart chart = new XYChartBuilder().width(1000).height(800).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        double[] x = {0, 100}, y = {0, 1};
        chart.addSeries("data", x, y);
        TrajectoryPlots.equalScale(chart, new double[][]{x}, new double[][]{y});
        Styler styler = chart.getStyler();
        double spanX = chart.getStyler().getXAxisMax() - chart.getStyler().getXAxisMin();
        double spanY = chart.getStyler().getYAxisMax() - chart.getStyler().getYAxisMin();
        assertThat(spanX).isGreaterThanOrEqualTo(100);
        assertThat(spanY).isGreaterThan(50);
        // measure the plot area of the final layout as the probe does
        Color border = styler.getPlotBorderColor();
        styler.setPlotBorderColor(new Color(0x12, 0x34, 0x56)).setAntiAlias(false);
        int[] area = TrajectoryPlots.plotArea(BitmapEncoder.getBufferedImage(chart));
        styler.setPlotBorderColor(border).setAntiAlias(true);
        assertThat(area).isNotNull();
        assertThat(spanX / area[0]).isCloseTo(spanY / area[1], within(0.01 * spanX / area[0]));
    }

    private static Trajectory line(double dx, double dy, double dz) {
        Trajectory t = new Trajectory();
        for (int i = 0; i < 5; i++) {
            Se3_F64 pose = new Se3_F64();
            pose.T.setTo(dx * i * (i % 2 == 0 ? 1 : -1), dy * i, dz * i);
            t.add(i, pose);
        }
        return t;
    }
}
