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

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * TPC-H lineitem and orders at a scale factor (1 by default), generated with Trino's TPC-H
 * generator and written by Spark's default Parquet writer, then scanned by format("parquet"),
 * format("fastdecode") copying into Spark's vectors ({@code spark.fastdecode.copyVectors=true}) and
 * format("fastdecode") as it is by default (vectors over the library's batches) in the same local[1]
 * session: a full scan aggregating every column, Q1, Q6, Q12 and a selective point filter; best and
 * median of several runs, the first run of each query in a fresh JVM per reader, and the peak heap
 * of the full scan. Not part of the build's tests: run with
 * parquet-fastdecode-spark/bench/run-tpch.sh (see docs/spark.md).
 *
 * <p>Arguments: {@code [dataDir] [scaleFactor] [runs]}; {@code first <reader> <dataDir>} is the
 * child mode that runs each query once in a fresh JVM; {@code repeat <reader> <dataDir> <query>
 * <runs>} runs one query (by its name in the report) that many times in one session, for a
 * profiler.
 */
public final class SparkTpchBenchmark {
  /**
   * The readers compared: Spark's; this source with row filtering off ({@code
   * spark.fastdecode.filterRows=false}: every row of the pages the pushed filters keep reaches
   * Spark); this source as it is by default. {@code fastdecode-copy} (copying each batch into
   * Spark's vectors) can be named with {@code -Dtpch.readers=}.
   */
  static final String[] READERS = System.getProperty("tpch.readers", "parquet,fastdecode-pages,fastdecode").split(",");

  static final Map<String, String> QUERIES = new LinkedHashMap<>();

  static {
    QUERIES.put("full scan (every lineitem column)", "SELECT count(*), sum(l_orderkey), sum(l_partkey), sum(l_suppkey),"
        + " sum(l_linenumber), sum(l_quantity), sum(l_extendedprice), sum(l_discount), sum(l_tax), max(l_returnflag),"
        + " max(l_linestatus), max(l_shipdate), max(l_commitdate), max(l_receiptdate), max(l_shipinstruct),"
        + " max(l_shipmode), max(l_comment) FROM lineitem");
    QUERIES.put("Q1", "SELECT l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice),"
        + " sum(l_extendedprice * (1 - l_discount)), sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)),"
        + " avg(l_quantity), avg(l_extendedprice), avg(l_discount), count(*) FROM lineitem"
        + " WHERE l_shipdate <= date '1998-12-01' - interval '90' day"
        + " GROUP BY l_returnflag, l_linestatus ORDER BY l_returnflag, l_linestatus");
    QUERIES.put("Q6", "SELECT sum(l_extendedprice * l_discount) FROM lineitem WHERE l_shipdate >= date '1994-01-01'"
        + " AND l_shipdate < date '1995-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24");
    QUERIES.put("Q12", "SELECT l_shipmode,"
        + " sum(CASE WHEN o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' THEN 1 ELSE 0 END),"
        + " sum(CASE WHEN o_orderpriority <> '1-URGENT' AND o_orderpriority <> '2-HIGH' THEN 1 ELSE 0 END)"
        + " FROM orders, lineitem WHERE o_orderkey = l_orderkey AND l_shipmode IN ('MAIL', 'SHIP')"
        + " AND l_commitdate < l_receiptdate AND l_shipdate < l_commitdate AND l_receiptdate >= date '1994-01-01'"
        + " AND l_receiptdate < date '1995-01-01' GROUP BY l_shipmode ORDER BY l_shipmode");
    QUERIES.put("point filter (l_orderkey =)", "SELECT * FROM lineitem WHERE l_orderkey = 3000001");
    QUERIES.put("one month of l_shipdate: count", "SELECT count(*) FROM lineitem"
        + " WHERE l_shipdate >= date '1995-03-01' AND l_shipdate < date '1995-04-01'");
    QUERIES.put("l_comment LIKE: count", "SELECT count(*) FROM lineitem WHERE l_comment LIKE '%ab1%'");
    // -Dtpch.queries=Q6,l_comment: only the queries whose names start so.
    String only = System.getProperty("tpch.queries");
    if (only != null) {
      List<String> prefixes = List.of(only.split(","));
      QUERIES.keySet().removeIf(name -> prefixes.stream().noneMatch(name::startsWith));
    }
  }

  private SparkTpchBenchmark() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("first")) {
      firstRuns(args[1], Path.of(args[2]));
      return;
    }
    if (args.length > 0 && args[0].equals("repeat")) {
      repeat(args[1], Path.of(args[2]), args[3], Integer.parseInt(args[4]));
      return;
    }
    Path data = Path.of(args.length > 0 ? args[0] : "target/tpch");
    double sf = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    SparkSession spark = session();
    generate(spark, data, sf);

    StringBuilder report = new StringBuilder();
    report.append("JDK ").append(System.getProperty("java.version")).append(", Spark ").append(spark.version())
        .append(", local[1], TPC-H SF").append(sf).append(", ").append(runs).append(" runs per query and reader after one warm-up\n\n");
    report.append("| query |");
    for (String r : READERS) {
      report.append(' ').append(r).append(" best ms | ").append(r).append(" median ms |");
    }
    for (int r = 1; r < READERS.length; r++) {
      report.append(' ').append(READERS[r]).append(" speed-up (median) |");
    }
    report.append("\n|---|");
    for (int r = 0; r < 3 * READERS.length - 1; r++) {
      report.append("---:|");
    }
    report.append('\n');
    for (Map.Entry<String, String> q : QUERIES.entrySet()) {
      long[][] times = new long[READERS.length][runs];
      String[] results = new String[READERS.length];
      for (int r = 0; r < READERS.length; r++) {
        results[r] = run(spark, READERS[r], data, q.getValue()).result; // warm-up
        if (!results[r].equals(results[0])) {
          throw new IllegalStateException(q.getKey() + ": the readers disagree:\n" + results[0] + "\n" + results[r]);
        }
      }
      for (int i = 0; i < runs; i++) {
        for (int k = 0; k < READERS.length; k++) {
          int r = (i + k) % READERS.length; // rotate which reader goes first
          times[r][i] = run(spark, READERS[r], data, q.getValue()).millis;
        }
      }
      report.append("| ").append(q.getKey()).append(" |");
      for (int r = 0; r < READERS.length; r++) {
        report.append(String.format(" %d | %.0f |", min(times[r]), median(times[r])));
      }
      for (int r = 1; r < READERS.length; r++) {
        report.append(String.format(" %.2fx |", median(times[0]) / median(times[r])));
      }
      report.append('\n');
      StringBuilder line = new StringBuilder(q.getKey()).append(':');
      for (int r = 0; r < READERS.length; r++) {
        line.append(' ').append(READERS[r]).append(' ').append(Arrays.toString(times[r]));
      }
      System.out.println(line);
    }

    int heapRuns = Math.min(runs, 3);
    report.append("\nHeap during the full scan (warm session, after a full GC; the whole local JVM; median of ")
        .append(heapRuns).append(" runs per reader, interleaved). Peak: the sum of the heap pools' peaks, which follows the")
        .append(" collector's eden sizing as much as the scan. Live after GC: the most heap still in use after any")
        .append(" collection during the scan, closer to what the scan needs.\n\n");
    report.append("| reader | peak MiB | live after GC MiB |\n|---|---:|---:|\n");
    long[][] peaks = new long[READERS.length][heapRuns];
    long[][] lives = new long[READERS.length][heapRuns];
    for (int i = 0; i < heapRuns; i++) {
      for (int k = 0; k < READERS.length; k++) {
        int r = (i + k) % READERS.length;
        long[] heap = heap(spark, READERS[r], data);
        peaks[r][i] = heap[0];
        lives[r][i] = heap[1];
      }
    }
    for (int r = 0; r < READERS.length; r++) {
      report.append(String.format("| %s | %.0f | %.0f |%n", READERS[r], median(peaks[r]) / (1024 * 1024),
          median(lives[r]) / (1024 * 1024)));
    }

    report.append("\nFirst run of each query in a fresh JVM (queries in the order above, one JVM per reader):\n\n");
    report.append("| query |");
    for (String r : READERS) {
      report.append(' ').append(r).append(" ms |");
    }
    report.append("\n|---|");
    for (int r = 0; r < READERS.length; r++) {
      report.append("---:|");
    }
    report.append('\n');
    Map<String, long[]> first = new LinkedHashMap<>();
    for (int r = 0; r < READERS.length; r++) {
      for (Map.Entry<String, Long> e : firstRunsInChild(READERS[r], data).entrySet()) {
        first.computeIfAbsent(e.getKey(), k -> new long[READERS.length])[r] = e.getValue();
      }
    }
    for (Map.Entry<String, long[]> e : first.entrySet()) {
      report.append("| ").append(e.getKey()).append(" |");
      for (long t : e.getValue()) {
        report.append(' ').append(t).append(" |");
      }
      report.append('\n');
    }
    System.out.println();
    System.out.println(report);
    Files.writeString(data.resolve("report.md"), report.toString());
    spark.stop();
  }

  static SparkSession session() {
    return SparkSession.builder().master("local[1]").appName("tpch-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.datetime.java8API.enabled", "true")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate();
  }

  private static final class Timed {
    final long millis;
    final String result;

    Timed(long millis, String result) {
      this.millis = millis;
      this.result = result;
    }
  }

  static Timed run(SparkSession spark, String reader, Path data, String sql) {
    // fastdecode-copy: this source, copying each batch into Spark's vectors.
    spark.conf().set("spark.fastdecode.copyVectors", String.valueOf(reader.equals("fastdecode-copy")));
    // fastdecode-pages: this source handing Spark every row of the pages the filters keep.
    spark.conf().set("spark.fastdecode.filterRows", String.valueOf(!reader.equals("fastdecode-pages")));
    String format = reader.startsWith("fastdecode") ? "fastdecode" : reader;
    spark.read().format(format).load(data.resolve("lineitem").toString()).createOrReplaceTempView("lineitem");
    spark.read().format(format).load(data.resolve("orders").toString()).createOrReplaceTempView("orders");
    long start = System.nanoTime();
    List<Row> rows = spark.sql(sql).collectAsList();
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new Timed(millis, rows.toString());
  }

  /**
   * The full scan through {@code reader} after a full GC: the sum of the heap pools' peak usage, and
   * the most heap in use after any collection during the scan (bytes).
   */
  static long[] heap(SparkSession spark, String reader, Path data) {
    System.gc();
    List<MemoryPoolMXBean> pools = new ArrayList<>();
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        p.resetPeakUsage();
        pools.add(p);
      }
    }
    java.util.concurrent.atomic.AtomicLong live = new java.util.concurrent.atomic.AtomicLong();
    javax.management.NotificationListener listener = (notification, handback) -> {
      if (!notification.getType().equals(com.sun.management.GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
        return;
      }
      com.sun.management.GarbageCollectionNotificationInfo info = com.sun.management.GarbageCollectionNotificationInfo
          .from((javax.management.openmbean.CompositeData) notification.getUserData());
      long used = 0;
      for (Map.Entry<String, java.lang.management.MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
        for (MemoryPoolMXBean p : pools) {
          if (p.getName().equals(e.getKey())) {
            used += e.getValue().getUsed();
          }
        }
      }
      live.accumulateAndGet(used, Math::max);
    };
    List<javax.management.NotificationEmitter> emitters = new ArrayList<>();
    for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof javax.management.NotificationEmitter) {
        ((javax.management.NotificationEmitter) gc).addNotificationListener(listener, null, null);
        emitters.add((javax.management.NotificationEmitter) gc);
      }
    }
    try {
      run(spark, reader, data, QUERIES.values().iterator().next());
    } finally {
      for (javax.management.NotificationEmitter e : emitters) {
        try {
          e.removeNotificationListener(listener);
        } catch (javax.management.ListenerNotFoundException ignored) {
          // not registered: nothing to remove
        }
      }
    }
    long peak = 0;
    for (MemoryPoolMXBean p : pools) {
      peak += p.getPeakUsage().getUsed();
    }
    return new long[] {peak, live.get()};
  }

  /** Child mode: one fresh JVM, each query once through {@code reader}, "name\tmillis" per line. */
  static void firstRuns(String reader, Path data) {
    SparkSession spark = session();
    for (Map.Entry<String, String> q : QUERIES.entrySet()) {
      System.out.println("FIRST\t" + q.getKey() + "\t" + run(spark, reader, data, q.getValue()).millis);
    }
    spark.stop();
  }

  /** Profiler mode: the query named {@code name} (or a prefix of its name) {@code runs} times in one session. */
  static void repeat(String reader, Path data, String name, int runs) {
    SparkSession spark = session();
    String sql = null;
    for (Map.Entry<String, String> q : QUERIES.entrySet()) {
      if (q.getKey().equals(name) || sql == null && q.getKey().startsWith(name)) {
        sql = q.getValue(); // the query of that name, else the first whose name starts so
      }
    }
    if (sql == null) {
      throw new IllegalArgumentException("no query named " + name + "; queries: " + QUERIES.keySet());
    }
    for (int i = 0; i < runs; i++) {
      System.out.println("REPEAT\t" + name + "\t" + reader + "\t" + run(spark, reader, data, sql).millis);
    }
    spark.stop();
  }

  static Map<String, Long> firstRunsInChild(String reader, Path data) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(SparkTpchBenchmark.class.getName());
    cmd.add("first");
    cmd.add(reader);
    cmd.add(data.toString());
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    Map<String, Long> times = new LinkedHashMap<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("FIRST\t")) {
          String[] f = line.split("\t");
          times.put(f[1], Long.parseLong(f[2]));
        }
      }
    }
    if (p.waitFor() != 0) {
      throw new IllegalStateException("the fresh JVM for " + reader + " failed");
    }
    return times;
  }

  static long min(long[] t) {
    return Arrays.stream(t).min().orElse(0);
  }

  static double median(long[] t) {
    long[] s = t.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }

  // ---- data generation ----

  static void generate(SparkSession spark, Path data, double sf) throws IOException {
    generate(spark, data, sf, List.of(TpchTable.LINE_ITEM, TpchTable.ORDERS));
  }

  /** Writes each of {@code tables} at {@code sf} into {@code data/<table name>} unless it is there. */
  static void generate(SparkSession spark, Path data, double sf, List<TpchTable<?>> tables) throws IOException {
    for (TpchTable<?> table : tables) {
      String name = table.getTableName();
      Path dir = data.resolve(name);
      if (Files.exists(dir.resolve("_SUCCESS"))) {
        continue;
      }
      int parts = Math.max(1, (int) Math.ceil(sf * (table == TpchTable.LINE_ITEM ? 4 : 1)));
      List<Integer> partList = new ArrayList<>();
      for (int i = 1; i <= parts; i++) {
        partList.add(i);
      }
      JavaRDD<Row> rows = new JavaSparkContext(spark.sparkContext()).parallelize(partList, parts)
          .flatMap(new Generate(table.getTableName(), sf, parts));
      long start = System.nanoTime();
      spark.createDataFrame(rows, schema(table)).write().mode("overwrite").parquet(dir.toString());
      System.out.println("generated " + name + " in " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }
  }

  static StructType schema(TpchTable<?> table) {
    StructType s = new StructType();
    for (TpchColumn<?> c : table.getColumns()) {
      s = s.add(c.getColumnName(), sparkType(c), false);
    }
    return s;
  }

  static DataType sparkType(TpchColumn<?> c) {
    switch (c.getType().getBase()) {
      case IDENTIFIER:
        return DataTypes.LongType;
      case INTEGER:
        return DataTypes.IntegerType;
      case DATE:
        return DataTypes.DateType;
      case DOUBLE:
        return DataTypes.createDecimalType(12, 2); // money, as Spark's TPC-H kits declare it
      default:
        return DataTypes.StringType;
    }
  }

  /** One part of a table's rows, generated in the task. */
  static final class Generate implements FlatMapFunction<Integer, Row> {
    private static final long serialVersionUID = 1L;
    private final String table;
    private final double sf;
    private final int parts;

    Generate(String table, double sf, int parts) {
      this.table = table;
      this.sf = sf;
      this.parts = parts;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Iterator<Row> call(Integer part) {
      TpchTable t = TpchTable.getTable(table);
      List<TpchColumn> columns = t.getColumns();
      Iterator<TpchEntity> it = t.createGenerator(sf, part, parts).iterator();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public Row next() {
          TpchEntity e = it.next();
          Object[] v = new Object[columns.size()];
          for (int i = 0; i < v.length; i++) {
            TpchColumn c = columns.get(i);
            switch (c.getType().getBase()) {
              case IDENTIFIER:
                v[i] = c.getIdentifier(e);
                break;
              case INTEGER:
                v[i] = c.getInteger(e);
                break;
              case DATE:
                v[i] = LocalDate.ofEpochDay(c.getDate(e));
                break;
              case DOUBLE:
                v[i] = BigDecimal.valueOf(c.getDouble(e)).setScale(2, RoundingMode.HALF_UP);
                break;
              default:
                v[i] = c.getString(e);
                break;
            }
          }
          return RowFactory.create(v);
        }
      };
    }
  }
}
