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

import io.github.fastdecode.parquet.benchmarks.jmh.ForkOptions;
import io.github.fastdecode.parquet.benchmarks.jmh.TrinoContender;
import io.github.fastdecode.parquet.benchmarks.report.Comparison;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code jmh [REGEX...] [JMH options]}: JMH's own command line, unchanged except that the forks
 * load the vector module where the JDK has it (unless {@code -jvmArgs}/{@code -jvmArgsAppend} are
 * given), and that the Trino benchmarks are left out where the forks' JDK is older than 25 (or the
 * jar was built without them). {@link Main} sends arguments here before picocli sees them, so JMH's options need no
 * quoting; this class is also what {@code --help} lists.
 */
@Command(
    name = JmhCommand.NAME,
    header = "Run JMH with its own arguments (jmh -h lists its options).",
    description = {
      "Run JMH: benchmark regexes and JMH options, as JMH itself takes them. The forks get"
          + " --add-modules jdk.incubator.vector where the JDK has it, so fastdecode's vector kernels run.",
      "'jmh -h' lists JMH's options, 'jmh -l' the benchmarks, 'jmh -lp' their parameters."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  java -jar benchmarks.jar jmh PlainBenchmark -p type=INT64 -f 1 -wi 2 -i 3",
      "  java -jar benchmarks.jar jmh DeltaLengthByteArrayBenchmark -prof gc -rf json -rff dlba.json"
    })
final class JmhCommand implements Callable<Integer> {
  static final String NAME = "jmh";

  @ParentCommand
  Main main;

  @Parameters(paramLabel = "JMH-ARG", description = "Passed to JMH as they are.")
  List<String> args = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    return runJmh(args, main.out, main.err);
  }

  /**
   * Runs JMH's command line {@code args} in this JVM (JMH prints to the process's standard output and
   * exits the JVM itself when a run fails). A line JMH cannot parse is one line here and exit 2.
   */
  static int runJmh(List<String> args, PrintStream out, PrintStream err) throws Exception {
    List<String> jmhArgs = new ArrayList<>();
    for (String a : args) {
      jmhArgs.add(a.equals("--help") ? "-h" : a); // JMH knows only -h
    }
    int forkFeature = forkFeature(jmhArgs);
    if (!TrinoContender.runsOn(forkFeature) && String.join(" ", jmhArgs).contains(Comparison.TRINO_CLASS_PREFIX)) {
      err.println(NAME + ": the Trino benchmarks are left out: Trino's decoders need JDK " + TrinoContender.JAVA_FEATURE
          + " forks and a jar built with them (these forks: Java " + forkFeature + ", built with them: "
          + TrinoContender.isBuiltIn() + ")");
    }
    jmhArgs = ForkOptions.withoutTrinoBelow(ForkOptions.withVectorModule(jmhArgs), forkFeature);
    try {
      new CommandLineOptions(jmhArgs.toArray(new String[0]));
    } catch (CommandLineOptionException e) {
      err.println(NAME + ": " + Messages.oneLine(e) + " (" + Main.NAME + " jmh -h lists JMH's options)");
      return Main.USAGE;
    }
    out.flush();
    org.openjdk.jmh.Main.main(jmhArgs.toArray(new String[0]));
    return Main.OK;
  }

  /**
   * The Java feature version the forks will run: that of {@code -jvm PATH} when given (from its
   * {@code release} file or {@code -version}), else this JVM's. One that cannot be told counts as
   * this JVM's: the Trino benchmarks' own setup then fails in forks that cannot run them.
   */
  static int forkFeature(List<String> jmhArgs) {
    int i = jmhArgs.indexOf("-jvm");
    if (i >= 0 && i + 1 < jmhArgs.size()) {
      try {
        return JdkLocator.inspect(Path.of(jmhArgs.get(i + 1)), "-jvm").feature();
      } catch (IOException | RuntimeException e) {
        return Runtime.version().feature();
      }
    }
    return Runtime.version().feature();
  }
}
