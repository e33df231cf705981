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
package io.github.fastdecode.parquet.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/** The profiles against the benchmarks compiled into this module (JMH's generated benchmark list). */
class BenchmarkProfileTest {
  private static SortedSet<BenchmarkListEntry> find(String regex) {
    return BenchmarkList.defaultList().find(
        OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT),
        List.of(regex), List.of());
  }

  @Test
  void everyQuickGroupSelectsPairsAndNamesDeclaredParameterValues() {
    for (List<String> group : BenchmarkProfile.QUICK.groups()) {
      SortedSet<BenchmarkListEntry> entries = find(group.get(0));
      assertTrue(entries.stream().anyMatch(e -> e.getUsername().endsWith(".parquetJava")), group + " selects parquetJava");
      assertTrue(entries.stream().anyMatch(e -> e.getUsername().endsWith(".fastdecode")), group + " selects fastdecode");
      for (int i = 1; i < group.size(); i += 2) {
        assertEquals("-p", group.get(i), group.toString());
        String[] kv = group.get(i + 1).split("=", 2);
        for (BenchmarkListEntry e : entries) {
          Map<String, String[]> declared = e.getParams().get();
          assertTrue(declared.containsKey(kv[0]), e.getUsername() + " has no parameter " + kv[0]);
          for (String value : kv[1].split(",")) {
            assertTrue(Arrays.asList(declared.get(kv[0])).contains(value), e.getUsername() + " " + kv[0] + " has no value " + value);
          }
        }
      }
    }
  }

  @Test
  void fullSelectsEveryBenchmarkAndQuickIsASubsetUnderSixteenMinutesForThreeJdks() {
    int all = find(".*").size();
    assertEquals(all, find(BenchmarkProfile.FULL.groups().get(0).get(0)).size());
    assertTrue(BenchmarkProfile.QUICK.forks(25) < BenchmarkProfile.FULL.forks(25));
    double quick = 0;
    StringBuilder perJdk = new StringBuilder();
    for (int jdk : new int[] {17, 21, 25}) {
      quick += BenchmarkProfile.QUICK.estimatedSeconds(jdk);
      perJdk.append(" JDK ").append(jdk).append(": ").append(BenchmarkProfile.QUICK.forks(jdk)).append(" forks");
    }
    // 15 minutes before the Trino column: JDK 25's 6 Trino forks add about one.
    assertTrue(quick < 16 * 60, "quick: " + quick + " s for JDK 17, 21 and 25;" + perJdk);
  }

  @Test
  void trinoBenchmarksCountOnlyWhereTheirForksRunThem() {
    assertTrue(find(TrinoContender.BENCHMARKS).size() > 0, "the jar lists Trino benchmarks");
    // Java 17 forks never run them; Java 25 forks do when the jar was built with the contender.
    int expected = TrinoContender.isBuiltIn() ? BenchmarkProfile.FULL.forks(17) + trinoCombinations() : BenchmarkProfile.FULL.forks(17);
    assertEquals(expected, BenchmarkProfile.FULL.forks(25));
  }

  private static int trinoCombinations() {
    int total = 0;
    for (BenchmarkListEntry e : find(TrinoContender.BENCHMARKS)) {
      int combinations = 1;
      for (String[] values : e.getParams().get().values()) {
        combinations *= values.length;
      }
      total += combinations;
    }
    return total;
  }

  @Test
  void forksCountParameterCombinations() {
    // PlainBenchmark type=INT64: parquetJava, fastdecode and copy, and TrinoPlainBenchmark's trino,
    // one combination each, one fork
    assertEquals(List.of("-f", "1"), BenchmarkProfile.QUICK.timing().subList(0, 2));
    assertEquals(4, find(BenchmarkProfile.QUICK.groups().get(0).get(0)).size());
    // Trino's 6 quick cases (PLAIN INT64, two deltas, ids, two byte arrays) run on JDK 25 only
    assertEquals(BenchmarkProfile.QUICK.forks(17) + (TrinoContender.isBuiltIn() ? 6 : 0), BenchmarkProfile.QUICK.forks(25));
    assertFalse(BenchmarkProfile.QUICK.jmhArguments(BenchmarkProfile.QUICK.groups().get(0)).isEmpty());
  }
}
