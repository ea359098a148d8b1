package io.throttled.bench;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/** The results as bar charts (PNG): one bar per series and category. */
final class Charts {
    private Charts() {
    }

    /**
     * @param series the name of each series, in the order of the values in {@code values}
     * @param values per category (x axis), one value per series
     */
    static void bars(Path file, String title, String axis, String[] series, Map<String, double[]> values) {
        save(file, chart(title, axis, series, values, PlotOrientation.VERTICAL), 1100, 520);
    }

    /** Horizontal bars, for many categories (a sweep): one line of labels per category. */
    static void rows(Path file, String title, String axis, String[] series, Map<String, double[]> values) {
        save(file, chart(title, axis, series, values, PlotOrientation.HORIZONTAL), 1100,
                160 + values.size() * Math.max(24, series.length * 9));
    }

    private static JFreeChart chart(String title, String axis, String[] series, Map<String, double[]> values,
                                    PlotOrientation orientation) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        values.forEach((category, row) -> {
            for (int i = 0; i < series.length; i++) {
                data.addValue(row[i], series[i], category);
            }
        });
        JFreeChart chart = ChartFactory.createBarChart(title, null, axis, data, orientation, true, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.GRAY);
        plot.getDomainAxis().setMaximumCategoryLabelLines(3);   // "sliding-window-counter" must not be cut
        return chart;
    }

    private static void save(Path file, JFreeChart chart, int width, int height) {
        try {
            java.nio.file.Files.createDirectories(file.getParent());
            ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
