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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
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
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Columns Spark's own reader reads and this source used to leave to it: unsigned integers,
 * fixed-length binaries, JSON/ENUM/BSON and narrow integer annotations, every type widening Spark's
 * vectorized reader allows on read, ANSI intervals, dotted column names and {@code
 * _metadata.row_index}. Each read is compared with Spark's reader on the same files, with {@value
 * FastDecodeFileFormat#FALLBACK}{@code =error}, so a file left to Spark's reader fails the test.
 */
class TypeMappingDifferentialTest {
  private static SparkSession spark;
  private static Path root;
  static final long SEED = 20261129L;

  static final MessageType OTHER_TYPES = MessageTypeParser.parseMessageType("message m {\n"
      + "  required int32 id;\n"
      + "  optional int32 u8 (INTEGER(8,false));\n"
      + "  optional int32 u16 (INTEGER(16,false));\n"
      + "  optional int32 u32 (INTEGER(32,false));\n"
      + "  optional int64 u64 (INTEGER(64,false));\n"
      + "  optional int32 i8 (INTEGER(8,true));\n"
      + "  optional int32 i16 (INTEGER(16,true));\n"
      + "  optional int64 i64 (INTEGER(64,true));\n"
      + "  optional fixed_len_byte_array(5) fixed;\n"
      + "  optional binary js (JSON);\n"
      + "  optional binary en (ENUM);\n"
      + "  optional binary bs (BSON);\n"
      + "  optional float f;\n"
      + "  optional int32 i32;\n"
      + "}");

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("types");
  }

  /** parquet-java's example writer: the types above, 10% nulls, unsigned values over the signed range. */
  static void writeOtherTypes(Path file, MessageType schema, WriterVersion version, boolean dictionary,
      boolean byteStreamSplit, int rows) throws Exception {
    System.out.println("TypeMappingDifferentialTest seed " + SEED);
    Random r = new Random(SEED);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toString()))
        .withType(schema).withWriterVersion(version).withDictionaryEncoding(dictionary)
        .withByteStreamSplitEncoding(byteStreamSplit).withPageSize(4096).withConf(new Configuration());
    if (byteStreamSplit) {
      // Per column, BYTE_STREAM_SPLIT goes to INT32, INT64 and FIXED_LEN_BYTE_ARRAY too.
      for (org.apache.parquet.column.ColumnDescriptor c : schema.getColumns()) {
        switch (c.getPrimitiveType().getPrimitiveTypeName()) {
          case INT32:
          case INT64:
          case FLOAT:
          case DOUBLE:
          case FIXED_LEN_BYTE_ARRAY:
            TestWriters.byteStreamSplit(b, String.join(".", c.getPath()));
            break;
          default:
            break;
        }
      }
    }
    try (ParquetWriter<Group> w = b.build()) {
      for (int i = 0; i < rows; i++) {
        Group g = groups.newGroup().append("id", i);
        boolean few = i % 3 == 0; // dictionary-friendly values in a third of the rows
        if (r.nextInt(10) != 0) g.append("u8", few ? 255 : r.nextInt(256));
        if (r.nextInt(10) != 0) g.append("u16", few ? 65535 : r.nextInt(65536));
        if (r.nextInt(10) != 0) g.append("u32", few ? -1 : r.nextInt());
        if (r.nextInt(10) != 0) g.append("u64", few ? -1L : r.nextLong());
        if (r.nextInt(10) != 0) g.append("i8", r.nextInt(256) - 128);
        if (r.nextInt(10) != 0) g.append("i16", r.nextInt(65536) - 32768);
        if (r.nextInt(10) != 0) g.append("i64", r.nextLong());
        byte[] fixed = new byte[5];
        r.nextBytes(fixed);
        if (r.nextInt(10) != 0) g.append("fixed", Binary.fromConstantByteArray(few ? new byte[5] : fixed));
        if (r.nextInt(10) != 0) g.append("js", "{\"k\": " + r.nextInt(100) + "}");
        if (r.nextInt(10) != 0) g.append("en", few ? "RED" : "GREEN");
        if (r.nextInt(10) != 0) g.append("bs", Binary.fromConstantByteArray(new byte[] {5, 0, 0, 0, (byte) i}));
        if (r.nextInt(10) != 0) g.append("f", i % 17 == 0 ? Float.NaN : r.nextFloat() * 1e6f - 5e5f);
        if (r.nextInt(10) != 0) g.append("i32", few ? Integer.MIN_VALUE : r.nextInt());
        w.write(g);
      }
    }
  }

  /** {@code schema}: null (inferred), a DDL string, or a StructType (which keeps field metadata). */
  private static org.apache.spark.sql.DataFrameReader reader(Object schema) {
    if (schema == null) {
      return spark.read();
    }
    return schema instanceof String ? spark.read().schema((String) schema)
        : spark.read().schema((org.apache.spark.sql.types.StructType) schema);
  }

  private static Dataset<Row> parquet(Path p, Object schema) {
    return reader(schema).parquet(p.toString());
  }

  private static Dataset<Row> ours(Path p, Object schema) {
    return reader(schema).format("fastdecode").load(p.toString());
  }

  /** Spark's reader and this source on {@code dir}, with the fallback an error and checked to be the library's. */
  static void compare(String what, Path dir, Object schema) {
    compare(what, dir, schema, true);
  }

  /**
   * As {@link #compare(String, Path, String)}; {@code vectorized} false takes Spark's row reader
   * (parquet-java's decoders) as the oracle, for V2 files Spark 4.2's vectorized reader misreads.
   */
  static void compare(String what, Path dir, Object schema, boolean vectorized) {
    java.util.List<String>[] expected = new java.util.List[1];
    SparkSessions.withConf(spark, () -> expected[0] = SparkRows.keys(parquet(dir, schema)),
        "spark.sql.parquet.enableVectorizedReader", String.valueOf(vectorized));
    assertTrue(!expected[0].isEmpty(), what + ": no rows");
    for (String copy : new String[] {"false", "true"}) {
      SparkSessions.withConf(spark, () -> {
        long read = Fallbacks.filesRead();
        assertEquals(expected[0], SparkRows.keys(ours(dir, schema)), what + " (copyVectors " + copy + ")");
        assertTrue(Fallbacks.filesRead() > read, what + ": parquet-fastdecode read no file");
      }, FastDecodeFileFormat.FALLBACK, "error", FastDecodeFileFormat.COPY_VECTORS, copy);
    }
  }

  @Test
  void unsignedFixedLengthAndAnnotatedColumns() throws Exception {
    for (WriterVersion v : WriterVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        Path dir = root.resolve("other-" + v + "-" + dictionary);
        Files.createDirectories(dir);
        writeOtherTypes(dir.resolve("f.parquet"), OTHER_TYPES, v, dictionary, false, 3000);
        // Spark 4.2's vectorized reader misreads the binaries of V2 pages without a dictionary (see
        // FlatTypesDifferentialTest): its row reader is the oracle there.
        boolean vectorized = v == WriterVersion.PARQUET_1_0 || dictionary;
        compare(v + " dictionary " + dictionary, dir, null, vectorized);
        SparkSessions.withConf(spark, () -> SparkRows.assertSameNonEmpty("filters",
            parquet(dir, null).where("u32 > 100 or u8 = 255 or u64 is null").select("id", "u8", "u16", "u32", "u64", "f"),
            ours(dir, null).where("u32 > 100 or u8 = 255 or u64 is null").select("id", "u8", "u16", "u32", "u64", "f")),
            FastDecodeFileFormat.FALLBACK, "error");
        // Spark's other readings of the same physical types. (Not UINT_32 as int: Spark 4.2's reader
        // fails on its dictionary pages, asking an int dictionary for longs.)
        compare("as other types", dir, "id int, u8 byte, u16 short, i8 int, i16 long, fixed binary, "
            + "js binary, en binary, bs string, f double, i32 double", vectorized);
      }
    }
  }

  @Test
  void typeWideningsSparkAllowsOnRead() throws Exception {
    Path dir = root.resolve("widen");
    spark.range(0, 4000, 1, 2).selectExpr("id",
        "case when id % 10 = 3 then null else cast(hash(id) as int) end as i",
        "case when id % 10 = 3 then null when id % 97 = 0 then 2147483647 when id % 89 = 0 then -2147483648 else cast(id - 2000 as int) end as ie",
        "case when id % 10 = 3 then null else xxhash64(id) end as l",
        "case when id % 10 = 3 then null when id % 50 = 1 then cast('NaN' as float) when id % 50 = 2 then cast(-0.0 as float) else cast(id / 7.0 as float) end as f",
        "case when id % 10 = 3 then null else cast((id - 2000) / 100.0 as decimal(5, 2)) end as d5",
        "case when id % 10 = 3 then null else cast((id - 2000) * 123456.789 as decimal(15, 3)) end as d15",
        "case when id % 10 = 3 then null else cast((id - 2000) * 12345678901234.6789 as decimal(30, 4)) end as d30",
        "case when id % 10 = 3 then null else date_add(date'1900-01-01', cast(id * 53 as int)) end as dt",
        "case when id % 10 = 3 then null else cast(id % 100 as byte) end as b",
        "case when id % 10 = 3 then null else cast(id * 7 as short) end as s")
        .write().parquet(dir.toString());
    compare("int as long and double, float as double", dir, "id long, i long, ie double, f double, b long, s double");
    compare("decimals to larger precision and scale", dir,
        "d5 decimal(7,2), d15 decimal(20,5), d30 decimal(32,6)");
    compare("decimals across Spark's representations", dir,
        "d5 decimal(12,4), d15 decimal(25,3)");
    compare("integers as decimals", dir, "ie decimal(10,0), i decimal(12,2), l decimal(20,0), id decimal(22,1)");
    compare("date as timestamp_ntz", dir, "dt timestamp_ntz, id long");
    compare("date and INT32 and INT64 decimals as long (the stored day and unscaled values)", dir, "id long, dt long, d5 long, d15 long");
    for (String mode : new String[] {"LEGACY", "CORRECTED"}) {
      SparkSessions.withConf(spark, () -> compare("date as timestamp_ntz, " + mode, dir, "dt timestamp_ntz"),
          "spark.sql.parquet.datetimeRebaseModeInRead", mode);
    }
    SparkSessions.withConf(spark, () -> SparkRows.assertSameNonEmpty("filters on widened columns",
        parquet(dir, "id long, i long, f double, d5 decimal(7,2)").where("i > 0 and f < 300.0 or d5 > 1.5"),
        ours(dir, "id long, i long, f double, d5 decimal(7,2)").where("i > 0 and f < 300.0 or d5 > 1.5")),
        FastDecodeFileFormat.FALLBACK, "error");
    // A narrowing Spark refuses is refused the same way (left to Spark's reader, which fails).
    Exception e = assertThrows(Exception.class, () -> ours(dir, "d15 decimal(10,3)").collectAsList());
    assertTrue(String.valueOf(e).contains("decimal") || String.valueOf(e.getCause()).contains("decimal"), String.valueOf(e));
  }

  @Test
  void wideningsInsideNestedColumns() throws Exception {
    Path dir = root.resolve("nested-widen");
    spark.range(0, 3000, 1, 2).selectExpr("id",
        "case when id % 10 = 3 then null else array(cast(id as int), cast(null as int), cast(-id as int)) end as arr",
        "named_struct('f', cast(id / 7.0 as float), 'd', cast((id - 1500) / 100.0 as decimal(5, 2)), "
            + "'dt', date_add(date'1200-01-01', cast(id * 53 as int))) as st",
        "map(concat('k', id % 7), cast(id as int)) as m",
        "array(named_struct('x', cast(id as int), 'y', cast(id / 3.0 as float))) as aos")
        .write().parquet(dir.toString());
    compare("widened leaves in arrays, structs and maps", dir, "id long, arr array<bigint>, "
        + "st struct<f: double, d: decimal(9, 4), dt: timestamp_ntz>, m map<string, double>, "
        + "aos array<struct<x: decimal(12, 2), y: double>>");
    SparkSessions.withConf(spark, () -> compare("widened leaves, legacy calendar", dir,
        "id long, st struct<dt: timestamp_ntz>"), "spark.sql.parquet.datetimeRebaseModeInRead", "LEGACY");
  }

  @Test
  void intervalsDottedNamesAndInt96AsTimestampNtz() throws Exception {
    Path dir = root.resolve("intervals");
    SparkSessions.withConf(spark, () -> spark.range(0, 3000, 1, 2).selectExpr("id",
        "case when id % 10 = 3 then null else make_ym_interval(cast(id % 50 as int), cast(id % 12 as int)) end as ym",
        "case when id % 10 = 3 then null else make_dt_interval(cast(id % 5 as int), 3, 4, id / 1000.0) end as dt",
        "concat('v', id) as `a.b`", "id * 2 as `x.y.z`",
        "timestamp_micros(-40000000000000000 + id * 16000000000000 + id) as t96")
        .write().parquet(dir.toString()), "spark.sql.parquet.outputTimestampType", "INT96");
    compare("intervals and dotted names", dir, null);
    SparkSessions.withConf(spark, () -> SparkRows.assertSameNonEmpty("a filter on a dotted name",
        parquet(dir, null).where("`a.b` like 'v12%' and `x.y.z` > 10"),
        ours(dir, null).where("`a.b` like 'v12%' and `x.y.z` > 10")), FastDecodeFileFormat.FALLBACK, "error");
    compare("INT96 as timestamp_ntz", dir, "id long, t96 timestamp_ntz");
  }

  @Test
  void columnsMatchedByParquetFieldId() throws Exception {
    Path dir = root.resolve("field-ids");
    Path noIds = root.resolve("no-field-ids");
    org.apache.spark.sql.types.Metadata[] ids = new org.apache.spark.sql.types.Metadata[4];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = org.apache.spark.sql.types.Metadata.fromJson("{\"parquet.field.id\": " + (i + 1) + "}");
    }
    spark.range(0, 3000, 1, 2).select(org.apache.spark.sql.functions.col("id").as("a", ids[0]),
        org.apache.spark.sql.functions.expr("concat('s', id)").as("b", ids[1]),
        org.apache.spark.sql.functions.expr("case when id % 10 = 3 then null else cast(id / 3.0 as double) end").as("c", ids[2]))
        .write().parquet(dir.toString());
    spark.range(0, 100, 1, 1).selectExpr("id as a").write().parquet(noIds.toString());
    // Other names, the same ids: matched by id; id 4 is in no file: nulls.
    org.apache.spark.sql.types.StructType byId = new org.apache.spark.sql.types.StructType()
        .add("x", org.apache.spark.sql.types.DataTypes.LongType, true, ids[0])
        .add("y", org.apache.spark.sql.types.DataTypes.StringType, true, ids[1])
        .add("c", org.apache.spark.sql.types.DataTypes.DoubleType, true, ids[2])
        .add("b", org.apache.spark.sql.types.DataTypes.StringType, true, ids[3]);
    SparkSessions.withConf(spark, () -> {
      compare("by field id", dir, byId, true);
      List<Row> rows = spark.read().schema(byId).format("fastdecode").load(dir.toString()).where("x = 7").collectAsList();
      assertEquals("[[7,s7,2.333333,null]]", rows.toString());
      SparkRows.assertSameNonEmpty("by field id, with a filter",
          spark.read().schema(byId).parquet(dir.toString()).where("x > 100 and y like 's2%'"),
          spark.read().schema(byId).format("fastdecode").load(dir.toString()).where("x > 100 and y like 's2%'"));
    }, "spark.sql.parquet.fieldId.read.enabled", "true", FastDecodeFileFormat.FALLBACK, "error");
    // A file without ids: Spark's reader fails unless told to ignore it, and so does this source.
    SparkSessions.withConf(spark, () -> {
      assertThrows(Exception.class, () -> spark.read().schema(byId).parquet(noIds.toString()).collectAsList());
      assertThrows(Exception.class, () -> spark.read().schema(byId).format("fastdecode").load(noIds.toString()).collectAsList());
    }, "spark.sql.parquet.fieldId.read.enabled", "true");
    SparkSessions.withConf(spark, () -> SparkRows.assertSameNonEmpty("a file without ids, ignored",
        spark.read().schema(byId).parquet(noIds.toString()), spark.read().schema(byId).format("fastdecode").load(noIds.toString())),
        "spark.sql.parquet.fieldId.read.enabled", "true", "spark.sql.parquet.fieldId.read.ignoreMissing", "true",
        FastDecodeFileFormat.FALLBACK, "error");
  }

  @Test
  void nestedColumnsMatchedByParquetFieldId() throws Exception {
    Path dir = root.resolve("nested-field-ids");
    Files.createDirectories(dir);
    // Ids at every depth: a struct, a struct inside a list, a map's value struct.
    MessageType schema = MessageTypeParser.parseMessageType("message m {"
        + " required int64 id = 1;"
        + " optional group st = 2 { optional int32 a = 21; optional binary b (STRING) = 22;"
        + "   optional group inner = 23 { optional double d = 231; optional int64 e = 232; } }"
        + " optional group arr (LIST) = 3 { repeated group list { optional group element = 31 {"
        + "   optional int32 x = 311; optional binary y (STRING) = 312; } } }"
        + " optional group m (MAP) = 4 { repeated group key_value { required binary key (STRING);"
        + "   optional group value = 41 { optional int64 v = 411; optional int64 w = 412; } } } }");
    Configuration conf = new Configuration();
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(dir.resolve("f.parquet").toUri()))
        .withConf(conf).withType(schema).build()) {
      SimpleGroupFactory f = new SimpleGroupFactory(schema);
      for (int i = 0; i < 2000; i++) {
        Group g = f.newGroup().append("id", (long) i);
        if (i % 11 != 5) {
          Group st = g.addGroup("st");
          if (i % 3 != 0) {
            st.append("a", i * 7);
          }
          st.append("b", "b" + i);
          if (i % 4 != 1) {
            st.addGroup("inner").append("d", i / 8.0).append("e", (long) -i);
          }
        }
        if (i % 9 != 2) {
          Group list = g.addGroup("arr");
          for (int k = 0; k < i % 4; k++) {
            Group e = list.addGroup("list").addGroup("element");
            e.append("x", i + k);
            if (k % 2 == 0) {
              e.append("y", "y" + k);
            }
          }
        }
        Group m = g.addGroup("m");
        for (int k = 0; k < i % 3; k++) {
          Group kv = m.addGroup("key_value").append("key", "k" + k);
          kv.addGroup("value").append("v", (long) i * k).append("w", (long) k);
        }
        w.write(g);
      }
    }
    // Requested names all differ from the file's: only the ids match. Field id 999 is in no struct: nulls.
    org.apache.spark.sql.types.StructType inner = new org.apache.spark.sql.types.StructType()
        .add("dd", DataTypes.DoubleType, true, fieldId(231)).add("ee", DataTypes.LongType, true, fieldId(232));
    org.apache.spark.sql.types.StructType st = new org.apache.spark.sql.types.StructType()
        .add("aa", DataTypes.IntegerType, true, fieldId(21)).add("bb", DataTypes.StringType, true, fieldId(22))
        .add("deeper", inner, true, fieldId(23)).add("nothing", DataTypes.IntegerType, true, fieldId(999));
    org.apache.spark.sql.types.StructType element = new org.apache.spark.sql.types.StructType()
        .add("xx", DataTypes.IntegerType, true, fieldId(311)).add("yy", DataTypes.StringType, true, fieldId(312));
    org.apache.spark.sql.types.StructType value = new org.apache.spark.sql.types.StructType()
        .add("vv", DataTypes.LongType, true, fieldId(411));
    org.apache.spark.sql.types.StructType requested = new org.apache.spark.sql.types.StructType()
        .add("key", DataTypes.LongType, true, fieldId(1))
        .add("renamed_st", st, true, fieldId(2))
        .add("other_arr", DataTypes.createArrayType(element, true), true, fieldId(3))
        .add("other_m", DataTypes.createMapType(DataTypes.StringType, value, true), true, fieldId(4));
    SparkSessions.withConf(spark, () -> {
      compare("nested, by field id", dir, requested, true);
      List<Row> rows = spark.read().schema(requested).format("fastdecode").load(dir.toString()).where("key = 7").collectAsList();
      assertEquals(1, rows.size());
      Row r = rows.get(0);
      assertEquals(49, r.getStruct(1).getInt(0));
      assertEquals("b7", r.getStruct(1).getString(1));
      assertEquals(0.875, r.getStruct(1).getStruct(2).getDouble(0));
      assertEquals(-7L, r.getStruct(1).getStruct(2).getLong(1));
      assertTrue(r.getStruct(1).isNullAt(3), "field id 999 is in no struct of the file");
      List<Row> arr = r.getList(2);
      assertEquals(3, arr.size());
      assertEquals(8, arr.get(1).getInt(0));
      assertEquals("y2", arr.get(2).getString(1));
      java.util.Map<String, Row> m = r.getJavaMap(3);
      assertEquals(1, m.size());
      assertEquals(0L, m.get("k0").getLong(0));
    }, "spark.sql.parquet.fieldId.read.enabled", "true", FastDecodeFileFormat.FALLBACK, "error");
  }

  private static org.apache.spark.sql.types.Metadata fieldId(int id) {
    return org.apache.spark.sql.types.Metadata.fromJson("{\"parquet.field.id\": " + id + "}");
  }

  @Test
  void dottedNamesInsideNestedColumns() throws Exception {
    Path dir = root.resolve("nested-dotted-names");
    spark.range(0, 3000, 1, 2).selectExpr("id",
        "named_struct('a.b', id * 2, 'c', named_struct('d.e', concat('v', id), 'f', cast(id % 5 as int))) as `s.t`",
        "array(named_struct('x.y', id, 'z', cast(null as string))) as arr",
        "map(concat('k', id % 3), named_struct('p.q', cast(id as double))) as m")
        .write().parquet(dir.toString());
    compare("dots inside nested names", dir, null);
    SparkSessions.withConf(spark, () -> SparkRows.assertSameNonEmpty("a filter on a dotted nested field",
        parquet(dir, null).where("`s.t`.`a.b` > 4000").select("id", "`s.t`.c.`d.e`", "arr"),
        ours(dir, null).where("`s.t`.`a.b` > 4000").select("id", "`s.t`.c.`d.e`", "arr")),
        FastDecodeFileFormat.FALLBACK, "error");
  }

  @Test
  void rowIndexMetadataColumn() throws Exception {
    Path dir = root.resolve("row-index");
    spark.range(0, 20000, 1, 1).selectExpr("id", "concat('s', id % 100) as s").write()
        .option("parquet.block.size", "16384").option("parquet.page.size", "2048").parquet(dir.toString());
    for (String maxSplit : new String[] {"128MB", "40000"}) {
      SparkSessions.withConf(spark, () -> {
        long read = Fallbacks.filesRead();
        SparkRows.assertSameNonEmpty("row_index, splits of " + maxSplit,
            spark.read().parquet(dir.toString()).select("id", "s", "_metadata.row_index"),
            spark.read().format("fastdecode").load(dir.toString()).select("id", "s", "_metadata.row_index"));
        SparkRows.assertSameNonEmpty("row_index with a filter, splits of " + maxSplit,
            spark.read().parquet(dir.toString()).select("id", "_metadata.row_index").where("id % 7 = 1 and id > 3000"),
            spark.read().format("fastdecode").load(dir.toString()).select("id", "_metadata.row_index").where("id % 7 = 1 and id > 3000"));
        SparkRows.assertSameNonEmpty("row_index with a pushed filter, splits of " + maxSplit,
            spark.read().parquet(dir.toString()).select("s", "_metadata.row_index").where("id between 5000 and 5100"),
            spark.read().format("fastdecode").load(dir.toString()).select("s", "_metadata.row_index").where("id between 5000 and 5100"));
        assertTrue(Fallbacks.filesRead() > read, "row_index: parquet-fastdecode read no file");
      }, FastDecodeFileFormat.FALLBACK, "error", "spark.sql.files.maxPartitionBytes", maxSplit,
          "spark.sql.files.openCostInBytes", "0");
    }
    assertEquals(20000, spark.read().format("fastdecode").load(dir.toString()).select("_metadata.row_index").distinct().count());
  }
}
