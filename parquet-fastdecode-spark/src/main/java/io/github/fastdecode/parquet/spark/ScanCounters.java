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
import org.apache.spark.SparkContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.util.LongAccumulator;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;

/**
 * What one scan through this source did, as named Spark accumulators: they appear in the stage's
 * accumulator table in Spark's UI and in {@code SparkListener} stage and task events. Spark 4 gives a
 * file format no way to add SQL metrics to its scan node ({@code FileSourceScanExec}'s metrics are
 * fixed, and its constructor differs between 4.0, 4.1 and 4.2), so these are stage accumulators,
 * always; with the session extension the same counts also go to the SQL metrics of the node it puts
 * above the scan ({@link ScanMetrics}, {@link FastDecodeScanMetricsExec}).
 */
final class ScanCounters implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String FILES_READ = "fastdecode: files read by the library";
  static final String FILES_LEFT = "fastdecode: files left to Spark's reader";
  static final String ROWS_READ = "fastdecode: rows in the row groups the library read";
  static final String ROWS_HANDED = "fastdecode: rows the library handed to Spark";

  /** File splits read by the library. */
  final LongAccumulator filesRead;
  /** File splits left to Spark's own reader (for a reason logged once at WARN). */
  final LongAccumulator filesLeft;
  /** Rows of the row groups the library opened (after statistics, dictionary and bloom filters). */
  final LongAccumulator rowsRead;
  /** Rows in the batches handed to Spark (after the row filter, when it is on). */
  final LongAccumulator rowsHanded;
  /** The scan node's SQL metrics, or null when no node measures the scan (no session extension). */
  private final ScanMetrics metrics;

  ScanCounters(SparkContext context, ScanMetrics metrics) {
    filesRead = context.longAccumulator(FILES_READ);
    filesLeft = context.longAccumulator(FILES_LEFT);
    rowsRead = context.longAccumulator(ROWS_READ);
    rowsHanded = context.longAccumulator(ROWS_HANDED);
    this.metrics = metrics;
  }

  void fileRead() {
    filesRead.add(1);
    if (metrics != null) {
      metrics.filesRead.add(1);
    }
  }

  void fileLeft() {
    filesLeft.add(1);
    if (metrics != null) {
      metrics.filesLeft.add(1);
    }
  }

  void rowsRead(long rows) {
    rowsRead.add(rows);
    if (metrics != null) {
      metrics.rowsRead.add(rows);
    }
  }

  void rowsHanded(long rows) {
    rowsHanded.add(rows);
    if (metrics != null) {
      metrics.rowsHanded.add(rows);
    }
  }

  /** Spark's reader for a whole scan, counting its files as left to Spark. */
  scala.Function1<PartitionedFile, Iterator<InternalRow>> countingSparks(
      scala.Function1<PartitionedFile, Iterator<InternalRow>> spark) {
    return new SparkReader(spark, this);
  }

  private static final class SparkReader extends AbstractFunction1<PartitionedFile, Iterator<InternalRow>>
      implements Serializable {
    private static final long serialVersionUID = 1L;
    private final scala.Function1<PartitionedFile, Iterator<InternalRow>> spark;
    private final ScanCounters counters;

    SparkReader(scala.Function1<PartitionedFile, Iterator<InternalRow>> spark, ScanCounters counters) {
      this.spark = spark;
      this.counters = counters;
    }

    @Override
    public Iterator<InternalRow> apply(PartitionedFile file) {
      counters.fileLeft();
      return spark.apply(file);
    }
  }
}
