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

import io.github.fastdecode.parquet.benchmarks.Main;
import io.github.fastdecode.parquet.benchmarks.report.JdkLocator.Jdk;
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

/**
 * {@code runall}: one benchmark profile on JDK 17, 21 and 25 in turn, forks launched with JMH's
 * {@code -jvm}, results in {@code OUT/jdk<N>.json} (with {@code .log} and {@code .properties}
 * beside), then {@code report} over them into {@code OUT}.
 */
public final class RunAllCommand {
  static final List<Integer> DEFAULT_JDKS = List.of(17, 21, 25);

  static final String USAGE = String.join("\n",
      "usage: java -jar benchmarks.jar runall [options] [-- extra JMH options]",
      "  --profile quick|full    the selection (default quick; see the README for run times)",
      "  --jdk17 PATH, --jdk21 PATH, --jdk25 PATH",
      "                          a JDK home or its bin/java; otherwise $JAVA17_HOME (...), then",
      "                          $JAVA_HOME_17_X64 (GitHub setup-java), then the newest found in",
      "                          $JAVA_HOME, the running java, /usr/lib/jvm, ~/.sdkman, ~/.jdks, ...",
      "  --jdks 17,21,25         which JDKs to run (default all three)",
      "  --out DIR               results and report directory (default results)",
      "  --cpu TEXT              CPU model for the report (default: read from this machine)",
      "  --no-report             run only; do not write the report",
      "  --dry-run               print the JDKs found, the JMH runs and the expected time; run nothing");

  private RunAllCommand() {}

  /** The jar's {@code runall} command. */
  public static void run(List<String> args) throws IOException {
    if (args.contains("-h") || args.contains("--help")) {
      System.out.println(USAGE);
      return;
    }
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("runall: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    List<String> messages = new ArrayList<>();
    Map<Integer, Jdk> jdks = JdkLocator.forThisMachine().locate(options.jdks, options.explicit, messages);
    messages.forEach(m -> System.out.println("runall: " + m));
    for (Jdk jdk : jdks.values()) {
      System.out.println("runall: JDK " + jdk.feature() + ": " + jdk.java() + " (" + jdk.version() + ", " + jdk.origin()
          + "), JVM flags " + jvmFlags(jdk));
    }
    BenchmarkProfile profile = options.profile;
    double perJdk = profile.estimatedSecondsPerJdk();
    System.out.printf(Locale.ROOT, "runall: profile %s: %d forks per JDK, about %.0f min per JDK, %.0f min for %d JDK(s)%n",
        profile.id(), profile.forks(), perJdk / 60, perJdk * jdks.size() / 60, jdks.size());
    if (options.dryRun) {
      for (Jdk jdk : jdks.values()) {
        for (List<String> group : profile.groups()) {
          System.out.println("java -jar benchmarks.jar " + String.join(" ", quote(jmhArguments(profile, group, jdk, options.extra))));
        }
      }
      return;
    }
    if (jdks.isEmpty()) {
      System.err.println("runall: no JDK to run on");
      System.exit(1);
    }
    Files.createDirectories(options.out);
    String cpu = options.cpu != null ? options.cpu : CpuModel.detect();
    String command = "java -jar benchmarks.jar runall " + String.join(" ", quote(args));
    List<Path> results = new ArrayList<>();
    for (Jdk jdk : jdks.values()) {
      results.add(runOneJdk(profile, jdk, options, cpu, command));
    }
    if (!options.report) {
      return;
    }
    List<String> reportArgs = new ArrayList<>();
    results.forEach(p -> reportArgs.add(p.toString()));
    reportArgs.addAll(List.of("--out", options.out.toString(), "--cpu", cpu));
    messages.forEach(m -> reportArgs.addAll(List.of("--note", m)));
    Path report = ReportCommand.generate(reportArgs);
    System.out.println("runall: report in " + report);
  }

  /** Runs every group of the profile on one JDK; writes jdk<N>.json, .log and .properties. */
  private static Path runOneJdk(BenchmarkProfile profile, Jdk jdk, Options options, String cpu, String command)
      throws IOException {
    String name = "jdk" + jdk.feature();
    Path json = options.out.resolve(name + ".json");
    Path log = options.out.resolve(name + ".log");
    long start = System.nanoTime();
    List<RunResult> results = new ArrayList<>();
    try (OutputStream logFile = Files.newOutputStream(log);
        PrintStream both = new PrintStream(new Tee(System.out, logFile), true, StandardCharsets.UTF_8)) {
      OutputFormat format = OutputFormatFactory.createFormatInstance(both, VerboseMode.NORMAL);
      for (List<String> group : profile.groups()) {
        List<String> jmhArgs = jmhArguments(profile, group, jdk, options.extra);
        both.println("# runall: java -jar benchmarks.jar " + String.join(" ", quote(jmhArgs)));
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
    System.out.printf(Locale.ROOT, "runall: JDK %d done in %.0f s: %d results in %s%n", jdk.feature(), elapsed, results.size(), json);
    return json;
  }

  /** One group's JMH command line for one JDK. */
  static List<String> jmhArguments(BenchmarkProfile profile, List<String> group, Jdk jdk, List<String> extra) {
    List<String> args = profile.jmhArguments(group);
    args.addAll(List.of("-jvm", jdk.java().toString(), "-jvmArgs", String.join(" ", jvmFlags(jdk))));
    args.addAll(extra);
    return args;
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
    if (jdk.hasModule(Main.VECTOR_MODULE)) {
      flags.add("--add-modules=" + Main.VECTOR_MODULE);
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

  /** Parsed options. */
  static final class Options {
    BenchmarkProfile profile = BenchmarkProfile.QUICK;
    final Map<Integer, Path> explicit = new LinkedHashMap<>();
    List<Integer> jdks = DEFAULT_JDKS;
    Path out = Path.of("results");
    String cpu;
    boolean report = true;
    boolean dryRun;
    final List<String> extra = new ArrayList<>();

    static Options parse(List<String> args) {
      Options o = new Options();
      for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        if (a.equals("--")) {
          o.extra.addAll(args.subList(i + 1, args.size()));
          break;
        }
        if (a.matches("--jdk\\d+")) {
          o.explicit.put(Integer.parseInt(a.substring(5)), Path.of(value(args, ++i, a)));
          continue;
        }
        switch (a) {
          case "--profile" -> o.profile = BenchmarkProfile.of(value(args, ++i, a));
          case "--jdks" -> {
            List<Integer> list = new ArrayList<>();
            for (String s : value(args, ++i, a).split(",")) {
              try {
                list.add(Integer.parseInt(s.trim()));
              } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--jdks takes feature versions such as 17,21,25, not " + s);
              }
            }
            o.jdks = list;
          }
          case "--out" -> o.out = Path.of(value(args, ++i, a));
          case "--cpu" -> o.cpu = value(args, ++i, a);
          case "--no-report" -> o.report = false;
          case "--dry-run" -> o.dryRun = true;
          default -> throw new IllegalArgumentException("unknown option " + a);
        }
      }
      for (int feature : o.explicit.keySet()) {
        if (!o.jdks.contains(feature)) {
          List<Integer> list = new ArrayList<>(o.jdks);
          list.add(feature);
          list.sort(null);
          o.jdks = list;
        }
      }
      return o;
    }

    private static String value(List<String> args, int i, String option) {
      if (i >= args.size()) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args.get(i);
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
