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
package io.github.fastdecode.parquet.spark.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Queries over nested columns (an array of bigints, a struct, a map of string to bigint, an array of
 * structs) of a table written by Spark's default Parquet writer, through format("parquet") (Spark's
 * reader, with its vectorized nested reader as configured by default) and format("fastdecode") in
 * the same local[1] session, rotating which goes first; best and median of several runs after one
 * warm-up each, after checking that both return the same rows. Not part of the build's tests: run
 * with parquet-fastdecode-spark/bench/run-nested.sh (see docs/spark.md).
 *
 * <p>Arguments: {@code [dataDir] [rows] [runs]}.
 */
public final class SparkNestedBenchmark {
  static final String[] READERS = {"parquet", "fastdecode"};
  static final Map<String, String> QUERIES = new LinkedHashMap<>();

  static {
    QUERIES.put("array<bigint>: sum and size", "SELECT sum(aggregate(arr, 0L, (a, x) -> a + x)), sum(size(arr)) FROM t");
    QUERIES.put("array<bigint>: explode", "SELECT count(*), sum(e) FROM t LATERAL VIEW explode(arr) x AS e");
    QUERIES.put("struct<int,string>: fields", "SELECT sum(st.a), max(st.b), count(st) FROM t");
    QUERIES.put("map<string,bigint>: values and lookup",
        "SELECT sum(aggregate(map_values(m), 0L, (a, x) -> a + x)), count(m['k1']) FROM t");
    QUERIES.put("array<struct<int,string>>: fields",
        "SELECT sum(size(arr_struct)), sum(aggregate(arr_struct, 0L, (a, s) -> a + s.x)), max(arr_struct[0].y) FROM t");
    QUERIES.put("every nested column", "SELECT sum(size(arr)), sum(st.a), count(m['k2']), sum(size(arr_struct)),"
        + " max(arr_struct[0].y), max(st.b) FROM t");
  }

  private SparkNestedBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path data = Path.of(args.length > 0 ? args[0] : "target/nested");
    long rows = args.length > 1 ? Long.parseLong(args[1]) : 2_000_000L;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    SparkSession spark = SparkTpchBenchmark.session();
    Path table = data.resolve("t-" + rows);
    if (!Files.exists(table.resolve("_SUCCESS"))) {
      long start = System.nanoTime();
      // 1 to 8 array elements, 1 to 4 map entries, a null array of structs in every tenth row.
      spark.sql("SELECT id, transform(sequence(0, id % 8), x -> id * 8 + x) AS arr,"
          + " named_struct('a', CAST(id % 1000 AS INT), 'b', concat('name-', CAST(id % 5000 AS STRING))) AS st,"
          + " map_from_arrays(transform(sequence(0, id % 4), x -> concat('k', CAST(x AS STRING))),"
          + " transform(sequence(0, id % 4), x -> id + x)) AS m,"
          + " CASE WHEN id % 10 = 0 THEN NULL ELSE transform(sequence(0, id % 3),"
          + " x -> named_struct('x', CAST(id + x AS INT), 'y', CAST((id + x) % 7 AS STRING))) END AS arr_struct"
          + " FROM range(" + rows + ")").write().mode("overwrite").parquet(table.toString());
      System.out.println("generated " + rows + " rows in " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }
    StringBuilder report = new StringBuilder();
    report.append(String.format(Locale.ROOT, "JDK %s, Spark %s, local[1], %d rows, %d runs per query and reader after one"
        + " warm-up; spark.sql.parquet.enableNestedColumnVectorizedReader=%s%n%n", System.getProperty("java.version"),
        spark.version(), rows, runs, spark.conf().get("spark.sql.parquet.enableNestedColumnVectorizedReader")));
    report.append("| query | parquet best ms | parquet median ms | fastdecode best ms | fastdecode median ms | speed-up (median) |\n");
    report.append("|---|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<String, String> q : QUERIES.entrySet()) {
      String[] results = new String[READERS.length];
      for (int r = 0; r < READERS.length; r++) {
        long read = counter("filesRead");
        long fellBack = counter("filesFallenBack");
        results[r] = run(spark, READERS[r], table, q.getValue(), null);
        if (READERS[r].equals("fastdecode") && (counter("filesRead") == read || counter("filesFallenBack") != fellBack)) {
          throw new IllegalStateException(q.getKey() + ": format(\"fastdecode\") left files to Spark's reader");
        }
        if (!results[r].equals(results[0])) {
          throw new IllegalStateException(q.getKey() + ": the readers disagree:\n" + results[0] + "\n" + results[r]);
        }
      }
      long[][] times = new long[READERS.length][runs];
      for (int i = 0; i < runs; i++) {
        for (int k = 0; k < READERS.length; k++) {
          int r = (i + k) % READERS.length;
          long[] t = new long[1];
          run(spark, READERS[r], table, q.getValue(), t);
          times[r][i] = t[0];
        }
      }
      System.out.println(q.getKey() + ": parquet " + Arrays.toString(times[0]) + " fastdecode " + Arrays.toString(times[1]));
      report.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %d | %.0f | %.2fx |%n", q.getKey(), SparkTpchBenchmark.min(times[0]),
          SparkTpchBenchmark.median(times[0]), SparkTpchBenchmark.min(times[1]), SparkTpchBenchmark.median(times[1]),
          SparkTpchBenchmark.median(times[0]) / SparkTpchBenchmark.median(times[1])));
    }
    System.out.println();
    System.out.println(report);
    Files.writeString(data.resolve("report.md"), report.toString());
    spark.stop();
  }

  /** Runs {@code sql} over {@code table} read by {@code reader}; its rows as text, its time in {@code millis[0]} if given. */
  static String run(SparkSession spark, String reader, Path table, String sql, long[] millis) {
    spark.read().format(reader).load(table.toString()).createOrReplaceTempView("t");
    long start = System.nanoTime();
    List<Row> rows = spark.sql(sql).collectAsList();
    if (millis != null) {
      millis[0] = (System.nanoTime() - start) / 1_000_000;
    }
    return rows.toString();
  }

  /** One of the Spark module's file counters (package-private there, for its tests). */
  static long counter(String name) throws ReflectiveOperationException {
    java.lang.reflect.Method m = Class.forName("io.github.fastdecode.parquet.spark.Fallbacks").getDeclaredMethod(name);
    m.setAccessible(true);
    return (Long) m.invoke(null);
  }
}
