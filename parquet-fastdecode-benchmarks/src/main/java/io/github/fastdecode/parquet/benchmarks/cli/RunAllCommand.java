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

import io.github.fastdecode.parquet.benchmarks.cli.JdkLocator.Jdk;
import io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkProfile;
import io.github.fastdecode.parquet.benchmarks.jmh.ForkOptions;
import io.github.fastdecode.parquet.benchmarks.report.CpuModel;
import io.github.fastdecode.parquet.benchmarks.report.JmhLog;
import io.github.fastdecode.parquet.benchmarks.report.JmhResultFile;
import io.github.fastdecode.parquet.benchmarks.report.Report;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code runall --profile quick|full}: one benchmark profile on JDK 17, 21 and 25 in turn, forks
 * launched with JMH's {@code -jvm}, results in {@code OUT/jdk<N>.json} (with {@code .log} and {@code
 * .properties} beside), then {@code report} over them into {@code OUT}. Without a profile it prints
 * its usage and starts nothing: even the quick profile takes a quarter of an hour.
 */
@Command(
    name = "runall",
    header = "Run a benchmark profile on JDK 17, 21 and 25, then report.",
    sortOptions = false,
    description = {
      "Run a benchmark profile on JDK 17, 21 and 25 in turn (JMH forks started with -jvm), results in"
          + " OUT/jdk<N>.json with .log and .properties beside, then write the report over them into OUT.",
      "A profile must be chosen: quick (one or two cases per encoding, about 5 minutes per JDK on 2 cores)"
          + " or full (every benchmark, many times longer). --dry-run shows the JDKs found, the JMH"
          + " runs and the expected time for this benchmark list."
    },
    footerHeading = "%n",
    footer = {
      "JDKs: --jdkNN PATH first, then $JAVA<NN>_HOME, then $JAVA_HOME_<NN>_X64 (GitHub setup-java), then"
          + " the newest found in $JAVA_HOME, the running java, /usr/lib/jvm, /usr/java, /opt/java,"
          + " ~/.sdkman, ~/.jdks and /Library/Java/JavaVirtualMachines.",
      "Exit status: 0 done, 1 no JDK to run on or the report failed, 2 a bad command line."
    })
public final class RunAllCommand implements Callable<Integer>, Verbose.Holder {
  static final List<Integer> DEFAULT_JDKS = List.of(17, 21, 25);

  @ParentCommand
  Main main;

  @Spec
  CommandSpec spec;

  @Option(names = "--profile", paramLabel = "quick|full", converter = ProfileConverter.class,
      description = "The selection: quick or full. Required.")
  BenchmarkProfile profile;

  @Option(names = "--jdk17", paramLabel = "PATH", description = "JDK 17: a JDK home or its bin/java.")
  Path jdk17;

  @Option(names = "--jdk21", paramLabel = "PATH", description = "JDK 21: a JDK home or its bin/java.")
  Path jdk21;

  @Option(names = "--jdk25", paramLabel = "PATH", description = "JDK 25: a JDK home or its bin/java.")
  Path jdk25;

  @Option(names = "--jdks", paramLabel = "N", split = ",", converter = FeatureConverter.class,
      description = "Which JDKs to run (default: all three; a JDK given by path runs too).")
  List<Integer> jdks;

  // A build output, not a source: the default is under target/, which git ignores, so no run's JSON,
  // report or charts end up in a commit unless someone names a directory for them.
  @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/benchmark-results",
      description = "Results, report and charts directory (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--cpu", paramLabel = "TEXT", description = "The CPU model for the report (default: read from this machine).")
  String cpu;

  @Option(names = "--no-report", negatable = false, description = "Run only; do not write the report.")
  boolean noReport;

  @Option(names = "--dry-run", description = "Print the JDKs found, the JMH command of each run and the expected time; run nothing.")
  boolean dryRun;

  @Parameters(paramLabel = "JMH-OPTION",
      description = "After --: options added to every JMH run (say, -p callSite=inlined).")
  List<String> extra = new ArrayList<>();

  @Mixin
  Verbose verbose;

  @Mixin
  HelpOption help;

  @Override
  public boolean verbose() {
    return verbose.on;
  }

  /** The JDKs to run: {@code --jdks} (or all three) plus every JDK given by path, in order. */
  List<Integer> jdks() {
    List<Integer> list = new ArrayList<>(jdks == null ? DEFAULT_JDKS : jdks);
    for (int feature : explicit().keySet()) {
      if (!list.contains(feature)) {
        list.add(feature);
      }
    }
    list.sort(null);
    return list;
  }

  /** The JDKs given by path. */
  Map<Integer, Path> explicit() {
    Map<Integer, Path> explicit = new LinkedHashMap<>();
    if (jdk17 != null) {
      explicit.put(17, jdk17);
    }
    if (jdk21 != null) {
      explicit.put(21, jdk21);
    }
    if (jdk25 != null) {
      explicit.put(25, jdk25);
    }
    return explicit;
  }

  /** The arguments after {@code runall} on the command line. */
  private List<String> ownArguments() {
    List<String> all = spec.commandLine().getParseResult().originalArgs();
    int at = all.indexOf(spec.name());
    return all.subList(at + 1, all.size());
  }

  @Override
  public Integer call() throws IOException {
    PrintStream stdout = main.out;
    if (profile == null) {
      // Runs take a quarter of an hour at least: nothing starts unless a profile is named.
      main.err.println("runall: choose a profile: --profile quick (about 5 min per JDK) or --profile full (--dry-run prints how long)");
      spec.commandLine().usage(main.err);
      return Main.USAGE;
    }
    if (!extra.isEmpty() && !ownArguments().contains("--")) {
      throw new ParameterException(spec.commandLine(), "unexpected argument '" + extra.get(0) + "' (JMH options go after --)");
    }
    List<String> messages = new ArrayList<>();
    Map<Integer, Jdk> found = JdkLocator.forThisMachine().locate(jdks(), explicit(), messages);
    messages.forEach(m -> stdout.println("runall: " + m));
    for (Jdk jdk : found.values()) {
      stdout.println("runall: JDK " + jdk.feature() + ": " + jdk.java() + " (" + jdk.version() + ", " + jdk.origin()
          + "), JVM flags " + jvmFlags(jdk));
    }
    double seconds = 0;
    List<String> perJdk = new ArrayList<>();
    for (Jdk jdk : found.values()) {
      double s = profile.estimatedSeconds(jdk.feature());
      seconds += s;
      perJdk.add(String.format(Locale.ROOT, "JDK %d: %d forks, about %.0f min", jdk.feature(), profile.forks(jdk.feature()), s / 60));
    }
    stdout.printf(Locale.ROOT, "runall: profile %s: %s; %.0f min for %d JDK(s)%n",
        profile.id(), perJdk.isEmpty() ? "no JDK" : String.join(", ", perJdk), seconds / 60, found.size());
    if (dryRun) {
      for (Jdk jdk : found.values()) {
        for (List<String> group : profile.groups()) {
          stdout.println(Main.NAME + " " + String.join(" ", quote(jmhArguments(profile, group, jdk, extra))));
        }
      }
      return Main.OK;
    }
    if (found.isEmpty()) {
      main.err.println("runall: no JDK to run on");
      return Main.FAILED;
    }
    Files.createDirectories(out);
    String cpuModel = cpu != null ? cpu : CpuModel.detect();
    String command = Main.NAME + " runall " + String.join(" ", quote(ownArguments()));
    List<Path> results = new ArrayList<>();
    for (Jdk jdk : found.values()) {
      results.add(runOneJdk(profile, jdk, this, cpuModel, command));
    }
    if (noReport) {
      return Main.OK;
    }
    List<String> notes = new ArrayList<>(messages);
    Path report = Report.write(results, List.of(), out, cpuModel, notes);
    stdout.println("runall: report in " + report);
    return Main.OK;
  }

  /** Runs every group of the profile on one JDK; writes jdk<N>.json, .log and .properties. */
  private static Path runOneJdk(BenchmarkProfile profile, Jdk jdk, RunAllCommand options, String cpu, String command)
      throws IOException {
    String name = "jdk" + jdk.feature();
    Path json = options.out.resolve(name + ".json");
    Path log = options.out.resolve(name + ".log");
    long start = System.nanoTime();
    List<RunResult> results = new ArrayList<>();
    try (OutputStream logFile = Files.newOutputStream(log);
        PrintStream both = new PrintStream(new Tee(options.main.out, logFile), true, StandardCharsets.UTF_8)) {
      OutputFormat format = OutputFormatFactory.createFormatInstance(both, VerboseMode.NORMAL);
      for (List<String> group : profile.groups()) {
        List<String> jmhArgs = jmhArguments(profile, group, jdk, options.extra);
        both.println("# runall: " + Main.NAME + " " + String.join(" ", quote(jmhArgs)));
        try {
          Collection<RunResult> groupResults = new Runner(new CommandLineOptions(jmhArgs.toArray(new String[0])), format).run();
          results.addAll(groupResults);
        } catch (RunnerException | CommandLineOptionException | RuntimeException e) {
          // JMH could not run the group at all (say, the JVM does not start): note it, go on.
          both.println(JmhLog.RUNALL_FAILURE + String.join(" ", group) + ": " + e + ">");
        }
      }
    }
    if (results.isEmpty()) {
      Files.writeString(json, "[]\n", StandardCharsets.UTF_8);
    } else {
      ResultFormatFactory.getInstance(ResultFormatType.JSON, json.toString()).writeOut(results);
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    Properties meta = new Properties();
    meta.setProperty(JmhResultFile.CPU, cpu);
    meta.setProperty(JmhResultFile.COMMAND, command);
    meta.setProperty(JmhResultFile.DATE, ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")));
    meta.setProperty(JmhResultFile.PROFILE, profile.id());
    meta.setProperty(JmhResultFile.JDK_FEATURE, String.valueOf(jdk.feature()));
    meta.setProperty(JmhResultFile.JDK_VERSION, jdk.version());
    meta.setProperty(JmhResultFile.JAVA, jdk.java().toString());
    meta.setProperty(JmhResultFile.JVM_FLAGS, String.join(" ", jvmFlags(jdk)));
    meta.setProperty(JmhResultFile.ELAPSED_SECONDS, String.format(Locale.ROOT, "%.0f", elapsed));
    try (Writer w = Files.newBufferedWriter(options.out.resolve(name + ".properties"), StandardCharsets.UTF_8)) {
      meta.store(w, "runall: the run behind " + name + ".json");
    }
    options.main.out.printf(Locale.ROOT, "runall: JDK %d done in %.0f s: %d results in %s%n", jdk.feature(), elapsed, results.size(), json);
    return json;
  }

  /** One group's JMH command line for one JDK. */
  static List<String> jmhArguments(BenchmarkProfile profile, List<String> group, Jdk jdk, List<String> extra) {
    List<String> args = profile.jmhArguments(group);
    args.addAll(List.of("-jvm", jdk.java().toString(), "-jvmArgs", String.join(" ", jvmFlags(jdk))));
    args.addAll(extra);
    return ForkOptions.withoutTrinoBelow(args, jdk.feature());
  }

  /**
   * The forks' JVM flags on this JDK, set here so no user has to know them. The vector module turns
   * on fastdecode's vector kernels (parquet-java does not use it), as a user would for production. Always given (JMH would
   * otherwise pass the host JVM's own flags on to every JDK): a fixed 2 GB heap and G1 on every
   * JDK, so heap sizing and collector choice are the same whatever the machine's memory and CPU
   * count make of the defaults. From JDK 23 on, JMH's harness calls {@code sun.misc.Unsafe} memory
   * methods that JDK 24+ warns about in every fork (and later JDKs will deny): allowed explicitly;
   * older JDKs do not know the option and would not start with it.
   *
   * <p>A flag only some JDKs need belongs here behind a check of {@code jdk.feature()} or {@code
   * jdk.hasModule(...)}: a module such as {@code jdk.incubator.vector} is missing from some jlinked
   * runtimes, so test the module, not only the version.
   */
  static List<String> jvmFlags(Jdk jdk) {
    List<String> flags = new ArrayList<>(List.of("-Xms2g", "-Xmx2g", "-XX:+UseG1GC"));
    if (jdk.feature() >= 23) {
      flags.add("--sun-misc-unsafe-memory-access=allow");
    }
    if (jdk.hasModule(ForkOptions.VECTOR_MODULE)) {
      flags.add("--add-modules=" + ForkOptions.VECTOR_MODULE);
      flags.add(ForkOptions.SETTLED_AT_START);
    }
    return flags;
  }

  private static List<String> quote(List<String> args) {
    List<String> out = new ArrayList<>();
    for (String a : args) {
      out.add(a.isEmpty() || a.matches(".*[\\s|()$*\\\\\"'].*") ? "'" + a.replace("'", "'\\''") + "'" : a);
    }
    return out;
  }

  /** {@code --profile}: a {@link BenchmarkProfile} by its id. */
  static final class ProfileConverter implements picocli.CommandLine.ITypeConverter<BenchmarkProfile> {
    @Override
    public BenchmarkProfile convert(String value) {
      try {
        return BenchmarkProfile.of(value);
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** {@code --jdks}: feature versions. */
  static final class FeatureConverter implements picocli.CommandLine.ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      try {
        return Integer.parseInt(value.trim());
      } catch (NumberFormatException e) {
        throw new picocli.CommandLine.TypeConversionException("--jdks takes feature versions such as 17,21,25, not " + value);
      }
    }
  }

  /** Writes to the console and the log file. */
  private static final class Tee extends OutputStream {
    private final OutputStream a;
    private final OutputStream b;

    Tee(OutputStream a, OutputStream b) {
      this.a = a;
      this.b = b;
    }

    @Override
    public void write(int c) throws IOException {
      a.write(c);
      b.write(c);
    }

    @Override
    public void write(byte[] bytes, int off, int len) throws IOException {
      a.write(bytes, off, len);
      b.write(bytes, off, len);
    }

    @Override
    public void flush() throws IOException {
      a.flush();
      b.flush();
    }
  }
}
