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

import io.github.fastdecode.parquet.benchmarks.report.Comparison.ClassTable;
import io.github.fastdecode.parquet.benchmarks.report.JmhLog.Failure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code report RESULT.json... --out DIR}: JMH JSON files (one or more per JDK) to {@code
 * DIR/report.md} plus one SVG chart per benchmark class and {@code DIR/summary.svg}.
 */
public final class ReportCommand {
  static final String USAGE = String.join("\n",
      "usage: java -jar benchmarks.jar report RESULT.json|DIR... --out DIR [options]",
      "  RESULT.json     JMH JSON results (-rf json), any number, any JDKs; a directory means its *.json.",
      "                  NAME.log and NAME.properties beside NAME.json are read when present",
      "                  (the JMH console output names failed benchmarks; runall writes both).",
      "  --out DIR       where report.md and the SVG charts go (created if needed)",
      "  --log FILE      a JMH console log to take failed benchmarks from (repeatable)",
      "  --cpu TEXT      the CPU model for the header, instead of the files' own or this machine's",
      "  --note TEXT     a line for the header (repeatable)");

  private ReportCommand() {}

  /** The jar's {@code report} command. */
  public static void run(List<String> args) throws IOException {
    if (args.contains("-h") || args.contains("--help")) {
      System.out.println(USAGE);
      return;
    }
    try {
      Path report = generate(args);
      System.out.println("report: wrote " + report + " and its charts");
    } catch (IllegalArgumentException e) {
      System.err.println("report: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
    }
  }

  /** Parses {@code args}, writes the report and charts, and returns the report's path. */
  public static Path generate(List<String> args) throws IOException {
    List<Path> inputs = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Path out = null;
    String cpu = null;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      switch (a) {
        case "--out" -> out = Path.of(value(args, ++i, a));
        case "--log" -> logs.add(Path.of(value(args, ++i, a)));
        case "--cpu" -> cpu = value(args, ++i, a);
        case "--note" -> notes.add(value(args, ++i, a));
        default -> {
          if (a.startsWith("--")) {
            throw new IllegalArgumentException("unknown option " + a);
          }
          Path p = Path.of(a);
          if (Files.isDirectory(p)) {
            try (Stream<Path> files = Files.list(p)) {
              files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().forEach(inputs::add);
            }
          } else {
            inputs.add(p);
          }
        }
      }
    }
    if (out == null) {
      throw new IllegalArgumentException("--out DIR is required");
    }
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("no JMH JSON result files given");
    }
    List<JmhResultFile> files = new ArrayList<>();
    List<Failure> failures = new ArrayList<>();
    for (Path input : inputs) {
      if (!Files.isRegularFile(input)) {
        throw new IllegalArgumentException("no such file: " + input);
      }
      JmhResultFile file = JmhResultFile.read(input);
      files.add(file);
      if (file.log() != null && !logs.contains(file.log())) {
        failures.addAll(JmhLog.read(file.log()));
      }
    }
    for (Path log : logs) {
      failures.addAll(JmhLog.read(log));
    }
    Comparison comparison = new Comparison(files, failures);
    Files.createDirectories(out);
    for (ClassTable table : comparison.classes()) {
      if (!table.rows().isEmpty()) {
        SpeedupCharts.writeClassChart(table, comparison.jdks(), out.resolve(MarkdownReport.chartName(table)));
      }
    }
    SpeedupCharts.writeSummaryChart(comparison, out.resolve(MarkdownReport.SUMMARY_CHART));
    String date = ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
    String markdown = new MarkdownReport(comparison, cpu, CpuModel.detect(), notes, date).render();
    Path report = out.resolve("report.md");
    Files.writeString(report, markdown, StandardCharsets.UTF_8);
    return report;
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args.get(i);
  }
}
