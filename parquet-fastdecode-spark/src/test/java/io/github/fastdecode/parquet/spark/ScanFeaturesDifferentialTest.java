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
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What Spark's file source does around the decoding, through format("fastdecode") as through
 * format("parquet"): filters on every type with and without pushdown, splits inside files,
 * partitioned directories, schema merging and missing columns, case-insensitive names.
 */
class ScanFeaturesDifferentialTest {
  private static SparkSession spark;
  private static Path root;
  private static Path table;
  static final int ROWS = 4000;

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("features");
    table = root.resolve("filters");
    // Small row groups and pages, so that pushed filters skip row groups and splits cut files.
    FlatTypesDifferentialTest.allTypes(spark, ROWS, "id % 10 = 3").repartition(1).sortWithinPartitions("id").write()
        .option("parquet.block.size", "32768").option("parquet.page.size", "4096").parquet(table.toString());
  }

  private static Dataset<Row> parquet(Path dir) {
    return spark.read().parquet(dir.toString());
  }

  private static Dataset<Row> ours(Path dir) {
    return spark.read().format("fastdecode").load(dir.toString());
  }

  @Test
  void filtersOnEveryTypeWithAndWithoutPushdown() {
    Row sample = parquet(table).where("id = 1234").first();
    Row other = parquet(table).where("id = 2345").first();
    StructType schema = sample.schema();
    List<String> checked = new ArrayList<>();
    for (String pushdown : new String[] {"true", "false"}) {
      SparkSessions.withConf(spark, () -> {
        for (int i = 1; i < schema.size(); i++) {
          String c = schema.fields()[i].name();
          Object v = sample.get(i);
          List<Column> filters = new ArrayList<>();
          filters.add(functions.col(c).equalTo(functions.lit(v)));
          filters.add(functions.col(c).isNull());
          if (!schema.fields()[i].dataType().equals(DataTypes.BooleanType)) {
            filters.add(functions.col(c).lt(functions.lit(v)));
            filters.add(functions.col(c).isin(v, other.get(i)));
          }
          if (schema.fields()[i].dataType().equals(DataTypes.StringType)) {
            filters.add(functions.col(c).startsWith("s12"));
          }
          // One job per column and reader: the filters' results side by side, tagged by filter.
          Dataset<Row> expected = null;
          Dataset<Row> actual = null;
          for (int k = 0; k < filters.size(); k++) {
            Dataset<Row> e = parquet(table).where(filters.get(k)).withColumn("filter", functions.lit(k));
            Dataset<Row> a = ours(table).where(filters.get(k)).withColumn("filter", functions.lit(k));
            expected = expected == null ? e : expected.unionAll(e);
            actual = actual == null ? a : actual.unionAll(a);
            checked.add(pushdown + ": " + filters.get(k));
          }
          SparkRows.assertSame("pushdown " + pushdown + ": " + filters, expected, actual);
        }
      }, "spark.sql.parquet.filterPushdown", pushdown);
    }
    assertTrue(checked.size() > 100, "filters checked: " + checked.size());
    // A selective filter leaves rows, so the comparisons above were not all of empty results.
    assertEquals(1, ours(table).where(functions.col("id").equalTo(1234)).count());
  }

  @Test
  void splitsInsideFilesByRowGroupMidpoint() {
    SparkSessions.withConf(spark, () -> {
      Dataset<Row> ours = ours(table);
      assertTrue(ours.rdd().getNumPartitions() > 3, "partitions: " + ours.rdd().getNumPartitions());
      SparkRows.assertSameNonEmpty("splits", parquet(table), ours);
      assertEquals(ROWS, ours.count());
    }, "spark.sql.files.maxPartitionBytes", "40000", "spark.sql.files.openCostInBytes", "0");
  }

  @Test
  void partitionedDirectoriesWithPruning() {
    Path dir = root.resolve("partitioned");
    FlatTypesDifferentialTest.allTypes(spark, 3000, "id % 10 = 5")
        .withColumn("p", functions.expr("cast(id % 3 as int)"))
        .withColumn("q", functions.expr("case when id % 5 = 0 then null else concat('k', id % 2) end"))
        .write().partitionBy("p", "q").parquet(dir.toString());
    SparkRows.assertSameNonEmpty("all", parquet(dir), ours(dir));
    SparkRows.assertSameNonEmpty("pruned", parquet(dir).where("p = 1 and q = 'k1'"), ours(dir).where("p = 1 and q = 'k1'"));
    SparkRows.assertSameNonEmpty("partition columns only", parquet(dir).select("q", "p"), ours(dir).select("q", "p"));
    SparkRows.assertSameNonEmpty("mixed", parquet(dir).select("str", "p").where("q is null"),
        ours(dir).select("str", "p").where("q is null"));
    assertEquals(3000, ours(dir).count());
  }

  @Test
  void schemaMergingMissingColumnsAndCase() {
    Path dir = root.resolve("evolving");
    spark.range(0, 500).selectExpr("id", "cast(id as int) as a", "concat('x', id) as s")
        .write().parquet(dir.resolve("k=1").toString());
    spark.range(500, 1000).selectExpr("id", "concat('y', id) as s", "cast(id as double) / 2 as b", "cast(id as decimal(12, 2)) as d")
        .write().parquet(dir.resolve("k=2").toString());
    Dataset<Row> e = spark.read().option("mergeSchema", "true").parquet(dir.toString());
    Dataset<Row> a = spark.read().option("mergeSchema", "true").format("fastdecode").load(dir.toString());
    SparkRows.assertSameNonEmpty("merged", e, a);
    StructType userSchema = new StructType().add("id", DataTypes.LongType).add("S", DataTypes.StringType)
        .add("missing", DataTypes.IntegerType).add("b", DataTypes.DoubleType);
    SparkRows.assertSameNonEmpty("user schema, other case, a missing column",
        spark.read().schema(userSchema).parquet(dir.toString()),
        spark.read().schema(userSchema).format("fastdecode").load(dir.toString()));
  }
}
