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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.benchmarks.cli.JdkLocator.Jdk;
import io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkProfile;
import io.github.fastdecode.parquet.benchmarks.jmh.ForkOptions;
import io.github.fastdecode.parquet.benchmarks.jmh.TrinoContender;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

class RunAllCommandTest {
  private static Jdk jdk(int feature) {
    return new Jdk(feature, feature + ".0.1", Path.of("/opt/jdk-" + feature), Path.of("/opt/jdk-" + feature + "/bin/java"),
        Set.of("java.base"), "test");
  }

  @Test
  void flagsPerJdk() {
    for (int feature : List.of(17, 21, 25)) {
      List<String> flags = RunAllCommand.jvmFlags(jdk(feature));
      assertTrue(flags.containsAll(List.of("-Xms2g", "-Xmx2g", "-XX:+UseG1GC")), flags.toString());
      // an option JDK 17 and 21 do not know would stop their forks from starting
      assertEquals(feature >= 23, flags.contains("--sun-misc-unsafe-memory-access=allow"), feature + ": " + flags);
      assertFalse(flags.contains("--add-modules=jdk.incubator.vector"), "a JDK without the module would not start: " + flags);
    }
    Jdk withVector = new Jdk(25, "25.0.1", Path.of("/opt/jdk-25"), Path.of("/opt/jdk-25/bin/java"),
        Set.of("java.base", "jdk.incubator.vector"), "test");
    assertTrue(RunAllCommand.jvmFlags(withVector).containsAll(List.of("--add-modules=jdk.incubator.vector",
        "-Dfastdecode.vector.background=false")));
  }

  @Test
  void directJmhRunsLoadTheVectorModuleUnlessGivenForkFlags() {
    List<String> plain = List.of("RleDictionaryIds", "-f", "1");
    boolean here = java.lang.module.ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent();
    assertEquals(here ? List.of("RleDictionaryIds", "-f", "1", "-jvmArgsAppend",
        "--add-modules=jdk.incubator.vector -Dfastdecode.vector.background=false") : plain,
        ForkOptions.withVectorModule(plain), "module in this JDK: " + here);
    List<String> own = List.of("RleDictionaryIds", "-jvmArgsAppend", "-Xmx1g");
    assertEquals(own, ForkOptions.withVectorModule(own));
  }

  @Test
  void eachGroupRunsOnTheChosenJvmWithItsFlags() {
    List<String> group = BenchmarkProfile.QUICK.groups().get(0);
    List<String> args = RunAllCommand.jmhArguments(BenchmarkProfile.QUICK, group, jdk(25), List.of("-p", "callSite=inlined"));
    String line = String.join(" ", args);
    assertTrue(line.contains("-jvm /opt/jdk-25/bin/java -jvmArgs -Xms2g -Xmx2g -XX:+UseG1GC --sun-misc-unsafe-memory-access=allow"), line);
    assertTrue(line.startsWith("-f 1 -wi 2 -w 1s -i 3 -r 1s " + group.get(0)), line);
    // a jar built without the Trino contender leaves its benchmarks out even on JDK 25
    String trino = TrinoContender.isBuiltIn() ? "" : " -e " + TrinoContender.BENCHMARKS;
    assertTrue(line.endsWith("-prof gc -jvm /opt/jdk-25/bin/java -jvmArgs -Xms2g -Xmx2g -XX:+UseG1GC "
        + "--sun-misc-unsafe-memory-access=allow -p callSite=inlined" + trino), line);
  }

  @Test
  void trinoBenchmarksAreLeftOutOfForksBelowJdk25() {
    List<String> group = BenchmarkProfile.QUICK.groups().get(0);
    List<String> exclusion = List.of("-e", TrinoContender.BENCHMARKS);
    for (int feature : List.of(17, 21)) {
      List<String> args = RunAllCommand.jmhArguments(BenchmarkProfile.QUICK, group, jdk(feature), List.of());
      assertEquals(exclusion, args.subList(args.size() - 2, args.size()), feature + ": " + args);
    }
    List<String> on25 = RunAllCommand.jmhArguments(BenchmarkProfile.QUICK, group, jdk(25), List.of());
    assertEquals(!TrinoContender.isBuiltIn(), on25.contains(TrinoContender.BENCHMARKS), on25.toString());
    // the jmh command tells the forks' JDK from -jvm, else from the JVM it runs in
    int here = Runtime.version().feature();
    assertEquals(here, JmhCommand.forkFeature(List.of("PlainBenchmark")));
    assertEquals(here, JmhCommand.forkFeature(List.of("-jvm", Path.of(System.getProperty("java.home"), "bin", "java").toString())));
    assertEquals(here, JmhCommand.forkFeature(List.of("-jvm", "/no/such/jdk/bin/java")), "unknown: this JVM's");
  }

  private static RunAllCommand parse(String... args) {
    RunAllCommand command = new RunAllCommand();
    new CommandLine(command).parseArgs(args);
    return command;
  }

  @Test
  void options() {
    RunAllCommand o = parse("--profile", "full", "--jdks", "17,25", "--jdk21", "/x",
        "--out", "r", "--no-report", "--", "-p", "callSite=inlined");
    assertEquals(BenchmarkProfile.FULL, o.profile);
    assertEquals(List.of(17, 21, 25), o.jdks(), "a JDK given by path is run even when --jdks leaves it out");
    assertEquals(Path.of("/x"), o.explicit().get(21));
    assertEquals(Path.of("r"), o.out);
    assertTrue(o.noReport);
    assertEquals(List.of("-p", "callSite=inlined"), o.extra);
    RunAllCommand defaults = parse();
    assertEquals(null, defaults.profile, "no profile unless one is named");
    assertEquals(List.of(17, 21, 25), defaults.jdks());
    assertEquals(Path.of("target", "benchmark-results"), defaults.out, "charts and results are build output, under target/");
    ParameterException slow = assertThrows(ParameterException.class, () -> parse("--profile", "slow"));
    assertTrue(slow.getMessage().contains("unknown profile slow (quick or full)"), slow.getMessage());
    ParameterException seventeen = assertThrows(ParameterException.class, () -> parse("--jdks", "seventeen"));
    assertTrue(seventeen.getMessage().contains("--jdks takes feature versions such as 17,21,25, not seventeen"), seventeen.getMessage());
  }
}
