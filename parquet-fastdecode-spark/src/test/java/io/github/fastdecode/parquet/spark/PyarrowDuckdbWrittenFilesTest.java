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

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.collection.JavaConverters;

/**
 * Files written by pyarrow and DuckDB, checked in under {@code written/} with pyarrow's values for
 * the ones Spark refuses (written by {@code src/test/python/regenerate.sh}; the build needs no
 * Python). Every read here runs with {@value FastDecodeFileFormat#FALLBACK}{@code =error}, so a
 * file left to Spark's reader fails the test.
 *
 * <ul>
 *   <li>Files Spark's reader reads: this source's rows equal Spark's, through both vector paths.
 *   <li>Files Spark refuses (TIMESTAMP(NANOS), FLOAT16, UUID; BYTE_STREAM_SPLIT): Spark is checked
 *       to refuse them, and this source's rows equal pyarrow's {@code read_table}, nanoseconds
 *       floored to microseconds, rendered as {@link #text} renders Spark's values.
 * </ul>
 */
class PyarrowDuckdbWrittenFilesTest {
  private static SparkSession spark;
  private static Path dir;

  /** Files Spark 4.2's reader reads, and what each one is. */
  static final Map<String, String> SPARK_READS = new LinkedHashMap<>();
  /** Files Spark 4.2's reader refuses, with this source's schema for them. */
  static final Map<String, String> SPARK_REFUSES = new LinkedHashMap<>();

  static {
    SPARK_READS.put("pyarrow-v1-dictionary.parquet", "pyarrow's defaults: V1 pages, dictionaries, snappy, FIXED_LEN_BYTE_ARRAY decimals");
    SPARK_READS.put("pyarrow-v2-plain.parquet", "pyarrow: V2 pages, no dictionary, zstd, INT32/INT64 decimals");
    SPARK_READS.put("pyarrow-int96.parquet", "pyarrow: INT96 timestamps, flat, in a struct and in a list");
    SPARK_READS.put("duckdb-v1.parquet", "DuckDB's defaults: UTINYINT..UBIGINT, BLOB, decimals, timestamps, nested");
    SPARK_READS.put("duckdb-v2-delta.parquet", "DuckDB V2: DELTA_BINARY_PACKED (33-bit INT32 deltas), DELTA_LENGTH_BYTE_ARRAY");
    SPARK_REFUSES.put("pyarrow-nanos-float16-uuid.parquet", "struct<id:int,ts_ns:timestamp,ntz_ns:timestamp_ntz,h:float,"
        + "u:binary,u64:decimal(20,0),s:string,hs:array<float>,st:struct<ns:timestamp,u:decimal(20,0)>>");
    SPARK_REFUSES.put("pyarrow-byte-stream-split.parquet", "struct<id:int,i32:int,i64:bigint,u8:smallint,u16:int,"
        + "u32:bigint,u64:decimal(20,0),f32:float,f64:double,h:float,fx:binary,dec:decimal(20,3),ts_us:timestamp,"
        + "ts_ns:timestamp>");
    SPARK_REFUSES.put("duckdb-v2-byte-stream-split.parquet", "struct<id:int,ut:smallint,us:int,ub:decimal(20,0),"
        + "ub_few:decimal(20,0),b:boolean,f:float,d:double,v:string,bl:binary,dt:date,t:timestamp_ntz,d9:decimal(9,2),"
        + "d18:decimal(18,3),st:struct<x:smallint,y:string>>");
    SPARK_REFUSES.put("duckdb-uuid-nanos.parquet", "struct<id:int,u:binary,tns:timestamp_ntz,ub:decimal(20,0),bl:binary,"
        + "v:string>");
  }

  @BeforeAll
  static void start() throws URISyntaxException {
    spark = SparkSessions.local();
    dir = Path.of(PyarrowDuckdbWrittenFilesTest.class.getResource("written").toURI());
  }

  private static Dataset<Row> parquet(Path f) {
    return spark.read().parquet(f.toString());
  }

  private static Dataset<Row> ours(Path f) {
    return spark.read().format("fastdecode").load(f.toString());
  }

  @Test
  void everyCheckedInFileIsCompared() throws IOException {
    Set<String> files = new TreeSet<>();
    try (Stream<Path> s = Files.list(dir)) {
      s.forEach(p -> files.add(p.getFileName().toString()));
    }
    Set<String> expected = new TreeSet<>(SPARK_READS.keySet());
    expected.addAll(SPARK_REFUSES.keySet());
    for (String f : SPARK_REFUSES.keySet()) {
      expected.add(f.replace(".parquet", ".expected.jsonl"));
    }
    assertEquals(expected, files, "the files regenerate.sh wrote and the files this test compares");
  }

  @Test
  void filesSparkReadsEqualSparksReader() {
    for (Map.Entry<String, String> e : SPARK_READS.entrySet()) {
      Path f = dir.resolve(e.getKey());
      String what = e.getKey() + " (" + e.getValue() + ")";
      List<String> expected = SparkRows.keys(parquet(f));
      assertTrue(expected.size() >= 100, what + ": " + expected.size() + " rows");
      for (String copy : new String[] {"false", "true"}) {
        SparkSessions.withConf(spark, () -> {
          long read = Fallbacks.filesRead();
          assertEquals(parquet(f).schema(), ours(f).schema(), what + ": schema");
          assertSameRows(what + " (copyVectors " + copy + ")", expected, SparkRows.keys(ours(f)));
          assertTrue(Fallbacks.filesRead() > read, what + ": parquet-fastdecode read no file");
        }, FastDecodeFileFormat.FALLBACK, "error", FastDecodeFileFormat.COPY_VECTORS, copy);
      }
      // A projection and filters Spark pushes to the source (and evaluates again above it).
      String first = parquet(f).schema().fields()[1].name();
      String filter = "id % 3 = 0 and " + first + " is not null";
      SparkSessions.withConf(spark, () -> SparkRows.assertSameNonEmpty(what + " where " + filter,
          parquet(f).where(filter).select("id", first), ours(f).where(filter).select("id", first)),
          FastDecodeFileFormat.FALLBACK, "error");
      System.out.println("PyarrowDuckdbWrittenFilesTest: " + e.getKey() + ": " + expected.size()
          + " rows equal to Spark's reader");
    }
  }

  @Test
  void filesSparkRefusesEqualPyarrowsValues() throws IOException {
    for (Map.Entry<String, String> e : SPARK_REFUSES.entrySet()) {
      Path f = dir.resolve(e.getKey());
      Exception refused = assertThrows(Exception.class, () -> parquet(f).collectAsList(), e.getKey());
      String why = RefusedFilesTest.chain(refused);
      assertTrue(why.contains("PARQUET_TYPE_ILLEGAL") || why.contains("BYTE_STREAM_SPLIT"),
          e.getKey() + ": Spark refuses it for another reason: " + why);
      List<String> expected = expectation(f);
      assertTrue(expected.size() >= 100, e.getKey() + ": " + expected.size() + " rows");
      for (String copy : new String[] {"false", "true"}) {
        SparkSessions.withConf(spark, () -> {
          long read = Fallbacks.filesRead();
          assertEquals(e.getValue(), ours(f).schema().simpleString(), e.getKey() + ": schema");
          assertSameRows(e.getKey() + " (copyVectors " + copy + ")", expected, rows(ours(f)));
          assertTrue(Fallbacks.filesRead() > read, e.getKey() + ": parquet-fastdecode read no file");
        }, FastDecodeFileFormat.FALLBACK, "error", FastDecodeFileFormat.COPY_VECTORS, copy);
      }
      // Each column alone, every third row where it is not null: the same values as the whole row's.
      SparkSessions.withConf(spark, () -> {
        Map<Integer, Row> whole = new HashMap<>();
        for (Row r : ours(f).collectAsList()) {
          whole.put(r.getInt(0), r);
        }
        String[] names = ours(f).schema().fieldNames();
        for (int c = 1; c < names.length; c++) {
          String filter = "id % 3 = 0 and `" + names[c] + "` is not null";
          List<String> want = new ArrayList<>();
          for (Row r : whole.values()) {
            if (r.getInt(0) % 3 == 0 && !r.isNullAt(c)) {
              want.add(text(r.getInt(0)) + "," + text(r.get(c)));
            }
          }
          List<String> got = new ArrayList<>();
          for (Row r : ours(f).where(filter).select("id", names[c]).collectAsList()) {
            got.add(text(r.getInt(0)) + "," + text(r.get(1)));
          }
          Collections.sort(want);
          Collections.sort(got);
          assertTrue(!want.isEmpty(), e.getKey() + " " + filter + ": no rows");
          assertEquals(want, got, e.getKey() + " " + filter);
        }
      }, FastDecodeFileFormat.FALLBACK, "error");
      System.out.println("PyarrowDuckdbWrittenFilesTest: " + e.getKey() + ", refused by Spark: " + expected.size()
          + " rows equal to pyarrow's");
    }
  }

  @Test
  void theSameValuesWrittenTwoWaysReadTheSame() {
    // regenerate.sh writes one pyarrow table and one DuckDB table in several forms: whatever the
    // pages, encodings and physical types, this source reads the same rows from each. (DuckDB's V2
    // INT32 deltas of full-range values take 33 bits; pyarrow 26 refuses those pages, and here they
    // must give the V1 file's PLAIN values.)
    String[][] pairs = {
        {"pyarrow-v1-dictionary.parquet", "pyarrow-v2-plain.parquet", "*"},
        {"duckdb-v1.parquet", "duckdb-v2-delta.parquet", "*"},
        {"duckdb-v1.parquet", "duckdb-v2-byte-stream-split.parquet", "*"},
        {"duckdb-v1.parquet", "duckdb-uuid-nanos.parquet", "id, ub, bl, v"},
    };
    for (String[] p : pairs) {
      SparkSessions.withConf(spark, () -> {
        Dataset<Row> second = ours(dir.resolve(p[1]));
        String[] columns = p[2].equals("*") ? second.schema().fieldNames() : p[2].split(", ");
        Dataset<Row> first = ours(dir.resolve(p[0])).selectExpr(columns);
        SparkRows.assertSameValues(p[0] + " and " + p[1] + ": " + String.join(", ", columns), first, second.selectExpr(columns));
      }, FastDecodeFileFormat.FALLBACK, "error");
    }
  }

  /** Spark's reader and this source on {@code f} read as {@code schema}, with the fallback an error. */
  private static void compareWithSpark(String what, Path f, String schema) {
    List<String> expected = SparkRows.keys(spark.read().schema(schema).parquet(f.toString()));
    assertTrue(expected.size() >= 100, what + ": " + expected.size() + " rows");
    for (String copy : new String[] {"false", "true"}) {
      SparkSessions.withConf(spark, () -> {
        long read = Fallbacks.filesRead();
        assertSameRows(what + " (copyVectors " + copy + ")", expected,
            SparkRows.keys(spark.read().schema(schema).format("fastdecode").load(f.toString())));
        assertTrue(Fallbacks.filesRead() > read, what + ": parquet-fastdecode read no file");
      }, FastDecodeFileFormat.FALLBACK, "error", FastDecodeFileFormat.COPY_VECTORS, copy);
    }
  }

  @Test
  void int96AsTimestampNtzWithTheTimeZoneConversion() {
    // pyarrow's INT96 (created_by parquet-cpp-arrow): with int96TimestampConversion Spark shifts the
    // timestamp columns from the session time zone and leaves the timestamp_ntz ones as they are.
    Path f = dir.resolve("pyarrow-int96.parquet");
    String ntz = "id int, t timestamp_ntz, st struct<t: timestamp_ntz>";
    List<String> unconverted = SparkRows.keys(spark.read().schema(ntz).format("fastdecode").load(f.toString()));
    List<String> unconvertedInstants = SparkRows.keys(spark.read().schema("id int, t timestamp").parquet(f.toString()));
    for (String zone : new String[] {"America/Los_Angeles", "Asia/Kolkata"}) {
      SparkSessions.withConf(spark, () -> {
        // The conversion moves the instants and leaves the local date-times.
        assertTrue(!unconvertedInstants.equals(SparkRows.keys(spark.read().schema("id int, t timestamp").parquet(f.toString()))),
            "int96TimestampConversion changed nothing in " + zone);
        assertEquals(unconverted, SparkRows.keys(spark.read().schema(ntz).format("fastdecode").load(f.toString())), zone);
        compareWithSpark("INT96 as timestamp_ntz, converted in " + zone, f,
            "id int, t timestamp_ntz, st struct<t: timestamp_ntz>, lt array<timestamp_ntz>");
        compareWithSpark("INT96 as timestamp and timestamp_ntz in one scan, converted in " + zone, f,
            "id int, t timestamp, st struct<t: timestamp_ntz>, lt array<timestamp>");
      }, "spark.sql.parquet.int96TimestampConversion", "true", "spark.sql.session.timeZone", zone);
    }
  }

  @Test
  void uint32ReadAsInt() {
    // Spark's reader reads a UINT_32 column as int from PLAIN pages (the stored bits) and fails on
    // dictionary pages; this source reads both, the stored bits.
    compareWithSpark("UINT_32 as int, PLAIN", dir.resolve("duckdb-v1.parquet"), "id int, ui int");
    compareWithSpark("UINT_32 as int, PLAIN V2", dir.resolve("pyarrow-v2-plain.parquet"), "id int, u32 int, u32_few int");
    for (String[] c : new String[][] {{"duckdb-v1.parquet", "ui_few"}, {"pyarrow-v1-dictionary.parquet", "u32_few"}}) {
      Path f = dir.resolve(c[0]);
      String what = c[0] + " " + c[1] + " (dictionary pages) as int";
      Exception e = assertThrows(Exception.class,
          () -> spark.read().schema("id int, " + c[1] + " int").parquet(f.toString()).collectAsList(), what);
      System.out.println("PyarrowDuckdbWrittenFilesTest: Spark's reader fails on " + what + ": " + e.getMessage().split("\n")[0]);
      // The expected ints: the bits of the values Spark reads as long (zero-extended UINT_32).
      List<String> expected = new ArrayList<>();
      for (Row r : spark.read().schema("id int, " + c[1] + " long").parquet(f.toString()).collectAsList()) {
        expected.add(SparkRows.key(org.apache.spark.sql.RowFactory.create(r.get(0), r.isNullAt(1) ? null : (int) r.getLong(1))));
      }
      Collections.sort(expected);
      SparkSessions.withConf(spark, () -> {
        long read = Fallbacks.filesRead();
        assertSameRows(what, expected,
            SparkRows.keys(spark.read().schema("id int, " + c[1] + " int").format("fastdecode").load(f.toString())));
        assertTrue(Fallbacks.filesRead() > read, what + ": parquet-fastdecode read no file");
      }, FastDecodeFileFormat.FALLBACK, "error");
    }
  }

  private static void assertSameRows(String what, List<String> expected, List<String> actual) {
    assertEquals(expected.size(), actual.size(), what + ": row count");
    for (int i = 0; i < expected.size(); i++) {
      if (!expected.get(i).equals(actual.get(i))) {
        assertEquals(expected.get(i), actual.get(i), what + ": sorted row " + i + " of " + expected.size());
      }
    }
  }

  /** The rows of {@code f}'s expectation file (one JSON array a line after the comment), sorted. */
  private static List<String> expectation(Path f) throws IOException {
    Path jsonl = f.resolveSibling(f.getFileName().toString().replace(".parquet", ".expected.jsonl"));
    List<String> rows = new ArrayList<>();
    for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
      if (!line.startsWith("#") && !line.isEmpty()) {
        rows.add(line);
      }
    }
    Collections.sort(rows);
    return rows;
  }

  /** Spark's rows as {@link #text} renders them, sorted. */
  private static List<String> rows(Dataset<Row> rows) {
    List<String> out = new ArrayList<>();
    for (Row r : rows.collectAsList()) {
      out.add(text(r));
    }
    Collections.sort(out);
    return out;
  }

  /**
   * A Spark value as {@code written_files.py} renders pyarrow's (its docstring): JSON as Python's
   * {@code json.dumps(ensure_ascii=False, separators=(",", ":"))} writes it; integers and decimals as
   * strings of their plain text, floats by their bits (every NaN "NaN"), binaries in hex, dates as
   * day numbers, timestamps (instants and local ones) as microseconds since 1970-01-01T00:00,
   * structs as arrays of their fields, maps as [key, value] pairs sorted by their text.
   */
  static String text(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Boolean) {
      return v.toString();
    }
    if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
      return quote(v.toString());
    }
    if (v instanceof BigDecimal) {
      return quote(((BigDecimal) v).toPlainString());
    }
    if (v instanceof Float) {
      float x = (Float) v;
      return quote(Float.isNaN(x) ? "NaN" : String.format("f:%08x", Float.floatToRawIntBits(x)));
    }
    if (v instanceof Double) {
      double x = (Double) v;
      return quote(Double.isNaN(x) ? "NaN" : String.format("d:%016x", Double.doubleToRawLongBits(x)));
    }
    if (v instanceof String) {
      return quote((String) v);
    }
    if (v instanceof byte[]) {
      StringBuilder b = new StringBuilder("x:");
      for (byte x : (byte[]) v) {
        b.append(String.format("%02x", x));
      }
      return quote(b.toString());
    }
    if (v instanceof LocalDate) {
      return quote(Long.toString(((LocalDate) v).toEpochDay()));
    }
    if (v instanceof Instant) {
      Instant t = (Instant) v;
      return quote(Long.toString(Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000)));
    }
    if (v instanceof LocalDateTime) {
      return text(((LocalDateTime) v).toInstant(ZoneOffset.UTC));
    }
    if (v instanceof Row) {
      Row r = (Row) v;
      List<String> fields = new ArrayList<>();
      for (int i = 0; i < r.length(); i++) {
        fields.add(text(r.get(i)));
      }
      return "[" + String.join(",", fields) + "]";
    }
    if (v instanceof scala.collection.Seq) {
      List<String> items = new ArrayList<>();
      for (Object o : JavaConverters.seqAsJavaList((scala.collection.Seq<?>) v)) {
        items.add(text(o));
      }
      return "[" + String.join(",", items) + "]";
    }
    if (v instanceof scala.collection.Map) {
      List<String> pairs = new ArrayList<>();
      for (Map.Entry<?, ?> e : JavaConverters.mapAsJavaMap((scala.collection.Map<?, ?>) v).entrySet()) {
        pairs.add("[" + text(e.getKey()) + "," + text(e.getValue()) + "]");
      }
      Collections.sort(pairs);
      return "[" + String.join(",", pairs) + "]";
    }
    throw new AssertionError("no text for " + v.getClass() + ": " + v);
  }

  /** A JSON string as Python's {@code json.dumps(s, ensure_ascii=False)} writes it. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          b.append("\\\"");
          break;
        case '\\':
          b.append("\\\\");
          break;
        case '\n':
          b.append("\\n");
          break;
        case '\r':
          b.append("\\r");
          break;
        case '\t':
          b.append("\\t");
          break;
        case '\b':
          b.append("\\b");
          break;
        case '\f':
          b.append("\\f");
          break;
        default:
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
      }
    }
    return b.append('"').toString();
  }
}
