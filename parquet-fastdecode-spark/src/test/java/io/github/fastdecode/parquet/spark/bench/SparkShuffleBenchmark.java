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

import io.github.fastdecode.parquet.spark.shuffle.DenseRowSerializer;
import io.github.fastdecode.parquet.spark.shuffle.DenseShuffleRule;
import io.trino.tpch.TpchTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Spark SQL shuffles with {@value DenseShuffleRule#ROW_FORMAT} {@code unsafe} (Spark's rows) and
 * {@code dense} (DenseRow) in one local[2] session, the shuffle on disk (Spark's local dir), Spark's
 * defaults otherwise (adaptive execution on, lz4): TPC-H Q3, Q5, Q9, Q10, Q18, a {@code
 * repartition(200)} of lineitem and of a table of narrow integers. Per query the shuffle bytes
 * written (Spark's metric, after compression) and the wall time, median of several runs with the
 * two formats alternating (which goes first rotates), after one warm-up run of each whose results
 * must be equal (sorted, value for value). Not part of the build's tests: run with
 * parquet-fastdecode-spark/bench/run-shuffle.sh (see docs/denserow.md).
 *
 * <p>Arguments: {@code [dataDir] [scaleFactor] [runs] [query name prefix ...]}. With {@code
 * -Dfastdecode.shuffle.timing=true} (run-shuffle.sh: {@code BENCH_JVM_OPTS}) the report adds where
 * the dense runs' shuffle time went ({@link DenseRowSerializer.Timings}), medians, summed over both
 * task threads: the timing itself costs two clock reads per row read.
 */
public final class SparkShuffleBenchmark {
  static final String[] FORMATS = {"unsafe", "dense"};
  static final Map<String, String> QUERIES = new LinkedHashMap<>();

  static {
    QUERIES.put("Q3", "SELECT l_orderkey, sum(l_extendedprice * (1 - l_discount)) AS revenue, o_orderdate, o_shippriority"
        + " FROM customer, orders, lineitem WHERE c_mktsegment = 'BUILDING' AND c_custkey = o_custkey AND l_orderkey = o_orderkey"
        + " AND o_orderdate < date '1995-03-15' AND l_shipdate > date '1995-03-15'"
        + " GROUP BY l_orderkey, o_orderdate, o_shippriority ORDER BY revenue DESC, o_orderdate LIMIT 10");
    QUERIES.put("Q5", "SELECT n_name, sum(l_extendedprice * (1 - l_discount)) AS revenue"
        + " FROM customer, orders, lineitem, supplier, nation, region WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey"
        + " AND l_suppkey = s_suppkey AND c_nationkey = s_nationkey AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey"
        + " AND r_name = 'ASIA' AND o_orderdate >= date '1994-01-01' AND o_orderdate < date '1995-01-01'"
        + " GROUP BY n_name ORDER BY revenue DESC");
    QUERIES.put("Q9", "SELECT nation, o_year, sum(amount) AS sum_profit FROM (SELECT n_name AS nation, year(o_orderdate) AS o_year,"
        + " l_extendedprice * (1 - l_discount) - ps_supplycost * l_quantity AS amount"
        + " FROM part, supplier, lineitem, partsupp, orders, nation WHERE s_suppkey = l_suppkey AND ps_suppkey = l_suppkey"
        + " AND ps_partkey = l_partkey AND p_partkey = l_partkey AND o_orderkey = l_orderkey AND s_nationkey = n_nationkey"
        + " AND p_name LIKE '%green%') AS profit GROUP BY nation, o_year ORDER BY nation, o_year DESC");
    QUERIES.put("Q10", "SELECT c_custkey, c_name, sum(l_extendedprice * (1 - l_discount)) AS revenue, c_acctbal, n_name, c_address,"
        + " c_phone, c_comment FROM customer, orders, lineitem, nation WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey"
        + " AND o_orderdate >= date '1993-10-01' AND o_orderdate < date '1994-01-01' AND l_returnflag = 'R'"
        + " AND c_nationkey = n_nationkey GROUP BY c_custkey, c_name, c_acctbal, c_phone, n_name, c_address, c_comment"
        + " ORDER BY revenue DESC LIMIT 20");
    QUERIES.put("Q18", "SELECT c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice, sum(l_quantity)"
        + " FROM customer, orders, lineitem WHERE o_orderkey IN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey"
        + " HAVING sum(l_quantity) > 300) AND c_custkey = o_custkey AND o_orderkey = l_orderkey"
        + " GROUP BY c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice ORDER BY o_totalprice DESC, o_orderdate LIMIT 100");
    // hash(*) after the exchange keeps every column in it (a count alone would shuffle none).
    QUERIES.put("lineitem repartition(200)", "SELECT sum(hash(*)) FROM (SELECT /*+ REPARTITION(200) */ * FROM lineitem)");
    QUERIES.put("narrow integers repartition(200)", "SELECT sum(hash(*)) FROM (SELECT /*+ REPARTITION(200) */ * FROM narrow)");
  }

  private SparkShuffleBenchmark() {}

  /** Shuffle bytes and records written by the tasks that end while it listens. */
  static final class ShuffleWrites extends SparkListener {
    long bytes;
    long records;
    /** Task time (ms) of shuffle map tasks and of the others, GC time, shuffle write time (ns). */
    long mapMillis;
    long otherMillis;
    long gcMillis;
    long writeNanos;

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
      if (end.taskMetrics() != null) {
        bytes += end.taskMetrics().shuffleWriteMetrics().bytesWritten();
        records += end.taskMetrics().shuffleWriteMetrics().recordsWritten();
        writeNanos += end.taskMetrics().shuffleWriteMetrics().writeTime();
        gcMillis += end.taskMetrics().jvmGCTime();
        if (end.taskType().equals("ShuffleMapTask")) {
          mapMillis += end.taskMetrics().executorRunTime();
        } else {
          otherMillis += end.taskMetrics().executorRunTime();
        }
      }
    }
  }

  static final class Run {
    final long millis;
    final long bytes;
    final long records;
    final List<String> rows;
    final String split;
    /** {@link DenseRowSerializer.Timings#snapshot()} of the run (zeros unless timed). */
    final long[] timings;

    Run(long millis, long bytes, long records, List<String> rows, String split, long[] timings) {
      this.millis = millis;
      this.bytes = bytes;
      this.records = records;
      this.rows = rows;
      this.split = split;
      this.timings = timings;
    }
  }

  public static void main(String[] args) throws Exception {
    Path data = Path.of(args.length > 0 ? args[0] : "target/tpch-shuffle");
    double sf = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    List<String> only = args.length > 3 ? Arrays.asList(args).subList(3, args.length) : List.of();
    SparkSession spark = SparkSession.builder().master("local[2]").appName("shuffle-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.extensions", "io.github.fastdecode.parquet.spark.FastDecodeExtensions")
        .config("spark.fastdecode.enabled", "false") // Spark's Parquet reader: only the shuffle differs
        .getOrCreate();
    SparkTpchBenchmark.generate(spark, data, sf, List.of(TpchTable.LINE_ITEM, TpchTable.ORDERS, TpchTable.CUSTOMER, TpchTable.PART,
        TpchTable.PART_SUPPLIER, TpchTable.SUPPLIER, TpchTable.NATION, TpchTable.REGION));
    Path narrow = data.resolve("narrow");
    if (!Files.exists(narrow.resolve("_SUCCESS"))) {
      // Six small integer columns (the reference's small-int cases), as many rows as lineitem.
      spark.range(0, (long) (6_000_000 * sf), 1, 4).selectExpr("cast(id % 100 as int) AS a", "cast(id % 7 as int) AS b",
          "cast(id * 13 % 1000 as int) AS c", "id % 50 AS d", "cast(id % 2 as smallint) AS e", "cast(id % 30 as int) AS f")
          .write().parquet(narrow.toString());
    }
    for (String table : new String[] {"lineitem", "orders", "customer", "part", "partsupp", "supplier", "nation", "region", "narrow"}) {
      spark.read().parquet(data.resolve(table).toString()).createOrReplaceTempView(table);
    }
    StringBuilder report = new StringBuilder();
    StringBuilder timed = new StringBuilder();
    report.append("JDK ").append(System.getProperty("java.version")).append(", Spark ").append(spark.version())
        .append(", local[2], TPC-H SF").append(sf).append(" (Spark's Parquet reader), AQE on, lz4; median of ").append(runs)
        .append(" runs per format after a warm-up, formats alternating\n\n")
        .append("| query | unsafe bytes written | dense bytes written | dense / unsafe | unsafe ms | dense ms | speed-up |\n")
        .append("|---|---:|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<String, String> q : QUERIES.entrySet()) {
      if (!only.isEmpty() && only.stream().noneMatch(q.getKey()::startsWith)) {
        continue;
      }
      Run[] warm = new Run[2];
      for (int f = 0; f < 2; f++) {
        warm[f] = run(spark, FORMATS[f], q.getValue());
      }
      if (!warm[0].rows.equals(warm[1].rows)) {
        throw new IllegalStateException(q.getKey() + ": the formats disagree:\n" + warm[0].rows + "\n" + warm[1].rows);
      }
      if (warm[0].records != warm[1].records) {
        throw new IllegalStateException(q.getKey() + ": records written " + warm[0].records + " and " + warm[1].records);
      }
      long[][] millis = new long[2][runs];
      long[][] bytes = new long[2][runs];
      long[][] timings = new long[DenseRowSerializer.Timings.snapshot().length][runs];
      for (int i = 0; i < runs; i++) {
        for (int k = 0; k < 2; k++) {
          int f = (i + k) % 2;
          Run r = run(spark, FORMATS[f], q.getValue());
          System.out.println(q.getKey() + " " + FORMATS[f] + ": " + r.millis + " ms; " + r.split);
          millis[f][i] = r.millis;
          bytes[f][i] = r.bytes;
          if (f == 1) {
            for (int t = 0; t < r.timings.length; t++) {
              timings[t][i] = r.timings[t];
            }
          }
        }
      }
      double ub = median(bytes[0]);
      double db = median(bytes[1]);
      double ut = median(millis[0]);
      double dt = median(millis[1]);
      report.append(String.format("| %s | %,.0f | %,.0f | %.2f | %.0f | %.0f | %.2fx |%n", q.getKey(), ub, db, db / ub, ut, dt, ut / dt));
      if (DenseRowSerializer.Timings.enabled()) {
        timed.append(String.format("| %s | %,d | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f / %.0f |%n", q.getKey(), warm[1].records,
            dt - ut, median(timings[0]) / 1e6, median(timings[1]) / 1e6, median(timings[2]) / 1e6, median(timings[3]) / 1e6,
            median(timings[4]) / 1e6, median(timings[5]) / 1e6, median(timings[6]), median(timings[7])));
      }
      System.out.println(q.getKey() + ": unsafe ms " + Arrays.toString(millis[0]) + " bytes " + Arrays.toString(bytes[0])
          + "; dense ms " + Arrays.toString(millis[1]) + " bytes " + Arrays.toString(bytes[1]) + "; records " + warm[0].records);
    }
    if (timed.length() > 0) {
      report.append("\nWhere the dense runs' shuffle time went (-Dfastdecode.shuffle.timing=true), ms summed over the task threads,"
          + " medians; dense - unsafe is the wall-time difference\n\n")
          .append("| query | records written | dense - unsafe ms | set-up | encode | write (compression, I/O) | read (I/O, decompression) |"
              + " decode | rows out | blocks written / read |\n")
          .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n").append(timed);
    }
    System.out.println();
    System.out.println(report);
    Files.writeString(data.resolve("shuffle-report.md"), report.toString());
    spark.stop();
  }

  static Run run(SparkSession spark, String format, String sql) throws Exception {
    spark.conf().set(DenseShuffleRule.ROW_FORMAT, format);
    ShuffleWrites writes = new ShuffleWrites();
    spark.sparkContext().listenerBus().waitUntilEmpty();
    DenseRowSerializer.Timings.reset();
    spark.sparkContext().addSparkListener(writes);
    try {
      long start = System.nanoTime();
      List<Row> rows = spark.sql(sql).collectAsList();
      long millis = (System.nanoTime() - start) / 1_000_000;
      spark.sparkContext().listenerBus().waitUntilEmpty();
      List<String> keys = new ArrayList<>();
      for (Row r : rows) {
        keys.add(r.toString());
      }
      Collections.sort(keys);
      String split = String.format("map tasks %d ms, other tasks %d ms, GC %d ms, shuffle write %d ms", writes.mapMillis,
          writes.otherMillis, writes.gcMillis, writes.writeNanos / 1_000_000);
      long[] timings = DenseRowSerializer.Timings.snapshot();
      if (DenseRowSerializer.Timings.enabled() && format.equals("dense")) {
        split += String.format("; dense: set-up %.1f ms, encode %.1f, write %.1f, read %.1f, decode %.1f, rows %.1f, blocks %d / %d",
            timings[0] / 1e6, timings[1] / 1e6, timings[2] / 1e6, timings[3] / 1e6, timings[4] / 1e6, timings[5] / 1e6, timings[6], timings[7]);
      }
      return new Run(millis, writes.bytes, writes.records, keys, split, timings);
    } finally {
      spark.sparkContext().removeSparkListener(writes);
    }
  }

  static double median(long[] v) {
    long[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }
}
