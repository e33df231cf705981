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

import io.github.fastdecode.parquet.benchmarks.jmh.TrinoContender;
import io.github.fastdecode.parquet.benchmarks.report.JmhLog.Failure;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Results of several JDKs side by side: per benchmark class, one row per parameter combination,
 * and per JDK the {@code parquetJava}, {@code fastdecode} and (where the class has one) {@code copy}
 * result of that class and those parameters. Any benchmark class pairs this way; other methods are
 * kept apart, and every result that cannot be paired or is missing is listed, never dropped.
 *
 * <p>The Trino contender's results ({@code Trino<Name>.trino}, JDK 25 forks only) join the rows of
 * {@code <Name>} whose parameters include theirs (the Trino classes lack {@code callSite}, which is
 * about parquet-java), as a third result per cell; their absence on JDKs below 25 is expected and
 * not listed as missing.
 */
public final class Comparison {
  public static final String PARQUET_JAVA = "parquetJava";
  public static final String FASTDECODE = "fastdecode";
  public static final String COPY = "copy";
  public static final String TRINO = "trino";
  /** The prefix of a Trino benchmark class's name before the name of the class it pairs with. */
  public static final String TRINO_CLASS_PREFIX = "Trino";
  /** The first JDK whose forks run the Trino benchmarks. */
  public static final int TRINO_JDK = TrinoContender.JAVA_FEATURE;

  /** Speedup parquet-java / fastdecode with the range JMH's errors allow (NaN bounds without errors). */
  public record Speedup(double value, double low, double high) {
    static Speedup of(Measurement parquetJava, Measurement fastdecode) {
      double value = parquetJava.nsPerOp() / fastdecode.nsPerOp();
      // Slowest parquet-java against fastest fastdecode and the reverse: a conservative range,
      // wider than a confidence interval of the ratio itself.
      double low = parquetJava.low() / fastdecode.high();
      double fdLow = fastdecode.low();
      double high = fdLow > 0 ? parquetJava.high() / fdLow : Double.POSITIVE_INFINITY;
      if (Double.isNaN(parquetJava.errorNs()) || Double.isNaN(fastdecode.errorNs())) {
        low = high = Double.NaN;
      }
      return new Speedup(value, low, high);
    }
  }

  /** One JDK's results for a row. */
  public static final class Cell {
    Measurement parquetJava;
    Measurement fastdecode;
    Measurement copy;
    Measurement trino;

    public Measurement trino() {
      return trino;
    }

    /** Trino ns / fastdecode ns (below 1: Trino is faster) with JMH's range, or null unless both have a result. */
    public Speedup trinoRatio() {
      return trino != null && fastdecode != null ? Speedup.of(trino, fastdecode) : null;
    }

    public Measurement parquetJava() {
      return parquetJava;
    }

    public Measurement fastdecode() {
      return fastdecode;
    }

    public Measurement copy() {
      return copy;
    }

    /** Null unless both sides have a result. */
    public Speedup speedup() {
      return parquetJava != null && fastdecode != null ? Speedup.of(parquetJava, fastdecode) : null;
    }
  }

  /** One parameter combination of a class. */
  public static final class Row {
    final Map<String, String> params;
    final Map<Integer, Cell> cells = new TreeMap<>();

    Row(Map<String, String> params) {
      this.params = params;
    }

    public Map<String, String> params() {
      return params;
    }

    /** The JDK's cell, or null when the JDK has none of the row's paired methods. */
    public Cell cell(int jdk) {
      return cells.get(jdk);
    }
  }

  /** One benchmark class. */
  public static final class ClassTable {
    final String className;
    final Map<Map<String, String>, Row> rows = new LinkedHashMap<>();
    final List<Measurement> others = new ArrayList<>();

    ClassTable(String className) {
      this.className = className;
    }

    public String className() {
      return className;
    }

    public Collection<Row> rows() {
      return rows.values();
    }

    /** Results of methods other than the paired ones ({@code parquetJavaViaString}, say). */
    public List<Measurement> others() {
      return others;
    }

    public boolean hasCopy() {
      return rows.values().stream().flatMap(r -> r.cells.values().stream()).anyMatch(c -> c.copy != null);
    }

    /** Whether any row has a Trino result on this JDK. */
    public boolean hasTrino(int jdk) {
      return rows.values().stream().map(r -> r.cells.get(jdk)).anyMatch(c -> c != null && c.trino != null);
    }

    public boolean hasAllocation() {
      return rows.values().stream().flatMap(r -> r.cells.values().stream())
          .anyMatch(c -> hasAlloc(c.parquetJava) || hasAlloc(c.fastdecode));
    }

    /** Parameters with one value across every row and other result: said once, not per row. */
    public Map<String, String> constantParams() {
      Map<String, String> constant = null;
      List<Map<String, String>> all = new ArrayList<>(rows.keySet());
      others.forEach(m -> all.add(m.params()));
      for (Map<String, String> p : all) {
        if (constant == null) {
          constant = new LinkedHashMap<>(p);
        } else {
          constant.entrySet().removeIf(e -> !e.getValue().equals(p.get(e.getKey())));
        }
      }
      return constant == null || all.size() < 2 ? Map.of() : constant;
    }

    /** The row's label without the constant parameters. */
    public String label(Map<String, String> params) {
      Map<String, String> constant = constantParams();
      StringBuilder sb = new StringBuilder();
      for (Map.Entry<String, String> e : params.entrySet()) {
        if (!constant.containsKey(e.getKey())) {
          sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
        }
      }
      return sb.length() == 0 ? "(one case)" : sb.toString();
    }
  }

  private final SortedSet<Integer> jdks = new TreeSet<>();
  private final Map<String, ClassTable> classes = new TreeMap<>();
  private final List<JmhResultFile> files;
  private final List<Failure> failures;
  private final List<String> unpaired = new ArrayList<>();
  private final List<String> notOnEveryJdk = new ArrayList<>();
  private final List<String> duplicates = new ArrayList<>();
  private final Set<String> failedKeys = new LinkedHashSet<>();

  /**
   * Builds the comparison. A result seen twice for the same JDK, class, method and parameters (two
   * files of one JDK) keeps the first file's and lists the other as a duplicate.
   */
  public Comparison(List<JmhResultFile> files, List<Failure> failures) {
    this.files = files;
    this.failures = failures;
    for (JmhResultFile f : files) {
      jdks.addAll(f.jdks().keySet());
    }
    for (Failure f : failures) {
      failedKeys.add(key(f.jdk(), f.className(), f.method(), f.params()));
      if (f.jdk() > 0) {
        jdks.add(f.jdk());
      }
    }
    Map<String, Measurement> seen = new HashMap<>();
    // (class, method, params) -> JDKs it was measured on, to find what is missing on others
    Map<String, Set<Integer>> measuredOn = new LinkedHashMap<>();
    Map<String, Measurement> example = new HashMap<>();
    List<Measurement> trinoResults = new ArrayList<>();
    for (JmhResultFile file : files) {
      for (Measurement m : file.measurements()) {
        String key = key(m.jdk(), m.className(), m.method(), m.params());
        Measurement first = seen.putIfAbsent(key, m);
        if (first != null) {
          duplicates.add("JDK " + m.jdk() + " " + describe(m.className(), m.method(), m.params())
              + ": in " + first.source() + " and " + m.source() + "; kept " + first.source());
          continue;
        }
        String anyJdk = key(0, m.className(), m.method(), m.params());
        measuredOn.computeIfAbsent(anyJdk, k -> new TreeSet<>()).add(m.jdk());
        example.putIfAbsent(anyJdk, m);
        if (isTrino(m)) {
          trinoResults.add(m); // joined to their rows below, once every row exists
          continue;
        }
        ClassTable table = classes.computeIfAbsent(m.className(), ClassTable::new);
        switch (m.method()) {
          case PARQUET_JAVA -> cell(table, m).parquetJava = m;
          case FASTDECODE -> cell(table, m).fastdecode = m;
          case COPY -> cell(table, m).copy = m;
          default -> table.others.add(m);
        }
      }
    }
    for (Measurement m : trinoResults) {
      joinTrino(m);
    }
    for (ClassTable table : classes.values()) {
      for (Row row : table.rows.values()) {
        for (Map.Entry<Integer, Cell> e : row.cells.entrySet()) {
          Cell c = e.getValue();
          if ((c.parquetJava == null) != (c.fastdecode == null)) {
            String absent = c.parquetJava == null ? PARQUET_JAVA : FASTDECODE;
            String present = c.parquetJava == null ? FASTDECODE : PARQUET_JAVA;
            boolean failed = failed(e.getKey(), table.className, absent, row.params);
            unpaired.add("JDK " + e.getKey() + " " + describe(table.className, "", row.params) + ": " + present
                + " has a result, " + absent + (failed ? " failed (see Failed benchmarks)" : " has none"));
          }
        }
      }
    }
    for (Map.Entry<String, Set<Integer>> e : measuredOn.entrySet()) {
      Measurement m = example.get(e.getKey());
      for (int jdk : jdks) {
        if (e.getValue().contains(jdk) || failed(jdk, m.className(), m.method(), m.params())) {
          continue;
        }
        if (isTrino(m)) {
          if (jdk >= TRINO_JDK) {
            notOnEveryJdk.add(describe(m.className(), m.method(), m.params()) + ": no result on JDK " + jdk
                + " (measured on JDK " + joinJdks(e.getValue()) + ")");
          }
          continue; // below JDK 25 the Trino benchmarks do not run, by design
        }
        Row row = classes.get(m.className()).rows.get(m.params());
        Cell cell = row == null ? null : row.cells.get(jdk);
        boolean reportedAsUnpaired = cell != null && (cell.parquetJava != null || cell.fastdecode != null)
            && (m.method().equals(PARQUET_JAVA) || m.method().equals(FASTDECODE));
        if (!reportedAsUnpaired) {
          notOnEveryJdk.add(describe(m.className(), m.method(), m.params()) + ": no result on JDK " + jdk
              + " (measured on JDK " + joinJdks(e.getValue()) + ")");
        }
      }
    }
  }

  private static boolean isTrino(Measurement m) {
    return m.method().equals(TRINO) && m.className().startsWith(TRINO_CLASS_PREFIX)
        && m.className().length() > TRINO_CLASS_PREFIX.length();
  }

  /**
   * Puts a Trino result into every row of its paired class whose parameters include its own; one
   * with no such row (its paired class was not run, say) is listed as unpaired and kept in a table
   * of its own class.
   */
  private void joinTrino(Measurement m) {
    ClassTable table = classes.get(m.className().substring(TRINO_CLASS_PREFIX.length()));
    boolean joined = false;
    if (table != null) {
      for (Row row : table.rows.values()) {
        if (row.params.entrySet().containsAll(m.params().entrySet())) {
          row.cells.computeIfAbsent(m.jdk(), j -> new Cell()).trino = m;
          joined = true;
        }
      }
    }
    if (!joined) {
      unpaired.add("JDK " + m.jdk() + " " + describe(m.className(), m.method(), m.params())
          + ": no result of " + m.className().substring(TRINO_CLASS_PREFIX.length()) + " with these parameters to compare with");
      classes.computeIfAbsent(m.className(), ClassTable::new).others.add(m);
    }
  }

  /** True when a log says the Trino benchmark paired with this row failed on this JDK. */
  public boolean trinoFailed(int jdk, ClassTable table, Row row) {
    String trinoClass = TRINO_CLASS_PREFIX + table.className;
    for (Failure f : failures) {
      if (f.className().equals(trinoClass) && f.method().equals(TRINO) && (f.jdk() == jdk || f.jdk() == 0)
          && row.params.entrySet().containsAll(f.params().entrySet())) {
        return true;
      }
    }
    return false;
  }

  private static Cell cell(ClassTable table, Measurement m) {
    return table.rows.computeIfAbsent(m.params(), Row::new).cells.computeIfAbsent(m.jdk(), j -> new Cell());
  }

  private static boolean hasAlloc(Measurement m) {
    return m != null && !Double.isNaN(m.allocBytesPerOp());
  }

  /** True when a log says this benchmark failed on this JDK (or on a JDK the log does not name). */
  public boolean failed(int jdk, String className, String method, Map<String, String> params) {
    return failedKeys.contains(key(jdk, className, method, params)) || failedKeys.contains(key(0, className, method, params));
  }

  private static String key(int jdk, String className, String method, Map<String, String> params) {
    return jdk + "|" + className + "|" + method + "|" + new TreeMap<>(params); // JSON and log may order params differently
  }

  static String describe(String className, String method, Map<String, String> params) {
    StringBuilder sb = new StringBuilder(className);
    if (!method.isEmpty()) {
      sb.append('.').append(method);
    }
    if (!params.isEmpty()) {
      sb.append(' ');
      params.forEach((k, v) -> sb.append(sb.charAt(sb.length() - 1) == ' ' ? "" : ", ").append(k).append('=').append(v));
    }
    return sb.toString();
  }

  private static String joinJdks(Set<Integer> jdks) {
    StringBuilder sb = new StringBuilder();
    jdks.forEach(j -> sb.append(sb.length() == 0 ? "" : ", ").append(j));
    return sb.toString();
  }

  /** JDK feature versions, ascending: the report's column groups. */
  public SortedSet<Integer> jdks() {
    return jdks;
  }

  /** Benchmark classes by simple name. */
  public Collection<ClassTable> classes() {
    return classes.values();
  }

  public List<JmhResultFile> files() {
    return files;
  }

  public List<Failure> failures() {
    return failures;
  }

  /** Cases where one JDK has only one of parquetJava / fastdecode. */
  public List<String> unpaired() {
    return unpaired;
  }

  /** Results some JDK has and another JDK (with results) lacks, failures aside. */
  public List<String> notOnEveryJdk() {
    return notOnEveryJdk;
  }

  public List<String> duplicates() {
    return duplicates;
  }

  /** Geometric mean of a class's Trino ns / fastdecode ns on one JDK, NaN when it has none. */
  public static double geometricMeanTrinoRatio(ClassTable table, int jdk) {
    double logSum = 0;
    int n = 0;
    for (Row row : table.rows.values()) {
      Cell c = row.cells.get(jdk);
      Speedup s = c == null ? null : c.trinoRatio();
      if (s != null) {
        logSum += Math.log(s.value());
        n++;
      }
    }
    return n == 0 ? Double.NaN : Math.exp(logSum / n);
  }

  /** Geometric mean of a class's speedups on one JDK, NaN when it has none. */
  public static double geometricMeanSpeedup(ClassTable table, int jdk) {
    double logSum = 0;
    int n = 0;
    for (Row row : table.rows.values()) {
      Cell c = row.cells.get(jdk);
      Speedup s = c == null ? null : c.speedup();
      if (s != null) {
        logSum += Math.log(s.value());
        n++;
      }
    }
    return n == 0 ? Double.NaN : Math.exp(logSum / n);
  }
}
