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

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.sql.SparkSession;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The library's named stage accumulators ({@link ScanCounters}), summed over the stages that complete
 * while this is open: what a user sees of a scan in the stage page of Spark's UI.
 */
final class StageCounters implements AutoCloseable {
  private final SparkSession spark;
  private final Map<String, Long> totals = new ConcurrentHashMap<>();
  private final SparkListener listener = new SparkListener() {
    @Override
    public void onStageCompleted(SparkListenerStageCompleted stage) {
      for (AccumulableInfo a : CollectionConverters.asJava(stage.stageInfo().accumulables()).values()) {
        if (a.name().isDefined() && a.name().get().startsWith("fastdecode: ") && a.value().isDefined()) {
          totals.merge(a.name().get(), ((Number) a.value().get()).longValue(), Long::sum);
        }
      }
    }
  };

  StageCounters(SparkSession spark) {
    this.spark = spark;
    spark.sparkContext().addSparkListener(listener);
  }

  /** The sums once every stage event posted so far has been handled. */
  Map<String, Long> settled() throws TimeoutException {
    spark.sparkContext().listenerBus().waitUntilEmpty(60_000);
    return totals;
  }

  /** Starts the sums again from zero. */
  void clear() {
    totals.clear();
  }

  @Override
  public void close() {
    spark.sparkContext().removeSparkListener(listener);
  }
}
