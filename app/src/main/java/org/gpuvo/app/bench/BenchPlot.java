package org.gpuvo.app.bench;

import org.gpuvo.app.OutputFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chart of {@code gpuvo bench --plot}: one stacked bar per configuration (size and feature count), a segment
 * per stage, median milliseconds; so that where a frame's time goes is seen at a glance.
 */
final class BenchPlot {
    private final List<String> configurations = new ArrayList<>();
    private final Map<String, List<Double>> stages = new LinkedHashMap<>();

    /** Adds one bar; stages missing from earlier bars are zero there. */
    void add(String configuration, Map<String, Double> stageMedians) {
        for (List<Double> values : stages.values())
            values.add(0.0);
        configurations.add(configuration);
        for (Map.Entry<String, Double> stage : stageMedians.entrySet()) {
            List<Double> values = stages.computeIfAbsent(stage.getKey(), k -> {
                List<Double> zeros = new ArrayList<>();
                for (int i = 0; i < configurations.size(); i++)
                    zeros.add(0.0);
                return zeros;
            });
            values.set(configurations.size() - 1, Double.isFinite(stage.getValue()) ? stage.getValue() : 0.0);
        }
    }

    void write(Path png, String title) throws IOException {
        OutputFiles.requireWritable(png);
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(800, 110 * configurations.size())).height(520)
                .title(title).xAxisTitle("image size / features").yAxisTitle("median ms").build();
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisLabelRotation(45);
        for (Map.Entry<String, List<Double>> stage : stages.entrySet())
            chart.addSeries(stage.getKey(), configurations, stage.getValue());
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
