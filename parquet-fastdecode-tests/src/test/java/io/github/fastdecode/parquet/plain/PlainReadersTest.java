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
package io.github.fastdecode.parquet.plain;

import static io.github.fastdecode.parquet.conformance.ParquetJavaPages.column;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.ConversionShapes;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every PLAIN reader against parquet-java's, over data shapes, page sizes, read plans and inputs. */
class PlainReadersTest {
  static final long SEED = 0x5EED_0001L;
  static final int[] FIXED_LENGTHS = {1, 2, 3, 4, 8, 12, 16, 17, 33};

  static IntStream sizes() {
    return Arrays.stream(DataShapes.PAGE_SIZES);
  }

  /**
   * All plans; all inputs and kinds for normal pages. The 100k-value page runs the first kind on
   * three inputs only, to keep the suite fast.
   */
  static void check(String label, Supplier<? extends ValuesReader> oracle, Supplier<BatchValuesReader> subject,
      byte[] page, int valueCount, int readable, ValueKind... kinds) {
    boolean big = readable > 5_000;
    InputKind[] inputs = big ? new InputKind[] {InputKind.HEAP, InputKind.DIRECT, InputKind.MULTI_BUFFER} : InputKind.values();
    List<ReadPlan> plans = ReadPlan.standard(readable);
    for (ValueKind kind : big ? Arrays.copyOf(kinds, 1) : kinds) {
      Differential.check(label, oracle, subject, page, valueCount, readable, kind, plans, inputs);
    }
  }

  static Supplier<BatchValuesReader> reader(PrimitiveTypeName type, int length) {
    return () -> PlainReaders.forColumn(column(type, length));
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void int32(int n) {
    for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 32).entrySet()) {
      check("PLAIN INT32 " + shape.getKey() + " n=" + n + " seed=" + SEED, PlainValuesReader.IntegerPlainValuesReader::new,
          reader(PrimitiveTypeName.INT32, 0), ParquetJavaPages.plainInts(shape.getValue()), n, n,
          ValueKind.INT32, ValueKind.INT32_AS_INT64, ValueKind.INT32_UNSIGNED_AS_INT64, ValueKind.INT32_AS_DOUBLE);
    }
    long[] days = ConversionShapes.daysThatFitMicros(DataShapes.extremes(n, SEED, 32));
    check("PLAIN INT32 DATE n=" + n + " seed=" + SEED, PlainValuesReader.IntegerPlainValuesReader::new,
        reader(PrimitiveTypeName.INT32, 0), ParquetJavaPages.plainInts(days), n, n, ValueKind.DATE_AS_MICROS);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void int64(int n) {
    for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 64).entrySet()) {
      String label = "PLAIN INT64 " + shape.getKey() + " n=" + n + " seed=" + SEED;
      check(label, PlainValuesReader.LongPlainValuesReader::new, reader(PrimitiveTypeName.INT64, 0),
          ParquetJavaPages.plainLongs(shape.getValue()), n, n,
          ValueKind.INT64, ValueKind.NANOS_AS_MICROS, ValueKind.UNSIGNED_BIG_ENDIAN);
      check(label + " millis", PlainValuesReader.LongPlainValuesReader::new, reader(PrimitiveTypeName.INT64, 0),
          ParquetJavaPages.plainLongs(ConversionShapes.millisThatFitMicros(shape.getValue())), n, n, ValueKind.MILLIS_AS_MICROS);
    }
    check("PLAIN INT64 unsigned edges n=" + n + " seed=" + SEED, PlainValuesReader.LongPlainValuesReader::new,
        reader(PrimitiveTypeName.INT64, 0), ParquetJavaPages.plainLongs(ConversionShapes.unsigned(n, SEED)), n, n,
        ValueKind.UNSIGNED_BIG_ENDIAN, ValueKind.INT64);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void floats(int n) {
    check("PLAIN FLOAT n=" + n + " seed=" + SEED, PlainValuesReader.FloatPlainValuesReader::new, reader(PrimitiveTypeName.FLOAT, 0),
        ParquetJavaPages.plainFloats(DataShapes.floats(n, SEED)), n, n, ValueKind.FLOAT, ValueKind.FLOAT_AS_DOUBLE);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void doubles(int n) {
    check("PLAIN DOUBLE n=" + n + " seed=" + SEED, PlainValuesReader.DoublePlainValuesReader::new, reader(PrimitiveTypeName.DOUBLE, 0),
        ParquetJavaPages.plainDoubles(DataShapes.doubles(n, SEED)), n, n, ValueKind.DOUBLE);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void int96(int n) {
    check("PLAIN INT96 fitting nanos n=" + n + " seed=" + SEED, () -> new FixedLenByteArrayPlainValuesReader(12),
        reader(PrimitiveTypeName.INT96, 0), ParquetJavaPages.plainFixed(ConversionShapes.int96FitNanos(n, SEED), 12), n, n,
        ValueKind.INT96_AS_MICROS, ValueKind.INT96_AS_NANOS, ValueKind.BINARY);
    check("PLAIN INT96 fitting micros n=" + n + " seed=" + SEED, () -> new FixedLenByteArrayPlainValuesReader(12),
        reader(PrimitiveTypeName.INT96, 0), ParquetJavaPages.plainFixed(ConversionShapes.int96FitMicros(n, SEED), 12), n, n,
        ValueKind.INT96_AS_MICROS, ValueKind.BINARY);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void fixedLenByteArray(int n) {
    for (int length : n > 5_000 ? new int[] {3, 16} : FIXED_LENGTHS) {
      check("PLAIN FIXED_LEN_BYTE_ARRAY(" + length + ") n=" + n + " seed=" + SEED,
          () -> new FixedLenByteArrayPlainValuesReader(length), reader(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, length),
          ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, length, SEED), length), n, n, ValueKind.BINARY);
    }
  }

  /** The page's value count includes nulls: the bytes, not the count, bound the values. */
  @Test
  void valueCountWithNullsIsNotTheBound() {
    int n = 129;
    int withNulls = n + 40;
    check("PLAIN INT32 with nulls seed=" + SEED, PlainValuesReader.IntegerPlainValuesReader::new, reader(PrimitiveTypeName.INT32, 0),
        ParquetJavaPages.plainInts(DataShapes.wide(n, SEED, 32)), withNulls, n, ValueKind.INT32, ValueKind.INT32_AS_INT64);
    check("PLAIN INT64 with nulls seed=" + SEED, PlainValuesReader.LongPlainValuesReader::new, reader(PrimitiveTypeName.INT64, 0),
        ParquetJavaPages.plainLongs(DataShapes.wide(n, SEED, 64)), withNulls, n, ValueKind.INT64, ValueKind.UNSIGNED_BIG_ENDIAN);
    check("PLAIN FLOAT with nulls seed=" + SEED, PlainValuesReader.FloatPlainValuesReader::new, reader(PrimitiveTypeName.FLOAT, 0),
        ParquetJavaPages.plainFloats(DataShapes.floats(n, SEED)), withNulls, n, ValueKind.FLOAT);
    check("PLAIN DOUBLE with nulls seed=" + SEED, PlainValuesReader.DoublePlainValuesReader::new, reader(PrimitiveTypeName.DOUBLE, 0),
        ParquetJavaPages.plainDoubles(DataShapes.doubles(n, SEED)), withNulls, n, ValueKind.DOUBLE);
    check("PLAIN FIXED_LEN_BYTE_ARRAY(5) with nulls seed=" + SEED, () -> new FixedLenByteArrayPlainValuesReader(5),
        reader(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 5), ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, 5, SEED), 5),
        withNulls, n, ValueKind.BINARY);
  }

  /** The facade finds these readers through the built-in provider, for both encodings. */
  @Test
  void facadeFindsTheReaders() {
    for (PrimitiveTypeName type : new PrimitiveTypeName[] {PrimitiveTypeName.INT32, PrimitiveTypeName.INT64,
        PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY}) {
      for (Encoding encoding : new Encoding[] {Encoding.PLAIN, Encoding.BYTE_STREAM_SPLIT}) {
        BatchValuesReader r = FastDecode.newValuesReader(column(type, 6), encoding);
        assertFalse(r.toString().startsWith("ParquetJavaValuesReader["), type + " " + encoding + " fell back to " + r);
      }
    }
    assertFalse(FastDecode.newValuesReader(column(PrimitiveTypeName.INT96), Encoding.PLAIN).toString().startsWith("ParquetJavaValuesReader["));
    assertTrue(FastDecode.newValuesReader(column(PrimitiveTypeName.BOOLEAN), Encoding.PLAIN) instanceof PlainBooleanReader);
    assertTrue(FastDecode.newValuesReader(column(PrimitiveTypeName.BINARY), Encoding.PLAIN) instanceof PlainBinaryReader);
  }

  @Test
  void theEntryGivesBooleanAndByteArrayTheirOwnReaders() {
    assertTrue(PlainReaders.forColumn(column(PrimitiveTypeName.BOOLEAN)) instanceof PlainBooleanReader);
    assertTrue(PlainReaders.forColumn(column(PrimitiveTypeName.BINARY)) instanceof PlainBinaryReader);
  }
}
