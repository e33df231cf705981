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

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Files Spark 4.2 refuses for a type (INT64 TIMESTAMP(NANOS), FLOAT16, UUID: {@code
 * PARQUET_TYPE_ILLEGAL}) or an encoding (BYTE_STREAM_SPLIT on any type: "Unsupported encoding"),
 * written by parquet-java and read by this source whole, with {@value
 * FastDecodeFileFormat#FALLBACK}{@code =error}. The expected rows are computed here from the values
 * written: nanoseconds floored to microseconds, FLOAT16 by the IEEE 754 formula, unsigned integers
 * as Spark types them. Corrupt pages of these types fail naming file, column, row group and page.
 */
class RefusedFilesTest {
  private static SparkSession spark;
  private static Path root;
  static final long SEED = 20261129L;
  static final int ROWS = 3000;

  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m {\n"
      + "  required int32 id;\n"
      + "  optional int64 ts_ns (TIMESTAMP(NANOS,true));\n"
      + "  optional int64 ntz_ns (TIMESTAMP(NANOS,false));\n"
      + "  optional fixed_len_byte_array(2) h (FLOAT16);\n"
      + "  optional fixed_len_byte_array(16) u (UUID);\n"
      + "  optional int32 u8 (INTEGER(8,false));\n"
      + "  optional int64 u64 (INTEGER(64,false));\n"
      + "  optional fixed_len_byte_array(6) fx;\n"
      + "  optional float f;\n"
      + "  optional double d;\n"
      + "  optional int32 i32;\n"
      + "  optional int64 i64;\n"
      + "}");

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("refused");
  }

  /**
   * Writes the schema's columns (10% nulls) and returns the rows Spark should see, as keys ({@link
   * SparkRows#key}); {@code nanosAsLong} keys nanosecond columns as their stored longs.
   */
  static List<String> write(Path file, MessageType schema, boolean dictionary, boolean byteStreamSplit,
      boolean nanosAsLong) throws Exception {
    System.out.println("RefusedFilesTest seed " + SEED);
    Random r = new Random(SEED);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toString()))
        .withType(schema).withWriterVersion(WriterVersion.PARQUET_1_0).withDictionaryEncoding(dictionary)
        .withPageSize(4096).withConf(new Configuration());
    if (byteStreamSplit) {
      for (ColumnDescriptor c : schema.getColumns()) {
        if (!c.getPrimitiveType().getPrimitiveTypeName().name().equals("BOOLEAN")
            && !c.getPrimitiveType().getPrimitiveTypeName().name().equals("BINARY")) {
          TestWriters.byteStreamSplit(b, String.join(".", c.getPath()));
        }
      }
    }
    List<String> expected = new ArrayList<>();
    try (ParquetWriter<Group> w = b.build()) {
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup().append("id", i);
        List<Object> row = new ArrayList<>();
        row.add(i);
        // Nanoseconds over int64's whole range (1677 to 2262), negative ones included.
        long ns = i % 11 == 0 ? -1 - r.nextInt(1000) : r.nextLong();
        put(schema, g, row, r, "ts_ns", ns, nanosAsLong ? (Object) ns : Instant.EPOCH.plus(Math.floorDiv(ns, 1000L), ChronoUnit.MICROS));
        long local = ns ^ 0x5555;
        long micros = Math.floorDiv(local, 1000L);
        put(schema, g, row, r, "ntz_ns", local, nanosAsLong ? (Object) local : LocalDateTime.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L), (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC));
        int half = i % 5 == 0 ? new int[] {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x03FF, 0x7BFF, 0x3C00, 0xFE01}[i / 5 % 10]
            : r.nextInt(65536);
        put(schema, g, row, r, "h", Binary.fromConstantByteArray(new byte[] {(byte) half, (byte) (half >>> 8)}), half16(half));
        byte[] uuid = new byte[16];
        r.nextBytes(uuid);
        put(schema, g, row, r, "u", Binary.fromConstantByteArray(uuid), uuid);
        int u8 = i % 3 == 0 ? 255 : r.nextInt(256);
        put(schema, g, row, r, "u8", u8, (short) u8);
        long u64 = i % 3 == 0 ? -1L : r.nextLong();
        put(schema, g, row, r, "u64", u64, new BigDecimal(new BigInteger(Long.toUnsignedString(u64))));
        byte[] fx = new byte[6];
        r.nextBytes(fx);
        put(schema, g, row, r, "fx", Binary.fromConstantByteArray(fx), fx);
        float f = i % 17 == 0 ? Float.NaN : r.nextFloat() * 1e6f - 5e5f;
        put(schema, g, row, r, "f", f, f);
        double d = i % 19 == 0 ? -0.0 : r.nextGaussian() * 1e12;
        put(schema, g, row, r, "d", d, d);
        int i32 = i % 3 == 0 ? Integer.MIN_VALUE : r.nextInt();
        put(schema, g, row, r, "i32", i32, i32);
        long i64 = r.nextLong();
        put(schema, g, row, r, "i64", i64, i64);
        w.write(g);
        expected.add(SparkRows.key(RowFactory.create(row.toArray())));
      }
    }
    Collections.sort(expected);
    return expected;
  }

  /**
   * Appends {@code value} to field {@code name} (when the schema has it) in 9 rows of 10, else
   * leaves it null, and adds what Spark should see to {@code row}. The random draw happens either
   * way, so every schema sees the same values.
   */
  private static void put(MessageType schema, Group g, List<Object> row, Random r, String name, Object value, Object seen) {
    boolean present = r.nextInt(10) != 0;
    if (!schema.containsField(name)) {
      return;
    }
    if (!present) {
      row.add(null);
      return;
    }
    if (value instanceof Integer) {
      g.append(name, (Integer) value);
    } else if (value instanceof Long) {
      g.append(name, (Long) value);
    } else if (value instanceof Float) {
      g.append(name, (Float) value);
    } else if (value instanceof Double) {
      g.append(name, (Double) value);
    } else {
      g.append(name, (Binary) value);
    }
    row.add(seen);
  }

  /**
   * An IEEE 754 half-precision value as a float, by the formula (sign, exponent, fraction);
   * NaNs keep their payload in the float's top fraction bits, as a widening conversion does.
   */
  static float half16(int bits) {
    int sign = bits >>> 15;
    int exponent = (bits >>> 10) & 0x1F;
    int fraction = bits & 0x3FF;
    if (exponent == 31) {
      return fraction == 0 ? (sign == 0 ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY)
          : Float.intBitsToFloat(sign << 31 | 0x7F800000 | fraction << 13);
    }
    double magnitude = exponent == 0 ? fraction * Math.pow(2, -24) : (1 + fraction / 1024.0) * Math.pow(2, exponent - 15);
    return (float) (sign == 0 ? magnitude : -magnitude);
  }

  private static Dataset<Row> ours(Path p) {
    return spark.read().format("fastdecode").load(p.toString());
  }

  private static void readWhole(String what, Path dir, List<String> expected) {
    SparkSessions.withConf(spark, () -> {
      for (String copy : new String[] {"false", "true"}) {
        spark.conf().set(FastDecodeFileFormat.COPY_VECTORS, copy);
        long read = Fallbacks.filesRead();
        assertEquals(expected, SparkRows.keys(ours(dir)), what + " (copyVectors " + copy + ")");
        assertTrue(Fallbacks.filesRead() > read, what + ": parquet-fastdecode read no file");
      }
    }, FastDecodeFileFormat.FALLBACK, "error", FastDecodeFileFormat.COPY_VECTORS, "false");
  }

  @Test
  void nanosecondTimestampsFloat16AndUuidSparkRefuses() throws Exception {
    for (boolean dictionary : new boolean[] {true, false}) {
      Path dir = root.resolve("types-" + dictionary);
      Files.createDirectories(dir);
      List<String> expected = write(dir.resolve("f.parquet"), SCHEMA, dictionary, false, false);
      Exception refused = assertThrows(Exception.class, () -> spark.read().parquet(dir.toString()).collectAsList());
      assertTrue(RefusedTypes.isRefusedType(refused), String.valueOf(refused));
      assertEquals("struct<id:int,ts_ns:timestamp,ntz_ns:timestamp_ntz,h:float,u:binary,u8:smallint,"
          + "u64:decimal(20,0),fx:binary,f:float,d:double,i32:int,i64:bigint>", ours(dir).schema().simpleString());
      readWhole("dictionary " + dictionary, dir, expected);
      // Projections, and a filter Spark evaluates above the scan.
      SparkSessions.withConf(spark, () -> {
        assertEquals(ROWS, ours(dir).count());
        SparkRows.assertSameNonEmpty("filter on nanoseconds and FLOAT16",
            ours(dir).where("ts_ns > timestamp'2000-01-01 00:00:00' and h > 0.5").select("id", "ts_ns", "h").coalesce(1),
            ours(dir).select("id", "ts_ns", "h").coalesce(1).where("ts_ns > timestamp'2000-01-01 00:00:00' and h > 0.5"));
      }, FastDecodeFileFormat.FALLBACK, "error");
    }
  }

  @Test
  void float16NanosecondsAndUnsignedInsideNestedColumns() throws Exception {
    Path dir = root.resolve("nested");
    Files.createDirectories(dir);
    MessageType schema = MessageTypeParser.parseMessageType("message m {\n"
        + "  required int32 id;\n"
        + "  optional group hs (LIST) { repeated group list { optional fixed_len_byte_array(2) element (FLOAT16); } }\n"
        + "  optional group st { optional int64 ns (TIMESTAMP(NANOS,true)); optional int64 u (INTEGER(64,false)); }\n"
        + "}");
    Random r = new Random(SEED);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    List<String> expected = new ArrayList<>();
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(dir.resolve("f.parquet").toString()))
        .withType(schema).withConf(new Configuration()).build()) {
      for (int i = 0; i < 1000; i++) {
        Group g = groups.newGroup().append("id", i);
        StringBuilder key = new StringBuilder("{").append(SparkRows.key(i)).append(',');
        if (i % 9 == 0) {
          key.append("null");
        } else {
          Group list = g.addGroup("hs");
          List<String> items = new ArrayList<>();
          for (int k = 0; k < i % 4; k++) {
            Group e = list.addGroup("list");
            if (k == 1) {
              items.add("null");
              continue;
            }
            int half = r.nextInt(65536);
            e.append("element", Binary.fromConstantByteArray(new byte[] {(byte) half, (byte) (half >>> 8)}));
            items.add(SparkRows.key(half16(half)));
          }
          key.append('[').append(String.join(",", items)).append(']');
        }
        key.append(',');
        if (i % 7 == 0) {
          key.append("null");
        } else {
          Group st = g.addGroup("st");
          long ns = r.nextLong();
          long u = r.nextLong();
          st.append("ns", ns).append("u", u);
          key.append('{').append(SparkRows.key(Instant.EPOCH.plus(Math.floorDiv(ns, 1000L), ChronoUnit.MICROS))).append(',')
              .append(SparkRows.key(new BigDecimal(new BigInteger(Long.toUnsignedString(u))))).append('}');
        }
        expected.add(key.append('}').toString());
        w.write(g);
      }
    }
    Collections.sort(expected);
    assertEquals("struct<id:int,hs:array<float>,st:struct<ns:timestamp,u:decimal(20,0)>>", ours(dir).schema().simpleString());
    readWhole("nested FLOAT16, nanoseconds and UINT_64", dir, expected);
  }

  @Test
  void nanosAsLongReadsTheStoredValuesAsSparkDoes() throws Exception {
    Path dir = root.resolve("nanos-as-long");
    Files.createDirectories(dir);
    MessageType nanos = MessageTypeParser.parseMessageType("message m { required int32 id; "
        + "optional int64 ts_ns (TIMESTAMP(NANOS,true)); optional int64 ntz_ns (TIMESTAMP(NANOS,false)); }");
    List<String> expected = write(dir.resolve("f.parquet"), nanos, true, false, true);
    SparkSessions.withConf(spark, () -> {
      SparkRows.assertSameNonEmpty("nanosAsLong", spark.read().parquet(dir.toString()), ours(dir));
      assertEquals(expected, SparkRows.keys(ours(dir)));
      assertEquals("struct<id:int,ts_ns:bigint,ntz_ns:bigint>", ours(dir).schema().simpleString());
    }, "spark.sql.legacy.parquet.nanosAsLong", "true", FastDecodeFileFormat.FALLBACK, "error");
  }

  @Test
  void byteStreamSplitOnEveryTypeInOneFile() throws Exception {
    Path dir = root.resolve("bss");
    Files.createDirectories(dir);
    Path file = dir.resolve("f.parquet");
    List<String> expected = write(file, SCHEMA, false, true, false);
    // Every fixed-width column, FIXED_LEN_BYTE_ARRAY and unsigned ones included, is BYTE_STREAM_SPLIT.
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toString()), new Configuration()))) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(0).getColumns()) {
        assertTrue(c.getEncodings().contains(Encoding.BYTE_STREAM_SPLIT), c.getPath() + ": " + c.getEncodings());
      }
    }
    readWhole("BYTE_STREAM_SPLIT", dir, expected);
    // Spark refuses the encoding, for the columns it types (and the file's schema for the others).
    Exception refused = assertThrows(Exception.class,
        () -> spark.read().parquet(dir.toString()).select("id", "u8", "u64", "fx", "f").collectAsList());
    assertTrue(String.valueOf(refused).contains("BYTE_STREAM_SPLIT") || String.valueOf(refused.getCause()).contains("BYTE_STREAM_SPLIT")
        || RefusedTypes.isRefusedType(refused), String.valueOf(refused));
  }

  /** The whole chain of {@code e}'s messages, one per line. */
  static String chain(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    return all.toString();
  }

  /** Writes {@code rows} rows of (id, f) with f BYTE_STREAM_SPLIT, uncompressed, without page checksums. */
  private static Path writeByteStreamSplitFloats(Path dir, int rows) throws Exception {
    Files.createDirectories(dir);
    Path file = dir.resolve("f.parquet");
    MessageType schema = MessageTypeParser.parseMessageType("message m { required int32 id; required float f; }");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toString()))
        .withType(schema).withDictionaryEncoding(false).withPageSize(4096)
        .withPageWriteChecksumEnabled(false).withCompressionCodec(org.apache.parquet.hadoop.metadata.CompressionCodecName.UNCOMPRESSED)
        .withConf(new Configuration());
    TestWriters.byteStreamSplitFloatingPoint(b, "f");
    try (ParquetWriter<Group> w = b.build()) {
      for (int i = 0; i < rows; i++) {
        w.write(groups.newGroup().append("id", i).append("f", i * 0.5f));
      }
    }
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc")); // else Hadoop's checksum says it first
    return file;
  }

  @Test
  void corruptByteStreamSplitPageFailsNamingFileColumnRowGroupAndPage() throws Exception {
    Path dir = root.resolve("bss-corrupt");
    Path file = writeByteStreamSplitFloats(dir, 3000);
    byte[] bytes = Files.readAllBytes(file);
    long start;
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toString()), new Configuration()))) {
      start = r.getFooter().getBlocks().get(0).getColumns().get(1).getStartingPos();
    }
    // Page 1 of column f claims one value more than its bytes hold (its header re-encoded in place).
    int at = (int) start;
    for (int page = 0; ; page++) {
      java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(bytes, at, bytes.length - at);
      int before = in.available();
      org.apache.parquet.format.PageHeader h = org.apache.parquet.format.Util.readPageHeader(in);
      int headerLength = before - in.available();
      if (page == 1) {
        assertEquals(Encoding.BYTE_STREAM_SPLIT.name(), h.getData_page_header().getEncoding().name());
        h.getData_page_header().setNum_values(h.getData_page_header().getNum_values() + 1);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        org.apache.parquet.format.Util.writePageHeader(h, out);
        assertEquals(headerLength, out.size(), "the header's length changed");
        System.arraycopy(out.toByteArray(), 0, bytes, at, headerLength);
        break;
      }
      at += headerLength + h.getCompressed_page_size();
    }
    Files.write(file, bytes);
    Exception e = assertThrows(Exception.class, () -> ours(dir).collectAsList());
    String text = chain(e);
    System.out.println("RefusedFilesTest: the corrupt BYTE_STREAM_SPLIT page's error: " + text);
    assertTrue(text.contains(file.getFileName().toString()), text);
    assertTrue(text.contains("column f"), text);
    assertTrue(text.contains("row group 0"), text);
    assertTrue(text.contains("page 1"), text);
  }

  @Test
  void float16OfAnotherLengthThanTwoFailsNamingFileColumnRowGroupAndPage() throws Exception {
    Path dir = root.resolve("float16-length");
    Files.createDirectories(dir);
    Path file = dir.resolve("f.parquet");
    MessageType schema = MessageTypeParser.parseMessageType(
        "message m { required int32 id; optional fixed_len_byte_array(3) h; }");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toString()))
        .withType(schema).withConf(new Configuration()).build()) {
      for (int i = 0; i < 100; i++) {
        w.write(groups.newGroup().append("id", i).append("h", Binary.fromConstantByteArray(new byte[] {1, 60, (byte) i})));
      }
    }
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
    // The footer rewritten with FLOAT16 on the FIXED_LEN_BYTE_ARRAY(3) column (the footer is last, so
    // its length may change).
    byte[] bytes = Files.readAllBytes(file);
    int footerLength = java.nio.ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = bytes.length - 8 - footerLength;
    org.apache.parquet.format.FileMetaData meta = org.apache.parquet.format.Util.readFileMetaData(
        new java.io.ByteArrayInputStream(bytes, footerStart, footerLength));
    for (org.apache.parquet.format.SchemaElement el : meta.getSchema()) {
      if (el.getName().equals("h")) {
        org.apache.parquet.format.LogicalType t = new org.apache.parquet.format.LogicalType();
        t.setFLOAT16(new org.apache.parquet.format.Float16Type());
        el.setLogicalType(t);
      }
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    out.write(bytes, 0, footerStart);
    java.io.ByteArrayOutputStream footer = new java.io.ByteArrayOutputStream();
    org.apache.parquet.format.Util.writeFileMetaData(meta, footer);
    footer.writeTo(out);
    out.write(java.nio.ByteBuffer.allocate(4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(footer.size()).array());
    out.write("PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    Files.write(file, out.toByteArray());
    Exception e = assertThrows(Exception.class,
        () -> spark.read().schema("id int, h float").format("fastdecode").load(dir.toString()).collectAsList());
    String text = chain(e);
    System.out.println("RefusedFilesTest: the FLOAT16 of 3 bytes' error: " + text);
    assertTrue(text.contains(file.getFileName().toString()), text);
    assertTrue(text.contains("column h") || text.contains(" h "), text);
    assertTrue(text.contains("row group 0"), text);
    assertTrue(text.contains("page 0"), text);
  }

  @Test
  void parquetTestingFilesSparkRefusesEqualParquetJavasValues() throws Exception {
    Path data = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing")).resolve("data");
    if (!Files.isDirectory(data)) {
      System.out.println("RefusedFilesTest: " + data.toAbsolutePath() + " is absent: skipped");
      return;
    }
    List<Path> files;
    try (java.util.stream.Stream<Path> s = Files.list(data)) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    int compared = 0;
    for (Path f : files) {
      try {
        spark.read().parquet(f.toString()).collectAsList();
        continue; // Spark reads it: OtherWritersDifferentialTest compares the two
      } catch (Exception e) {
        String text = chain(e);
        if (!text.contains("PARQUET_TYPE_ILLEGAL") && !text.contains("BYTE_STREAM_SPLIT")) {
          System.out.println("RefusedFilesTest: Spark refuses " + f.getFileName() + " for another reason: " + firstLine(text));
          continue;
        }
      }
      List<String> expected = parquetJavaRows(f);
      SparkSessions.withConf(spark, () -> assertEquals(expected, SparkRows.keys(spark.read().format("fastdecode")
          .load(f.toString())), f.getFileName().toString()), FastDecodeFileFormat.FALLBACK, "error");
      System.out.println("RefusedFilesTest: " + f.getFileName() + ", refused by Spark: " + expected.size()
          + " rows equal to parquet-java's values");
      compared++;
    }
    assertTrue(compared >= 3, "compared " + compared);
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /**
   * A flat file's rows as parquet-java's example reader gives them, as the keys of the values Spark
   * types them as (FLOAT16 through {@link #half16}, the formula, not the code under test).
   */
  private static List<String> parquetJavaRows(Path f) throws Exception {
    List<String> keys = new ArrayList<>();
    try (org.apache.parquet.hadoop.ParquetReader<Group> reader = org.apache.parquet.hadoop.ParquetReader.builder(
        new org.apache.parquet.hadoop.example.GroupReadSupport(), new org.apache.hadoop.fs.Path(f.toString()))
        .withConf(new Configuration()).build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        List<Object> row = new ArrayList<>();
        for (int c = 0; c < g.getType().getFieldCount(); c++) {
          org.apache.parquet.schema.Type t = g.getType().getType(c);
          if (!t.isPrimitive() || t.isRepetition(org.apache.parquet.schema.Type.Repetition.REPEATED)) {
            throw new AssertionError(f.getFileName() + ": no expected values for the nested field " + t);
          }
          if (g.getFieldRepetitionCount(c) == 0) {
            row.add(null);
            continue;
          }
          org.apache.parquet.schema.PrimitiveType p = t.asPrimitiveType();
          org.apache.parquet.schema.LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
          switch (p.getPrimitiveTypeName()) {
            case BOOLEAN:
              row.add(g.getBoolean(c, 0));
              break;
            case INT32:
              row.add(g.getInteger(c, 0));
              break;
            case INT64:
              row.add(g.getLong(c, 0));
              break;
            case FLOAT:
              row.add(g.getFloat(c, 0));
              break;
            case DOUBLE:
              row.add(g.getDouble(c, 0));
              break;
            case FIXED_LEN_BYTE_ARRAY: {
              byte[] b = g.getBinary(c, 0).getBytes();
              row.add(a instanceof org.apache.parquet.schema.LogicalTypeAnnotation.Float16LogicalTypeAnnotation
                  ? (Object) half16((b[0] & 0xFF) | (b[1] & 0xFF) << 8) : b);
              break;
            }
            case BINARY:
              row.add(a instanceof org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation
                  ? g.getString(c, 0) : g.getBinary(c, 0).getBytes());
              break;
            default:
              throw new AssertionError(f.getFileName() + ": no expected values for " + p);
          }
        }
        keys.add(SparkRows.key(RowFactory.create(row.toArray())));
      }
    }
    Collections.sort(keys);
    return keys;
  }
}
