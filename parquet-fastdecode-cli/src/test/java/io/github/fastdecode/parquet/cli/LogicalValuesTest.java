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
package io.github.fastdecode.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fastdecode.parquet.cli.FileCommandsTest.Result;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cat}'s logical values, one annotation at a time, against values worked out by hand (the
 * comments say how), in JSON Lines and CSV, for V1 and V2 pages.
 */
class LogicalValuesTest {
  @TempDir
  Path dir;

  private Path write(String schema, List<Object[]> rows) throws IOException {
    MessageType type = MessageTypeParser.parseMessageType(schema);
    SimpleGroupFactory f = new SimpleGroupFactory(type);
    Path file = dir.resolve("t" + System.nanoTime() + ".parquet");
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(type)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(WriterVersion.PARQUET_2_0).build()) {
      for (Object[] row : rows) {
        Group g = f.newGroup();
        for (int i = 0; i < row.length; i++) {
          Object v = row[i];
          String name = type.getFieldName(i);
          if (v == null) {
            continue;
          } else if (v instanceof Integer x) {
            g.append(name, x);
          } else if (v instanceof Long x) {
            g.append(name, x);
          } else if (v instanceof String x) {
            g.append(name, x);
          } else if (v instanceof byte[] x) {
            g.append(name, Binary.fromConstantByteArray(x));
          } else {
            throw new IllegalArgumentException(v.toString());
          }
        }
        w.write(g);
      }
    }
    return file;
  }

  private static String cat(Path file, String... options) {
    String[] args = new String[options.length + 1];
    args[0] = file.toString();
    System.arraycopy(options, 0, args, 1, options.length);
    Result r = FileCommandsTest.run("cat", args);
    assertEquals(0, r.status, r.err);
    assertEquals("", r.err);
    return r.out;
  }

  @Test
  void decimalsOfLongsPrintAsBigDecimalsPlainText() {
    java.util.Random random = new java.util.Random(7);
    long[] edges = {0, 1, -1, 9, 10, -10, 99, 100, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 999_999_999_999_999_999L};
    for (int scale = -2; scale <= 20; scale++) {
      for (int k = 0; k < 2000; k++) {
        long v = k < edges.length ? edges[k] : random.nextLong() >> random.nextInt(64);
        assertEquals(java.math.BigDecimal.valueOf(v, scale).toPlainString(), ValueFormat.decimal(v, scale), v + " scale " + scale);
      }
    }
  }

  @Test
  void malformedUtf8BecomesReplacementCharactersAsACharsetDecoderGivesThem() throws Exception {
    // The charset decoder with REPLACE is the reference; strings of mostly multi-byte and broken sequences.
    java.util.Random random = new java.util.Random(20261129);
    byte[] pieces = {'a', (byte) 0xC3, (byte) 0xA9, (byte) 0xE2, (byte) 0x82, (byte) 0xAC, (byte) 0xF0, (byte) 0x9F, (byte) 0x98,
        (byte) 0x80, (byte) 0xFF, (byte) 0xC0, (byte) 0xED, (byte) 0xA0};
    int replaced = 0;
    for (int round = 0; round < 20_000; round++) {
      byte[] b = new byte[2 + random.nextInt(12)];
      for (int i = 0; i < b.length; i++) {
        b[i] = pieces[random.nextInt(pieces.length)];
      }
      int off = random.nextInt(2);
      String expected = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE)
          .decode(ByteBuffer.wrap(b, off, b.length - off)).toString();
      assertEquals(expected, ValueFormat.utf8(b, off, b.length - off), java.util.Arrays.toString(b));
      replaced += expected.indexOf('\ufffd') >= 0 ? 1 : 0;
    }
    org.junit.jupiter.api.Assertions.assertTrue(replaced > 1000, "malformed inputs: " + replaced);
  }

  @Test
  void decimalsAreExactText() throws IOException {
    byte[] wide = new java.math.BigInteger("-12345678901234567890123").toByteArray();
    Path f = write("message m { optional int32 a (DECIMAL(9,2)); optional int64 b (DECIMAL(18,3));"
        + " optional fixed_len_byte_array(4) c (DECIMAL(9,4)); optional binary d (DECIMAL(38,10)); }", List.of(
        // 123 at scale 2 is 1.23; -1234567 at scale 3 is -1234.567; 0x00000001 at scale 4 is 0.0001
        new Object[] {123, -1_234_567L, new byte[] {0, 0, 0, 1}, wide},
        new Object[] {-5, 0L, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff}, new byte[] {0x64}},
        new Object[] {null, null, null, null}));
    assertEquals("{\"a\":1.23,\"b\":-1234.567,\"c\":0.0001,\"d\":-1234567890123.4567890123}\n"
        // -5 at scale 2; 0 at scale 3 keeps its three zeros; -1 at scale 4; 100 at scale 10
        + "{\"a\":-0.05,\"b\":0.000,\"c\":-0.0001,\"d\":0.0000000100}\n"
        + "{\"a\":null,\"b\":null,\"c\":null,\"d\":null}\n", cat(f));
    assertEquals("a,b,c,d\n1.23,-1234.567,0.0001,-1234567890123.4567890123\n-0.05,0.000,-0.0001,0.0000000100\n,,,\n",
        cat(f, "--format", "csv"));
    assertEquals("{\"a\":123,\"b\":-1234567,\"c\":\"0x00000001\",\"d\":\"0x" + hex(wide) + "\"}", cat(f, "--raw").lines().findFirst().get());
  }

  @Test
  void datesAndTimes() throws IOException {
    Path f = write("message m { required int32 d (DATE); required int32 t (TIME(MILLIS,true)); required int64 tu (TIME(MICROS,false)); }",
        List.of(
            // 2024-01-01 is day 19723 (54 years, 13 of them leap: 54 * 365 + 13); +59 days is 2024-02-29
            new Object[] {19782, 3_723_004, 86_399_999_999L},
            new Object[] {-1, 0, 1L}));
    assertEquals("{\"d\":\"2024-02-29\",\"t\":\"01:02:03.004\",\"tu\":\"23:59:59.999999\"}\n"
        + "{\"d\":\"1969-12-31\",\"t\":\"00:00:00.000\",\"tu\":\"00:00:00.000001\"}\n", cat(f));
  }

  @Test
  void timestampsHonourTheirUnitAndUtcAdjustment() throws IOException {
    // 1704164645 s is 2024-01-02T03:04:05Z: 1704153600 is that day's midnight, and 11045 s is 3 h 4 min 5 s.
    Path f = write("message m { required int64 ms (TIMESTAMP(MILLIS,true)); required int64 us (TIMESTAMP(MICROS,true));"
        + " required int64 ns (TIMESTAMP(NANOS,true)); required int64 local_ms (TIMESTAMP(MILLIS,false));"
        + " required int64 local_us (TIMESTAMP(MICROS,false)); required int64 local_ns (TIMESTAMP(NANOS,false)); }",
        List.of(
            new Object[] {1_704_164_645_678L, 1_704_164_645_678_901L, 1_704_164_645_678_901_234L,
                1_704_164_645_678L, 1_704_164_645_678_901L, 1_704_164_645_678_901_234L},
            // one unit before the epoch
            new Object[] {-1L, -1L, -1L, -1L, -1L, -1L}));
    assertEquals("{\"ms\":\"2024-01-02T03:04:05.678Z\",\"us\":\"2024-01-02T03:04:05.678901Z\","
        + "\"ns\":\"2024-01-02T03:04:05.678901234Z\",\"local_ms\":\"2024-01-02T03:04:05.678\","
        + "\"local_us\":\"2024-01-02T03:04:05.678901\",\"local_ns\":\"2024-01-02T03:04:05.678901234\"}\n"
        + "{\"ms\":\"1969-12-31T23:59:59.999Z\",\"us\":\"1969-12-31T23:59:59.999999Z\",\"ns\":\"1969-12-31T23:59:59.999999999Z\","
        + "\"local_ms\":\"1969-12-31T23:59:59.999\",\"local_us\":\"1969-12-31T23:59:59.999999\","
        + "\"local_ns\":\"1969-12-31T23:59:59.999999999\"}\n", cat(f));
    assertEquals("{\"ms\":1704164645678,\"us\":1704164645678901,\"ns\":1704164645678901234,\"local_ms\":1704164645678,"
        + "\"local_us\":1704164645678901,\"local_ns\":1704164645678901234}", cat(f, "--raw").lines().findFirst().get());
  }

  @Test
  void int96IsAUtcTimestampInNanoseconds() throws IOException {
    // INT96: nanoseconds of the day (8 bytes), then the Julian day (4 bytes), little-endian.
    // Julian day 2440588 is 1970-01-01; 2460312 is 2024-01-02 (19724 days later).
    byte[] epoch = int96(2_440_588, 0);
    byte[] later = int96(2_460_312, (3 * 3600 + 4 * 60 + 5) * 1_000_000_000L + 678_901_234L);
    byte[] before = int96(2_440_587, 86_399_999_999_999L);
    Path f = write("message m { optional int96 t; }", List.of(new Object[] {epoch}, new Object[] {later}, new Object[] {before},
        new Object[] {null}));
    assertEquals("{\"t\":\"1970-01-01T00:00:00.000000000Z\"}\n{\"t\":\"2024-01-02T03:04:05.678901234Z\"}\n"
        + "{\"t\":\"1969-12-31T23:59:59.999999999Z\"}\n{\"t\":null}\n", cat(f));
    assertEquals("{\"t\":\"0x00000000000000008c3d2500\"}", cat(f, "--raw").lines().findFirst().get());
  }

  /** parquet-testing's INT96 file written by Spark 3.4, with the microseconds its int96_from_spark.md lists. */
  @Test
  void int96FromSparkReadsAsSparkWroteIt() {
    Path f = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing"), "data", "int96_from_spark.parquet");
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isRegularFile(f), "no parquet-testing at " + f);
    // 1704141296123456, 1704070800000000, 253402225200000000, 1735599600000000, null, 9089380393200000000 us, turned
    // into dates with Python's datetime by hand (the last: 105201161 days and 23 h, the days since 1970 of 290000-12-30).
    // Spark wrote the last one with a julian day that overflows an int; its own reader's arithmetic gets it back.
    assertEquals(List.of("{\"a\":\"2024-01-01T20:34:56.123456000Z\"}", "{\"a\":\"2024-01-01T01:00:00.000000000Z\"}",
        "{\"a\":\"9999-12-31T03:00:00.000000000Z\"}", "{\"a\":\"2024-12-30T23:00:00.000000000Z\"}", "{\"a\":null}",
        "{\"a\":\"+290000-12-30T23:00:00.000000000Z\"}"), cat(f).lines().toList());
  }

  @Test
  void unsignedIntegersAreUnsigned() throws IOException {
    Path f = write("message m { required int32 u8 (INTEGER(8,false)); required int32 u16 (INTEGER(16,false));"
        + " required int32 u32 (INTEGER(32,false)); required int64 u64 (INTEGER(64,false)); required int32 s8 (INTEGER(8,true)); }",
        List.of(new Object[] {255, 65535, -1, -1L, -128}, new Object[] {0, 0, Integer.MIN_VALUE, Long.MIN_VALUE, 127}));
    // 2^32 - 1, 2^64 - 1, 2^31, 2^63
    assertEquals("{\"u8\":255,\"u16\":65535,\"u32\":4294967295,\"u64\":18446744073709551615,\"s8\":-128}\n"
        + "{\"u8\":0,\"u16\":0,\"u32\":2147483648,\"u64\":9223372036854775808,\"s8\":127}\n", cat(f));
    assertEquals("{\"u8\":255,\"u16\":65535,\"u32\":-1,\"u64\":-1,\"s8\":-128}", cat(f, "--raw").lines().findFirst().get());
  }

  @Test
  void uuidFloat16IntervalBinaryAndText() throws IOException {
    byte[] uuid = new byte[16];
    for (int i = 0; i < 16; i++) {
      uuid[i] = (byte) (i * 0x11);
    }
    Path f = write("message m { optional fixed_len_byte_array(16) id (UUID); optional fixed_len_byte_array(2) h (FLOAT16);"
        + " optional fixed_len_byte_array(12) iv (INTERVAL); optional binary b; optional binary s (STRING);"
        + " optional binary e (ENUM); optional binary j (JSON); optional fixed_len_byte_array(3) fx; }", List.of(
        // FLOAT16 little-endian: 0x3c00 is 1.0; the interval is 1 month, 2 days, 3 ms; 00 ab 7f is base64 AKt/
        new Object[] {uuid, new byte[] {0x00, 0x3c}, interval(1, 2, 3), new byte[] {0, (byte) 0xab, 0x7f}, "h\u00e9 \"q\"",
            "RED", "{\"k\":1}", new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xfd}},
        // 0xc000 is -2.0; 0x7bff the largest, 65504; 0x0001 the smallest subnormal, 2^-24; 0x7e00 NaN; 0xfc00 -Infinity
        new Object[] {null, new byte[] {0x00, (byte) 0xc0}, interval(0, 0, 1500), new byte[0], "", null, null, null},
        // (row 2: an empty string and empty bytes, as against the nulls after them)
        new Object[] {null, new byte[] {(byte) 0xff, 0x7b}},
        new Object[] {null, new byte[] {0x01, 0x00}},
        new Object[] {null, new byte[] {0x00, 0x7e}},
        new Object[] {null, new byte[] {0x00, (byte) 0xfc}}));
    List<String> lines = cat(f, "--columns", "id,h,iv,b,s,e,j,fx").lines().toList();
    assertEquals("{\"id\":\"00112233-4455-6677-8899-aabbccddeeff\",\"h\":1.0,\"iv\":\"P1M2DT0.003S\",\"b\":\"AKt/\","
        + "\"s\":\"h\u00e9 \\\"q\\\"\",\"e\":\"RED\",\"j\":\"{\\\"k\\\":1}\",\"fx\":\"//79\"}", lines.get(0));
    assertEquals("{\"id\":null,\"h\":-2.0,\"iv\":\"P0M0DT1.500S\",\"b\":\"\",\"s\":\"\",\"e\":null,\"j\":null,\"fx\":null}", lines.get(1));
    assertEquals("{\"id\":null,\"h\":65504.0,\"iv\":null,\"b\":null,\"s\":null,\"e\":null,\"j\":null,\"fx\":null}", lines.get(2));
    assertEquals("5.9604645E-8", lines.get(3).replaceAll(".*\"h\":([^,]*),.*", "$1"));
    assertEquals("\"NaN\"", lines.get(4).replaceAll(".*\"h\":([^,]*),.*", "$1"));
    assertEquals("\"-Infinity\"", lines.get(5).replaceAll(".*\"h\":([^,]*),.*", "$1"));
    // CSV: text unquoted unless it must be; a quote doubled inside a quoted field; "" an empty value, nothing a null
    assertEquals("s,b\n\"h\u00e9 \"\"q\"\"\",AKt/\n\"\",\"\"\n,\n", String.join("\n", cat(f, "--columns", "s,b", "--format", "csv")
        .lines().limit(4).toList()) + "\n");
  }

  @Test
  void headTakesTheFirstRecordsOverAllFiles() throws IOException {
    Path a = write("message m { required int32 x; }", List.of(new Object[] {1}, new Object[] {2}, new Object[] {3}));
    Path b = write("message m { required int32 x; }", List.of(new Object[] {4}, new Object[] {5}));
    Result two = FileCommandsTest.run("head", "-n", "2", a.toString(), b.toString());
    assertEquals("{\"x\":1}\n{\"x\":2}\n", two.out);
    Result four = FileCommandsTest.run("head", "-n", "4", a.toString(), b.toString(), "--format", "csv");
    assertEquals("x\n1\n2\n3\n4\n", four.out);
    Result all = FileCommandsTest.run("head", a.toString());
    assertEquals(3, all.out.lines().count());
    assertEquals(0, all.status);
  }

  /**
   * parquet-testing's files that come with their values as CSV (written by other writers than
   * parquet-java: DELTA_BINARY_PACKED, DELTA_BYTE_ARRAY and required delta columns): cat's CSV
   * holds the same fields, read as CSV (an unquoted empty field is null), row for row.
   */
  @Test
  void catCsvEqualsTheExpectedCsvOfParquetTesting() throws IOException {
    Path data = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing"), "data");
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(data), "no parquet-testing at " + data);
    for (String name : List.of("delta_binary_packed", "delta_byte_array", "delta_encoding_required_column")) {
      List<List<String>> expected = csvRows(java.nio.file.Files.readString(data.resolve(name + "_expect.csv")));
      List<List<String>> actual = csvRows(cat(data.resolve(name + ".parquet"), "--format", "csv"));
      assertEquals(expected.size(), actual.size(), name);
      // The header lines differ in spelling (the files' field names carry a colon or a space); the rows may not.
      for (int r = 1; r < expected.size(); r++) {
        assertEquals(expected.get(r), actual.get(r), name + " row " + r);
      }
    }
  }

  /** RFC 4180 records: fields in quotes may hold commas, doubled quotes and line breaks; an unquoted empty field is null. */
  static List<List<String>> csvRows(String text) {
    List<List<String>> rows = new java.util.ArrayList<>();
    List<String> row = new java.util.ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
        wasQuoted = true;
      } else if (c == ',' || c == '\n') {
        row.add(field.length() == 0 && !wasQuoted ? null : field.toString());
        field.setLength(0);
        wasQuoted = false;
        if (c == '\n') {
          rows.add(row);
          row = new java.util.ArrayList<>();
        }
      } else if (c != '\r') {
        field.append(c);
      }
    }
    if (field.length() > 0 || wasQuoted || !row.isEmpty()) {
      row.add(field.length() == 0 && !wasQuoted ? null : field.toString());
      rows.add(row);
    }
    return rows;
  }

  private static byte[] int96(long julianDay, long nanosOfDay) {
    return ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putLong(nanosOfDay).putInt((int) julianDay).array();
  }

  private static byte[] interval(int months, int days, int millis) {
    return ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(months).putInt(days).putInt(millis).array();
  }

  private static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(String.format("%02x", x));
    }
    return s.toString();
  }
}
