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
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Files from writers other than Spark's default settings: parquet-java's own writer (V1 and V2
 * pages, every physical form of the flat types, no Spark metadata so the session's rebase modes
 * decide), Spark's writer in its legacy calendar modes, BYTE_STREAM_SPLIT files Spark's reader
 * refuses, parquet-testing's files, and a corrupt file.
 */
class OtherWritersDifferentialTest {
  private static SparkSession spark;
  private static Path root;
  static final long SEED = 20261126L;

  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m {\n"
      + "  required int32 id;\n"
      + "  optional boolean b;\n"
      + "  optional int32 i8 (INTEGER(8,true));\n"
      + "  optional int32 i16 (INTEGER(16,true));\n"
      + "  optional int64 i64;\n"
      + "  optional float f;\n"
      + "  optional double d;\n"
      + "  optional binary s (STRING);\n"
      + "  optional binary raw;\n"
      + "  optional int32 dt (DATE);\n"
      + "  optional int64 ts_us (TIMESTAMP(MICROS,true));\n"
      + "  optional int64 ts_ms (TIMESTAMP(MILLIS,true));\n"
      + "  optional int64 ntz_us (TIMESTAMP(MICROS,false));\n"
      + "  optional int96 t96;\n"
      + "  optional int32 dec_i (DECIMAL(9,2));\n"
      + "  optional int64 dec_l (DECIMAL(18,4));\n"
      + "  optional binary dec_b (DECIMAL(20,3));\n"
      + "  optional fixed_len_byte_array(9) dec_f (DECIMAL(20,2));\n"
      + "  optional fixed_len_byte_array(4) dec_f4 (DECIMAL(9,1));\n"
      + "}");

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("writers");
  }

  /** parquet-java's example writer, seeded values with 10% nulls, dates and times from year 1000 to 3000. */
  static void writeWithParquetJava(Path file, WriterVersion version, boolean dictionary, boolean byteStreamSplit,
      int rows) throws IOException {
    System.out.println("OtherWritersDifferentialTest seed " + SEED);
    Random r = new Random(SEED);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toString()))
        .withType(SCHEMA).withWriterVersion(version).withDictionaryEncoding(dictionary)
        .withByteStreamSplitEncoding(byteStreamSplit).withPageSize(4096).withConf(new Configuration()).build()) {
      for (int i = 0; i < rows; i++) {
        Group g = groups.newGroup().append("id", i);
        if (r.nextInt(10) != 0) g.append("b", r.nextBoolean());
        if (r.nextInt(10) != 0) g.append("i8", r.nextInt(256) - 128);
        if (r.nextInt(10) != 0) g.append("i16", r.nextInt(65536) - 32768);
        if (r.nextInt(10) != 0) g.append("i64", r.nextInt(5) == 0 ? r.nextLong() : r.nextInt(1000));
        if (r.nextInt(10) != 0) g.append("f", i % 17 == 0 ? Float.NaN : i % 19 == 0 ? -0.0f : r.nextFloat() * 1e6f - 5e5f);
        if (r.nextInt(10) != 0) g.append("d", i % 17 == 0 ? Double.NaN : i % 19 == 0 ? -0.0 : r.nextGaussian() * 1e12);
        if (r.nextInt(10) != 0) g.append("s", "v" + r.nextInt(i % 3 == 0 ? 50 : 100000) + (i % 5 == 0 ? "ü" : ""));
        if (r.nextInt(10) != 0) g.append("raw", Binary.fromConstantByteArray(new byte[] {(byte) i, (byte) (i >> 8), 0, -1}));
        long micros = -30_000_000_000_000_000L + (long) (r.nextDouble() * 63_000_000_000_000_000L);
        if (r.nextInt(10) != 0) g.append("dt", (int) Math.floorDiv(micros, 86_400_000_000L));
        if (r.nextInt(10) != 0) g.append("ts_us", micros);
        if (r.nextInt(10) != 0) g.append("ts_ms", Math.floorDiv(micros, 1000));
        if (r.nextInt(10) != 0) g.append("ntz_us", micros + 7);
        if (r.nextInt(10) != 0) g.append("t96", int96(micros));
        if (r.nextInt(10) != 0) g.append("dec_i", r.nextInt(1_000_000_000) - 500_000_000);
        if (r.nextInt(10) != 0) g.append("dec_l", r.nextLong() % 1_000_000_000_000_000_000L);
        BigInteger wide = new BigInteger(66, r).subtract(BigInteger.ONE.shiftLeft(65));
        if (r.nextInt(10) != 0) g.append("dec_b", Binary.fromConstantByteArray(wide.toByteArray()));
        if (r.nextInt(10) != 0) g.append("dec_f", Binary.fromConstantByteArray(fixed(wide, 9)));
        if (r.nextInt(10) != 0) g.append("dec_f4", Binary.fromConstantByteArray(fixed(BigInteger.valueOf(r.nextInt(1_000_000_000) - 500_000_000), 4)));
        w.write(g);
      }
    }
  }

  private static Binary int96(long micros) {
    long days = Math.floorDiv(micros, 86_400_000_000L);
    long nanos = Math.floorMod(micros, 86_400_000_000L) * 1000;
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(nanos).putInt((int) (days + 2_440_588));
    return Binary.fromConstantByteArray(b.array());
  }

  private static byte[] fixed(BigInteger v, int width) {
    byte[] raw = v.toByteArray();
    byte[] out = new byte[width];
    byte pad = (byte) (v.signum() < 0 ? -1 : 0);
    java.util.Arrays.fill(out, pad);
    System.arraycopy(raw, Math.max(0, raw.length - width), out, Math.max(0, width - raw.length), Math.min(width, raw.length));
    return out;
  }

  private static Dataset<Row> parquet(Path p) {
    return spark.read().parquet(p.toString());
  }

  private static Dataset<Row> ours(Path p) {
    return spark.read().format("fastdecode").load(p.toString());
  }

  @Test
  void parquetJavaFilesInEveryRebaseMode() throws Exception {
    for (WriterVersion v : WriterVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        Path dir = root.resolve("pj-" + v + "-" + dictionary);
        Files.createDirectories(dir);
        writeWithParquetJava(dir.resolve("f.parquet"), v, dictionary, false, 3000);
        // Spark 4.2's vectorized reader misreads these V2 files' BINARY and FIXED_LEN_BYTE_ARRAY
        // decimals (out-of-range values; see also FlatTypesDifferentialTest): for V2 files Spark's
        // row reader, on parquet-java's decoders, is the oracle.
        boolean vectorized = v == WriterVersion.PARQUET_1_0;
        for (String mode : new String[] {"CORRECTED", "LEGACY"}) {
          List<String>[] expected = new List[1];
          SparkSessions.withConf(spark, () -> expected[0] = SparkRows.keys(parquet(dir)),
              "spark.sql.parquet.datetimeRebaseModeInRead", mode, "spark.sql.parquet.int96RebaseModeInRead", mode,
              "spark.sql.parquet.enableVectorizedReader", String.valueOf(vectorized));
          SparkSessions.withConf(spark, () -> {
            long before = Fallbacks.filesRead();
            assertEquals(expected[0], SparkRows.keys(ours(dir)), v + " dictionary " + dictionary + " " + mode);
            assertTrue(Fallbacks.filesRead() > before);
          }, "spark.sql.parquet.datetimeRebaseModeInRead", mode, "spark.sql.parquet.int96RebaseModeInRead", mode);
        }
        // EXCEPTION: with dates before 1582 and no Spark metadata, both readers refuse the file.
        SparkSessions.withConf(spark, () -> {
          String[] keep = {"id", "b", "i8", "i16", "i64", "f", "d", "s", "raw", "ntz_us", "dec_i", "dec_l", "dec_f4"};
          spark.conf().set("spark.sql.parquet.enableVectorizedReader", String.valueOf(vectorized));
          List<String> expected;
          try {
            expected = SparkRows.keys(parquet(dir).selectExpr(keep));
          } finally {
            spark.conf().set("spark.sql.parquet.enableVectorizedReader", "true");
          }
          assertEquals(expected, SparkRows.keys(ours(dir).selectExpr(keep)), "EXCEPTION, no instant columns");
          for (String c : new String[] {"dt", "ts_us", "ts_ms", "t96"}) {
            Exception e = assertThrows(Exception.class, () -> parquet(dir).select(c).collectAsList(), c);
            Exception o = assertThrows(Exception.class, () -> ours(dir).select(c).collectAsList(), c);
            assertTrue(String.valueOf(e.getMessage()).contains("INCONSISTENT_BEHAVIOR_CROSS_VERSION"), e.getMessage());
            assertTrue(String.valueOf(o.getMessage()).contains("INCONSISTENT_BEHAVIOR_CROSS_VERSION"), o.getMessage());
          }
        }, "spark.sql.parquet.datetimeRebaseModeInRead", "EXCEPTION", "spark.sql.parquet.int96RebaseModeInRead", "EXCEPTION");
      }
    }
  }

  @Test
  void sparkLegacyCalendarFiles() {
    for (String type : new String[] {"INT96", "TIMESTAMP_MICROS", "TIMESTAMP_MILLIS"}) {
      Path dir = root.resolve("legacy-" + type);
      SparkSessions.withConf(spark, () -> FlatTypesDifferentialTest.allTypes(spark, 2000, "id % 10 = 7")
          .select("id", "dt", "ts", "ts_ntz").write().parquet(dir.toString()),
          "spark.sql.parquet.datetimeRebaseModeInWrite", "LEGACY", "spark.sql.parquet.int96RebaseModeInWrite", "LEGACY",
          "spark.sql.parquet.outputTimestampType", type);
      for (String mode : new String[] {"EXCEPTION", "CORRECTED", "LEGACY"}) {
        SparkSessions.withConf(spark, () -> SparkRows.assertSameNonEmpty(type + " read " + mode, parquet(dir), ours(dir)),
            "spark.sql.parquet.datetimeRebaseModeInRead", mode, "spark.sql.parquet.int96RebaseModeInRead", mode);
      }
    }
  }

  @Test
  void byteStreamSplitFilesSparkRefuses() throws Exception {
    Path dir = root.resolve("bss");
    Files.createDirectories(dir);
    Path file = dir.resolve("f.parquet");
    writeWithParquetJava(file, WriterVersion.PARQUET_1_0, false, true, 2000);
    Exception refused = assertThrows(Exception.class, () -> parquet(dir).select("f", "d").collectAsList());
    assertTrue(String.valueOf(refused.getMessage()).contains("BYTE_STREAM_SPLIT")
        || String.valueOf(refused.getCause()).contains("BYTE_STREAM_SPLIT"), String.valueOf(refused));
    List<String> expected = new ArrayList<>();
    try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toString())).withConf(new Configuration()).build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        Float f = g.getFieldRepetitionCount("f") == 0 ? null : g.getFloat("f", 0);
        Double d = g.getFieldRepetitionCount("d") == 0 ? null : g.getDouble("d", 0);
        expected.add(SparkRows.key(org.apache.spark.sql.RowFactory.create(g.getInteger("id", 0), f, d)));
      }
    }
    java.util.Collections.sort(expected);
    assertEquals(2000, expected.size());
    assertEquals(expected, SparkRows.keys(ours(dir).select("id", "f", "d")));
  }

  @Test
  void int96FromOtherWritersConvertedFromTheSessionTimeZone() {
    Path data = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing")).resolve("data");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(data), "no parquet-testing at " + data);
    // Impala's INT96 (created_by "impala ...") and Spark's (parquet-mr, never converted), in three zones.
    for (String name : new String[] {"alltypes_plain.parquet", "alltypes_dictionary.parquet", "int96_from_spark.parquet"}) {
      Path f = data.resolve(name);
      List<String> unconverted = SparkRows.keys(ours(f));
      for (String zone : new String[] {"America/Los_Angeles", "Asia/Kolkata", "UTC"}) {
        SparkSessions.withConf(spark, () -> {
          List<String> expected = SparkRows.keys(parquet(f));
          long read = Fallbacks.filesRead();
          assertEquals(expected, SparkRows.keys(ours(f)), name + " in " + zone);
          assertTrue(Fallbacks.filesRead() > read, name + ": parquet-fastdecode read no file");
          String filter = name.startsWith("int96") ? "a is not null" : "hour(timestamp_col) < 12";
          SparkRows.assertSameNonEmpty(name + " filtered, in " + zone, parquet(f).where(filter), ours(f).where(filter));
          if (name.startsWith("alltypes") && !zone.equals("UTC")) {
            // The conversion did something: Impala's values move with the zone.
            assertTrue(!expected.equals(unconverted), name + " in " + zone + " reads as without the conversion");
          }
        }, "spark.sql.parquet.int96TimestampConversion", "true", "spark.sql.session.timeZone", zone,
            FastDecodeFileFormat.FALLBACK, "error");
      }
    }
  }

  @Test
  void parquetTestingFilesSparkReads() throws IOException {
    Path data = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing")).resolve("data");
    if (!Files.isDirectory(data)) {
      System.out.println("OtherWritersDifferentialTest: " + data.toAbsolutePath() + " is absent: skipped");
      return;
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(data)) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    int compared = 0;
    int sparkRefused = 0;
    long readBefore = Fallbacks.filesRead();
    List<String> refused = new ArrayList<>();
    for (Path f : files) {
      List<String> expected;
      try {
        expected = SparkRows.keys(parquet(f));
      } catch (Exception e) {
        sparkRefused++;
        // Not compared (no expected values here); said, with what this source makes of the file.
        String ours;
        try {
          ours = "read by parquet-fastdecode: " + ours(f).count() + " rows";
        } catch (Exception o) {
          ours = "refused by parquet-fastdecode too: " + firstLine(o);
        }
        refused.add(f.getFileName() + " (Spark: " + firstLine(e) + "; " + ours + ")");
        continue;
      }
      // Every file Spark reads, read by the library: fallback=error fails the comparison otherwise.
      SparkSessions.withConf(spark, () -> assertEquals(expected, SparkRows.keys(ours(f)), f.getFileName().toString()),
          FastDecodeFileFormat.FALLBACK, "error");
      compared++;
    }
    System.out.println("OtherWritersDifferentialTest: parquet-testing files compared " + compared + ", refused by Spark "
        + sparkRefused + ", read by parquet-fastdecode " + (Fallbacks.filesRead() - readBefore));
    for (String r : refused) {
      System.out.println("OtherWritersDifferentialTest: refused by Spark: " + r);
    }
    assertTrue(compared >= 20, "compared " + compared);
    assertTrue(Fallbacks.filesRead() - readBefore >= 15, "read by parquet-fastdecode: " + (Fallbacks.filesRead() - readBefore));
  }

  @Test
  void corruptFileFailsTheTaskNamingFileColumnRowGroupAndPage() throws Exception {
    Path dir = root.resolve("corrupt");
    spark.range(0, 20000, 1, 1).selectExpr("id", "concat('v', id) as s").write().option("compression", "uncompressed")
        .option("parquet.enable.dictionary", "false").parquet(dir.toString());
    Path file;
    try (Stream<Path> s = Files.list(dir)) {
      file = s.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(file);
    // A string's length prefix (PLAIN BYTE_ARRAY) made huge: the page's values no longer add up.
    int at = indexOf(bytes, "v12345".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertTrue(at > 4, "value not found");
    for (int i = at - 4; i < at; i++) {
      bytes[i] = (byte) 0x7E;
    }
    Files.write(file, bytes);
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc")); // else Hadoop's checksum says it first
    Exception e = assertThrows(Exception.class, () -> ours(dir).collectAsList());
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    String text = all.toString();
    System.out.println("OtherWritersDifferentialTest: the corrupt file's error: " + text);
    assertTrue(text.contains(file.getFileName().toString()), text);
    assertTrue(text.contains("row group 0"), text);
    assertTrue(text.contains("column s"), text);
    assertTrue(text.contains("page "), text);
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  private static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return (nl < 0 ? m : m.substring(0, nl)).replaceAll("\\s+", " ");
  }
}
