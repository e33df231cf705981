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
package io.github.fastdecode.parquet.benchmarks;

import io.github.fastdecode.parquet.benchmarks.report.BenchmarkProfile;
import io.github.fastdecode.parquet.benchmarks.report.ReportCommand;
import io.github.fastdecode.parquet.benchmarks.report.RunAllCommand;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * The benchmark jar's entry point.
 *
 * <ul>
 *   <li>No arguments: the {@code quick} profile's selection (a few representative cases per
 *       encoding, one JMH run per group so each gets its own {@code -p} restriction) on this JDK,
 *       then one table of all results; {@code runall} runs it on JDK 17, 21 and 25.
 *   <li>A first argument naming a command in {@link #COMMANDS}: that command, with the rest.
 *   <li>Anything else (options such as {@code -h}, {@code -prof gc}, a benchmark regex): passed to
 *       JMH unchanged.
 * </ul>
 */
public final class Main {
  /** A subcommand of the jar; gets the arguments after its name. */
  @FunctionalInterface
  interface Command {
    void run(List<String> args) throws Exception;
  }

  /**
   * Subcommands, matched against the first argument before JMH sees it. The page tools (dump, scan,
   * report) are registered here; a name here shadows a benchmark regex of the same spelling.
   */
  static final Map<String, Command> COMMANDS = Map.ofEntries(
      // one line per command: Map.entry("name", SomeCommand::run),
      Map.entry("dump", DumpCommand::main),
      Map.entry("scan", ScanCommand::main),
      Map.entry("report", ReportCommand::run),
      Map.entry("runall", RunAllCommand::run));

  /** Loaded in every benchmark fork where the JDK has it, so fastdecode's vector kernels run. */
  public static final String VECTOR_MODULE = "jdk.incubator.vector";

  private Main() {}

  /**
   * JMH options that load {@link #VECTOR_MODULE} in the forks, unless the caller set fork flags of
   * their own or this JDK lacks the module.
   */
  public static List<String> withVectorModule(List<String> jmhArgs) {
    boolean own = jmhArgs.contains("-jvmArgs") || jmhArgs.contains("-jvmArgsAppend");
    if (own || java.lang.module.ModuleFinder.ofSystem().find(VECTOR_MODULE).isEmpty()) {
      return jmhArgs;
    }
    List<String> out = new ArrayList<>(jmhArgs);
    out.add("-jvmArgsAppend");
    out.add("--add-modules=" + VECTOR_MODULE);
    return out;
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      runDefaultSelection();
      return;
    }
    Command command = COMMANDS.get(args[0]);
    if (command != null) {
      command.run(Arrays.asList(args).subList(1, args.length));
      return;
    }
    org.openjdk.jmh.Main.main(withVectorModule(Arrays.asList(args)).toArray(new String[0]));
  }

  /** The {@code quick} profile (see {@link BenchmarkProfile}), run in this JVM's JDK, then one table. */
  private static void runDefaultSelection() throws Exception {
    List<RunResult> results = new ArrayList<>();
    BenchmarkProfile profile = BenchmarkProfile.QUICK;
    for (List<String> group : profile.groups()) {
      List<String> jmhArgs = withVectorModule(profile.jmhArguments(group));
      // Printed so any group can be rerun alone, or longer, by hand.
      System.out.println("# default selection: java -jar benchmarks.jar " + String.join(" ", jmhArgs));
      Collection<RunResult> groupResults = new Runner(new CommandLineOptions(jmhArgs.toArray(new String[0]))).run();
      results.addAll(groupResults);
    }
    System.out.println();
    System.out.println("# default selection, all groups:");
    ResultFormatFactory.getInstance(ResultFormatType.TEXT, System.out).writeOut(results);
  }
}
