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

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fastdecode.parquet.benchmarks.report.JmhLog.Failure;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmhLogTest {
  @Test
  void aForkThatDiesIsAFailureOfItsBenchmark() {
    List<Failure> failures = JmhLog.parse(List.of(
        "# VM version: JDK 21.0.8, OpenJDK 64-Bit Server VM, 21.0.8+9-LTS",
        "# Benchmark: io.github.fastdecode.parquet.benchmarks.BooleanBenchmark.fastdecode",
        "# Parameters: (callSite = megamorphic, encoding = RLE, shape = runs)",
        "# Fork: 1 of 1",
        "<forked VM failed with exit code 134>",
        "<stdout last='20 lines'>",
        "</stdout>",
        "<failure>",
        "",
        "java.lang.IllegalStateException: fork died"), "jdk21.log");
    assertEquals(List.of(new Failure(21, "BooleanBenchmark", "fastdecode",
        Map.of("callSite", "megamorphic", "encoding", "RLE", "shape", "runs"), "forked VM failed with exit code 134", "jdk21.log")),
        failures, "one entry per benchmark, however many markers its fork printed");
  }

  @Test
  void aGroupJmhCouldNotRunIsAFailureToo() {
    List<Failure> failures = JmhLog.parse(List.of(
        JmhLog.RUNALL_FAILURE + "\\.PlainBenchmark\\. -p type=INT64: org.openjdk.jmh.runner.RunnerException: no JVM>"), "jdk17.log");
    assertEquals(1, failures.size());
    assertEquals("(JMH run)", failures.get(0).benchmark());
    assertEquals("\\.PlainBenchmark\\. -p type=INT64: org.openjdk.jmh.runner.RunnerException: no JVM", failures.get(0).reason());
  }

  @Test
  void benchmarksWithoutFailureAreNotListed() {
    assertEquals(List.of(), JmhLog.parse(List.of(
        "# VM version: JDK 17.0.15, OpenJDK 64-Bit Server VM, 17.0.15+6",
        "# Benchmark: io.github.fastdecode.parquet.benchmarks.PlainBenchmark.copy",
        "# Parameters: (callSite = megamorphic, type = INT64)",
        "Iteration   1: 0.100 ns/op"), "x.log"));
  }
}
