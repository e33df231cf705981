package io.github.fastdecode.parquet.benchmarks;

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
 *   <li>No arguments: a short default selection (a few representative cases per encoding, one JMH
 *       run per group so each gets its own {@code -p} restriction), then one table of all results.
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

  /** Timing for the default selection: one fork, 3 x 1 s warm-up, 3 x 1 s measured. */
  static final List<String> DEFAULT_TIMING = List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "3", "-r", "1s");

  /** The default selection, one JMH run per entry: 39 forks, about 4 minutes on 2 cores. */
  static final List<List<String>> DEFAULT_GROUPS = List.of(
      List.of("DeltaBinaryPackedInt64Benchmark", "-p", "shape=monotonic,wide", "-p", "op=read,skip"),
      List.of("DeltaBinaryPackedInt32Benchmark", "-p", "shape=monotonic", "-p", "op=read,asLong,asDouble"),
      List.of("PlainBenchmark", "-p", "type=INT32,DOUBLE"),
      List.of("ByteStreamSplitBenchmark", "-p", "type=FLOAT,DOUBLE,FLBA16"),
      List.of("UnsignedLongBenchmark"),
      List.of("RleDictionaryIdsBenchmark", "-p", "bitWidth=12", "-p", "shape=random"),
      List.of("DefinitionLevelsBenchmark", "-p", "nullPercent=10"),
      List.of("BooleanBenchmark", "-p", "encoding=PLAIN", "-p", "shape=random"),
      List.of("DictionaryDecodeBenchmark", "-p", "type=INT64", "-p", "nullPercent=10"),
      List.of("ByteArrayBenchmark", "-p", "encoding=DELTA_BYTE_ARRAY", "-p", "length=16", "-p", "op=read"));

  private Main() {}

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
    org.openjdk.jmh.Main.main(args);
  }

  private static void runDefaultSelection() throws Exception {
    List<RunResult> results = new ArrayList<>();
    for (List<String> group : DEFAULT_GROUPS) {
      List<String> jmhArgs = new ArrayList<>(DEFAULT_TIMING);
      jmhArgs.addAll(group);
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
