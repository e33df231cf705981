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

import io.github.fastdecode.parquet.spark.shuffle.DenseShuffleRule;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.ColumnarRule;
import org.apache.spark.sql.execution.SparkPlan;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The session extension that sends Spark's Parquet scans through parquet-fastdecode, with no change
 * to the code that reads: {@code spark.read.parquet(...)}, {@code format("parquet")} and Parquet
 * tables.
 *
 * <pre>
 * spark-submit --jars parquet-fastdecode-core.jar,parquet-fastdecode-spark.jar \
 *   --conf spark.sql.extensions=io.github.fastdecode.parquet.spark.FastDecodeExtensions ...
 * </pre>
 *
 * <p>{@value ParquetScanStrategy#ENABLED} ({@code true} unless set) turns it off and on per session,
 * at any time; {@code explain()} shows scans it took as {@code FileScan fastdecode}.
 *
 * <p>Every scan through the library (by this extension or {@code format("fastdecode")}) gets a {@link
 * FastDecodeScanMetricsExec} above it whose SQL metrics (files read, files left to Spark's reader,
 * rows read, rows handed to Spark) Spark's UI shows ({@link ScanMetricsRule}).
 *
 * <p>{@value DenseShuffleRule#ROW_FORMAT}{@code =dense} ({@code unsafe} unless set) makes the
 * session's SQL exchanges shuffle DenseRow rows instead of {@code UnsafeRow}s ({@link
 * DenseShuffleRule}); {@code explain()} shows them as {@code DenseRowExchange}.
 */
public final class FastDecodeExtensions extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {
  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectPlannerStrategy(new AbstractFunction1<>() {
      @Override
      public ParquetScanStrategy apply(org.apache.spark.sql.SparkSession session) {
        return new ParquetScanStrategy(session);
      }
    });
    // Adaptive plans: after EnsureRequirements, before query stages are made.
    extensions.injectQueryStagePrepRule(new AbstractFunction1<SparkSession, Rule<SparkPlan>>() {
      @Override
      public Rule<SparkPlan> apply(SparkSession session) {
        return new DenseShuffleRule();
      }
    });
    extensions.injectQueryStagePrepRule(new AbstractFunction1<SparkSession, Rule<SparkPlan>>() {
      @Override
      public Rule<SparkPlan> apply(SparkSession session) {
        return new ScanMetricsRule();
      }
    });
    // Other plans: the preparations apply columnar rules after EnsureRequirements.
    extensions.injectColumnar(new AbstractFunction1<SparkSession, ColumnarRule>() {
      @Override
      public ColumnarRule apply(SparkSession session) {
        return new DenseShuffleRule.Columnar();
      }
    });
    extensions.injectColumnar(new AbstractFunction1<SparkSession, ColumnarRule>() {
      @Override
      public ColumnarRule apply(SparkSession session) {
        return new ScanMetricsRule.Columnar();
      }
    });
    return BoxedUnit.UNIT;
  }
}
