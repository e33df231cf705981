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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.benchmarks.cli.Main.Route;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jar's command line as a person meets it: help, version, typos, JMH beside the commands, usage errors. */
class CommandLineTest {
  static final List<String> COMMANDS = List.of("report", "runall", "jmh", "help");

  @TempDir
  Path dir;

  /** Output and exit status of one command. */
  static final class Result {
    int status;
    String out;
    String err;
  }

  static Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Result r = new Result();
    r.status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    r.out = out.toString(StandardCharsets.UTF_8);
    r.err = err.toString(StandardCharsets.UTF_8);
    return r;
  }

  static String firstLine(String text) {
    return text.lines().findFirst().orElse("");
  }

  /** The line of the command list that starts with {@code command}, or null. */
  static String commandLine(String help, String command) {
    return help.lines().filter(l -> l.matches("\\s+" + command + "\\s+\\S.*")).findFirst().orElse(null);
  }

  @Test
  void helpListsEveryCommandWithOneLineAndHowToRunJmh() {
    for (String[] args : List.of(new String[] {"--help"}, new String[] {"-h"}, new String[] {"help"})) {
      Result r = run(args);
      assertEquals(0, r.status, String.join(" ", args) + ": " + r.err);
      assertEquals("", r.err);
      assertTrue(r.out.startsWith("Usage: java -jar benchmarks.jar"), r.out);
      for (String command : COMMANDS) {
        assertTrue(commandLine(r.out, command) != null, String.join(" ", args) + " lists " + command + ":\n" + r.out);
      }
      assertTrue(r.out.contains("java -jar benchmarks.jar jmh -h"), "says how to see JMH's options: " + r.out);
      assertTrue(r.out.contains("java -jar benchmarks.jar PlainBenchmark -p callSite=inlined"), "and how to run a benchmark");
    }
  }

  @Test
  void everyCommandHasHelp() {
    for (String command : List.of("report", "runall", "jmh")) {
      Result r = command.equals("jmh") ? run("help", "jmh") : run(command, "--help");
      assertEquals(0, r.status, command + ": " + r.err);
      List<String> lines = r.out.lines().toList();
      assertEquals(commandLine(run("--help").out, command).strip().substring(command.length()).strip(), lines.get(0),
          "its first line is its line in the command list");
      assertTrue(lines.get(1).startsWith("Usage: java -jar benchmarks.jar " + command), r.out);
      Result viaHelp = run("help", command);
      assertEquals(r.out, viaHelp.out, "help " + command + " is " + command + " --help");
    }
  }

  @Test
  void versionIsTheProjectVersion() throws IOException {
    Result r = run("--version");
    assertEquals(0, r.status, r.err);
    String version = Main.Version.properties().getProperty("version");
    assertTrue(version.matches("\\d+\\.\\d+\\.\\d+.*"), "filtered from the pom: " + version);
    assertEquals("parquet-fastdecode benchmarks " + version, firstLine(r.out));
    assertTrue(r.out.contains("parquet-java " + Main.Version.properties().getProperty("parquet.version")), r.out);
    assertEquals(r.out, run("-V").out);
  }

  @Test
  void aMistypedCommandIsUnknownAndListsTheCommands() {
    Result r = run("dumpp", "x.parquet");
    assertEquals(2, r.status);
    assertEquals("", r.out, "nothing ran");
    List<String> lines = r.err.lines().toList();
    assertEquals("unknown command 'dumpp'", lines.get(0));
    assertEquals("did you mean dump?", lines.get(1));
    for (String command : COMMANDS) {
      assertTrue(commandLine(r.err, command) != null, "lists " + command + ":\n" + r.err);
    }
    Result far = run("benchmark-everything");
    assertEquals(2, far.status);
    assertEquals("unknown command 'benchmark-everything'", firstLine(far.err));
    assertFalse(far.err.contains("did you mean"), far.err);
  }

  @Test
  void jmhArgumentsGoToJmhAndTyposDoNot() {
    Set<String> commands = Set.of("dump", "scan", "report", "runall", "jmh", "help");
    assertEquals(Route.DEFAULT_SELECTION, Main.route(new String[0], commands));
    assertEquals(Route.JMH, Main.route(new String[] {"jmh", "-l"}, commands));
    assertEquals(Route.JMH, Main.route(new String[] {"PlainBenchmark", "-p", "callSite=inlined"}, commands));
    assertEquals(Route.JMH, Main.route(new String[] {"DeltaLengthByteArrayBenchmark"}, commands));
    assertEquals(Route.JMH, Main.route(new String[] {"(Boolean|Plain)Benchmark\\."}, commands));
    assertEquals(Route.JMH, Main.route(new String[] {"-prof", "gc"}, commands));
    assertEquals(Route.COMMAND, Main.route(new String[] {"--help"}, commands));
    assertEquals(Route.COMMAND, Main.route(new String[] {"-V"}, commands));
    assertEquals(Route.COMMAND, Main.route(new String[] {"scan", "f.parquet"}, commands));
    assertEquals(Route.UNKNOWN, Main.route(new String[] {"dumpp"}, commands));
    assertEquals(Route.UNKNOWN, Main.route(new String[] {"NoSuchBenchmark"}, commands));
    assertEquals(Route.UNKNOWN, Main.route(new String[] {"[unclosed"}, commands), "not a regex JMH could use either");
  }

  @Test
  void aJmhOptionJmhDoesNotKnowIsOneLine() {
    Result r = run("jmh", "-nosuchoption");
    assertEquals(2, r.status);
    assertTrue(firstLine(r.err).startsWith("jmh: "), r.err);
    assertTrue(firstLine(r.err).endsWith("(java -jar benchmarks.jar jmh -h lists JMH's options)"), r.err);
    assertEquals(1, r.err.lines().count(), r.err);
  }

  @Test
  void runallWithoutAProfilePrintsItsUsageAndRunsNothing() {
    Path out = dir.resolve("results");
    Result r = run("runall", "--out", out.toString());
    assertEquals(2, r.status);
    assertEquals("runall: choose a profile: --profile quick (about 5 min per JDK) or --profile full (--dry-run prints how long)",
        firstLine(r.err));
    assertTrue(r.err.lines().anyMatch(l -> l.startsWith("Usage: java -jar benchmarks.jar runall")), r.err);
    assertEquals("", r.out, "nothing ran");
    assertFalse(Files.exists(out), "nothing written");
  }

  @Test
  void runallTakesJmhOptionsOnlyAfterDoubleDash() {
    Result r = run("runall", "--profile", "quick", "--dry-run", "quick");
    assertEquals(2, r.status);
    assertEquals("runall: unexpected argument 'quick' (JMH options go after --)", firstLine(r.err));
  }

  @Test
  void theFileCommandsThatMovedSayWhereInOneLine() {
    Result dump = run("dump", "f.parquet", "--columns", "a");
    assertEquals(2, dump.status);
    assertEquals("", dump.out, "nothing ran");
    assertEquals(List.of("dump: moved to the parquet-fastdecode tool: run 'parquet-fastdecode cat --raw FILE' (its jar is"
        + " parquet-fastdecode-cli/target/parquet-fastdecode-cli.jar; docs/cli.md)"), dump.err.lines().toList());
    Result scan = run("scan", "f.parquet");
    assertEquals(2, scan.status);
    assertEquals("scan: moved to the parquet-fastdecode tool: run 'parquet-fastdecode scan FILE' (its jar is"
        + " parquet-fastdecode-cli/target/parquet-fastdecode-cli.jar; docs/cli.md)", firstLine(scan.err));
    assertTrue(commandLine(run("--help").out, "dump") == null, "not in the command list");
  }

  @Test
  void usageErrorsAreOneLineThenWhereHelpIs() {
    Result option = run("report", "r.json", "--out", "o", "--ot", "x");
    assertEquals(2, option.status);
    assertEquals("report: unknown option '--ot'", firstLine(option.err));
    assertEquals(List.of("usage: java -jar benchmarks.jar report --help"), option.err.lines().skip(1).toList());
    Result noOut = run("report", "r.json");
    assertEquals(2, noOut.status);
    assertEquals("report: missing required option: '--out=DIR'", firstLine(noOut.err));
  }

  /** {@code report} on one input: exit 1 and the one line {@code "report: " + input + ": " + what}. */
  private void reportSays(Path input, String what) {
    Result r = run("report", input.toString(), "--out", dir.resolve("report").toString());
    assertEquals(1, r.status, r.err);
    assertEquals("report: " + input + ": " + what, firstLine(r.err));
    assertEquals(1, r.err.lines().count(), r.err);
    assertFalse(Files.exists(dir.resolve("report").resolve("report.md")), "no report written");
  }

  @Test
  void reportSaysWhatIsWrongWithItsInput() throws IOException {
    reportSays(Files.createFile(dir.resolve("empty.json")), "empty file, not JMH JSON");
    reportSays(Files.writeString(dir.resolve("blank.json"), "\n  \n"), "empty file, not JMH JSON");
    // A run cut short: the array and its first object never close.
    reportSays(Files.writeString(dir.resolve("cut.json"), "[\n  {\n    \"benchmark\": \"x.Y.z\",\n"),
        "not JMH JSON: it ends early at line 4, column 1 (truncated?)");
    reportSays(Files.writeString(dir.resolve("text.json"), "# Run complete. Total time: 00:05:00\n"),
        "not JMH JSON: malformed at line 1, column 1");
    reportSays(Files.writeString(dir.resolve("comma.json"), "[1 2]"), "not JMH JSON: malformed at line 1, column 4");
    reportSays(Files.writeString(dir.resolve("object.json"), "{\"benchmark\": \"x.Y.z\"}"),
        "not a JMH result file (expected a JSON array of benchmark results)");
    reportSays(Files.writeString(dir.resolve("numbers.json"), "[1, 2]"), "result 0 is not a JMH benchmark result");
    reportSays(dir.resolve("absent.json"), "no such file");
    reportSays(Files.createDirectory(dir.resolve("nothing")), "no *.json files in this directory");
  }
}
