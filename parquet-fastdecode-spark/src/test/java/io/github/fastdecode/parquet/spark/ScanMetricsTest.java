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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ExplainMode;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.ui.SQLAppStatusStore;
import org.apache.spark.sql.execution.ui.SQLExecutionUIData;
import org.apache.spark.sql.execution.ui.SQLPlanMetric;
import org.apache.spark.sql.execution.ui.SparkPlanGraphNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The scan's counts as SQL metrics on the {@link FastDecodeScanMetricsExec} node the session
 * extension puts above each scan through the library: the node is in the executed plan and in
 * {@code explain}, directly above the scan, with adaptive execution on and off, through {@code
 * format("fastdecode")} and through the extension's {@code format("parquet")}, in batches and in rows;
 * its metrics equal the stage accumulators and the counts the files make, and Spark's SQL status store
 * (what the UI's SQL tab shows) holds the same values on that node; the rows equal Spark's reader's.
 */
class ScanMetricsTest {
  private static SparkSession spark;
  /** Two files: one whose struct has none of the requested fields (left to Spark's reader), one without the struct. */
  private static Path mixed;
  private static final String SCHEMA = "id bigint, s string, st struct<gone: int>";

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    Path root = SparkSessions.tempDir("metrics");
    mixed = root.resolve("mixed");
    spark.range(0, 1000, 1, 1).selectExpr("id", "concat('a', id) as s", "named_struct('a', id) as st")
        .write().parquet(mixed.resolve("k=1").toString());
    spark.range(1000, 3000, 1, 1).selectExpr("id", "concat('b', id) as s")
        .write().parquet(mixed.resolve("k=2").toString());
  }

  /** One query, its expected counts, and the way it reads the files (the reader is the function's argument). */
  private record Case(String what, Function<org.apache.spark.sql.DataFrameReader, Dataset<Row>> query,
      long filesRead, long filesLeft, long rowsRead, long rowsHanded, boolean exchange) {}

  private static List<Case> cases(String format) {
    String all = mixed.toString();
    String k2 = mixed.resolve("k=2").toString();
    return List.of(
        // k=1 is left to Spark's reader, k=2 (2000 rows) is read by the library and handed over whole.
        new Case(format + ", a file left to Spark's reader", r -> r.schema(SCHEMA).format(format).load(all), 1, 1, 2000, 2000, false),
        // The pushed filter: the row group's 2000 rows are read, the 10 matching ones handed over.
        new Case(format + ", a pushed filter", r -> r.format(format).load(k2).where("id < 1010"), 1, 0, 2000, 10, false),
        // An exchange, so that adaptive execution (when on) plans query stages; st.gone keeps k=1 with Spark's reader.
        new Case(format + ", a filter and an aggregation", r -> r.schema(SCHEMA).format(format).load(all)
            .where("id < 1010").groupBy("k").agg(org.apache.spark.sql.functions.expr("count(*)"),
                org.apache.spark.sql.functions.expr("max(st.gone)")), 1, 1, 2000, 10, true));
  }

  /**
   * Adaptive execution off; on (Spark's default: it plans only queries with an exchange or a
   * subquery); and forced on every query ({@code spark.sql.adaptive.forceApply}).
   */
  @Test
  void theScanNodesMetricsAreTheAccumulatorsCountsWithAndWithoutAdaptiveExecution() {
    for (String adaptive : new String[] {"off", "on", "forced"}) {
      String[] conf = {"spark.sql.adaptive.enabled", String.valueOf(!adaptive.equals("off")),
          "spark.sql.adaptive.forceApply", String.valueOf(adaptive.equals("forced"))};
      SparkSessions.withConf(spark, () -> {
        for (Case c : cases("fastdecode")) {
          check(adaptive, c);
        }
      }, conf);
      SparkSessions.withConf(spark, () -> {
        for (Case c : cases("parquet")) {
          check(adaptive, c);
        }
      }, concat(conf, ParquetScanStrategy.ENABLED, "true"));
    }
  }

  /**
   * Rows instead of batches, where the node passes its child's rows on: whole-stage code generation
   * off (the library reads, and hands Spark rows), and the vectorized reader off (Spark's reader
   * reads the whole scan, and every file counts as left to it).
   */
  @Test
  void rowsInsteadOfBatches() {
    String k2 = mixed.resolve("k=2").toString();
    SparkSessions.withConf(spark, () -> {
      check("off", new Case("codegen off, a pushed filter", r -> r.format("fastdecode").load(k2).where("id < 1010"),
          1, 0, 2000, 10, false));
      check("off", new Case("codegen off, a file left to Spark's reader",
          r -> r.schema(SCHEMA).format("fastdecode").load(mixed.toString()), 1, 1, 2000, 2000, false));
    }, "spark.sql.adaptive.enabled", "false", "spark.sql.codegen.wholeStage", "false");
    SparkSessions.withConf(spark, () -> check("off", new Case("the vectorized reader off",
        r -> r.format("fastdecode").load(mixed.toString()).where("id < 1010"), 0, 2, 0, 0, false)),
        "spark.sql.adaptive.enabled", "false", "spark.sql.parquet.enableVectorizedReader", "false");
  }

  /**
   * Two nodes over equal scans are equal, so Spark reuses the exchange of one for the other; only
   * the scan that ran counts.
   */
  @Test
  void anExchangeOverTheSameScanIsStillReused() {
    String k2 = mixed.resolve("k=2").toString();
    for (String adaptive : new String[] {"false", "true"}) {
      SparkSessions.withConf(spark, () -> {
        Function<org.apache.spark.sql.DataFrameReader, Dataset<Row>> query = r -> {
          Dataset<Row> counts = r.format("parquet").load(k2).where("id < 1010").groupBy("id").count();
          return counts.union(counts);
        };
        List<String> expected = SparkRows.keys(query.apply(spark.read()));
        SparkSessions.withConf(spark, () -> {
          Dataset<Row> df = query.apply(spark.read());
          assertEquals(expected, SparkRows.keys(df), "adaptive " + adaptive);
          String plan = df.queryExecution().explainString(ExplainMode.fromString("simple"));
          assertTrue(plan.contains("ReusedExchange") && plan.contains(FastDecodeScanMetricsExec.NODE_NAME),
              "adaptive " + adaptive + "\n" + plan);
          List<SparkPlan> nodes = new ArrayList<>();
          find(df.queryExecution().executedPlan(), nodes);
          long handed = 0;
          for (SparkPlan n : nodes) {
            handed += n.metrics().apply(ScanMetrics.ROWS_HANDED).value();
          }
          assertEquals(10, handed, "adaptive " + adaptive + ": one scan ran\n" + plan);
        }, ParquetScanStrategy.ENABLED, "true");
      }, "spark.sql.adaptive.enabled", adaptive, ParquetScanStrategy.ENABLED, "false");
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  private static void check(String adaptive, Case c) {
    String what = c.what() + ", adaptive execution " + adaptive;
    // Spark's reader: the extension off, so that format("parquet") is Spark's own.
    @SuppressWarnings("unchecked")
    List<String>[] expected = new List[1];
    SparkSessions.withConf(spark, () -> expected[0] = SparkRows.keys(c.query().apply(spark.read().format("parquet"))),
        ParquetScanStrategy.ENABLED, "false");

    Dataset<Row> df = c.query().apply(spark.read());
    List<String> actual;
    Map<String, Long> accumulators;
    try (StageCounters counters = new StageCounters(spark)) {
      actual = SparkRows.keys(df); // one execution of df's plan
      accumulators = counters.settled();
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError(what + ": the listener bus did not empty", e);
    }
    assertFalse(expected[0].isEmpty(), what + ": no rows");
    assertEquals(expected[0], actual, what + ": the rows of Spark's reader");

    SparkPlan plan = df.queryExecution().executedPlan();
    boolean adaptivePlan = adaptive.equals("forced") || adaptive.equals("on") && c.exchange();
    assertEquals(adaptivePlan, plan instanceof AdaptiveSparkPlanExec, what + ": adaptive?\n" + plan);
    List<SparkPlan> nodes = new ArrayList<>();
    find(plan, nodes);
    assertEquals(1, nodes.size(), what + ": one metrics node\n" + plan);
    FastDecodeScanMetricsExec node = (FastDecodeScanMetricsExec) nodes.get(0);
    assertTrue(node.child() instanceof FileSourceScanExec, what + ": directly above the scan\n" + plan);
    assertSame(node.scanMetrics(), ((FastDecodeFileFormat) ((FileSourceScanExec) node.child()).relation().fileFormat()).metrics(),
        what + ": the scan counts into the node's metrics");

    Map<String, Long> metrics = new java.util.HashMap<>();
    CollectionConverters.asJava(node.metrics()).forEach((k, m) -> metrics.put(k, m.value()));
    String counts = what + ": metrics " + metrics + ", accumulators " + accumulators;
    assertEquals(c.filesRead(), metrics.get(ScanMetrics.FILES_READ), counts);
    assertEquals(c.filesLeft(), metrics.get(ScanMetrics.FILES_LEFT), counts);
    assertEquals(c.rowsRead(), metrics.get(ScanMetrics.ROWS_READ), counts);
    assertEquals(c.rowsHanded(), metrics.get(ScanMetrics.ROWS_HANDED), counts);
    assertEquals(accumulators.getOrDefault(ScanCounters.FILES_READ, 0L), metrics.get(ScanMetrics.FILES_READ), counts);
    assertEquals(accumulators.getOrDefault(ScanCounters.FILES_LEFT, 0L), metrics.get(ScanMetrics.FILES_LEFT), counts);
    assertEquals(accumulators.getOrDefault(ScanCounters.ROWS_READ, 0L), metrics.get(ScanMetrics.ROWS_READ), counts);
    assertEquals(accumulators.getOrDefault(ScanCounters.ROWS_HANDED, 0L), metrics.get(ScanMetrics.ROWS_HANDED), counts);

    // What Spark's UI shows (its SQL tab renders the status store): the node with its four metrics,
    // and their values, in the execution's plan graph.
    Map<String, Long> shown = uiMetrics();
    assertEquals(metrics.get(ScanMetrics.FILES_READ), shown.get(node.metrics().apply(ScanMetrics.FILES_READ).name().get()), what + ": UI " + shown);
    assertEquals(metrics.get(ScanMetrics.FILES_LEFT), shown.get(node.metrics().apply(ScanMetrics.FILES_LEFT).name().get()), what + ": UI " + shown);
    assertEquals(metrics.get(ScanMetrics.ROWS_READ), shown.get(node.metrics().apply(ScanMetrics.ROWS_READ).name().get()), what + ": UI " + shown);
    assertEquals(metrics.get(ScanMetrics.ROWS_HANDED), shown.get(node.metrics().apply(ScanMetrics.ROWS_HANDED).name().get()), what + ": UI " + shown);

    for (String mode : new String[] {"simple", "formatted"}) {
      String explain = df.queryExecution().explainString(ExplainMode.fromString(mode));
      // The node, then the scan below it: "FileScan fastdecode [...]" (simple), "Scan fastdecode (1)" (formatted).
      int at = explain.indexOf(FastDecodeScanMetricsExec.NODE_NAME);
      assertTrue(at >= 0 && explain.indexOf("Scan fastdecode", at) > at,
          what + ": explain " + mode + "\n" + explain);
    }
  }

  /**
   * The metrics of the {@value FastDecodeScanMetricsExec#NODE_NAME} node of the latest SQL execution
   * that has one, by name, as Spark's SQL status store (what the UI's SQL tab shows) holds them.
   */
  private static Map<String, Long> uiMetrics() {
    SQLAppStatusStore store = spark.sharedState().statusStore();
    List<SQLExecutionUIData> executions = new ArrayList<>(CollectionConverters.asJava(store.executionsList()));
    executions.sort(java.util.Comparator.comparingLong(SQLExecutionUIData::executionId).reversed());
    for (SQLExecutionUIData e : executions) {
      scala.collection.immutable.Map<Object, String> values = store.executionMetrics(e.executionId());
      for (SparkPlanGraphNode n : CollectionConverters.asJava(store.planGraph(e.executionId()).allNodes())) {
        if (n.name().equals(FastDecodeScanMetricsExec.NODE_NAME)) {
          Map<String, Long> shown = new java.util.HashMap<>();
          for (SQLPlanMetric m : CollectionConverters.asJava(n.metrics())) {
            scala.Option<String> v = values.get(m.accumulatorId());
            shown.put(m.name(), v.isDefined() ? Long.parseLong(v.get().replace(",", "")) : null);
          }
          return shown;
        }
      }
    }
    throw new AssertionError("no execution with a " + FastDecodeScanMetricsExec.NODE_NAME + " node");
  }

  /** The metrics nodes of a plan, through adaptive plans and their query stages. */
  private static void find(SparkPlan plan, List<SparkPlan> out) {
    if (plan instanceof FastDecodeScanMetricsExec) {
      out.add(plan);
    }
    if (plan instanceof AdaptiveSparkPlanExec) {
      find(((AdaptiveSparkPlanExec) plan).executedPlan(), out);
    } else if (plan instanceof QueryStageExec) {
      find(((QueryStageExec) plan).plan(), out);
    }
    for (SparkPlan child : CollectionConverters.asJava(plan.children())) {
      find(child, out);
    }
  }
}
