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

import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.ColumnarRule;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import scala.Function1;
import scala.runtime.AbstractPartialFunction;

/**
 * Puts a {@link FastDecodeScanMetricsExec} directly above every scan through this library ({@code
 * FileSourceScanExec} over a {@link FastDecodeFileFormat}, from {@code format("fastdecode")} or from
 * {@link ParquetScanStrategy}), and gives the scan a format instance of its own that counts into that
 * node's metrics.
 *
 * <p>The scan is copied with Spark's generic {@code TreeNode.makeCopy} (its constructor arguments,
 * with the relation replaced by a copy that has the new format), not with {@code
 * FileSourceScanExec.copy}, whose parameters differ between Spark 4.0, 4.1 and 4.2. A scan whose
 * format already has metrics is measured already and left alone, so the rule can run more than once
 * over a plan.
 *
 * <p>It runs late, after Spark's rules that look at scans (bucket coalescing and pruning, {@code
 * EnsureRequirements}, {@code DisableUnnecessaryBucketedScan}): with adaptive execution as a
 * query-stage preparation rule (the last of them, so the initial plan that {@code explain()} shows has
 * the node), and otherwise as a columnar rule's pre-transition rule, before Spark puts its
 * columnar-to-row transitions and code generation stages in.
 */
public final class ScanMetricsRule extends Rule<SparkPlan> {
  @Override
  public SparkPlan apply(SparkPlan plan) {
    return plan.transformUp(new AbstractPartialFunction<SparkPlan, SparkPlan>() {
      @Override
      public boolean isDefinedAt(SparkPlan p) {
        return p instanceof FileSourceScanExec && unmeasured((FileSourceScanExec) p);
      }

      @Override
      public <A1 extends SparkPlan, B1> B1 applyOrElse(A1 p, Function1<A1, B1> otherwise) {
        if (!isDefinedAt(p)) {
          return otherwise.apply(p);
        }
        @SuppressWarnings("unchecked")
        B1 measured = (B1) measured((FileSourceScanExec) p);
        return measured;
      }
    });
  }

  /** A scan through this library (exactly its format, not a subclass) that nothing measures yet. */
  private static boolean unmeasured(FileSourceScanExec scan) {
    return scan.relation().fileFormat().getClass() == FastDecodeFileFormat.class
        && ((FastDecodeFileFormat) scan.relation().fileFormat()).metrics() == null;
  }

  /** The scan with a format of its own counting into new metrics, under the node that shows them. */
  static SparkPlan measured(FileSourceScanExec scan) {
    HadoopFsRelation fs = scan.relation();
    ScanMetrics metrics = ScanMetrics.create(fs.sparkSession().sparkContext());
    HadoopFsRelation ours = fs.copy(fs.location(), fs.partitionSchema(), fs.dataSchema(), fs.bucketSpec(),
        new FastDecodeFileFormat(metrics), fs.options(), fs.sparkSession());
    Object[] args = new Object[scan.productArity()];
    boolean replaced = false;
    for (int i = 0; i < args.length; i++) {
      Object arg = scan.productElement(i);
      if (arg == fs) {
        arg = ours;
        replaced = true;
      }
      args[i] = arg;
    }
    if (!replaced) {
      // A Spark whose scan does not take its relation as a constructor argument: leave it unmeasured
      // (its accumulators still count) rather than guess.
      return scan;
    }
    return new FastDecodeScanMetricsExec(scan.makeCopy(args), metrics);
  }

  /** The rule as a columnar rule, for plans without adaptive execution. */
  public static final class Columnar extends ColumnarRule {
    private final ScanMetricsRule rule = new ScanMetricsRule();

    @Override
    public Rule<SparkPlan> preColumnarTransitions() {
      return rule;
    }
  }
}
