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
package io.github.fastdecode.parquet.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.ParquetJavaWriters;
import java.io.IOException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.time.temporal.JulianFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every {@link Conversion} on every physical type and unit it applies to, read through {@link
 * ParquetBatchReader} and compared with the values parquet-java's record reader gives, converted by
 * {@code java.time}, {@code java.math} and parquet-java's own FLOAT16 conversion. Files hold the
 * extremes of each type (and of each conversion's range) besides seeded random values, 10% nulls,
 * dictionary and plain pages, V1 and V2, small pages and several row groups.
 */
class LogicalConversionTest {
  static final long SEED = 20261126L;
  static final int ROWS = 1500;

  @TempDir
  static Path dir;

  static final MessageType SCHEMA = Types.buildMessage()
      .required(PrimitiveTypeName.INT32).named("i32")
      .optional(PrimitiveTypeName.INT32).named("o_i32")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(8, false)).named("u8")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(16, false)).named("u16")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(32, false)).named("u32")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.intType(64, false)).named("u64")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(16, true)).named("i16")
      .optional(PrimitiveTypeName.INT64).named("i64")
      .optional(PrimitiveTypeName.FLOAT).named("f")
      .optional(PrimitiveTypeName.DOUBLE).named("d")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named("date")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(true, TimeUnit.MILLIS)).named("ts_ms")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(false, TimeUnit.MICROS)).named("ts_us")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(true, TimeUnit.NANOS)).named("ts_ns")
      .optional(PrimitiveTypeName.INT96).named("i96")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.decimalType(2, 9)).named("dec_i32")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.decimalType(3, 18)).named("dec_i64")
      .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(8).as(LogicalTypeAnnotation.decimalType(4, 18)).named("dec_flba8")
      .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.decimalType(0, 18)).named("dec_bin18")
      .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(16).as(LogicalTypeAnnotation.decimalType(5, 38)).named("dec_flba16")
      .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.decimalType(0, 38)).named("dec_bin38")
      .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(2).as(LogicalTypeAnnotation.float16Type()).named("f16")
      .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("s")
      .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.jsonType()).named("j")
      .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.enumType()).named("e")
      .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(16).as(LogicalTypeAnnotation.uuidType()).named("uuid")
      .named("conversions");

  static final long MAX_MILLIS_AS_NANOS = Long.MAX_VALUE / 1_000_000L;
  static final long MAX_MICROS_AS_NANOS = Long.MAX_VALUE / 1_000L;

  static final List<Path> files = new ArrayList<>();

  @BeforeAll
  static void write() throws IOException {
    System.out.println("LogicalConversionTest seed " + SEED);
    int i = 0;
    for (WriterVersion v : WriterVersion.values()) {
      for (boolean dict : new boolean[] {true, false}) {
        Path f = dir.resolve("conv-" + v + "-" + dict + ".parquet");
        List<Group> rows = rows(SEED + i++);
        ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(SCHEMA)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(v).withDictionaryEncoding(dict)
            .withPageRowCountLimit(97).withPageSize(2048).withMinRowCountForPageSizeCheck(1), f, rows, 1000);
        files.add(f);
      }
    }
  }

  /** Rows of {@link #SCHEMA}: each column's extremes first, then random values, about 10% null. */
  static List<Group> rows(long seed) {
    Random random = new Random(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    List<Group> rows = new ArrayList<>();
    int[] intEdges = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 255, 256, 65535, 65536};
    long[] longEdges = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 53, (1L << 53) + 1, -(1L << 63) + 1, 0xFFFF_FFFFL};
    for (int r = 0; r < ROWS; r++) {
      Group g = groups.newGroup();
      int e = r < 40 ? r : -1; // the first rows take the edges
      int anInt = e >= 0 ? intEdges[e % intEdges.length] : random.nextInt();
      long aLong = e >= 0 ? longEdges[e % longEdges.length] : random.nextLong();
      g.add("i32", anInt);
      maybe(random, e, () -> g.add("o_i32", random.nextInt()));
      maybe(random, e, () -> g.add("u8", e >= 0 ? new int[] {0, 1, 127, 128, 255}[e % 5] : random.nextInt(256)));
      maybe(random, e, () -> g.add("u16", e >= 0 ? new int[] {0, 1, 32767, 32768, 65535}[e % 5] : random.nextInt(65536)));
      maybe(random, e, () -> g.add("u32", anInt));
      maybe(random, e, () -> g.add("u64", aLong));
      maybe(random, e, () -> g.add("i16", (int) (short) anInt));
      maybe(random, e, () -> g.add("i64", aLong));
      maybe(random, e, () -> g.add("f", e >= 0 ? new float[] {Float.NaN, -0.0f, Float.MIN_VALUE, Float.MAX_VALUE, Float.NEGATIVE_INFINITY}[e % 5]
          : Float.intBitsToFloat(random.nextInt())));
      maybe(random, e, () -> g.add("d", Double.longBitsToDouble(aLong)));
      // Dates: every int is a day; micros fit within +-106,751,991 days.
      maybe(random, e, () -> g.add("date", e >= 0 ? new int[] {0, -1, 106_751_991, -106_751_991, 19_000}[e % 5] : random.nextInt(2 * 106_751_991) - 106_751_991));
      maybe(random, e, () -> g.add("ts_ms", e >= 0 ? new long[] {0, -1, MAX_MILLIS_AS_NANOS, -MAX_MILLIS_AS_NANOS, 1_700_000_000_123L}[e % 5]
          : randomIn(random, MAX_MILLIS_AS_NANOS)));
      maybe(random, e, () -> g.add("ts_us", e >= 0 ? new long[] {0, -1, MAX_MICROS_AS_NANOS, -MAX_MICROS_AS_NANOS, -999}[e % 5]
          : randomIn(random, MAX_MICROS_AS_NANOS)));
      maybe(random, e, () -> g.add("ts_ns", aLong));
      maybe(random, e, () -> g.add("i96", int96(e >= 0 ? new long[] {0, 86_399_999_999_999L, 1, 999, 123_456_789}[e % 5] : (long) random.nextInt(86_400) * 1_000_000_000L + random.nextInt(1_000_000_000),
          e >= 0 ? new int[] {2_440_588, 2_440_587, 2_440_588 - 106_750, 2_440_588 + 106_750, 2_440_588 - 106_751}[e % 5] : 2_440_588 + random.nextInt(200_000) - 100_000)));
      maybe(random, e, () -> g.add("dec_i32", e >= 0 ? new int[] {0, -1, 999_999_999, -999_999_999, 1}[e % 5] : random.nextInt(1_999_999_999) - 999_999_999));
      maybe(random, e, () -> g.add("dec_i64", e >= 0 ? new long[] {0, -1, 999_999_999_999_999_999L, -999_999_999_999_999_999L, Long.MAX_VALUE}[e % 5] : random.nextLong() % 1_000_000_000_000_000_000L));
      maybe(random, e, () -> g.add("dec_flba8", Binary.fromConstantByteArray(ByteBuffer.allocate(8).putLong(aLong).array())));
      maybe(random, e, () -> g.add("dec_bin18", Binary.fromConstantByteArray(BigInteger.valueOf(aLong).toByteArray())));
      maybe(random, e, () -> g.add("dec_flba16", Binary.fromConstantByteArray(fixed(new BigInteger(e >= 0 ? 127 : random.nextInt(127) + 1, random)
          .multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)), 16))));
      maybe(random, e, () -> g.add("dec_bin38", Binary.fromConstantByteArray(
          (e == 3 ? BigInteger.TEN.pow(38).subtract(BigInteger.ONE).negate() : new BigInteger(random.nextInt(126) + 1, random)).toByteArray())));
      maybe(random, e, () -> g.add("f16", Binary.fromConstantByteArray(new byte[] {(byte) random.nextInt(), (byte) random.nextInt()})));
      maybe(random, e, () -> g.add("s", "text " + random.nextInt(50)));
      maybe(random, e, () -> g.add("j", "{\"a\":" + random.nextInt(50) + "}"));
      maybe(random, e, () -> g.add("e", "E" + random.nextInt(5)));
      maybe(random, e, () -> {
        byte[] u = new byte[16];
        random.nextBytes(u);
        g.add("uuid", Binary.fromConstantByteArray(u));
      });
      rows.add(g);
    }
    return rows;
  }

  private static void maybe(Random random, int edge, Runnable add) {
    if (edge >= 0 || random.nextInt(10) != 0) {
      add.run();
    }
  }

  private static long randomIn(Random random, long max) {
    return Math.floorMod(random.nextLong(), 2 * max + 1) - max;
  }

  static Binary int96(long nanosOfDay, int julianDay) {
    return new NanoTime(julianDay, nanosOfDay).toBinary();
  }

  /** {@code v} as {@code width} big-endian two's-complement bytes. */
  static byte[] fixed(BigInteger v, int width) {
    byte[] b = v.toByteArray();
    byte[] out = new byte[width];
    Arrays.fill(out, 0, width - b.length, (byte) (v.signum() < 0 ? -1 : 0));
    System.arraycopy(b, 0, out, width - b.length, b.length);
    return out;
  }

  /** The conversions each column is read with. */
  static final Map<String, List<Conversion>> CASES = Map.ofEntries(
      Map.entry("i32", List.of(Conversion.TO_LONG, Conversion.TO_DOUBLE)),
      Map.entry("o_i32", List.of(Conversion.TO_LONG, Conversion.TO_DOUBLE)),
      Map.entry("u8", List.of(Conversion.TO_LONG, Conversion.TO_DOUBLE)),
      Map.entry("u16", List.of(Conversion.TO_LONG, Conversion.TO_DOUBLE)),
      Map.entry("u32", List.of(Conversion.TO_LONG, Conversion.TO_DOUBLE)),
      Map.entry("u64", List.of(Conversion.TO_LONG, Conversion.TO_DOUBLE, Conversion.DECIMAL_128)),
      Map.entry("i16", List.of(Conversion.TO_LONG, Conversion.TO_DOUBLE)),
      Map.entry("i64", List.of(Conversion.TO_LONG, Conversion.TO_DOUBLE)),
      Map.entry("f", List.of(Conversion.TO_DOUBLE)),
      Map.entry("d", List.of(Conversion.TO_DOUBLE)),
      Map.entry("date", List.of(Conversion.DATE_DAYS, Conversion.DATE_MICROS, Conversion.TO_LONG)),
      Map.entry("ts_ms", List.of(Conversion.TIMESTAMP_MICROS, Conversion.TIMESTAMP_NANOS)),
      Map.entry("ts_us", List.of(Conversion.TIMESTAMP_MICROS, Conversion.TIMESTAMP_NANOS)),
      Map.entry("ts_ns", List.of(Conversion.TIMESTAMP_MICROS, Conversion.TIMESTAMP_NANOS)),
      Map.entry("i96", List.of(Conversion.TIMESTAMP_MICROS, Conversion.TIMESTAMP_NANOS)),
      Map.entry("dec_i32", List.of(Conversion.DECIMAL_LONG, Conversion.DECIMAL_128)),
      Map.entry("dec_i64", List.of(Conversion.DECIMAL_LONG, Conversion.DECIMAL_128)),
      Map.entry("dec_flba8", List.of(Conversion.DECIMAL_LONG, Conversion.DECIMAL_128)),
      Map.entry("dec_bin18", List.of(Conversion.DECIMAL_LONG, Conversion.DECIMAL_128)),
      Map.entry("dec_flba16", List.of(Conversion.DECIMAL_128)),
      Map.entry("dec_bin38", List.of(Conversion.DECIMAL_128)),
      Map.entry("f16", List.of(Conversion.FLOAT16_TO_FLOAT)),
      Map.entry("s", List.of(Conversion.NONE)),
      Map.entry("j", List.of(Conversion.NONE)),
      Map.entry("e", List.of(Conversion.NONE)),
      Map.entry("uuid", List.of(Conversion.NONE)));

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 97, 1000})
  void everyConversionMatchesParquetJavasValuesConverted(int batchSize) throws IOException {
    for (Path f : files) {
      List<Group> records = records(f);
      for (ColumnBatch.Layout layout : ColumnBatch.Layout.values()) {
        for (Map.Entry<String, List<Conversion>> c : CASES.entrySet()) {
          for (Conversion conversion : c.getValue()) {
            List<Object> ours = read(f, c.getKey(), conversion, batchSize, layout);
            assertEquals(records.size(), ours.size());
            for (int row = 0; row < records.size(); row++) {
              Object expected = expected(records.get(row), c.getKey(), conversion);
              String where = f.getFileName() + " " + c.getKey() + " " + conversion + " batch " + batchSize + " " + layout + " row " + row;
              assertSameValue(expected, ours.get(row), where);
            }
          }
        }
      }
    }
  }

  @Test
  void logicalColumnReportsUnitsZonesAndFlags() throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(files.get(0)))) {
      ColumnBatch[] b = reader.newBatches(10, ColumnBatch.Layout.DENSE);
      LogicalColumn ms = b[index(reader, "ts_ms")].convert(Conversion.TIMESTAMP_MICROS).logical();
      assertTrue(ms.isAdjustedToUTC());
      assertEquals(TimeUnit.MICROS, ms.unit());
      assertEquals(LogicalColumn.Target.LONGS, ms.target());
      LogicalColumn us = b[index(reader, "ts_us")].convert(Conversion.TIMESTAMP_NANOS).logical();
      assertFalse(us.isAdjustedToUTC());
      assertEquals(TimeUnit.NANOS, us.unit());
      assertEquals(TimeUnit.MICROS, b[index(reader, "ts_us")].convert(Conversion.NONE).logical().unit());
      assertTrue(b[index(reader, "i96")].logical().isAdjustedToUTC());
      assertEquals(LogicalColumn.Kind.TIMESTAMP, b[index(reader, "i96")].logical().kind());
      LogicalColumn dec = b[index(reader, "dec_flba16")].convert(Conversion.DECIMAL_128).logical();
      assertEquals(38, dec.precision());
      assertEquals(5, dec.scale());
      assertEquals(LogicalColumn.Target.DECIMAL_128, dec.target());
      LogicalColumn u64 = b[index(reader, "u64")].convert(Conversion.DECIMAL_128).logical();
      assertEquals(20, u64.precision());
      assertTrue(u64.isUnsigned());
      assertTrue(b[index(reader, "s")].logical().isText());
      assertTrue(b[index(reader, "j")].logical().isText());
      assertTrue(b[index(reader, "e")].logical().isText());
      assertEquals(LogicalColumn.Kind.UUID, b[index(reader, "uuid")].logical().kind());
      assertFalse(b[index(reader, "uuid")].logical().isText());
      assertEquals(LogicalColumn.Kind.NONE, b[index(reader, "i32")].logical().kind());
      assertEquals(LogicalColumn.Kind.FLOAT16, b[index(reader, "f16")].logical().kind());
      assertSame(Conversion.NONE, b[index(reader, "f16")].logical().conversion());
    }
  }

  @Test
  void conversionsThatDoNotApplyAreRefused() throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(files.get(0)))) {
      ColumnBatch[] b = reader.newBatches(10, ColumnBatch.Layout.DENSE);
      assertThrows(IllegalArgumentException.class, () -> b[index(reader, "i32")].convert(Conversion.TIMESTAMP_MICROS));
      assertThrows(IllegalArgumentException.class, () -> b[index(reader, "dec_flba16")].convert(Conversion.DECIMAL_LONG));
      assertThrows(IllegalArgumentException.class, () -> b[index(reader, "dec_i64")].convert(Conversion.TO_DOUBLE));
      assertThrows(IllegalArgumentException.class, () -> b[index(reader, "s")].convert(Conversion.FLOAT16_TO_FLOAT));
      assertThrows(IllegalArgumentException.class, () -> b[index(reader, "i64")].convert(Conversion.DECIMAL_128));
      assertThrows(IllegalArgumentException.class, () -> b[index(reader, "d")].convert(Conversion.TO_LONG));
      ColumnBatch ts = b[index(reader, "ts_ms")];
      ts.keepDictionaryIds();
      assertThrows(IllegalStateException.class, () -> ts.convert(Conversion.TIMESTAMP_NANOS));
      ColumnBatch i = b[index(reader, "o_i32")].convert(Conversion.TO_LONG);
      assertThrows(IllegalStateException.class, i::keepDictionaryIds);
    }
  }

  /** Out-of-range values throw ArithmeticException where java.time / Math.*Exact overflow too. */
  @Test
  void overflowIsAnArithmeticException() throws IOException {
    MessageType schema = Types.buildMessage()
        .required(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(true, TimeUnit.MILLIS)).named("ts_ms")
        .required(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(true, TimeUnit.MICROS)).named("ts_us")
        .required(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named("date")
        .required(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(9).as(LogicalTypeAnnotation.decimalType(0, 18)).named("dec9")
        .required(PrimitiveTypeName.INT96).named("i96")
        .named("overflow");
    long[][] cases = {{MAX_MILLIS_AS_NANOS + 1, 0, 0, 0, 0}, {-MAX_MILLIS_AS_NANOS - 1, 0, 0, 0, 0}, {0, MAX_MICROS_AS_NANOS + 1, 0, 0, 0},
        {0, 0, 106_751_992, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 1}, {Long.MAX_VALUE, 0, 0, 0, 0}};
    for (int c = 0; c < cases.length; c++) {
      long[] v = cases[c];
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      List<Group> rows = new ArrayList<>();
      for (int r = 0; r < 3; r++) {
        Group g = groups.newGroup();
        boolean last = r == 2;
        g.add("ts_ms", last ? v[0] : r);
        g.add("ts_us", last ? v[1] : r);
        g.add("date", (int) (last ? v[2] : r));
        byte[] nine = new byte[9];
        nine[0] = (byte) (last && v[3] == 1 ? 1 : 0); // 2^64: does not fit in a long
        g.add("dec9", Binary.fromConstantByteArray(nine));
        g.add("i96", last && v[4] == 1 ? int96(0, Integer.MAX_VALUE) : int96(0, 2_440_588));
        rows.add(g);
      }
      Path f = dir.resolve("overflow-" + c + ".parquet");
      ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(schema)
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE), f, rows, 10);
      String column = v[0] != 0 ? "ts_ms" : v[1] != 0 ? "ts_us" : v[2] != 0 ? "date" : v[3] != 0 ? "dec9" : "i96";
      Conversion conversion = v[0] != 0 || v[1] != 0 || v[4] != 0 ? Conversion.TIMESTAMP_NANOS
          : v[2] != 0 ? Conversion.DATE_MICROS : Conversion.DECIMAL_LONG;
      // The oracle overflows on the same value.
      Group last = records(f).get(2);
      assertThrows(ArithmeticException.class, () -> expected(last, column, conversion), column);
      ArithmeticException e = assertThrows(ArithmeticException.class, () -> read(f, column, conversion, 2, ColumnBatch.Layout.DENSE), column);
      assertTrue(e.getMessage().contains(column), e.getMessage());
      if (v[0] == Long.MAX_VALUE) {
        // Milliseconds to microseconds overflow too, as BatchValuesReader documents.
        assertThrows(ArithmeticException.class, () -> read(f, "ts_ms", Conversion.TIMESTAMP_MICROS, 2, ColumnBatch.Layout.DENSE));
      }
    }
  }

  /**
   * Leaves of repeated columns convert too, and a batch whose records hold more values than its
   * capacity grows its converted array: the dense non-null leaf values, in order, match parquet-java's.
   */
  @Test
  void nestedLeavesConvert() throws IOException {
    MessageType schema = org.apache.parquet.schema.MessageTypeParser.parseMessageType("message nested {"
        + " optional group ts (LIST) { repeated group list { optional int64 element (TIMESTAMP(MILLIS,true)); } }"
        + " optional group decs (LIST) { repeated group list { required fixed_len_byte_array(16) element (DECIMAL(38,2)); } }"
        + " optional group days (LIST) { repeated group list { optional int32 element (DATE); } } }");
    Random random = new Random(SEED);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    List<Object> wantTs = new ArrayList<>();
    List<Object> wantDecs = new ArrayList<>();
    List<Object> wantDays = new ArrayList<>();
    for (int r = 0; r < 400; r++) {
      Group g = groups.newGroup();
      if (random.nextInt(8) != 0) {
        Group ts = g.addGroup("ts");
        Group decs = g.addGroup("decs");
        Group days = g.addGroup("days");
        for (int k = random.nextInt(20); k > 0; k--) {
          Group e = ts.addGroup("list");
          if (random.nextInt(5) != 0) {
            long millis = randomIn(random, MAX_MILLIS_AS_NANOS / 1000);
            e.add("element", millis);
            wantTs.add(micros(Instant.ofEpochMilli(millis)));
          }
          BigInteger unscaled = new BigInteger(random.nextInt(126) + 1, random).multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1));
          decs.addGroup("list").add("element", Binary.fromConstantByteArray(fixed(unscaled, 16)));
          wantDecs.add(unscaled);
          Group d = days.addGroup("list");
          if (random.nextInt(5) != 0) {
            int day = random.nextInt(200_000) - 100_000;
            d.add("element", day);
            wantDays.add(micros(Instant.EPOCH.plus(day, ChronoUnit.DAYS)));
          }
        }
      }
      rows.add(g);
    }
    Path f = dir.resolve("nested-conversions.parquet");
    ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withPageRowCountLimit(50).withPageSize(1024)
        .withMinRowCountForPageSizeCheck(1), f, rows, 150);
    for (int capacity : new int[] {1, 4, 64}) {
      List<Object> ts = new ArrayList<>();
      List<Object> decs = new ArrayList<>();
      List<Object> days = new ArrayList<>();
      try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f))) {
        ColumnBatch[] b = reader.newBatches(capacity, ColumnBatch.Layout.DENSE);
        b[0].convert(Conversion.TIMESTAMP_MICROS);
        b[1].convert(Conversion.DECIMAL_128);
        b[2].convert(Conversion.DATE_MICROS);
        while (reader.nextBatch(b) > 0) {
          for (int i = 0; i < b[0].valueCount(); i++) {
            ts.add(b[0].longs()[i]);
          }
          for (int i = 0; i < b[1].valueCount(); i++) {
            decs.add(value(b[1], i));
          }
          for (int i = 0; i < b[2].valueCount(); i++) {
            days.add(b[2].longs()[i]);
          }
        }
      }
      assertEquals(wantTs, ts, "capacity " + capacity);
      assertEquals(wantDecs, decs, "capacity " + capacity);
      assertEquals(wantDays, days, "capacity " + capacity);
    }
  }

  /** Every one of the 65,536 half-precision values against parquet-java's own conversion. */
  @Test
  void float16MatchesParquetJavaForEveryValue() throws Exception {
    Method toFloat = org.apache.parquet.schema.Float16.class.getDeclaredMethod("toFloat", Binary.class);
    toFloat.setAccessible(true);
    for (int h = 0; h < 65536; h++) {
      float want = (float) toFloat.invoke(null, Binary.fromConstantByteArray(new byte[] {(byte) h, (byte) (h >>> 8)}));
      float got = LogicalColumn.float16ToFloat(h);
      if (Float.isNaN(want)) {
        assertTrue(Float.isNaN(got), "half " + h);
      } else {
        assertEquals(Float.floatToIntBits(want), Float.floatToIntBits(got), "half " + h);
      }
    }
  }

  @Test
  void unsignedToDoubleRoundsToNearest() {
    Random random = new Random(SEED);
    for (int i = 0; i < 100_000; i++) {
      long v = i < 64 ? -1L >>> i : i < 128 ? 1L << (i - 64) : random.nextLong() >>> random.nextInt(64);
      double want = new BigDecimal(Long.toUnsignedString(v)).doubleValue();
      assertEquals(want, LogicalColumn.unsignedToDouble(v), Long.toUnsignedString(v));
    }
  }

  static int index(ParquetBatchReader reader, String name) {
    List<ColumnDescriptor> cs = reader.columns();
    for (int i = 0; i < cs.size(); i++) {
      if (String.join(".", cs.get(i).getPath()).equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException(name);
  }

  static List<Group> records(Path f) throws IOException {
    List<Group> out = new ArrayList<>();
    try (ParquetReader<Group> r = ParquetJavaGroups.reader(f).build()) {
      Group g;
      while ((g = r.read()) != null) {
        out.add(g);
      }
    }
    return out;
  }

  /** One column of {@code f} read with {@code conversion}: one boxed value per row, null for null. */
  static List<Object> read(Path f, String column, Conversion conversion, int batchSize, ColumnBatch.Layout layout) throws IOException {
    List<Object> out = new ArrayList<>();
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of(column))) {
      ColumnBatch[] batches = reader.newBatches(batchSize, layout);
      ColumnBatch b = batches[0].convert(conversion);
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        for (int i = 0, k = 0; i < rows; i++) {
          if (b.isNull(i)) {
            out.add(null);
            if (layout == ColumnBatch.Layout.ROW_POSITIONS) {
              assertZero(b, i);
              k++;
            }
            continue;
          }
          out.add(value(b, k++));
        }
      }
    }
    return out;
  }

  private static void assertZero(ColumnBatch b, int i) {
    Object v = value(b, i);
    boolean zero = v instanceof BigInteger ? ((BigInteger) v).signum() == 0
        : v instanceof byte[] ? ((byte[]) v).length == 0 : ((Number) v).doubleValue() == 0;
    assertTrue(zero, "null row " + i + " holds " + v);
  }

  static Object value(ColumnBatch b, int i) {
    switch (b.logical().target()) {
      case INTS:
        return b.ints()[i];
      case LONGS:
        return b.longs()[i];
      case FLOATS:
        return b.floats()[i];
      case DOUBLES:
        return b.doubles()[i];
      case DECIMAL_128:
        return new BigInteger(Arrays.copyOfRange(b.decimal128(), 16 * i, 16 * i + 16));
      case BINARIES:
        return b.binaries().toByteArray(i);
      default:
        return b.booleans()[i];
    }
  }

  /** The value parquet-java's record reader gives, converted by java.time / java.math / parquet-java. */
  static Object expected(Group g, String column, Conversion conversion) {
    if (g.getFieldRepetitionCount(column) == 0) {
      return null;
    }
    Type t = g.getType().getType(column);
    LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
    boolean unsigned = a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation && !((LogicalTypeAnnotation.IntLogicalTypeAnnotation) a).isSigned();
    switch (t.asPrimitiveType().getPrimitiveTypeName()) {
      case INT32: {
        int v = g.getInteger(column, 0);
        long wide = unsigned ? Integer.toUnsignedLong(v) : v;
        switch (conversion) {
          case TO_LONG:
          case DECIMAL_LONG:
            return wide;
          case TO_DOUBLE:
            return (double) wide;
          case DATE_DAYS:
            return (int) LocalDate.ofEpochDay(v).toEpochDay();
          case DATE_MICROS:
            return micros(Instant.EPOCH.plus(v, ChronoUnit.DAYS));
          case DECIMAL_128:
            return BigInteger.valueOf(v);
          default:
            throw new AssertionError(conversion);
        }
      }
      case INT64: {
        long v = g.getLong(column, 0);
        BigInteger exact = unsigned ? new BigInteger(Long.toUnsignedString(v)) : BigInteger.valueOf(v);
        switch (conversion) {
          case TO_LONG:
          case DECIMAL_LONG:
            return v;
          case TO_DOUBLE:
            return new BigDecimal(exact).doubleValue();
          case DECIMAL_128:
            return exact;
          case TIMESTAMP_MICROS:
          case TIMESTAMP_NANOS: {
            TimeUnit unit = ((LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) a).getUnit();
            Instant instant = unit == TimeUnit.MILLIS ? Instant.ofEpochMilli(v)
                : unit == TimeUnit.MICROS ? Instant.EPOCH.plus(v, ChronoUnit.MICROS) : Instant.EPOCH.plusNanos(v);
            return conversion == Conversion.TIMESTAMP_MICROS ? micros(instant) : nanos(instant);
          }
          default:
            throw new AssertionError(conversion);
        }
      }
      case FLOAT:
        return (double) g.getFloat(column, 0);
      case DOUBLE:
        return g.getDouble(column, 0);
      case INT96: {
        NanoTime nt = NanoTime.fromBinary(g.getInt96(column, 0));
        LocalDate day = LocalDate.MIN.with(JulianFields.JULIAN_DAY, nt.getJulianDay());
        Instant instant = Instant.EPOCH.plus(day.toEpochDay(), ChronoUnit.DAYS).plusNanos(nt.getTimeOfDayNanos());
        return conversion == Conversion.TIMESTAMP_MICROS ? micros(instant) : nanos(instant);
      }
      default: {
        byte[] bytes = g.getBinary(column, 0).getBytes();
        switch (conversion) {
          case DECIMAL_LONG:
            return new BigInteger(bytes).longValueExact();
          case DECIMAL_128:
            return new BigInteger(bytes);
          case FLOAT16_TO_FLOAT:
            return float16(g.getBinary(column, 0));
          default:
            return bytes;
        }
      }
    }
  }

  /** Microseconds since the epoch, rounded down (java.time's second and non-negative nano of second). */
  static long micros(Instant i) {
    return BigInteger.valueOf(i.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000L)).add(BigInteger.valueOf(i.getNano() / 1000)).longValueExact();
  }

  static long nanos(Instant i) {
    return BigInteger.valueOf(i.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L)).add(BigInteger.valueOf(i.getNano())).longValueExact();
  }

  static float float16(Binary b) {
    try {
      Method toFloat = org.apache.parquet.schema.Float16.class.getDeclaredMethod("toFloat", Binary.class);
      toFloat.setAccessible(true);
      return (float) toFloat.invoke(null, b);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  static void assertSameValue(Object expected, Object actual, String where) {
    if (expected == null || actual == null) {
      assertEquals(expected, actual, where);
    } else if (expected instanceof byte[]) {
      assertTrue(Arrays.equals((byte[]) expected, (byte[]) actual), where);
    } else if (expected instanceof Float && ((Float) expected).isNaN()) {
      assertTrue(actual instanceof Float && ((Float) actual).isNaN(), where + ": " + actual);
    } else if (expected instanceof Double && ((Double) expected).isNaN()) {
      assertTrue(actual instanceof Double && ((Double) actual).isNaN(), where + ": " + actual);
    } else if (expected instanceof Double) {
      assertEquals(Double.doubleToLongBits((Double) expected), Double.doubleToLongBits((Double) actual), where + ": " + expected + " vs " + actual);
    } else {
      assertEquals(expected, actual, where);
    }
  }

}
