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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Arrays, structs and maps to depth 3, read by this source into Spark's nested column vectors and
 * compared with Spark's reader value by value: nulls at several rates, empty and null arrays, null
 * elements, maps with null values; Spark's writer (V1 and V2 pages) and parquet-java's (the
 * three-level list form and the legacy two-level forms, MAP_KEY_VALUE); nested projections.
 */
class NestedDifferentialTest {
  private static SparkSession spark;
  private static Path root;
  static final long SEED = 20261126L;

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("nested");
  }

  private static Dataset<Row> ours(Path p) {
    return spark.read().format("fastdecode").load(p.toString());
  }

  /** Rows with nested columns of every kind; {@code nullIf} a condition on id making values null. */
  static Dataset<Row> nested(SparkSession spark, int rows, String nullIf) {
    String n = "(" + nullIf + ")";
    return spark.range(0, rows, 1, 2).selectExpr("id",
        "case when " + n + " then null when id % 7 = 3 then array() else array(id, id + 1, case when id % 3 = 0 then null else id * 2 end) end as arr",
        "case when " + n + " then null else named_struct('a', case when id % 4 = 1 then null else cast(id as int) end,"
            + " 'b', case when id % 5 = 2 then null else named_struct('c', concat('s', id), 'd',"
            + " case when id % 6 = 4 then null else array(cast(id as double) / 3, cast(null as double), double('NaN'), -0.0d) end) end) end as st",
        "case when " + n + " then null when id % 9 = 5 then map() else map(concat('k', id % 7),"
            + " case when id % 4 = 0 then null else array(named_struct('x', id, 'y', cast(id % 3 = 0 as boolean)),"
            + " case when id % 2 = 0 then null else named_struct('x', -id, 'y', cast(null as boolean)) end) end,"
            + " concat('z', id), array()) end as m",
        "case when " + n + " then null else array(array(array(cast(id % 5 as int), cast(null as int)), array(), cast(null as array<int>)),"
            + " case when id % 3 = 1 then null else array(array(cast(id as int))) end) end as deep",
        "case when " + n + " then null else array(named_struct('s', case when id % 8 = 0 then null else concat('e', id % 11) end,"
            + " 'dec', cast(id * 1.25 as decimal(9, 2)), 'wide', cast(id * 1000000007 as decimal(30, 4)),"
            + " 'ts', timestamp_micros(id * 86400000000 - 30000000000000000), 'dt', date_add(date'1000-01-01', cast(id as int)),"
            + " 'bin', cast(concat('b', id) as binary), 'by', cast(id % 100 as tinyint), 'sh', cast(id as smallint),"
            + " 'f', cast(id as float) / 7, 'l', id * 1000000000000)) end as structs",
        "map(cast(id as int), case when id % 3 = 0 then null else concat('v', id) end) as m2",
        "concat('flat', id) as flat");
  }

  private static void assertReadByUs(String what, Path dir, String... select) {
    Dataset<Row> theirs = spark.read().parquet(dir.toString());
    Dataset<Row> mine = ours(dir);
    if (select.length > 0) {
      theirs = theirs.selectExpr(select);
      mine = mine.selectExpr(select);
    }
    long read = Fallbacks.filesRead();
    long fellBack = Fallbacks.filesFallenBack();
    SparkRows.assertSameNonEmpty(what, theirs, mine);
    assertTrue(Fallbacks.filesRead() > read, what + ": not read by parquet-fastdecode");
    assertEquals(fellBack, Fallbacks.filesFallenBack(), what + ": a file fell back to Spark's reader");
  }

  @Test
  void sparkWrittenNestedAtSeveralNullRatesAndPageVersions() {
    String[][] rates = {{"0", "false"}, {"10", "id % 10 = 6"}, {"100", "true"}};
    for (String version : new String[] {"PARQUET_1_0", "PARQUET_2_0"}) {
      for (String[] rate : rates) {
        Path dir = root.resolve("spark-" + version + "-" + rate[0]);
        nested(spark, 2000, rate[1]).write().option("parquet.writer.version", version)
            .option("parquet.page.size", "4096").option("parquet.enable.dictionary", rate[0].equals("10") ? "false" : "true")
            .parquet(dir.toString());
        String what = version + " nulls " + rate[0] + "%";
        assertReadByUs(what, dir);
        // Spark prunes nested fields: the pruned shapes go through the library too.
        assertReadByUs(what + " projected", dir, "id", "st.b.c", "structs.dt", "m", "deep[0]");
      }
    }
  }

  @Test
  void smallBatchesSplitRecordsAcrossBatches() {
    Path dir = root.resolve("small-batches");
    nested(spark, 600, "id % 10 = 6").write().parquet(dir.toString());
    SparkSessions.withConf(spark, () -> assertReadByUs("batch size 7", dir),
        "spark.sql.parquet.columnarReaderBatchSize", "7");
    SparkSessions.withConf(spark, () -> assertReadByUs("rows, not batches", dir),
        "spark.sql.codegen.maxFields", "3");
  }

  @Test
  void nestedNamesInAnotherCase() {
    Path dir = root.resolve("case");
    nested(spark, 800, "id % 10 = 6").write().parquet(dir.toString());
    String schema = "ID bigint, ST struct<A: int, B: struct<C: string, D: array<double>>>, "
        + "M map<string, array<struct<X: bigint, Y: boolean>>>, STRUCTS array<struct<S: string, DEC: decimal(9, 2)>>";
    long read = Fallbacks.filesRead();
    long fellBack = Fallbacks.filesFallenBack();
    SparkRows.assertSameNonEmpty("another case", spark.read().schema(schema).parquet(dir.toString()),
        spark.read().schema(schema).format("fastdecode").load(dir.toString()));
    assertTrue(Fallbacks.filesRead() > read, "another case: not read by parquet-fastdecode");
    assertEquals(fellBack, Fallbacks.filesFallenBack(), "another case: fell back");
  }

  static final MessageType LEGACY = MessageTypeParser.parseMessageType("message m {\n"
      + "  required int32 id;\n"
      + "  optional group three (LIST) { repeated group list { optional int64 element; } }\n"
      + "  optional group two_prim (LIST) { repeated int32 element; }\n"
      + "  optional group two_array (LIST) { repeated group array { optional binary s (STRING); } }\n"
      + "  optional group two_tuple (LIST) { repeated group two_tuple_tuple { required int32 v; } }\n"
      + "  optional group two_struct (LIST) { repeated group item { required int32 a; optional binary b (STRING); } }\n"
      + "  repeated int32 bare;\n"
      + "  optional group kv (MAP_KEY_VALUE) { repeated group map { required binary key (STRING); optional double value; } }\n"
      + "  optional group nest (LIST) { repeated group list { optional group element (LIST) {"
      + "    repeated group list { optional group element { optional int32 q; optional group r (MAP) {"
      + "      repeated group key_value { required int32 key; optional binary value (STRING); } } } } } } }\n"
      + "}");

  static void writeLegacy(Path file, WriterVersion version, int rows) throws IOException {
    System.out.println("NestedDifferentialTest seed " + SEED);
    Random r = new Random(SEED);
    SimpleGroupFactory groups = new SimpleGroupFactory(LEGACY);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toString()))
        .withType(LEGACY).withWriterVersion(version).withPageSize(2048).withConf(new Configuration()).build()) {
      for (int i = 0; i < rows; i++) {
        Group g = groups.newGroup().append("id", i);
        if (r.nextInt(10) != 0) {
          Group list = g.addGroup("three");
          for (int k = r.nextInt(4); k > 0; k--) {
            Group e = list.addGroup("list");
            if (r.nextInt(5) != 0) e.append("element", r.nextLong());
          }
        }
        if (r.nextInt(10) != 0) {
          Group list = g.addGroup("two_prim");
          for (int k = r.nextInt(4); k > 0; k--) list.append("element", r.nextInt());
        }
        if (r.nextInt(10) != 0) {
          Group list = g.addGroup("two_array");
          for (int k = r.nextInt(4); k > 0; k--) {
            Group e = list.addGroup("array");
            if (r.nextInt(5) != 0) e.append("s", "a" + r.nextInt(50));
          }
        }
        if (r.nextInt(10) != 0) {
          Group list = g.addGroup("two_tuple");
          for (int k = r.nextInt(4); k > 0; k--) list.addGroup("two_tuple_tuple").append("v", r.nextInt(1000));
        }
        if (r.nextInt(10) != 0) {
          Group list = g.addGroup("two_struct");
          for (int k = r.nextInt(4); k > 0; k--) {
            Group e = list.addGroup("item").append("a", r.nextInt(100));
            if (r.nextInt(5) != 0) e.append("b", "b" + r.nextInt(100));
          }
        }
        for (int k = r.nextInt(3); k > 0; k--) g.append("bare", r.nextInt(100));
        if (r.nextInt(10) != 0) {
          Group kv = g.addGroup("kv");
          for (int k = r.nextInt(3); k > 0; k--) {
            Group e = kv.addGroup("map").append("key", "k" + k);
            if (r.nextInt(4) != 0) e.append("value", r.nextDouble());
          }
        }
        if (r.nextInt(10) != 0) {
          Group outer = g.addGroup("nest");
          for (int k = r.nextInt(3); k > 0; k--) {
            Group oe = outer.addGroup("list");
            if (r.nextInt(6) == 0) continue;
            Group inner = oe.addGroup("element");
            for (int j = r.nextInt(3); j > 0; j--) {
              Group ie = inner.addGroup("list");
              if (r.nextInt(6) == 0) continue;
              Group el = ie.addGroup("element");
              if (r.nextInt(4) != 0) el.append("q", r.nextInt(10));
              if (r.nextInt(4) != 0) {
                Group m = el.addGroup("r");
                for (int q = r.nextInt(3); q > 0; q--) {
                  Group e = m.addGroup("key_value").append("key", q);
                  if (r.nextInt(3) != 0) e.append("value", "w" + r.nextInt(9));
                }
              }
            }
          }
        }
        w.write(g);
      }
    }
  }

  @Test
  void parquetJavaFilesWithLegacyListForms() throws Exception {
    for (WriterVersion v : WriterVersion.values()) {
      Path dir = root.resolve("pj-" + v);
      Files.createDirectories(dir);
      writeLegacy(dir.resolve("f.parquet"), v, 3000);
      // Spark's row reader (parquet-java's decoders) is the oracle for parquet-java's files: Spark's
      // vectorized reader misreads some of parquet-java's V2 pages (see OtherWritersDifferentialTest).
      List<String>[] expected = new List[1];
      SparkSessions.withConf(spark, () -> expected[0] = SparkRows.keys(spark.read().parquet(dir.toString())),
          "spark.sql.parquet.enableVectorizedReader", "false");
      long read = Fallbacks.filesRead();
      long fellBack = Fallbacks.filesFallenBack();
      List<String> actual = SparkRows.keys(ours(dir));
      assertTrue(Fallbacks.filesRead() > read, v + ": not read by parquet-fastdecode");
      assertEquals(fellBack, Fallbacks.filesFallenBack(), v + ": fell back");
      assertEquals(expected[0].size(), actual.size(), v + ": rows");
      for (int i = 0; i < actual.size(); i++) {
        if (!expected[0].get(i).equals(actual.get(i))) {
          assertEquals(expected[0].get(i), actual.get(i), v + ": sorted row " + i);
        }
      }
      if (v == WriterVersion.PARQUET_1_0) {
        // And Spark's vectorized reader agrees on the V1 file.
        assertReadByUs("parquet-java V1", dir);
      }
    }
  }
}
