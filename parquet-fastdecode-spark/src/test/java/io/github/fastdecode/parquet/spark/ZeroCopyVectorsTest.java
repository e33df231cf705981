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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The two ways this source hands batches to Spark, each against Spark's own reader: vectors over
 * the library's arrays (the default) and copies into Spark's vectors ({@value
 * FastDecodeFileFormat#COPY_VECTORS}); plain reads, Spark's generated aggregation and filter code
 * over every flat type, rows instead of batches, and one scan whose files are read partly by the
 * library and partly by Spark's reader.
 */
class ZeroCopyVectorsTest {
  private static SparkSession spark;
  private static Path root;
  private static Path dictionary;
  private static Path plain;

  static final int ROWS = 6000;

  /** Queries that run Spark's generated code over every flat column (view "t"). */
  static final String[] QUERIES = {
      "SELECT count(*), count(bool), sum(i8), sum(i16), sum(i32), sum(i64 % 1000003), sum(f32), sum(f64), sum(dec5),"
          + " sum(dec15), sum(dec30), max(str), min(str_short), max(bin), min(dt), max(ts), max(ts_ntz) FROM t",
      "SELECT str_short, count(*), sum(dec15), avg(dec5), max(dec30), min(f64) FROM t GROUP BY str_short",
      "SELECT id, str, bin, dec30, ts FROM t WHERE dt < date'1500-01-01' AND str LIKE 's1%' AND NOT bool",
      "SELECT i8, i16, count(DISTINCT str) FROM t WHERE dec15 > 0 AND f32 = f32 GROUP BY i8, i16",
      "SELECT length(str), upper(str_short), hex(bin), dec5 * 2, dec15 + 1, dt, ts_ntz FROM t WHERE i32 % 3 = 0",
  };

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("zerocopy");
    dictionary = root.resolve("dictionary");
    plain = root.resolve("plain");
    FlatTypesDifferentialTest.allTypes(spark, ROWS, "id % 10 = 3").write().option("parquet.page.size", "8192")
        .parquet(dictionary.toString());
    FlatTypesDifferentialTest.allTypes(spark, ROWS, "id % 7 = 2").write().option("parquet.enable.dictionary", "false")
        .option("parquet.page.size", "8192").parquet(plain.toString());
  }

  private static Dataset<Row> ours(Path dir) {
    return spark.read().format("fastdecode").load(dir.toString());
  }

  private static void checkBothWays(String what, Runnable check) {
    long wrapped = Fallbacks.columnsWrapped();
    long copied = Fallbacks.columnsCopied();
    check.run();
    assertTrue(Fallbacks.columnsWrapped() > wrapped, what + ": no column read through the library's vectors");
    assertEquals(copied, Fallbacks.columnsCopied(), what + ": a flat column was copied by default");

    SparkSessions.withConf(spark, () -> {
      long wrapped2 = Fallbacks.columnsWrapped();
      long copied2 = Fallbacks.columnsCopied();
      check.run();
      assertTrue(Fallbacks.columnsCopied() > copied2, what + ": no column copied with " + FastDecodeFileFormat.COPY_VECTORS);
      assertEquals(wrapped2, Fallbacks.columnsWrapped(), what + ": a column was wrapped with " + FastDecodeFileFormat.COPY_VECTORS);
    }, FastDecodeFileFormat.COPY_VECTORS, "true");
  }

  @Test
  void plainReadsEqualSparksBothWays() {
    for (Path dir : new Path[] {dictionary, plain}) {
      checkBothWays("read " + dir.getFileName(), () -> {
        long fellBack = Fallbacks.filesFallenBack();
        SparkRows.assertSameNonEmpty("read " + dir.getFileName(), spark.read().parquet(dir.toString()), ours(dir));
        assertEquals(fellBack, Fallbacks.filesFallenBack(), dir + ": a file went to Spark's reader");
      });
    }
  }

  @Test
  void generatedCodeOverEveryTypeBothWays() {
    for (Path dir : new Path[] {dictionary, plain}) {
      for (int q = 0; q < QUERIES.length; q++) {
        String sql = QUERIES[q];
        String what = dir.getFileName() + " query " + q;
        checkBothWays(what, () -> {
          spark.read().parquet(dir.toString()).createOrReplaceTempView("t");
          Dataset<Row> expected = spark.sql(sql);
          ours(dir).createOrReplaceTempView("t");
          Dataset<Row> actual = spark.sql(sql);
          SparkRows.assertSameNonEmpty(what, expected, actual);
        });
      }
    }
  }

  @Test
  void rowsInsteadOfBatchesBothWays() {
    // Without whole-stage code generation Spark asks the reader for rows, which are the batches' rows.
    SparkSessions.withConf(spark, () -> checkBothWays("rows", () -> {
      SparkRows.assertSameNonEmpty("rows", spark.read().parquet(dictionary.toString()), ours(dictionary));
      spark.read().parquet(dictionary.toString()).createOrReplaceTempView("t");
      Dataset<Row> expected = spark.sql(QUERIES[1]);
      ours(dictionary).createOrReplaceTempView("t");
      SparkRows.assertSameNonEmpty("rows, grouped", expected, spark.sql(QUERIES[1]));
    }), "spark.sql.codegen.wholeStage", "false");
  }

  @Test
  void oneScanMixesTheLibrarysVectorsAndSparks() {
    // A struct none of whose requested fields is in the file sends that file to Spark's reader; the
    // other file, which lacks the struct, is read by the library. Packed into one partition, one
    // task (and Spark's generated code) sees both kinds of vectors for the same columns.
    Path dir = root.resolve("mixed");
    spark.range(0, 2000).selectExpr("id", "concat('a', id) as s", "cast(id as decimal(20, 2)) as d", "id * 2 as `x.y`",
        "named_struct('a', id) as st")
        .write().parquet(dir.resolve("k=1").toString());
    spark.range(2000, 4000).selectExpr("id", "concat('b', id) as s", "cast(id as decimal(20, 2)) as d")
        .write().parquet(dir.resolve("k=2").toString());
    SparkSessions.withConf(spark, () -> checkBothWays("mixed", () -> {
      long read = Fallbacks.filesRead();
      long fellBack = Fallbacks.filesFallenBack();
      String schema = "id bigint, s string, d decimal(20, 2), `x.y` bigint, st struct<gone: int>, k int";
      Dataset<Row> e = spark.read().schema(schema).parquet(dir.toString());
      Dataset<Row> a = spark.read().schema(schema).format("fastdecode").load(dir.toString());
      assertEquals(1, a.rdd().getNumPartitions(), "partitions");
      SparkRows.assertSameNonEmpty("mixed", e, a);
      SparkRows.assertSameNonEmpty("mixed, aggregated", e.groupBy("k").agg(org.apache.spark.sql.functions.sum("d"),
          org.apache.spark.sql.functions.max("s"), org.apache.spark.sql.functions.sum("`x.y`")),
          a.groupBy("k").agg(org.apache.spark.sql.functions.sum("d"), org.apache.spark.sql.functions.max("s"),
              org.apache.spark.sql.functions.sum("`x.y`")));
      assertTrue(Fallbacks.filesRead() > read, "mixed: the library read no file");
      assertTrue(Fallbacks.filesFallenBack() > fellBack, "mixed: no file went to Spark's reader");
    }), "spark.sql.files.minPartitionNum", "1", "spark.sql.files.openCostInBytes", "0");
  }
}
