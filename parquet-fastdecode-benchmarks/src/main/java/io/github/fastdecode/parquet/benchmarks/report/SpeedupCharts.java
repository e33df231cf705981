/*
 * Copyright 2026 The parquet-fastdecode Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.fastdecode.parquet.benchmarks.report;

import io.github.fastdecode.parquet.benchmarks.report.Comparison.Cell;
import io.github.fastdecode.parquet.benchmarks.report.Comparison.ClassTable;
import io.github.fastdecode.parquet.benchmarks.report.Comparison.Row;
import io.github.fastdecode.parquet.benchmarks.report.Comparison.Speedup;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.SortedSet;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

/**
 * Speedup charts as SVG, drawn by JFreeChart onto JFreeSVG's {@code Graphics2D}: horizontal bars,
 * one group per case, one bar per JDK, a line at 1x (parity), and a log axis when the speedups span
 * a factor of {@value #LOG_SCALE_SPAN} or more.
 */
public final class SpeedupCharts {
  /** Max/min speedup ratio from which the axis is logarithmic. */
  static final double LOG_SCALE_SPAN = 10;

  private static final int WIDTH = 900;
  /** One colour per JDK in column order, readable for the common colour-vision deficiencies. */
  private static final Color[] JDK_COLOURS = {
      new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73), new Color(0xCC79A7), new Color(0x56B4E9)};

  static {
    System.setProperty("java.awt.headless", "true"); // fonts metrics only; no display needed
  }

  private SpeedupCharts() {}

  /** The chart of one class: each row's speedup on each JDK. */
  public static void writeClassChart(ClassTable table, SortedSet<Integer> jdks, Path svg) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Row row : table.rows()) {
      String label = table.label(row.params());
      for (int jdk : jdks) {
        Cell cell = row.cell(jdk);
        Speedup s = cell == null ? null : cell.speedup();
        // A missing value is a gap in the group (and a 'missing' cell in the table), not a zero bar.
        data.addValue(s == null ? null : s.value(), jdkLabel(jdk), label);
      }
    }
    write(table.className() + ": speedup over parquet-java (parquet-java ns / fastdecode ns)", data, svg);
  }

  /** The summary chart: each class's geometric-mean speedup on each JDK. */
  public static void writeSummaryChart(Comparison comparison, Path svg) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (ClassTable table : comparison.classes()) {
      for (int jdk : comparison.jdks()) {
        double g = Comparison.geometricMeanSpeedup(table, jdk);
        data.addValue(Double.isNaN(g) ? null : g, jdkLabel(jdk), table.className());
      }
    }
    write("Geometric-mean speedup over parquet-java per benchmark class", data, svg);
  }

  static String jdkLabel(int jdk) {
    return "JDK " + jdk;
  }

  private static void write(String title, DefaultCategoryDataset data, Path svg) throws IOException {
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (int r = 0; r < data.getRowCount(); r++) {
      for (int c = 0; c < data.getColumnCount(); c++) {
        Number v = data.getValue(r, c);
        if (v != null && v.doubleValue() > 0) {
          min = Math.min(min, v.doubleValue());
          max = Math.max(max, v.doubleValue());
        }
      }
    }
    JFreeChart chart = ChartFactory.createBarChart(title, null, "speedup (x)", data,
        PlotOrientation.HORIZONTAL, true, false, false);
    chart.setBackgroundPaint(Color.WHITE);
    chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    BarRenderer bars = (BarRenderer) plot.getRenderer();
    bars.setBarPainter(new StandardBarPainter());
    bars.setShadowVisible(false);
    bars.setItemMargin(0.02);
    for (int r = 0; r < data.getRowCount(); r++) {
      bars.setSeriesPaint(r, JDK_COLOURS[r % JDK_COLOURS.length]);
    }
    DecimalFormat times = new DecimalFormat("0.0'x'", DecimalFormatSymbols.getInstance(Locale.ROOT));
    bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", times));
    bars.setDefaultItemLabelsVisible(true);
    bars.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
    boolean log = max > 0 && max / min >= LOG_SCALE_SPAN;
    if (log) {
      LogAxis axis = new LogAxis("speedup (x), log scale");
      axis.setBase(2); // ticks at 0.5, 1, 2, 4, 8, ...: doublings read easily as speedups
      axis.setTickUnit(new NumberTickUnit(1));
      axis.setSmallestValue(Math.min(0.5, min / 2));
      axis.setNumberFormatOverride(new DecimalFormat("0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)));
      axis.setRange(Math.min(0.5, min / 1.5), max * 2.5);
      plot.setRangeAxis(axis);
      bars.setBase(1); // bars grow from parity: right of 1x is faster, left is slower
    } else {
      NumberAxis axis = (NumberAxis) plot.getRangeAxis();
      axis.setUpperMargin(0.15); // room for the value labels
    }
    plot.getRangeAxis().setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    plot.addRangeMarker(new ValueMarker(1, Color.DARK_GRAY, new BasicStroke(1.5f)));
    CategoryAxis cases = plot.getDomainAxis();
    cases.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    cases.setMaximumCategoryLabelWidthRatio(0.45f);

    int barCount = Math.max(1, data.getColumnCount() * Math.max(1, data.getRowCount()));
    int height = 140 + barCount * 14 + data.getColumnCount() * 8;
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, height);
    g.setDefsKeyPrefix("speedup"); // stable ids: regenerated charts diff cleanly
    chart.draw(g, new Rectangle(0, 0, WIDTH, height));
    Files.writeString(svg, g.getSVGDocument(), StandardCharsets.UTF_8);
  }
}
