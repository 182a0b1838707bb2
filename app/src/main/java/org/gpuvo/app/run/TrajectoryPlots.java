package org.gpuvo.app.run;

import georegression.struct.se.Se3_F64;
import org.gpuvo.app.OutputFiles;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The plots of a trajectory evaluation ({@code gpuvo eval --plot}, {@code gpuvo run}): a top view of the aligned
 * estimate over the reference, and the absolute error of each associated pose over time.
 */
final class TrajectoryPlots {
    static final String TRAJECTORY_PNG = "trajectory.png";
    static final String ATE_PNG = "ate_over_time.png";
    private static final String[] AXES = {"x", "y", "z"};
    private static final int WIDTH = 1000, HEIGHT = 800;
    /** Only the probe renders draw the plot border in this colour, to find the plot area's pixels. */
    private static final Color PROBE_BORDER = new Color(0x12, 0x34, 0x56);

    private TrajectoryPlots() {
    }

    /** Writes {@link #TRAJECTORY_PNG} and {@link #ATE_PNG} into {@code dir} (created if missing); returns them. */
    static List<Path> write(EvaluationResult result, Trajectory reference, Path dir, String title) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir))
            throw new IOException("cannot write plots into " + dir + ": it is a file, not a folder");
        Files.createDirectories(dir);
        Path top = dir.resolve(TRAJECTORY_PNG), ate = dir.resolve(ATE_PNG);
        String aligned = result.ate().mode().name().toLowerCase(Locale.ROOT);
        writeTopView(result.alignedEstimate(), reference, top,
                title + " (estimate aligned: " + aligned + ")");
        writeAteOverTime(result.ateTimes(), result.ateErrors(), result.ate().rmse(), ate,
                title + ", ATE after " + aligned + " alignment");
        return List.of(top, ate);
    }

    /**
     * Draws both trajectories seen along the axis in which the reference extends least, so that the view is the
     * plane of its two largest extents (KITTI: x and z, the ground plane), with the same scale on both axes.
     */
    static void writeTopView(Trajectory estimate, Trajectory reference, Path png, String title) throws IOException {
        OutputFiles.requireWritable(png);
        int[] plane = plane(reference);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(AXES[plane[0]] + " (m)").yAxisTitle(AXES[plane[1]] + " (m)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setMarkerSize(0);
        double[][] ref = coordinates(reference, plane), est = coordinates(estimate, plane);
        XYSeries r = chart.addSeries("reference", ref[0], ref[1]);
        r.setMarker(SeriesMarkers.NONE);
        r.setLineColor(new Color(0x55, 0x55, 0x55));
        XYSeries e = chart.addSeries("estimate", est[0], est[1]);
        e.setMarker(SeriesMarkers.NONE);
        e.setLineColor(new Color(0x1f, 0x77, 0xb4));
        equalScale(chart, new double[][]{ref[0], est[0]}, new double[][]{ref[1], est[1]});
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** ATE of each associated pose against seconds since the first one, with the RMSE as a line. */
    static void writeAteOverTime(double[] times, double[] errors, double rmse, Path png, String title)
            throws IOException {
        OutputFiles.requireWritable(png);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(500).title(title)
                .xAxisTitle("time since the first pose (s)").yAxisTitle("ATE (m)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setMarkerSize(0);
        double start = times.length > 0 ? times[0] : 0;
        double[] seconds = new double[times.length];
        for (int i = 0; i < times.length; i++)
            seconds[i] = times[i] - start;
        XYSeries ate = chart.addSeries("ATE", seconds, errors);
        ate.setMarker(SeriesMarkers.NONE);
        if (times.length > 0) {
            double end = seconds[seconds.length - 1];
            XYSeries line = chart.addSeries(String.format(Locale.ROOT, "RMSE %.4g m", rmse), new double[]{0, end},
                    new double[]{rmse, rmse});
            line.setMarker(SeriesMarkers.NONE);
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** The two axes (in index order) along which the positions extend most. */
    static int[] plane(Trajectory trajectory) {
        double[] min = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] max = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < trajectory.size(); i++) {
            Se3_F64 p = trajectory.pose(i);
            double[] v = {p.T.x, p.T.y, p.T.z};
            for (int a = 0; a < 3; a++) {
                min[a] = Math.min(min[a], v[a]);
                max[a] = Math.max(max[a], v[a]);
            }
        }
        int least = 0;
        for (int a = 1; a < 3; a++)
            if (max[a] - min[a] < max[least] - min[least])
                least = a;
        return least == 0 ? new int[]{1, 2} : least == 1 ? new int[]{0, 2} : new int[]{0, 1};
    }

    private static double[][] coordinates(Trajectory trajectory, int[] plane) {
        double[][] out = new double[2][trajectory.size()];
        for (int i = 0; i < trajectory.size(); i++) {
            Se3_F64 p = trajectory.pose(i);
            double[] v = {p.T.x, p.T.y, p.T.z};
            out[0][i] = v[plane[0]];
            out[1][i] = v[plane[1]];
        }
        return out;
    }

    /**
     * Sets the axis ranges so that a metre is as long across as up. XChart has no such option, and the plot area
     * depends on the tick labels, so: render a probe with the plot border in a colour of its own and no
     * anti-aliasing, read the plot area's size off its pixels, widen the range that is too short around its
     * centre; repeat while the labels' change moves the area.
     */
    static void equalScale(XYChart chart, double[][] xs, double[][] ys) {
        double[] xr = range(xs), yr = range(ys);
        double span = Math.max(Math.max(xr[1] - xr[0], yr[1] - yr[0]), 1e-3);
        // at least 1 mm, and a little room around the data
        double cx = 0.5 * (xr[0] + xr[1]), cy = 0.5 * (yr[0] + yr[1]);
        double sx = Math.max(xr[1] - xr[0], 1e-3 * span) * 1.02, sy = Math.max(yr[1] - yr[0], 1e-3 * span) * 1.02;
        Styler styler = chart.getStyler();
        Color border = styler.getPlotBorderColor();
        boolean antiAlias = styler.getAntiAlias();
        boolean borderVisible = styler.isPlotBorderVisible();
        styler.setPlotBorderColor(PROBE_BORDER).setAntiAlias(false).setPlotBorderVisible(true);
        double wantX = sx, wantY = sy;
        for (int iteration = 0; iteration < 4; iteration++) {
            setRanges(chart, cx, cy, wantX, wantY);
            int[] area = plotArea(BitmapEncoder.getBufferedImage(chart));
            if (area == null)
                break;
            // metres per pixel must agree: widen whichever axis has fewer
            double perPixel = Math.max(sx / area[0], sy / area[1]);
            double nextX = perPixel * area[0], nextY = perPixel * area[1];
            boolean settled = Math.abs(nextX - wantX) <= 1e-3 * wantX && Math.abs(nextY - wantY) <= 1e-3 * wantY;
            wantX = nextX;
            wantY = nextY;
            if (settled)
                break;
        }
        setRanges(chart, cx, cy, wantX, wantY);
        styler.setPlotBorderColor(border).setAntiAlias(antiAlias).setPlotBorderVisible(borderVisible);
    }

    private static void setRanges(XYChart chart, double cx, double cy, double spanX, double spanY) {
        chart.getStyler().setXAxisMin(cx - 0.5 * spanX).setXAxisMax(cx + 0.5 * spanX);
        chart.getStyler().setYAxisMin(cy - 0.5 * spanY).setYAxisMax(cy + 0.5 * spanY);
    }

    /** Width and height in pixels of the rectangle drawn in {@link #PROBE_BORDER}, or null if not found. */
    static int[] plotArea(BufferedImage image) {
        int probe = PROBE_BORDER.getRGB() & 0xffffff;
        int midY = image.getHeight() / 2, midX = image.getWidth() / 2;
        int left = -1, right = -1, top = -1, bottom = -1;
        for (int x = 0; x < image.getWidth(); x++) {
            if ((image.getRGB(x, midY) & 0xffffff) == probe) {
                if (left < 0)
                    left = x;
                right = x;
            }
        }
        for (int y = 0; y < image.getHeight(); y++) {
            if ((image.getRGB(midX, y) & 0xffffff) == probe) {
                if (top < 0)
                    top = y;
                bottom = y;
            }
        }
        if (left < 0 || top < 0 || right - left < 10 || bottom - top < 10)
            return null;
        return new int[]{right - left, bottom - top};
    }

    private static double[] range(double[][] series) {
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (double[] s : series)
            for (double v : s) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        if (min > max)
            return new double[]{-1, 1};
        return new double[]{min, max};
    }
}
