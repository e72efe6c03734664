package dev.quiver.bench.report;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The report's PNG charts, drawn with JFreeChart. */
final class Charts {
  static final int WIDTH = 1100;
  static final int HEIGHT = 520;

  private Charts() {}

  /** Grouped bars, one group per query and one bar per system: median time (log scale) at {@code threads} threads. */
  static JFreeChart scanTimes(List<Measured> scan, int threads) {
    return times(scan, threads, "Scan queries");
  }

  /** Grouped bars of median time per query and system at {@code threads} threads, titled {@code what}. */
  static JFreeChart times(List<Measured> measured, int threads, String what) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Measured one : measured) {
      if (one.threads() == threads) {
        data.addValue(one.time().median() / 1e6, one.system(), one.subject());
      }
    }
    JFreeChart chart = ChartFactory.createBarChart(what + ", " + threads + " thread" + (threads == 1 ? "" : "s")
        + ": median wall time (lower is better)", "query", "milliseconds (log scale)", data, PlotOrientation.VERTICAL,
        true, false, false);
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setRangeAxis(logAxis("milliseconds (log scale)", 10));
    style(plot);
    return chart;
  }

  /** Grouped bars of median peak resident memory per query and system at {@code threads} threads. */
  static JFreeChart scanMemory(List<Measured> scan, int threads) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Measured measured : scan) {
      if (measured.threads() == threads) {
        data.addValue(measured.peakRss().median() / 1048576.0, measured.system(), measured.subject());
      }
    }
    JFreeChart chart = ChartFactory.createBarChart("Scan queries, " + threads + " thread" + (threads == 1 ? "" : "s")
        + ": median peak RSS of the measuring JVM (lower is better)", "query", "MiB", data, PlotOrientation.VERTICAL,
        true, false, false);
    style(chart.getCategoryPlot());
    return chart;
  }

  /** Decode time per block against rows, one line per system and codec, for blocks of {@code columns} columns. */
  static JFreeChart blockDecode(List<Measured> shuffle, int columns) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (Measured measured : shuffle) {
      String[] shape = measured.subject().split("[x-]");
      if (Integer.parseInt(shape[0]) != columns) {
        continue;
      }
      String name = measured.system() + " " + shape[2];
      XYSeries series;
      int index = data.getSeriesIndex(name);
      if (index < 0) {
        series = new XYSeries(name);
        data.addSeries(series);
      } else {
        series = data.getSeries(index);
      }
      series.add(Integer.parseInt(shape[1]), measured.time().median() / 1e3);
    }
    JFreeChart chart = ChartFactory.createXYLineChart("Shuffle block decode, " + columns
        + " columns: median µs per block (lower is better)", "rows per block (log scale)", "µs per block (log scale)",
        data, PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    plot.setDomainAxis(logAxis("rows per block (log scale)", 2));
    plot.setRangeAxis(logAxis("µs per block (log scale)", 10));
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    plot.setRenderer(renderer);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    return chart;
  }

  /** A log axis labelled with plain numbers (1, 10, 100, ...), not powers. */
  private static LogAxis logAxis(String label, double base) {
    LogAxis axis = new LogAxis(label);
    axis.setBase(base);
    axis.setSmallestValue(0.1);
    axis.setNumberFormatOverride(new DecimalFormat("#,##0.#", DecimalFormatSymbols.getInstance(Locale.ROOT)));
    return axis;
  }

  private static void style(CategoryPlot plot) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
    BarRenderer renderer = (BarRenderer) plot.getRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    renderer.setItemMargin(0.05);
  }

  static void save(JFreeChart chart, Path file) throws IOException {
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    ChartUtils.writeChartAsPNG(png, chart, WIDTH, HEIGHT);
    MarkdownSection.writeAtomically(file, png.toByteArray());
  }
}
