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
 * JMH JSON result files (one or more per JDK) to {@code DIR/report.md}, one SVG chart per benchmark
 * class and {@code DIR/summary.svg}: what the {@code report} command and {@code runall} write.
 */
public final class Report {
  private Report() {}

  /**
   * The result files {@code inputs} name: a file as given, a directory as its {@code *.json} files
   * in name order. A missing file, a directory without JSON files or anything else unreadable is an
   * {@link IOException} whose message is one line naming it.
   */
  public static List<Path> resultFiles(List<Path> inputs) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path p : inputs) {
      if (Files.isDirectory(p)) {
        List<Path> json;
        try (Stream<Path> list = Files.list(p)) {
          json = list.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        if (json.isEmpty()) {
          throw new IOException(p + ": no *.json files in this directory");
        }
        files.addAll(json);
      } else if (!Files.exists(p)) {
        throw new IOException(p + ": no such file");
      } else {
        files.add(p);
      }
    }
    if (files.isEmpty()) {
      throw new IOException("no JMH JSON result files given");
    }
    return files;
  }

  /**
   * Reads {@code inputs} (files or directories, see {@link #resultFiles}) and the JMH console logs
   * ({@code logs}, plus each {@code NAME.log} beside a {@code NAME.json}), writes the report and its
   * charts into {@code out} and returns the report's path. {@code cpu} (or null: the files' own, or
   * this machine's) and {@code notes} go in the header.
   */
  public static Path write(List<Path> inputs, List<Path> logs, Path out, String cpu, List<String> notes) throws IOException {
    List<JmhResultFile> files = new ArrayList<>();
    List<Failure> failures = new ArrayList<>();
    for (Path input : resultFiles(inputs)) {
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
}
