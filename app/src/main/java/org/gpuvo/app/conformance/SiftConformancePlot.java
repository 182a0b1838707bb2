package org.gpuvo.app.conformance;

import org.gpuvo.app.OutputFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The chart of {@code gpuvo conformance sift --plot}: for each group of pairs the bar is judged on, then for each set
 * within the warped views, how far each gpuvo variant is from OpenCV in correct matches (percent of OpenCV's) and in
 * precision (percentage points), two panels one above the other, each bar with an error bar of 2 bootstrap standard
 * deviations: a bar above zero holds, one below zero whose error bar reaches zero is within what another draw of
 * pairs could change.
 */
final class SiftConformancePlot {
    /** One gpuvo variant's bars: per row, the difference and 2 standard deviations (0 where there is none). */
    private record Variant(String id, List<Double> correct, List<Double> correctError, List<Double> precision,
                           List<Double> precisionError) {
    }

    private static final int WIDTH = 1200, PANEL_HEIGHT = 460;

    private final List<String> rows;
    private final List<Variant> variants = new ArrayList<>();

    /** A chart of the given rows (groups and sets), in order. */
    SiftConformancePlot(List<String> rows) {
        this.rows = List.copyOf(rows);
    }

    /**
     * Adds a gpuvo variant's differences from OpenCV, per row: correct matches in percent of OpenCV's, precision in
     * percentage points, each with its bootstrap standard deviation (NaN: drawn as 0, e.g. a set of one pair).
     */
    void add(String id, double[] correctPercent, double[] correctPercentSd, double[] precisionPoints,
             double[] precisionPointsSd) {
        if (correctPercent.length != rows.size() || correctPercentSd.length != rows.size()
                || precisionPoints.length != rows.size() || precisionPointsSd.length != rows.size())
            throw new IllegalArgumentException("one figure per row: " + rows.size() + " rows");
        variants.add(new Variant(id, finite(correctPercent, 1), finite(correctPercentSd, 2),
                finite(precisionPoints, 1), finite(precisionPointsSd, 2)));
    }

    void write(Path png, String title) throws IOException {
        OutputFiles.requireWritable(png);
        CategoryChart correct = panel(title, "correct matches, gpuvo - OpenCV (% of OpenCV's)");
        CategoryChart precision = panel(null, "precision, gpuvo - OpenCV (percentage points)");
        for (Variant v : variants) {
            correct.addSeries(v.id(), rows, v.correct(), v.correctError());
            precision.addSeries(v.id(), rows, v.precision(), v.precisionError());
        }
        BufferedImage image = new BufferedImage(WIDTH, 2 * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.drawImage(BitmapEncoder.getBufferedImage(correct), 0, 0, null);
        g.drawImage(BitmapEncoder.getBufferedImage(precision), 0, PANEL_HEIGHT, null);
        g.dispose();
        if (!ImageIO.write(image, "png", png.toFile()))
            throw new IOException("no PNG writer for " + png);
    }

    private static CategoryChart panel(String title, String yAxis) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(PANEL_HEIGHT).title(title == null ? ""
                : title).yAxisTitle(yAxis).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        // every category labelled: XChart thins labels closer than its spacing hint (74 px by default)
        chart.getStyler().setXAxisLabelRotation(90);
        chart.getStyler().setXAxisTickMarkSpacingHint(20);
        chart.getStyler().setErrorBarsColor(Color.BLACK);
        return chart;
    }

    /** The values times {@code factor}, NaN as 0 (XChart draws no NaN bar). */
    private static List<Double> finite(double[] values, double factor) {
        List<Double> list = new ArrayList<>(values.length);
        for (double v : values)
            list.add(Double.isFinite(v) ? factor * v : 0.0);
        return list;
    }
}
