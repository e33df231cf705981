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
package io.github.fastdecode.parquet.spark;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.spark.shuffle.DenseRowExchanges;
import io.github.fastdecode.parquet.spark.shuffle.DenseShuffleRule;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@value DenseShuffleRule#ROW_FORMAT}{@code =dense} against {@code unsafe} (Spark's own row format)
 * on the same queries: the same rows, value for value (sorted collects), with and without adaptive
 * execution, through every partitioning an exchange has; the dense plans hold DenseRow exchanges and
 * the unsafe ones none; and the shuffle metrics agree with what was read.
 */
class DenseShuffleTest {
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = SparkSessions.local();
  }

  private static String plan(Dataset<Row> df) {
    return df.queryExecution().executedPlan().toString();
  }

  /**
   * Collects {@code query} with the unsafe and the dense row format (adaptive execution on or off,
   * and the settings {@code kv}), checks the plans and compares the rows; returns the dense plan.
   */
  static String compare(String what, boolean aqe, Supplier<Dataset<Row>> query, String... kv) {
    return compare(spark, what, aqe, query, kv);
  }

  /** As {@link #compare(String, boolean, Supplier, String...)} in {@code spark}. */
  static String compare(SparkSession spark, String what, boolean aqe, Supplier<Dataset<Row>> query, String... kv) {
    String[] settings = new String[kv.length + 4];
    System.arraycopy(kv, 0, settings, 4, kv.length);
    settings[0] = "spark.sql.adaptive.enabled";
    settings[1] = Boolean.toString(aqe);
    settings[2] = DenseShuffleRule.ROW_FORMAT;
    List<String>[] rows = new List[2];
    String[] plans = new String[2];
    for (int d = 0; d < 2; d++) {
      settings[3] = d == 0 ? "unsafe" : "dense";
      int k = d;
      SparkSessions.withConf(spark, () -> {
        Dataset<Row> df = query.get();
        rows[k] = SparkRows.keys(df);
        plans[k] = plan(df);
      }, settings);
    }
    String label = what + (aqe ? " (AQE)" : "");
    assertFalse(plans[0].contains(DenseRowExchanges.NODE_NAME), label + ": unsafe, yet a DenseRow exchange:\n" + plans[0]);
    assertTrue(plans[1].contains(DenseRowExchanges.NODE_NAME), label + ": dense, yet no DenseRow exchange:\n" + plans[1]);
    assertFalse(rows[0].isEmpty(), label + ": no rows");
    assertEquals(rows[0].size(), rows[1].size(), label + ": row count");
    for (int i = 0; i < rows[0].size(); i++) {
      if (!rows[0].get(i).equals(rows[1].get(i))) {
        assertEquals(rows[0].get(i), rows[1].get(i), label + ": sorted row " + i + " of " + rows[0].size());
      }
    }
    return plans[1];
  }

  private static final String[] NULL_RATES = {"false", "id % 10 = 3", "true"};

  @Test
  void everyPartitioningOfEveryFlatType() {
    for (boolean aqe : new boolean[] {false, true}) {
      for (String nulls : NULL_RATES) {
        Supplier<Dataset<Row>> flat = () -> FlatTypesDifferentialTest.allTypes(spark, 3000, nulls);
        String w = "flat, null if " + nulls;
        compare(w + ", hash", aqe, () -> flat.get().repartition(7, col("id")));
        compare(w + ", hash on a string", aqe, () -> flat.get().repartition(5, col("str")));
        compare(w + ", range", aqe, () -> flat.get().repartitionByRange(5, col("i64"), col("id")));
        compare(w + ", round robin", aqe, () -> flat.get().repartition(6));
        compare(w + ", round robin then coalesce", aqe, () -> flat.get().repartition(6).coalesce(2));
        compare(w + ", single (global aggregate)", aqe, () -> flat.get().agg(functions.count("*"), functions.max("str"),
            functions.min("dec30"), functions.max("i64"), functions.sum("i16"), functions.max("ts"), functions.min("f64"), functions.first("bin")));
        compare(w + ", group by", aqe, () -> flat.get().groupBy("bool", "i8").agg(functions.count("*"), functions.max("str_short"),
            functions.sum("dec15"), functions.collect_list("i32")));
      }
    }
  }

  @Test
  void nestedTypes() {
    for (boolean aqe : new boolean[] {false, true}) {
      for (String nulls : NULL_RATES) {
        Supplier<Dataset<Row>> nested = () -> NestedDifferentialTest.nested(spark, 2000, nulls);
        String w = "nested, null if " + nulls;
        compare(w + ", hash", aqe, () -> nested.get().repartition(7, col("id")));
        compare(w + ", round robin", aqe, () -> nested.get().repartition(3));
        compare(w + ", range", aqe, () -> nested.get().repartitionByRange(4, col("flat")));
      }
    }
  }

  @Test
  void joinsAndAdaptiveReads() {
    Supplier<Dataset<Row>> left = () -> FlatTypesDifferentialTest.allTypes(spark, 4000, "id % 10 = 3");
    Supplier<Dataset<Row>> right = () -> NestedDifferentialTest.nested(spark, 3000, "id % 7 = 1");
    for (boolean aqe : new boolean[] {false, true}) {
      compare("sort-merge join", aqe, () -> left.get().join(right.get(), "id"), "spark.sql.autoBroadcastJoinThreshold", "-1");
    }
    // A join that adaptive execution turns into a broadcast join once it has seen the filtered
    // side's size: the other side is read by a local shuffle reader.
    String local = compare("join made a broadcast join at run time", true, () -> left.get().join(right.get().where("id % 500 = 0"), "id"),
        "spark.sql.autoBroadcastJoinThreshold", "-1", "spark.sql.adaptive.autoBroadcastJoinThreshold", "10m",
        "spark.sql.adaptive.localShuffleReader.enabled", "true");
    assertTrue(local.contains("BroadcastHashJoin") && local.contains("local"), "no local shuffle read:\n" + local);
    // A skewed join: most rows under one key, small thresholds, so the skewed partition is split.
    Supplier<Dataset<Row>> skewed = () -> spark.range(0, 20000, 1, 2).selectExpr("case when id % 10 < 8 then 0 else id end as k",
        "concat('v', id) as v");
    Supplier<Dataset<Row>> other = () -> spark.range(0, 20000, 1, 2).selectExpr("id as k", "id * 3 as w");
    String skew = compare("skewed join", true, () -> skewed.get().join(other.get(), "k"),
        "spark.sql.autoBroadcastJoinThreshold", "-1", "spark.sql.adaptive.autoBroadcastJoinThreshold", "-1",
        "spark.sql.shuffle.partitions", "10", "spark.sql.adaptive.coalescePartitions.enabled", "false",
        "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", "1k", "spark.sql.adaptive.skewJoin.skewedPartitionFactor", "2",
        "spark.sql.adaptive.advisoryPartitionSizeInBytes", "4k");
    assertTrue(skew.contains("skew=true"), "the skewed join was not split:\n" + skew);
    // Coalescing: many small partitions read as few.
    String coalesced = compare("coalesced partitions", true, () -> left.get().groupBy("i8").agg(functions.count("*")),
        "spark.sql.shuffle.partitions", "50", "spark.sql.adaptive.coalescePartitions.enabled", "true");
    assertTrue(coalesced.contains("coalesced"), "no coalesced read:\n" + coalesced);
  }

  /** Totals of the shuffle metrics of the tasks that ended while it listened. */
  static final class ShuffleTotals extends SparkListener {
    long recordsWritten;
    long bytesWritten;
    long recordsRead;
    long bytesRead;
    long spilled;

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
      if (end.taskMetrics() == null) {
        return;
      }
      recordsWritten += end.taskMetrics().shuffleWriteMetrics().recordsWritten();
      bytesWritten += end.taskMetrics().shuffleWriteMetrics().bytesWritten();
      recordsRead += end.taskMetrics().shuffleReadMetrics().recordsRead();
      bytesRead += end.taskMetrics().shuffleReadMetrics().totalBytesRead();
      spilled += end.taskMetrics().diskBytesSpilled();
    }
  }

  /** The shuffle metrics of collecting {@code query} with {@code format}. */
  static ShuffleTotals measure(SparkSession session, String format, Supplier<Dataset<Row>> query, String... kv)
      throws java.util.concurrent.TimeoutException {
    ShuffleTotals totals = new ShuffleTotals();
    String[] settings = new String[kv.length + 2];
    settings[0] = DenseShuffleRule.ROW_FORMAT;
    settings[1] = format;
    System.arraycopy(kv, 0, settings, 2, kv.length);
    session.sparkContext().listenerBus().waitUntilEmpty();
    session.sparkContext().addSparkListener(totals);
    try {
      SparkSessions.withConf(session, () -> query.get().collectAsList(), settings);
      session.sparkContext().listenerBus().waitUntilEmpty();
    } finally {
      session.sparkContext().removeSparkListener(totals);
    }
    return totals;
  }

  @Test
  void shuffleMetrics() throws Exception {
    // A narrow-integer table: the shuffle bytes written are smaller, the records the same, and
    // what the readers read is what the writers wrote.
    Supplier<Dataset<Row>> narrow = () -> spark.range(0, 50000, 1, 2).selectExpr("id", "cast(id % 100 as int) as a",
        "cast(id % 7 as smallint) as b", "id % 1000 as c").repartition(5, col("a"));
    for (boolean aqe : new boolean[] {false, true}) {
      String a = Boolean.toString(aqe);
      ShuffleTotals unsafe = measure(spark, "unsafe", narrow, "spark.sql.adaptive.enabled", a);
      ShuffleTotals dense = measure(spark, "dense", narrow, "spark.sql.adaptive.enabled", a);
      assertEquals(50000, unsafe.recordsWritten, "unsafe records written");
      assertEquals(50000, dense.recordsWritten, "dense records written");
      assertEquals(dense.recordsWritten, dense.recordsRead, "dense records read");
      assertEquals(dense.bytesWritten, dense.bytesRead, "dense bytes read");
      assertEquals(unsafe.bytesWritten, unsafe.bytesRead, "unsafe bytes read");
      assertTrue(dense.bytesWritten > 0 && dense.bytesWritten < unsafe.bytesWritten,
          "dense wrote " + dense.bytesWritten + " bytes, unsafe " + unsafe.bytesWritten);
    }
  }

  /** The first exchange in {@code plan} (depth first) whose class is a DenseRow exchange, or null. */
  private static org.apache.spark.sql.execution.SparkPlan denseExchange(org.apache.spark.sql.execution.SparkPlan plan) {
    if (DenseRowExchanges.isDense(plan)) {
      return plan;
    }
    for (org.apache.spark.sql.execution.SparkPlan child : scala.jdk.javaapi.CollectionConverters.asJava(plan.children())) {
      org.apache.spark.sql.execution.SparkPlan found = denseExchange(child);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  @Test
  void sqlMetricsOfTheExchange() {
    // What the Spark UI shows for the exchange: its SQL metrics, fed by Spark's shuffle write
    // reporter and by the serializer (data size: the rows' UnsafeRow bytes, as Spark's serializer counts).
    SparkSessions.withConf(spark, () -> {
      Dataset<Row> df = spark.range(0, 30000, 1, 2).selectExpr("id", "cast(id % 100 as int) as a", "concat('s', id) as s")
          .repartition(4, col("a"));
      assertEquals(30000, df.collectAsList().size());
      org.apache.spark.sql.execution.SparkPlan exchange = denseExchange(df.queryExecution().executedPlan());
      assertTrue(exchange != null, plan(df));
      scala.collection.Map<String, org.apache.spark.sql.execution.metric.SQLMetric> m = exchange.metrics();
      assertEquals(30000, m.apply("shuffleRecordsWritten").value(), "records written");
      assertTrue(m.apply("shuffleBytesWritten").value() > 0, "bytes written");
      assertEquals(4, m.apply("numPartitions").value(), "partitions");
      // UnsafeRow of 3 fields: 8 (null bits) + 3 * 8, plus the string's bytes rounded up to 8
      long expected = 0;
      for (long id = 0; id < 30000; id++) {
        expected += 32 + ((("s" + id).length() + 7) / 8) * 8;
      }
      assertEquals(expected, m.apply("dataSize").value(), "data size");
    }, DenseShuffleRule.ROW_FORMAT, "dense", "spark.sql.adaptive.enabled", "false");
  }

  @Test
  void unsupportedSchemasKeepSparksExchange() {
    // A calendar interval is not carried: that exchange stays Spark's, the query still runs.
    SparkSessions.withConf(spark, () -> {
      Dataset<Row> df = spark.range(0, 100, 1, 2).selectExpr("id", "make_interval(0, 0, 0, cast(id as int)) as iv").repartition(3, col("id"));
      assertEquals(100, df.collectAsList().size());
      String p = plan(df);
      assertFalse(p.contains(DenseRowExchanges.NODE_NAME), p);
      assertTrue(p.contains("Exchange"), p);
    }, DenseShuffleRule.ROW_FORMAT, "dense");
  }
}
