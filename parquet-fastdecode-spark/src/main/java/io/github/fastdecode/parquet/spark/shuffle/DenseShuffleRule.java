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
package io.github.fastdecode.parquet.spark.shuffle;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.catalyst.plans.physical.HashPartitioning;
import org.apache.spark.sql.catalyst.plans.physical.Partitioning;
import org.apache.spark.sql.catalyst.plans.physical.RangePartitioning;
import org.apache.spark.sql.catalyst.plans.physical.RoundRobinPartitioning;
import org.apache.spark.sql.catalyst.plans.physical.SinglePartition$;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.ColumnarRule;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.exchange.ShuffleExchangeExec;
import org.apache.spark.sql.internal.SQLConf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Function1;
import scala.runtime.AbstractPartialFunction;

/**
 * Puts a DenseRow exchange ({@link DenseRowExchanges}) in place of every {@link ShuffleExchangeExec} Spark planned
 * while {@value #ROW_FORMAT} is {@code dense}; {@code unsafe} (the default) leaves the plan alone.
 *
 * <p>It runs after Spark has placed its exchanges ({@code EnsureRequirements}): with adaptive
 * execution as a query-stage preparation rule, applied to each plan before its query stages are made
 * (and again to each re-optimized plan); without it as a columnar rule's pre-transition rule, which
 * Spark's preparations apply after {@code EnsureRequirements} and before exchanges are reused. The
 * exchanges it leaves to Spark (a schema the DenseRow shuffle does not carry, a partitioning Spark's
 * dependency builder does not know) are logged at WARN once per reason.
 */
public final class DenseShuffleRule extends Rule<SparkPlan> {
  /** The shuffle row format of the session's SQL exchanges: {@code unsafe} (Spark's, the default) or {@code dense}. */
  public static final String ROW_FORMAT = "spark.fastdecode.shuffle.rowFormat";
  private static final Logger LOG = LoggerFactory.getLogger(DenseShuffleRule.class);
  private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

  /** Whether the session's {@value #ROW_FORMAT} says {@code dense}. */
  static boolean dense() {
    String format = SQLConf.get().getConfString(ROW_FORMAT, "unsafe").trim().toLowerCase(Locale.ROOT);
    switch (format) {
      case "dense":
        return true;
      case "unsafe":
        return false;
      default:
        throw new IllegalArgumentException(ROW_FORMAT + " is '" + format + "': it is 'dense' or 'unsafe'");
    }
  }

  /** Why {@code exchange} keeps Spark's row format, or null when the DenseRow shuffle takes it. */
  static String unsupported(ShuffleExchangeExec exchange) {
    Partitioning p = exchange.outputPartitioning();
    if (!(p instanceof HashPartitioning || p instanceof RangePartitioning || p instanceof RoundRobinPartitioning
        || p == SinglePartition$.MODULE$)) {
      return "partitioning " + p.getClass().getSimpleName();
    }
    return ShuffleSchema.unsupported(DenseRowExchanges.schema(exchange.child().output()));
  }

  @Override
  public SparkPlan apply(SparkPlan plan) {
    if (!dense()) {
      return plan;
    }
    return plan.transformUp(new AbstractPartialFunction<SparkPlan, SparkPlan>() {
      @Override
      public boolean isDefinedAt(SparkPlan p) {
        return p.getClass() == ShuffleExchangeExec.class;
      }

      @Override
      public <A1 extends SparkPlan, B1> B1 applyOrElse(A1 p, Function1<A1, B1> otherwise) {
        if (!isDefinedAt(p)) {
          return otherwise.apply(p);
        }
        ShuffleExchangeExec exchange = (ShuffleExchangeExec) p;
        String reason = unsupported(exchange);
        if (reason != null) {
          if (LOGGED.add(reason)) {
            LOG.warn("{}=dense: an exchange keeps Spark's row format: the DenseRow shuffle does not carry {} (logged once per reason)",
                ROW_FORMAT, reason);
          }
          @SuppressWarnings("unchecked")
          B1 same = (B1) p;
          return same;
        }
        @SuppressWarnings("unchecked")
        B1 dense = (B1) DenseRowExchanges.of(exchange);
        return dense;
      }
    });
  }

  /** The rule as a columnar rule, for plans without adaptive execution. */
  public static final class Columnar extends ColumnarRule {
    private final DenseShuffleRule rule = new DenseShuffleRule();

    @Override
    public Rule<SparkPlan> preColumnarTransitions() {
      return rule;
    }
  }
}
