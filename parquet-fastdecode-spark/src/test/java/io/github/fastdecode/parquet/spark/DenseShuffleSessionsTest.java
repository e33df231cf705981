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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.spark.shuffle.DenseShuffleRule;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The DenseRow shuffle under settings fixed when a Spark context starts, each in a session of its
 * own: every compression codec (lz4, zstd, snappy), with forced spills (a small {@code
 * spark.shuffle.spill.numElementsForceSpillThreshold}) and a bypass threshold of 3 partitions, so
 * that a 7-partition exchange goes through Spark's serialized sort shuffle (records flushed one by
 * one, spilled and merged) and a 2-partition one through the bypass writer. Dense against unsafe,
 * sorted collects value for value. The shared test session is stopped first and this class's last
 * one after it; the next test class starts its own.
 */
class DenseShuffleSessionsTest {
  private static SparkSession session(String codec) {
    org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() < 23,
        "Spark 4.2 does not run on JDK " + Runtime.version().feature() + " (Subject.getSubject is gone)");
    stop();
    return SparkSession.builder()
        .master("local[2]")
        .appName("parquet-fastdecode-dense-shuffle-" + codec)
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.session.timeZone", "America/Los_Angeles")
        .config("spark.io.compression.codec", codec)
        .config("spark.shuffle.spill.numElementsForceSpillThreshold", "300")
        .config("spark.shuffle.sort.bypassMergeThreshold", "3")
        .config("spark.sql.extensions", FastDecodeExtensions.class.getName())
        .config(ParquetScanStrategy.ENABLED, "false")
        .getOrCreate();
  }

  @AfterAll
  static void stop() {
    SparkSession.getDefaultSession().foreach(s -> {
      s.stop();
      return null;
    });
    SparkSession.clearActiveSession();
    SparkSession.clearDefaultSession();
  }

  private static void compare(SparkSession spark, String what, Supplier<Dataset<Row>> query) {
    List<String> unsafe = null;
    for (String format : new String[] {"unsafe", "dense"}) {
      List<String>[] rows = new List[1];
      SparkSessions.withConf(spark, () -> rows[0] = SparkRows.keys(query.get()), DenseShuffleRule.ROW_FORMAT, format);
      if (unsafe == null) {
        unsafe = rows[0];
        assertTrue(!unsafe.isEmpty(), what + ": no rows");
      } else {
        assertEquals(unsafe, rows[0], what);
      }
    }
  }

  @Test
  void everyCodecWithForcedSpills() throws Exception {
    for (String codec : new String[] {"lz4", "zstd", "snappy"}) {
      SparkSession spark = session(codec);
      for (String aqe : new String[] {"false", "true"}) {
        spark.conf().set("spark.sql.adaptive.enabled", aqe);
        String w = codec + ", AQE " + aqe;
        Supplier<Dataset<Row>> flat = () -> FlatTypesDifferentialTest.allTypes(spark, 4000, "id % 10 = 3");
        Supplier<Dataset<Row>> nested = () -> NestedDifferentialTest.nested(spark, 3000, "id % 10 = 3");
        compare(spark, w + ": flat, 7 partitions (serialized sort shuffle, spills)", () -> flat.get().repartition(7, col("id")));
        compare(spark, w + ": flat, 2 partitions (bypass)", () -> flat.get().repartition(2, col("str")));
        compare(spark, w + ": nested, 7 partitions", () -> nested.get().repartition(7));
        compare(spark, w + ": group by", () -> flat.get().groupBy("i8").agg(functions.count("*"), functions.max("str"), functions.sum("dec15")));
        DenseShuffleTest.ShuffleTotals dense = DenseShuffleTest.measure(spark, "dense", () -> flat.get().repartition(7, col("id")));
        assertEquals(4000, dense.recordsWritten, w + ": records written");
        assertEquals(dense.recordsWritten, dense.recordsRead, w + ": records read");
        assertEquals(dense.bytesWritten, dense.bytesRead, w + ": bytes read");
        assertTrue(dense.spilled > 0, w + ": no spill");
      }
    }
  }
}
