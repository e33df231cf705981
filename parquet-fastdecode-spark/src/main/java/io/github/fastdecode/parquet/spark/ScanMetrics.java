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

import java.io.Serializable;
import java.util.LinkedHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.execution.metric.SQLMetrics;
import scala.collection.immutable.Map;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The SQL metrics of one scan through this library: the same four counts as {@link ScanCounters},
 * owned by the scan's {@link FastDecodeScanMetricsExec} node, so that Spark's UI shows them on that
 * node of the query's plan and {@code executedPlan().metrics()} holds them. Created on the driver
 * (which registers them), carried to the executors inside the scan's reader function, and added to
 * there; Spark sums the tasks' values as it does for its own scan metrics.
 */
final class ScanMetrics implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The keys of {@link FastDecodeScanMetricsExec#metrics()}. */
  static final String FILES_READ = "filesRead";
  static final String FILES_LEFT = "filesLeft";
  static final String ROWS_READ = "rowsRead";
  static final String ROWS_HANDED = "rowsHanded";

  final SQLMetric filesRead;
  final SQLMetric filesLeft;
  final SQLMetric rowsRead;
  final SQLMetric rowsHanded;

  private ScanMetrics(SparkContext context) {
    filesRead = SQLMetrics.createMetric(context, "files read by the library");
    filesLeft = SQLMetrics.createMetric(context, "files left to Spark's reader");
    rowsRead = SQLMetrics.createMetric(context, "rows in the row groups the library read");
    rowsHanded = SQLMetrics.createMetric(context, "rows the library handed to Spark");
  }

  static ScanMetrics create(SparkContext context) {
    return new ScanMetrics(context);
  }

  /** The metrics by key, in a fixed order (the order Spark's UI lists them in). */
  Map<String, SQLMetric> asMap() {
    LinkedHashMap<String, SQLMetric> m = new LinkedHashMap<>();
    m.put(FILES_READ, filesRead);
    m.put(FILES_LEFT, filesLeft);
    m.put(ROWS_READ, rowsRead);
    m.put(ROWS_HANDED, rowsHanded);
    return scala.collection.immutable.ListMap$.MODULE$.from(CollectionConverters.asScala(m));
  }
}
