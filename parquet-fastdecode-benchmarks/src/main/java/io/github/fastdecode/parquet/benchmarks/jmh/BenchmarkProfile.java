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

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * A benchmark selection for {@code runall}: JMH timing options shared by every group, and groups,
 * each one JMH run (a benchmark regex and its {@code -p} restrictions; JMH applies {@code -p} to
 * every selected class, hence one run per class).
 *
 * <p>To add a benchmark class: {@link #FULL} takes every class of this package on its
 * own; for {@link #QUICK} add one line to its groups with one or two representative cases.
 */
public enum BenchmarkProfile {
  /**
   * One or two cases per encoding family (the bulk arms: not the {@code fastdecodeScalar} ones),
   * short warm-up: 31 forks, about 5 minutes per JDK on 2
   * cores; on JDK 25, 6 more for Trino's decoders ({@link TrinoContender}) in five of the groups.
   */
  QUICK(
      List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "3", "-r", "1s"),
      List.of(
          List.of("\\.(Trino)?PlainBenchmark\\.(?!fastdecodeScalar$)", "-p", "type=INT64"),
          List.of("\\.(Trino)?DeltaBinaryPackedInt32Benchmark\\.(?!fastdecodeScalar$)", "-p", "shape=monotonic", "-p", "op=read"),
          List.of("\\.(Trino)?DeltaBinaryPackedInt64Benchmark\\.(?!fastdecodeScalar$)", "-p", "shape=wide", "-p", "op=read"),
          List.of("\\.ByteStreamSplitBenchmark\\.(?!fastdecodeScalar$)", "-p", "type=DOUBLE,FLBA16"),
          List.of("\\.(Trino)?RleDictionaryIdsBenchmark\\.", "-p", "bitWidth=12", "-p", "shape=random"),
          List.of("\\.DictionaryDecodeBenchmark\\.", "-p", "type=INT64", "-p", "nullPercent=10"),
          List.of("\\.DefinitionLevelsBenchmark\\.(parquetJava|fastdecode)$", "-p", "nullPercent=10"),
          List.of("\\.BooleanBenchmark\\.", "-p", "encoding=RLE", "-p", "shape=runs"),
          List.of("\\.(Trino)?ByteArrayBenchmark\\.(parquetJava|fastdecode|fastdecodeCopy|trino)$", "-p", "encoding=PLAIN,DELTA_BYTE_ARRAY", "-p", "length=16", "-p", "op=read"),
          List.of("\\.UnsignedLongBenchmark\\.(parquetJava|fastdecode)$"),
          List.of("\\.DeltaBinaryPackedWriterBenchmark\\.", "-p", "type=INT64", "-p", "shape=monotonic"),
          List.of("\\.ByteArrayWriterBenchmark\\.", "-p", "encoding=DELTA_BYTE_ARRAY", "-p", "length=10", "-p", "cardinality=high"))),

  /**
   * Every benchmark of the jar with every default parameter, one fork of 5 x 500 ms after 4 x 500 ms
   * warm-up: 259 forks, 24 minutes per JDK measured (runall --dry-run estimates more). One fork per
   * case keeps three JDKs within an afternoon; JMH's error range in the report shows what that
   * costs in precision.
   */
  FULL(
      List.of("-f", "1", "-wi", "4", "-w", "500ms", "-i", "5", "-r", "500ms"),
      List.of(List.of("^io\\.github\\.fastdecode\\.parquet\\.benchmarks\\.jmh\\.")));

  /** Options every group of every profile gets: the gc profiler, for allocation per value. */
  static final List<String> COMMON_OPTIONS = List.of("-prof", "gc");

  /**
   * Seconds a fork costs beyond its iterations (JVM start, page generation and the result check in
   * setup, JMH's own work and the gc profiler): a quick run on JDK 17 took 236 s for 25 forks of
   * 5 s of iterations each on a busy 2-core machine.
   */
  static final double FORK_OVERHEAD_SECONDS = 4.5;

  private final List<String> timing;
  private final List<List<String>> groups;

  BenchmarkProfile(List<String> timing, List<List<String>> groups) {
    this.timing = timing;
    this.groups = groups;
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static BenchmarkProfile of(String id) {
    for (BenchmarkProfile p : values()) {
      if (p.id().equals(id)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown profile " + id + " (quick or full)");
  }

  public List<String> timing() {
    return timing;
  }

  public List<List<String>> groups() {
    return groups;
  }

  /** The JMH arguments of one group: timing, the group's selection, the common options. */
  public List<String> jmhArguments(List<String> group) {
    List<String> args = new ArrayList<>(timing);
    args.addAll(group);
    args.addAll(COMMON_OPTIONS);
    return args;
  }

  /**
   * Forks one JDK's run will start: benchmark methods x parameter combinations x forks, over all
   * groups; the Trino benchmarks count only where forks of Java {@code forkFeature} run them.
   */
  public int forks(int forkFeature) {
    List<String> excluded = TrinoContender.runsOn(forkFeature) ? List.of() : List.of(TrinoContender.BENCHMARKS);
    BenchmarkList list = BenchmarkList.defaultList();
    OutputFormat quiet = OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT);
    int forks = Integer.parseInt(option("-f"));
    int total = 0;
    for (List<String> group : groups) {
      Map<String, Integer> overridden = new HashMap<>();
      for (int i = 1; i + 1 < group.size(); i++) {
        if (group.get(i).equals("-p")) {
          String[] kv = group.get(i + 1).split("=", 2);
          overridden.put(kv[0], kv[1].split(",").length);
        }
      }
      for (BenchmarkListEntry entry : list.find(quiet, List.of(group.get(0)), excluded)) {
        int combinations = 1;
        if (entry.getParams().hasValue()) {
          for (Map.Entry<String, String[]> p : entry.getParams().get().entrySet()) {
            combinations *= overridden.getOrDefault(p.getKey(), p.getValue().length);
          }
        }
        total += combinations * forks;
      }
    }
    return total;
  }

  /** Expected seconds for one JDK: forks x (warm-up + measurement + {@link #FORK_OVERHEAD_SECONDS}). */
  public double estimatedSeconds(int forkFeature) {
    double perFork = Integer.parseInt(option("-wi")) * seconds(option("-w"))
        + Integer.parseInt(option("-i")) * seconds(option("-r")) + FORK_OVERHEAD_SECONDS;
    return forks(forkFeature) * perFork;
  }

  private String option(String name) {
    int i = timing.indexOf(name);
    return timing.get(i + 1);
  }

  private static double seconds(String jmhTime) {
    if (jmhTime.endsWith("ms")) {
      return Double.parseDouble(jmhTime.substring(0, jmhTime.length() - 2)) / 1000;
    }
    return Double.parseDouble(jmhTime.substring(0, jmhTime.length() - 1));
  }
}
