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

import io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkProfile;
import io.github.fastdecode.parquet.benchmarks.jmh.ForkOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.PatternSyntaxException;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The benchmark jar's entry point ({@code java -jar benchmarks.jar}): the subcommands below, parsed
 * by picocli, and JMH beside them.
 *
 * <ul>
 *   <li>No arguments: the {@code quick} profile's selection on this JDK, then one table of all
 *       results (the README's Quick start).
 *   <li>A first argument naming a subcommand, {@code -h}/{@code --help}/{@code help} or {@code
 *       -V}/{@code --version}: picocli.
 *   <li>{@code jmh ARGS...}: JMH with {@code ARGS} as they are. So is a first argument that starts
 *       with {@code -} (a JMH option such as {@code -prof gc} or {@code -l}) or names at least one
 *       benchmark as a JMH regex ({@code PlainBenchmark}).
 *   <li>Anything else: {@code unknown command 'X'}, the commands, exit 2; it never falls through
 *       to JMH, which would run every benchmark a typo matches or none.
 * </ul>
 *
 * <p>Exit status: 0 done, 1 a failure (a file that cannot be read, readers that disagree, a run
 * that failed), 2 a bad command line.
 */
@Command(
    name = Main.NAME,
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    sortOptions = false,
    description = {
      "parquet-fastdecode's benchmark jar: JMH benchmarks of parquet-fastdecode against parquet-java,"
          + " and tools for benchmark results. The tools for Parquet files (cat, scan, check, ...) are the"
          + " parquet-fastdecode command line: parquet-fastdecode-cli/target/parquet-fastdecode-cli.jar.",
      "",
      "With no arguments it runs the quick benchmark selection on this JDK (a few minutes) and prints"
          + " one table of the results."
    },
    commandListHeading = "%nCommands:%n",
    subcommands = {
      ReportCommand.class, RunAllCommand.class, JmhCommand.class, HelpCommand.class
    },
    footerHeading = "%n",
    footer = {
      "JMH: 'jmh' passes the rest to JMH; so does a first argument that starts with a JMH option or"
          + " names benchmarks (a JMH regex):",
      "  java -jar benchmarks.jar PlainBenchmark -p callSite=inlined",
      "  java -jar benchmarks.jar UnsignedLongBenchmark -prof gc",
      "  java -jar benchmarks.jar jmh -l                         (list the benchmarks)",
      "  java -jar benchmarks.jar jmh -h                         (JMH's own options)",
      "",
      "Each command has --help. Exit status: 0 done, 1 failed (a file that cannot be read, a run that"
          + " failed), 2 bad command line."
    })
public final class Main implements Callable<Integer> {
  static final String NAME = "java -jar benchmarks.jar";

  /** Exit statuses of every command. */
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  /** First arguments picocli reads at the top level. */
  private static final Set<String> TOP_OPTIONS = Set.of("-h", "--help", "-V", "--version");

  @Spec
  CommandSpec spec;

  /** Where commands print: the process's streams, or a test's. */
  final PrintStream out;
  final PrintStream err;

  Main(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    System.out.flush();
    System.err.flush();
    System.exit(status);
  }

  /** What a first argument means: see the class comment. */
  enum Route {
    DEFAULT_SELECTION, COMMAND, JMH, UNKNOWN
  }

  static Route route(String[] args, Set<String> commands) {
    if (args.length == 0) {
      return Route.DEFAULT_SELECTION;
    }
    String first = args[0];
    if (first.equals(JmhCommand.NAME)) {
      return Route.JMH;
    }
    if (commands.contains(first) || TOP_OPTIONS.contains(first)) {
      return Route.COMMAND;
    }
    if (first.startsWith("-") || namesBenchmarks(first)) {
      return Route.JMH;
    }
    return Route.UNKNOWN;
  }

  /** Runs the command line {@code args}, printing to {@code out} and {@code err}; returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Main main = new Main(out, err);
    CommandLine cl = commandLine(main);
    switch (route(args, cl.getSubcommands().keySet())) {
      case DEFAULT_SELECTION:
        return main.call();
      case JMH:
        List<String> jmhArgs = Arrays.asList(args);
        try {
          return JmhCommand.runJmh(args[0].equals(JmhCommand.NAME) ? jmhArgs.subList(1, args.length) : jmhArgs, out, err);
        } catch (Exception e) {
          err.println(JmhCommand.NAME + ": " + Messages.oneLine(e));
          return FAILED;
        }
      case UNKNOWN:
        return unknownCommand(cl, args[0]);
      default:
        return cl.execute(args);
    }
  }

  static CommandLine commandLine(Main main) {
    CommandLine cl = new CommandLine(main);
    MovedCommand.addTo(cl, main.err);
    cl.setOut(new PrintWriter(new OutputStreamWriter(main.out, StandardCharsets.UTF_8), true));
    cl.setErr(new PrintWriter(new OutputStreamWriter(main.err, StandardCharsets.UTF_8), true));
    cl.setParameterExceptionHandler(Main::usageError);
    cl.setExecutionExceptionHandler((e, command, parseResult) -> {
      // A command reports what it expects itself; this is what it did not expect.
      command.getErr().println(command.getCommandName() + ": " + Messages.oneLine(e));
      if (command.getCommand() instanceof Verbose.Holder h && h.verbose()) {
        e.printStackTrace(command.getErr());
      }
      return FAILED;
    });
    return cl;
  }

  /** A bad command line: one line naming the command and what is wrong, then where help is. */
  private static int usageError(ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    String name = command.getCommandSpec().qualifiedName().substring(NAME.length()).strip();
    String message = lowerFirst(Messages.oneLine(e));
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      // picocli lists every argument after the first it could not place; the first is the mistake.
      String first = u.getUnmatched().get(0);
      message = (first.startsWith("-") ? "unknown option '" : "unexpected argument '") + first + "'";
      List<String> suggestions = u.getSuggestions();
      if (!suggestions.isEmpty()) {
        message += " (did you mean " + String.join(" or ", suggestions) + "?)";
      }
    }
    err.println((name.isEmpty() ? "" : name + ": ") + message);
    err.println("usage: " + command.getCommandSpec().qualifiedName() + " --help");
    return USAGE;
  }

  private static int unknownCommand(CommandLine cl, String name) {
    PrintWriter err = cl.getErr();
    err.println("unknown command '" + name + "'");
    List<String> close = new ArrayList<>();
    for (String command : cl.getSubcommands().keySet()) {
      if (editDistance(command, name) <= 2) {
        close.add(command);
      }
    }
    if (!close.isEmpty()) {
      err.println("did you mean " + String.join(" or ", close) + "?");
    }
    err.println();
    err.print(cl.getHelp().commandList());
    err.println();
    err.println("It names no benchmark either. Usage: " + NAME + " --help");
    err.flush();
    return USAGE;
  }

  /** The quick selection on this JVM's JDK, then one table: the no-argument run. */
  @Override
  public Integer call() {
    out.println("# " + NAME + " with no arguments: the quick selection on this JDK, a few minutes; "
        + NAME + " --help lists the commands");
    try {
      runDefaultSelection(out);
      return OK;
    } catch (Exception e) {
      err.println(Messages.oneLine(e));
      return FAILED;
    }
  }

  /** The {@code quick} profile (see {@link BenchmarkProfile}), run in this JVM's JDK, then one table. */
  private static void runDefaultSelection(PrintStream out) throws Exception {
    List<RunResult> results = new ArrayList<>();
    BenchmarkProfile profile = BenchmarkProfile.QUICK;
    for (List<String> group : profile.groups()) {
      List<String> jmhArgs = ForkOptions.withoutTrinoBelow(ForkOptions.withVectorModule(profile.jmhArguments(group)),
          Runtime.version().feature());
      // Printed so any group can be rerun alone, or longer, by hand.
      out.println("# default selection: " + NAME + " " + String.join(" ", jmhArgs));
      Collection<RunResult> groupResults = new Runner(new CommandLineOptions(jmhArgs.toArray(new String[0]))).run();
      results.addAll(groupResults);
    }
    out.println();
    out.println("# default selection, all groups:");
    ResultFormatFactory.getInstance(ResultFormatType.TEXT, out).writeOut(results);
  }

  /** Whether {@code regex}, as JMH reads a benchmark selection, matches any benchmark in this jar. */
  static boolean namesBenchmarks(String regex) {
    try {
      return !BenchmarkList.defaultList().find(
          OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT),
          List.of(regex), List.of()).isEmpty();
    } catch (PatternSyntaxException e) {
      return false;
    } catch (RuntimeException e) {
      return false; // no benchmark list (not the built jar): nothing to match
    }
  }

  static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(substitute, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  private static String lowerFirst(String s) {
    return s.isEmpty() || (s.length() > 1 && Character.isUpperCase(s.charAt(1)))
        ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }

  /** {@code --version}: this jar's version and what it was built with. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties p = properties();
      return new String[] {
        "parquet-fastdecode benchmarks " + p.getProperty("version", "(unknown version)"),
        "built with parquet-java " + p.getProperty("parquet.version", "?") + " and JMH " + p.getProperty("jmh.version", "?"),
        "running on Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
      };
    }

    static Properties properties() throws IOException {
      Properties p = new Properties();
      try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return p;
    }
  }
}
