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
package io.github.fastdecode.parquet.benchmarks.cli;

import io.github.fastdecode.parquet.benchmarks.report.Report;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code report RESULT.json|DIR... --out DIR}: JMH JSON files (one or more per JDK) to {@code
 * DIR/report.md} plus one SVG chart per benchmark class and {@code DIR/summary.svg} (see {@link
 * Report}).
 */
@Command(
    name = "report",
    header = "Turn JMH JSON results into a Markdown report with SVG charts.",
    sortOptions = false,
    description = {
      "Turn JMH JSON results (-rf json; any number, any JDKs) into DIR/report.md, one SVG chart per"
          + " benchmark class and DIR/summary.svg: parquet-java against parquet-fastdecode per case and JDK.",
      "NAME.log and NAME.properties beside NAME.json are read when present (runall writes both; the JMH"
          + " console log names failed benchmarks)."
    },
    footerHeading = "%n",
    footer = "Exit status: 0 written, 1 an input cannot be read (one line naming it), 2 a bad command line.")
final class ReportCommand implements Callable<Integer>, Verbose.Holder {
  @ParentCommand
  Main main;

  @Parameters(paramLabel = "RESULT.json|DIR", arity = "1..*",
      description = "JMH JSON result files; a directory means its *.json files.")
  List<Path> inputs = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", required = true,
      description = "Where report.md and the SVG charts go (created if needed).")
  Path out;

  @Option(names = "--log", paramLabel = "FILE", description = "A JMH console log to take failed benchmarks from (repeatable).")
  List<Path> logs = new ArrayList<>();

  @Option(names = "--cpu", paramLabel = "TEXT", description = "The CPU model for the header, instead of the files' own or this machine's.")
  String cpu;

  @Option(names = "--note", paramLabel = "TEXT", description = "A line for the header (repeatable).")
  List<String> notes = new ArrayList<>();

  @Mixin
  Verbose verbose;

  @Mixin
  HelpOption help;

  @Override
  public boolean verbose() {
    return verbose.on;
  }

  @Override
  public Integer call() {
    try {
      Path report = Report.write(inputs, logs, out, cpu, notes);
      main.out.println("report: wrote " + report + " and its charts");
      return Main.OK;
    } catch (IOException e) {
      main.err.println("report: " + Messages.oneLine(e));
      if (verbose.on) {
        e.printStackTrace(main.err);
      }
      return Main.FAILED;
    }
  }
}
