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
import io.github.fastdecode.parquet.benchmarks.report.JmhLog.Failure;
import io.github.fastdecode.parquet.benchmarks.report.JmhResultFile.RunSettings;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The report as Markdown: header (machine, JDKs, commands), how to read it, one table per class, and everything missing. */
public final class MarkdownReport {
  private final Comparison comparison;
  private final String cpuOverride;
  private final String localCpu;
  private final List<String> notes;
  private final String date;

  /**
   * @param cpuOverride the CPU model for every JDK ({@code --cpu}), or null to take each file's
   *     sidecar and fall back to {@code localCpu}
   * @param localCpu this machine's CPU model, used for files that do not say
   * @param notes extra lines for the header ({@code --note}, or the runner's missing JDKs)
   * @param date when the report was made
   */
  public MarkdownReport(Comparison comparison, String cpuOverride, String localCpu, List<String> notes, String date) {
    this.comparison = comparison;
    this.cpuOverride = cpuOverride;
    this.localCpu = localCpu;
    this.notes = notes;
    this.date = date;
  }

  /** The chart file of a class, relative to the report. */
  public static String chartName(ClassTable table) {
    return table.className() + ".svg";
  }

  public static final String SUMMARY_CHART = "summary.svg";

  public String render() {
    StringBuilder md = new StringBuilder();
    md.append("# Benchmarks: parquet-java against parquet-fastdecode across JDKs\n\n");
    header(md);
    howToRead(md);
    summary(md);
    for (ClassTable table : comparison.classes()) {
      classSection(md, table);
    }
    problems(md);
    return md.toString();
  }

  private void header(StringBuilder md) {
    md.append("Report made ").append(date).append(" from ");
    List<String> names = new ArrayList<>();
    comparison.files().forEach(f -> names.add("`" + f.path().getFileName() + "`"));
    md.append(String.join(", ", names)).append(".\n\n");

    md.append("| JDK | version and VM | CPU | JMH settings | JVM flags of the forks | run |\n");
    md.append("|---|---|---|---|---|---|\n");
    Set<String> cpus = new LinkedHashSet<>();
    Set<String> commands = new LinkedHashSet<>();
    for (int jdk : comparison.jdks()) {
      Set<String> versions = new LinkedHashSet<>();
      Set<String> timings = new LinkedHashSet<>();
      Set<String> flags = new LinkedHashSet<>();
      Set<String> jmh = new LinkedHashSet<>();
      Set<String> jdkCpus = new LinkedHashSet<>();
      Set<String> runs = new LinkedHashSet<>();
      for (JmhResultFile f : comparison.files()) {
        if (!f.jdks().containsKey(jdk)) {
          continue;
        }
        for (RunSettings s : f.settings().keySet()) {
          if (s.jdk() == jdk) {
            versions.add(s.jdkVersion() + ", " + s.vm() + " (`" + s.jvm() + "`)");
            timings.add(s.timing());
            flags.add(s.jvmArgs().isEmpty() ? "(none)" : "`" + s.jvmArgs() + "`");
            jmh.add(s.jmh());
          }
        }
        if (f.settings().isEmpty()) {
          versions.add(f.jdks().get(jdk) + " (no results)");
        }
        String cpu = cpuOverride != null ? cpuOverride : f.sidecar().getProperty(JmhResultFile.CPU);
        jdkCpus.add(cpu != null ? cpu : localCpu + " (this machine: the results do not name their CPU)");
        String command = f.sidecar().getProperty(JmhResultFile.COMMAND);
        if (command != null) {
          commands.add(command);
        }
        String elapsed = f.sidecar().getProperty(JmhResultFile.ELAPSED_SECONDS);
        String when = f.sidecar().getProperty(JmhResultFile.DATE);
        String profile = f.sidecar().getProperty(JmhResultFile.PROFILE);
        if (elapsed != null || when != null) {
          runs.add((profile != null ? "profile " + profile + ", " : "") + (when != null ? when : "")
              + (elapsed != null ? ", took " + minutes(Double.parseDouble(elapsed)) : ""));
        }
      }
      cpus.addAll(jdkCpus);
      md.append("| ").append(jdk).append(" | ").append(cell(versions)).append(" | ").append(cell(jdkCpus))
          .append(" | ").append(cell(timings)).append(", ").append(cell(jmh)).append(" | ").append(cell(flags))
          .append(" | ").append(runs.isEmpty() ? "" : cell(runs)).append(" |\n");
    }
    md.append('\n');
    if (cpus.size() > 1) {
      md.append("**Warning: these results come from different CPUs; compare speedups within one JDK's columns "
          + "only, not ns/value across JDKs.**\n\n");
    }
    for (String command : commands) {
      md.append("Command: `").append(command).append("`\n\n");
    }
    for (String note : notes) {
      md.append("Note: ").append(note).append("\n\n");
    }
  }

  private static String minutes(double seconds) {
    long s = Math.round(seconds);
    return s >= 60 ? (s / 60) + " min " + (s % 60) + " s" : s + " s";
  }

  private static void howToRead(StringBuilder md) {
    md.append("## How to read this\n\n"
        + "- Scores are **ns per value** (JMH average time divided by the values an invocation decodes), "
        + "lower is better. `parquet-java` is parquet-java 1.18.0's reader, `fastdecode` this library's "
        + "bulk call, over the same pages in the same fork setup.\n"
        + "- **Speedup** = parquet-java ns / fastdecode ns, higher is better; below 1x fastdecode is slower. "
        + "The range in brackets is [slowest parquet-java / fastest fastdecode ... fastest parquet-java / "
        + "slowest fastdecode], each score taken at the ends of JMH's 99.9% confidence interval (score +- "
        + "error). It is a conservative band, not a confidence interval of the ratio: a narrow band means "
        + "steady scores; `inf` means fastdecode's interval reaches zero; no band means JMH gave no error "
        + "(a single measured iteration).\n"
        + "- `copy` (where a class has it) is a plain bulk copy of the same bytes, the ceiling for decoding; "
        + "the percentage is copy ns / fastdecode ns, how close fastdecode comes to it.\n"
        + "- **alloc B/value** is JMH's gc profiler `gc.alloc.rate.norm` (bytes allocated per value, "
        + "parquet-java / fastdecode), shown when the run used `-prof gc`.\n"
        + "- **Trino** (JDK 25 forks only, where Trino has a decoder for the case): Trino's decoders on the same "
        + "pages, a decoder per page, batches of 4,096 into one reused array, checked against parquet-java "
        + "like the others. **Trino ÷ fastdecode** = Trino ns / fastdecode ns with the same kind of range: "
        + "below 1 Trino is faster, and the figure is in bold. An empty Trino cell is a case Trino cannot "
        + "decode (or a class whose Trino benchmark was not run).\n"
        + "- Rows name only the parameters that vary; parameters every row shares are under the class name. "
        + "`missing` means no result, `failed` that the JMH log reports a failure.\n"
        + "- Compare ns/value across JDKs only when the header shows the same CPU for them.\n\n");
  }

  private void summary(StringBuilder md) {
    md.append("## Summary\n\n");
    md.append("Geometric mean of each class's speedups (number of cases in brackets).\n\n");
    md.append("![geometric-mean speedup per class](").append(SUMMARY_CHART).append(")\n\n");
    md.append("| benchmark class |");
    comparison.jdks().forEach(j -> md.append(" JDK ").append(j).append(" |"));
    md.append("\n|---|");
    comparison.jdks().forEach(j -> md.append("---:|"));
    md.append('\n');
    for (ClassTable table : comparison.classes()) {
      md.append("| ").append(table.className()).append(" |");
      for (int jdk : comparison.jdks()) {
        double g = Comparison.geometricMeanSpeedup(table, jdk);
        long n = table.rows().stream().filter(r -> r.cell(jdk) != null && r.cell(jdk).speedup() != null).count();
        md.append(' ').append(Double.isNaN(g) ? "missing" : times(g) + " (" + n + ")").append(" |");
      }
      md.append('\n');
    }
    md.append('\n');
    trinoSummary(md);
  }

  /** Per class and JDK with Trino results, the geometric mean of Trino ns / fastdecode ns. */
  private void trinoSummary(StringBuilder md) {
    List<Integer> jdks = new ArrayList<>();
    for (int jdk : comparison.jdks()) {
      if (comparison.classes().stream().anyMatch(t -> t.hasTrino(jdk))) {
        jdks.add(jdk);
      }
    }
    if (jdks.isEmpty()) {
      return;
    }
    md.append("Against Trino's decoders: geometric mean of Trino ns / fastdecode ns per class (below 1: Trino "
        + "is faster; number of cases in brackets).\n\n| benchmark class |");
    jdks.forEach(j -> md.append(" JDK ").append(j).append(" Trino ÷ fastdecode |"));
    md.append("\n|---|");
    jdks.forEach(j -> md.append("---:|"));
    md.append('\n');
    for (ClassTable table : comparison.classes()) {
      if (jdks.stream().noneMatch(table::hasTrino)) {
        continue;
      }
      md.append("| ").append(table.className()).append(" |");
      for (int jdk : jdks) {
        double g = Comparison.geometricMeanTrinoRatio(table, jdk);
        long n = table.rows().stream().filter(r -> r.cell(jdk) != null && r.cell(jdk).trinoRatio() != null).count();
        md.append(' ').append(Double.isNaN(g) ? "missing" : times(g) + " (" + n + ")").append(" |");
      }
      md.append('\n');
    }
    md.append('\n');
  }

  private void classSection(StringBuilder md, ClassTable table) {
    md.append("## ").append(table.className()).append("\n\n");
    Map<String, String> constant = table.constantParams();
    if (!constant.isEmpty()) {
      md.append("All rows: ").append(params(constant)).append(".\n\n");
    }
    boolean copy = table.hasCopy();
    boolean alloc = table.hasAllocation();
    if (!table.rows().isEmpty()) {
      md.append("![").append(table.className()).append(" speedup per case and JDK](").append(chartName(table)).append(")\n\n");
      md.append("| case |");
      for (int jdk : comparison.jdks()) {
        md.append(" JDK ").append(jdk).append(" parquet-java ns | JDK ").append(jdk).append(" fastdecode ns |");
        if (copy) {
          md.append(" JDK ").append(jdk).append(" copy ns |");
        }
        md.append(" JDK ").append(jdk).append(" speedup |");
        if (table.hasTrino(jdk)) {
          md.append(" JDK ").append(jdk).append(" Trino ns | JDK ").append(jdk).append(" Trino ÷ fastdecode |");
        }
        if (alloc) {
          md.append(" JDK ").append(jdk).append(" alloc B/value |");
        }
      }
      md.append("\n|---|");
      int perJdk = 3 + (copy ? 1 : 0) + (alloc ? 1 : 0);
      int columns = comparison.jdks().size() * perJdk;
      for (int jdk : comparison.jdks()) {
        columns += table.hasTrino(jdk) ? 2 : 0;
      }
      for (int i = 0; i < columns; i++) {
        md.append("---:|");
      }
      md.append('\n');
      for (Row row : table.rows()) {
        md.append("| ").append(escape(table.label(row.params()))).append(" |");
        for (int jdk : comparison.jdks()) {
          Cell c = row.cell(jdk);
          md.append(' ').append(score(c == null ? null : c.parquetJava(), jdk, table, Comparison.PARQUET_JAVA, row)).append(" |");
          md.append(' ').append(score(c == null ? null : c.fastdecode(), jdk, table, Comparison.FASTDECODE, row)).append(" |");
          if (copy) {
            String s = score(c == null ? null : c.copy(), jdk, table, Comparison.COPY, row);
            if (c != null && c.copy() != null && c.fastdecode() != null) {
              s += " (" + Math.round(100 * c.copy().nsPerOp() / c.fastdecode().nsPerOp()) + "%)";
            }
            md.append(' ').append(s).append(" |");
          }
          Speedup sp = c == null ? null : c.speedup();
          md.append(' ').append(sp == null ? "" : speedup(sp)).append(" |");
          if (table.hasTrino(jdk)) {
            Measurement t = c == null ? null : c.trino();
            String trinoNs = t != null ? ns(t.nsPerOp()) : comparison.trinoFailed(jdk, table, row) ? "failed" : "";
            Speedup ratio = c == null ? null : c.trinoRatio();
            md.append(' ').append(trinoNs).append(" | ").append(ratio == null ? "" : trinoRatio(ratio)).append(" |");
          }
          if (alloc) {
            md.append(' ').append(c == null ? "" : bytes(c.parquetJava()) + " / " + bytes(c.fastdecode())).append(" |");
          }
        }
        md.append('\n');
      }
      md.append('\n');
    }
    if (!table.others().isEmpty()) {
      md.append("Other methods of the class (not paired):\n\n| method, case |");
      comparison.jdks().forEach(j -> md.append(" JDK ").append(j).append(" ns |"));
      md.append("\n|---|");
      comparison.jdks().forEach(j -> md.append("---:|"));
      md.append('\n');
      Map<String, Map<Integer, Measurement>> byCase = new TreeMap<>();
      for (Measurement m : table.others()) {
        String label = m.method() + (m.params().isEmpty() ? "" : ", " + table.label(m.params()));
        byCase.computeIfAbsent(label, k -> new TreeMap<>()).put(m.jdk(), m);
      }
      byCase.forEach((label, perJdk) -> {
        md.append("| ").append(escape(label)).append(" |");
        for (int jdk : comparison.jdks()) {
          Measurement m = perJdk.get(jdk);
          md.append(' ').append(m == null ? "missing" : ns(m.nsPerOp())
              + (Double.isNaN(m.allocBytesPerOp()) ? "" : " (" + bytes(m) + " B/value)")).append(" |");
        }
        md.append('\n');
      });
      md.append('\n');
    }
  }

  private String score(Measurement m, int jdk, ClassTable table, String method, Row row) {
    if (m != null) {
      return ns(m.nsPerOp());
    }
    return comparison.failed(jdk, table.className(), method, row.params()) ? "failed" : "missing";
  }

  private void problems(StringBuilder md) {
    md.append("## Failed benchmarks\n\n");
    if (comparison.failures().isEmpty()) {
      md.append("None reported").append(anyLog() ? "" : " (no JMH log was given, so failures show only as missing results)")
          .append(".\n\n");
    } else {
      md.append("| JDK | benchmark | parameters | reason | log |\n|---|---|---|---|---|\n");
      for (Failure f : comparison.failures()) {
        md.append("| ").append(f.jdk() == 0 ? "?" : String.valueOf(f.jdk())).append(" | ").append(f.benchmark())
            .append(" | ").append(escape(params(f.params()))).append(" | ").append(escape(f.reason())).append(" | ")
            .append(f.source()).append(" |\n");
      }
      md.append('\n');
    }
    list(md, "Unpaired results", comparison.unpaired());
    list(md, "Not measured on every JDK", comparison.notOnEveryJdk());
    if (!comparison.duplicates().isEmpty()) {
      list(md, "Duplicate results", comparison.duplicates());
    }
    List<String> skipped = new ArrayList<>();
    comparison.files().forEach(f -> skipped.addAll(f.skipped()));
    if (!skipped.isEmpty()) {
      list(md, "Results the report cannot use", skipped);
    }
  }

  private boolean anyLog() {
    return comparison.files().stream().anyMatch(f -> f.log() != null) || !comparison.failures().isEmpty();
  }

  private static void list(StringBuilder md, String title, List<String> items) {
    md.append("## ").append(title).append("\n\n");
    if (items.isEmpty()) {
      md.append("None.\n\n");
      return;
    }
    items.forEach(i -> md.append("- ").append(escape(i)).append('\n'));
    md.append('\n');
  }

  static String params(Map<String, String> params) {
    if (params.isEmpty()) {
      return "(none)";
    }
    StringBuilder sb = new StringBuilder();
    params.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v));
    return sb.toString();
  }

  private static String cell(Set<String> values) {
    return escape(String.join("; ", values));
  }

  private static String escape(String s) {
    return s.replace("|", "\\|");
  }

  /** Three significant digits or so: 33.5, 3.64, 0.409. */
  static String ns(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    double a = Math.abs(v);
    String pattern = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, pattern, v);
  }

  static String times(double v) {
    return String.format(Locale.ROOT, v >= 1 ? "%.1fx" : "%.2fx", v);
  }

  /** Trino ÷ fastdecode, bold when Trino is faster (below 1), with its range. */
  static String trinoRatio(Speedup s) {
    String value = s.value() < 1 ? "**" + times(s.value()) + "**" : times(s.value());
    if (Double.isNaN(s.low())) {
      return value;
    }
    String high = Double.isInfinite(s.high()) ? "inf" : times(s.high()).replace("x", "");
    return value + " [" + times(s.low()).replace("x", "") + ", " + high + "]";
  }

  static String speedup(Speedup s) {
    String value = "**" + times(s.value()) + "**";
    if (Double.isNaN(s.low())) {
      return value;
    }
    String high = Double.isInfinite(s.high()) ? "inf" : times(s.high()).replace("x", "");
    return value + " [" + times(s.low()).replace("x", "") + ", " + high + "]";
  }

  private static String bytes(Measurement m) {
    if (m == null || Double.isNaN(m.allocBytesPerOp())) {
      return "-";
    }
    double b = m.allocBytesPerOp();
    if (b != 0 && Math.abs(b) < 0.001) {
      return "<0.001";
    }
    return b == 0 ? "0" : ns(b);
  }
}
