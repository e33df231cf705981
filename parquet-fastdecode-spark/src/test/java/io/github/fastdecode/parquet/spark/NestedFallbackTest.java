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

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Nested columns (arrays, structs, maps to depth 3) are read by the library, not left to Spark's
 * reader, including struct fields missing from the file; what the library still does not read
 * inside a nested column (a struct none of whose requested fields is in the file) falls back file by
 * file and gives the same rows; an unsigned leaf in a list is read by the library.
 */
class NestedFallbackTest {
  private static SparkSession spark;
  private static Path root;

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("nested-fallback");
  }

  @Test
  void nestedToDepthThreeNoLongerFallsBack() {
    Path dir = root.resolve("t");
    spark.range(0, 2000, 1, 2).selectExpr("id",
        "case when id % 10 = 1 then null else array(id, id + 1, cast(null as bigint)) end as arr",
        "named_struct('a', cast(id as int), 'b', named_struct('c', concat('s', id), 'd', array(cast(id as double)))) as st",
        "map(concat('k', id % 7), array(named_struct('x', id, 'y', cast(id % 3 = 0 as boolean)))) as m",
        "array(array(array(cast(id % 5 as int)))) as deep",
        "concat('flat', id) as flat")
        .write().parquet(dir.toString());
    long fellBack = Fallbacks.filesFallenBack();
    long read = Fallbacks.filesRead();
    SparkRows.assertSameNonEmpty("nested", spark.read().parquet(dir.toString()),
        spark.read().format("fastdecode").load(dir.toString()));
    assertEquals(fellBack, Fallbacks.filesFallenBack(), "nested files were left to Spark's reader");
    assertTrue(Fallbacks.filesRead() > read, "nested files were not read by parquet-fastdecode");

    // A user schema with struct fields the files lack: nulls there, still read by the library.
    String withMissing = "id bigint, st struct<a: int, gone: string, b: struct<c: string, later: array<int>>>, "
        + "m map<string, array<struct<x: bigint, extra: double>>>";
    read = Fallbacks.filesRead();
    SparkRows.assertSameNonEmpty("missing struct fields", spark.read().schema(withMissing).parquet(dir.toString()),
        spark.read().schema(withMissing).format("fastdecode").load(dir.toString()));
    assertEquals(fellBack, Fallbacks.filesFallenBack(), "missing struct fields fell back");
    assertTrue(Fallbacks.filesRead() > read, "missing struct fields were not read by parquet-fastdecode");

    // A struct none of whose requested fields is in the file: Spark's reader, same rows.
    String allMissing = "id bigint, st struct<gone: string, b: struct<c: string>>, st2 struct<none: int>";
    String noneOfSt = "id bigint, st struct<gone: string, other: int>";
    SparkRows.assertSameNonEmpty("struct with only missing fields", spark.read().schema(noneOfSt).parquet(dir.toString()),
        spark.read().schema(noneOfSt).format("fastdecode").load(dir.toString()));
    assertTrue(Fallbacks.filesFallenBack() > fellBack, "a struct with only missing fields was not left to Spark's reader");
    SparkRows.assertSameNonEmpty("a missing top-level struct", spark.read().schema(allMissing).parquet(dir.toString()),
        spark.read().schema(allMissing).format("fastdecode").load(dir.toString()));
  }

  static final MessageType UNSIGNED = MessageTypeParser.parseMessageType("message m {\n"
      + "  required int32 id;\n"
      + "  optional group l (LIST) { repeated group list { optional int32 element (INTEGER(32,false)); } }\n"
      + "}");

  @Test
  void unsignedLeafInAListIsReadByTheLibrary() throws Exception {
    Path dir = root.resolve("unsigned");
    Files.createDirectories(dir);
    SimpleGroupFactory groups = new SimpleGroupFactory(UNSIGNED);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(dir.resolve("f.parquet").toString()))
        .withType(UNSIGNED).withConf(new Configuration()).build()) {
      for (int i = 0; i < 500; i++) {
        Group g = groups.newGroup().append("id", i);
        if (i % 7 != 0) {
          Group l = g.addGroup("l");
          for (int k = 0; k < i % 4; k++) {
            Group e = l.addGroup("list");
            if (k != 1) e.append("element", -i * 1000 - k); // above 2^31 as unsigned
          }
        }
        w.write(g);
      }
    }
    long read = Fallbacks.filesRead();
    SparkSessions.withConf(spark, () -> SparkRows.assertSameNonEmpty("unsigned in a list",
        spark.read().parquet(dir.toString()), spark.read().format("fastdecode").load(dir.toString())),
        FastDecodeFileFormat.FALLBACK, "error");
    assertTrue(Fallbacks.filesRead() > read, "an unsigned leaf was not read by the library");
  }
}
