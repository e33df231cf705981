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

import io.github.fastdecode.parquet.spark.SparkRows;
import io.github.fastdecode.parquet.spark.shuffle.DenseShuffleRule;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * TPC-H queries 1 to 22 with {@value DenseShuffleRule#ROW_FORMAT} {@code unsafe} (Spark's rows) and
 * {@code dense} (DenseRow), adaptive execution on, off or both, in one local[2] session with Spark's
 * defaults otherwise (lz4, 200 shuffle partitions, Spark's Parquet reader): the sorted collects
 * compared value for value (doubles and floats by their bits, decimals by their digits), and per
 * query the rows, the shuffle bytes written by each format (Spark's metric) and the wall time of
 * the one run (not a benchmark). The queries are the TPC-H kit's own text as {@code io.trino.tpch}
 * ships it ({@code io/trino/tpch/queries/qN.sql}), with the few changes Spark's dialect needs
 * ({@link #sparkSql}). Exits 1 when a query's results differ. Not part of the build's tests: run
 * with {@code parquet-fastdecode-spark/bench/run-shuffle-tpch.sh} (see docs/denserow.md).
 *
 * <p>Arguments: {@code [dataDir] [scaleFactor] [on|off|both] [query name prefix ...]}, e.g. {@code
 * /tmp/tpch-sf1 1 both Q1 Q5}. The tables are generated into dataDir where they are missing.
 */
public final class SparkShuffleTpchCheck {
  private SparkShuffleTpchCheck() {}

  /** The kit's text of query {@code n} made Spark SQL: statements in order, the last the query. */
  static List<String> sparkSql(int n) throws IOException {
    String text;
    try (InputStream in = TpchTable.class.getResourceAsStream("/io/trino/tpch/queries/q" + n + ".sql")) {
      if (in == null) {
        throw new IOException("io.trino.tpch has no q" + n + ".sql");
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    StringBuilder sql = new StringBuilder();
    for (String line : text.split("\n")) {
      if (!line.trim().startsWith("--")) {
        sql.append(line).append('\n');
      }
    }
    String s = sql.toString()
        // Q6: Spark has no DECIMAL '...' literal; a plain 0.06 is already an exact decimal there.
        .replaceAll("(?i)decimal\\s+'([0-9.]+)'", "$1")
        // Q15: the view over temporary views must be a temporary view.
        .replaceAll("(?i)CREATE OR REPLACE VIEW", "CREATE OR REPLACE TEMPORARY VIEW");
    List<String> statements = new ArrayList<>();
    for (String st : s.split(";")) {
      if (!st.isBlank()) {
        statements.add(st.trim());
      }
    }
    return statements;
  }

  static final class Result {
    final List<String> rows;
    final long bytes;
    final long millis;

    Result(List<String> rows, long bytes, long millis) {
      this.rows = rows;
      this.bytes = bytes;
      this.millis = millis;
    }
  }

  static Result run(SparkSession spark, String format, List<String> statements) throws java.util.concurrent.TimeoutException {
    spark.conf().set(DenseShuffleRule.ROW_FORMAT, format);
    SparkShuffleBenchmark.ShuffleWrites writes = new SparkShuffleBenchmark.ShuffleWrites();
    spark.sparkContext().listenerBus().waitUntilEmpty();
    spark.sparkContext().addSparkListener(writes);
    try {
      long start = System.nanoTime();
      for (int i = 0; i + 1 < statements.size(); i++) {
        spark.sql(statements.get(i)).collectAsList();
      }
      List<Row> rows = spark.sql(statements.get(statements.size() - 1)).collectAsList();
      long millis = (System.nanoTime() - start) / 1_000_000;
      spark.sparkContext().listenerBus().waitUntilEmpty();
      List<String> keys = new ArrayList<>();
      for (Row r : rows) {
        keys.add(SparkRows.key(r));
      }
      Collections.sort(keys);
      return new Result(keys, writes.bytes, millis);
    } finally {
      spark.sparkContext().removeSparkListener(writes);
    }
  }

  public static void main(String[] args) throws Exception {
    Path data = Path.of(args.length > 0 ? args[0] : "target/tpch-shuffle");
    double sf = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
    String aqe = args.length > 2 ? args[2] : "on";
    List<String> only = args.length > 3 ? Arrays.asList(args).subList(3, args.length) : List.of();
    List<Boolean> modes = aqe.equals("both") ? List.of(true, false) : List.of(aqe.equals("on"));
    SparkSession spark = SparkSession.builder().master("local[2]").appName("shuffle-tpch-check")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.extensions", "io.github.fastdecode.parquet.spark.FastDecodeExtensions")
        .config("spark.fastdecode.enabled", "false") // Spark's Parquet reader: only the shuffle differs
        .getOrCreate();
    List<TpchTable<?>> tables = List.of(TpchTable.LINE_ITEM, TpchTable.ORDERS, TpchTable.CUSTOMER, TpchTable.PART,
        TpchTable.PART_SUPPLIER, TpchTable.SUPPLIER, TpchTable.NATION, TpchTable.REGION);
    SparkTpchBenchmark.generate(spark, data, sf, tables);
    for (TpchTable<?> t : tables) {
      spark.read().parquet(data.resolve(t.getTableName()).toString()).createOrReplaceTempView(t.getTableName());
    }
    StringBuilder report = new StringBuilder();
    report.append("JDK ").append(System.getProperty("java.version")).append(", Spark ").append(spark.version())
        .append(", local[2], TPC-H SF").append(sf).append(" (Spark's Parquet reader), lz4; one run per query and format\n\n")
        .append("| query | AQE | rows | same results | unsafe bytes written | dense bytes written | dense / unsafe | unsafe ms | dense ms |\n")
        .append("|---|---|---:|---|---:|---:|---:|---:|---:|\n");
    List<String> differ = new ArrayList<>();
    for (boolean on : modes) {
      spark.conf().set("spark.sql.adaptive.enabled", Boolean.toString(on));
      for (int q = 1; q <= 22; q++) {
        String name = "Q" + q;
        if (!only.isEmpty() && !only.contains(name)) {
          continue;
        }
        List<String> statements = sparkSql(q);
        Result unsafe = run(spark, "unsafe", statements);
        Result dense = run(spark, "dense", statements);
        boolean same = unsafe.rows.equals(dense.rows) && !unsafe.rows.isEmpty();
        if (!same) {
          differ.add(name + (on ? " (AQE)" : ""));
          System.out.println(name + ": the formats disagree or no rows\nunsafe " + unsafe.rows + "\ndense " + dense.rows);
        }
        String line = String.format("| %s | %s | %d | %s | %,d | %,d | %.2f | %d | %d |%n", name, on ? "on" : "off", unsafe.rows.size(),
            same ? "yes" : "NO", unsafe.bytes, dense.bytes, unsafe.bytes == 0 ? Double.NaN : (double) dense.bytes / unsafe.bytes,
            unsafe.millis, dense.millis);
        System.out.print(line);
        report.append(line);
      }
    }
    report.append(differ.isEmpty() ? "\nEvery query gave the same results.\n" : "\nDifferent results: " + differ + "\n");
    System.out.println();
    System.out.println(report);
    Files.writeString(data.resolve("shuffle-tpch-check.md"), report.toString());
    spark.stop();
    if (!differ.isEmpty()) {
      System.exit(1);
    }
  }
}
