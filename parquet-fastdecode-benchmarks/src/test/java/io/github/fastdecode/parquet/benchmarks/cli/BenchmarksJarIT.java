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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shaded jar run as a user runs it: {@code java -jar target/benchmarks.jar ...} in a new JVM. */
class BenchmarksJarIT {
  static final Path JAR = Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));

  @TempDir
  Path dir;

  record Run(int status, String out, String err, long millis) {}

  static Run java(Path java, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(java.toString(), "-jar", JAR.toString()));
    command.addAll(List.of(args));
    Path dir = Files.createTempDirectory("benchmarks-jar");
    Path out = dir.resolve("out");
    Path err = dir.resolve("err");
    long start = System.nanoTime();
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    // A benchmark run would take minutes: this bound only catches one that started.
    boolean done = p.waitFor(60, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    assertTrue(done, String.join(" ", command) + " still running after 60 s");
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8), millis);
  }

  /** The pom's version, as Maven filtered it into the compiled classes' version file. */
  static String projectVersion() throws IOException {
    return Main.Version.properties().getProperty("version");
  }

  static Path thisJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  @Test
  void helpListsTheCommandsAndRunsNothing() throws Exception {
    for (String help : List.of("--help", "-h", "help")) {
      Run r = java(thisJava(), help);
      System.out.println("java -jar benchmarks.jar " + help + ": " + r.millis() + " ms");
      assertEquals(0, r.status(), r.err());
      assertTrue(r.out().startsWith("Usage: java -jar benchmarks.jar"), r.out());
      for (String command : CommandLineTest.COMMANDS) {
        assertTrue(CommandLineTest.commandLine(r.out(), command) != null, command + " in " + r.out());
      }
      assertFalse(r.out().contains("# JMH"), "no benchmark ran");
    }
  }

  @Test
  void versionIsFromTheBuild() throws Exception {
    Run r = java(thisJava(), "--version");
    assertEquals(0, r.status(), r.err());
    assertEquals("parquet-fastdecode benchmarks " + projectVersion(), r.out().lines().findFirst().orElse(""));
  }

  @Test
  void aTypoIsUnknownAndRunsNothing() throws Exception {
    Run r = java(thisJava(), "dumpp", "x.parquet");
    assertEquals(2, r.status());
    assertEquals("unknown command 'dumpp'", r.err().lines().findFirst().orElse(""));
    assertEquals("", r.out());
  }

  @Test
  void manifestAllowsNativeAccessAndNamesTheEntryPoint() throws IOException {
    try (JarFile jar = new JarFile(JAR.toFile())) {
      Attributes main = jar.getManifest().getMainAttributes();
      assertEquals("ALL-UNNAMED", main.getValue("Enable-Native-Access"));
      assertEquals(Main.class.getName(), main.getValue("Main-Class"));
      assertEquals(projectVersion(), main.getValue("Implementation-Version"));
    }
  }
}
