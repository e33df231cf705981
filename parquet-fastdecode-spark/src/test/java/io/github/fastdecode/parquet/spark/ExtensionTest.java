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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The session extension: Spark's own Parquet reads go through the library while it is on. */
class ExtensionTest {
  private static SparkSession spark;
  private static Path root;

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("extension");
  }

  private static String plan(Dataset<Row> df) {
    return df.queryExecution().executedPlan().toString();
  }

  /** The rows Spark's reader gives (extension off) and the rows with the extension on, which must be equal. */
  private static void compare(String what, java.util.function.Supplier<Dataset<Row>> read) {
    Dataset<Row>[] off = new Dataset[1];
    SparkSessions.withConf(spark, () -> {
      off[0] = read.get();
      assertFalse(plan(off[0]).contains("FileScan fastdecode"), what + ": off, yet planned through fastdecode:\n" + plan(off[0]));
    }, ParquetScanStrategy.ENABLED, "false");
    List<String> expected = SparkRows.keys(off[0]);
    SparkSessions.withConf(spark, () -> {
      long before = Fallbacks.filesRead();
      Dataset<Row> on = read.get();
      assertTrue(plan(on).contains("FileScan fastdecode"), what + ": on, yet not planned through fastdecode:\n" + plan(on));
      assertEquals(expected, SparkRows.keys(on), what);
      assertTrue(Fallbacks.filesRead() > before, what + ": no file read by parquet-fastdecode");
    }, ParquetScanStrategy.ENABLED, "true");
    assertFalse(expected.isEmpty(), what + ": no rows");
  }

  @Test
  void readParquetFormatParquetAndTables() {
    Path dir = root.resolve("t");
    FlatTypesDifferentialTest.allTypes(spark, 3000, "id % 10 = 3").write().parquet(dir.toString());
    compare("spark.read.parquet", () -> spark.read().parquet(dir.toString()));
    compare("format(parquet) with a filter", () -> spark.read().format("parquet").load(dir.toString())
        .where("i32 > 0 and str like 's1%'").select("id", "str", "dec30", "ts"));
    spark.sql("DROP TABLE IF EXISTS ext_t");
    FlatTypesDifferentialTest.allTypes(spark, 2000, "id % 10 = 4").write().format("parquet").saveAsTable("ext_t");
    compare("a parquet table", () -> spark.table("ext_t"));
    compare("SQL on a parquet table", () -> spark.sql("SELECT bool, count(*), sum(i32), sum(dec15), max(str), min(ts) FROM ext_t GROUP BY bool"));
  }

  @Test
  void nestedColumnsThroughTheExtension() {
    Path dir = root.resolve("nested");
    NestedDifferentialTest.nested(spark, 1500, "id % 10 = 2").write().parquet(dir.toString());
    compare("nested, spark.read.parquet", () -> spark.read().parquet(dir.toString()));
    compare("nested, a filter and nested projections", () -> spark.read().parquet(dir.toString())
        .where("st.a > 100 and size(arr) > 0").selectExpr("id", "st.b.d", "m['k3']", "deep[0][0]", "structs.s"));
  }

  @Test
  void createTableUsingFastdecode() {
    spark.sql("DROP TABLE IF EXISTS fd_t");
    spark.sql("CREATE TABLE fd_t USING fastdecode PARTITIONED BY (p) AS SELECT id, concat('v', id) AS s,"
        + " cast(id / 7 AS decimal(20, 3)) AS d, cast(id % 3 AS int) AS p FROM range(0, 1500)");
    String location = spark.sql("DESCRIBE TABLE EXTENDED fd_t").where("col_name = 'Location'")
        .first().getString(1);
    long before = Fallbacks.filesRead();
    Dataset<Row> table = spark.table("fd_t");
    assertTrue(plan(table).contains("FileScan fastdecode"), plan(table));
    assertEquals(SparkRows.keys(spark.read().parquet(location).select("id", "s", "d", "p")),
        SparkRows.keys(table.select("id", "s", "d", "p")));
    assertTrue(Fallbacks.filesRead() > before);
    assertEquals(500, spark.sql("SELECT count(*) FROM fd_t WHERE p = 1").first().getLong(0));
  }

  @Test
  void explainShowsTheLibraryAndTheFlagTurnsItOff() {
    Path dir = root.resolve("explain");
    spark.range(100).write().parquet(dir.toString());
    SparkSessions.withConf(spark, () -> {
      String on = spark.read().parquet(dir.toString()).queryExecution().explainString(
          org.apache.spark.sql.execution.ExplainMode.fromString("simple"));
      assertTrue(on.contains("FileScan fastdecode"), on);
    }, ParquetScanStrategy.ENABLED, "true");
    SparkSessions.withConf(spark, () -> {
      String off = spark.read().parquet(dir.toString()).queryExecution().explainString(
          org.apache.spark.sql.execution.ExplainMode.fromString("simple"));
      assertTrue(off.contains("FileScan parquet"), off);
    }, ParquetScanStrategy.ENABLED, "false");
  }
}
